// make_smem with an integer: a static_assert showing the argument type, not "no matching
// function for call to 'make_smem'".
// EXPECT-ERROR: static assertion failed due to requirement 'opus::detail::make_smem_argument<int>::ok': opus::make_smem\(p\): p must be a pointer to LDS data
// EXPECT-ERROR: 1 error generated
#include <opus/hip_minimal.hpp>
#include <opus/mem.hpp>
extern "C" __global__ void k(float* p, int n) {
    auto s = opus::make_smem(n);
    (void)s;
    p[0] = 0;
}
