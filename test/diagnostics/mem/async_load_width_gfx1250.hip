// gfx1250 moves 1, 2, 4, 8, 12 or 16 bytes per lane from global memory into LDS: 32 bytes
// (two 16-byte loads elsewhere) must not compile.
// TARGETS: gfx1250
// EXPECT-ERROR: bytes per lane must be 1, 2, 4, 8, 12 or 16 on gfx1250
#include <opus/hip_minimal.hpp>
#include <opus/mem.hpp>

extern "C" __global__ __launch_bounds__(64) void k(const float* a) {
    __shared__ float lds[1024];
    opus::make_gmem(a).async_load<8>(lds, 0);
}
