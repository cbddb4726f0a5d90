// smem store<8> of a 4-element vector.
// EXPECT-ERROR: the data does not hold N elements
#include <opus/hip_minimal.hpp>
#include <opus/mem.hpp>

extern "C" __global__ __launch_bounds__(64) void k() {
    __shared__ float lds[256];
    opus::fp32x4_t v{1.0f, 2.0f, 3.0f, 4.0f};
    opus::make_smem(lds).store<8>(v, 0);
}
