// make_gmem(&p) (a pointer to the pointer) makes a gmem of pointers: the first error is
// opus's, not "invalid vector element type 'float *'" from deep inside the access types.
// EXPECT-ERROR: error: static assertion failed due to requirement '!__is_pointer\(float \*\)': opus::gmem<T>: T is the element type
#include <opus/hip_minimal.hpp>
#include <opus/mem.hpp>
extern "C" __global__ void k(float* p) {
    auto g = opus::make_gmem(&p, 16);
    auto v = g.load<1>(0);
    (void)v;
}
