// make_gmem with an integer where the pointer goes: an opus static_assert naming the argument
// types, not "no matching function for call to 'make_gmem'".
// EXPECT-ERROR: error: static assertion failed due to requirement 'opus::detail::make_gmem_arguments<int, int>::ok': opus::make_gmem\(p\[, bytes\[, config\]\]\): p must be a pointer
// EXPECT-ERROR: 1 error generated
#include <opus/hip_minimal.hpp>
#include <opus/mem.hpp>
extern "C" __global__ void k(float* p, int n) {
    auto g = opus::make_gmem(n, 16);
    (void)g;
    p[0] = 0;
}
