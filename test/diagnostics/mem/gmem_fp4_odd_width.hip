// fp4 values are 4 bits: load<3> would be a byte and a half.
// EXPECT-ERROR: cannot form a vector of N sub-byte values
#include <opus/hip_minimal.hpp>
#include <opus/mem.hpp>

extern "C" __global__ __launch_bounds__(64) void k(const opus::fp4_t* a) {
    auto v = opus::make_gmem(a).load<3>(0);
    (void)v;
}
