// e8m0_t is a one-byte struct without vector types: load<4> must be rejected clearly.
// EXPECT-ERROR: single-value struct type
#include <opus/hip_minimal.hpp>
#include <opus/mem.hpp>

extern "C" __global__ __launch_bounds__(64) void k(const opus::e8m0_t* a) {
    auto v = opus::make_gmem(a).load<4>(0);
    (void)v;
}
