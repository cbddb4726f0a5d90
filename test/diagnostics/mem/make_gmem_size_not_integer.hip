// make_gmem(p, bytes) with a size that is not an integer: the static_assert shows the types.
// EXPECT-ERROR: error: static assertion failed due to requirement 'opus::detail::make_gmem_arguments<float \*, const char \*>::ok': opus::make_gmem\(p\[, bytes\[, config\]\]\): p must be a pointer to the data \(const T\*\), bytes an integer
// EXPECT-ERROR: 1 error generated
#include <opus/hip_minimal.hpp>
#include <opus/mem.hpp>
extern "C" __global__ void k(float* p, const char* size) {
    auto g = opus::make_gmem(p, size);
    (void)g;
    p[0] = 0;
}
