// The same diagnostics in a device compile: set_slice past the end of a vector.
// EXPECT-ERROR: opus::set_slice\(dst, src, begin, end\): slice out of range
#include <opus/hip_minimal.hpp>
#include <opus/core.hpp>

using namespace opus;

extern "C" __global__ void core_bad_set_slice(float* p) {
    auto v = make_vector(1.0f, 2.0f, 3.0f, 4.0f);
    set_slice(v, make_vector(p[0], p[1]), 3_I, 5_I);
    p[0] = v[0];
}
