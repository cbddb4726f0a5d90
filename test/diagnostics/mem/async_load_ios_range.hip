// the async_load immediate is the 12-bit offset field: 4096 bytes must not compile.
// TARGETS: gfx942
// EXPECT-ERROR: immediate offset must be in \[0, 4095\]
#include <opus/hip_minimal.hpp>
#include <opus/mem.hpp>

extern "C" __global__ __launch_bounds__(64) void k(const float* a) {
    __shared__ float lds[2048];
    opus::make_gmem(a).async_load<1>(lds, 0, 0, opus::number<4096>{});
}
