// gfx950 moves 1, 2, 4, 12 or 16 bytes per lane from a buffer into LDS: 8 bytes must not
// compile.
// TARGETS: gfx950
// EXPECT-ERROR: not a buffer->LDS width of this target
#include <opus/hip_minimal.hpp>
#include <opus/mem.hpp>

extern "C" __global__ __launch_bounds__(64) void k(const float* a) {
    __shared__ float lds[256];
    opus::make_gmem(a).async_load<2>(lds, 0);
}
