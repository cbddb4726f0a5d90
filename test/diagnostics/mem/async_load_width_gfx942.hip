// gfx942 moves 1, 2 or 4 bytes per lane from a buffer into LDS: 16 bytes (fp32 x4) must
// not compile (LLVM would otherwise crash or, worse, drop the load).
// TARGETS: gfx942
// EXPECT-ERROR: not a buffer->LDS width of this target
#include <opus/hip_minimal.hpp>
#include <opus/mem.hpp>

extern "C" __global__ __launch_bounds__(64) void k(const float* a) {
    __shared__ float lds[256];
    opus::make_gmem(a).async_load<4>(lds, 0);
}
