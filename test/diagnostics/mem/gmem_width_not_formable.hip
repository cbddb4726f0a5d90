// load<3> of fp16_t is 6 bytes: not an access the buffer instructions can form. One error: the
// load still has a value type after it (no follow-on "variable has incomplete type 'void'").
// EXPECT-ERROR-COUNT: 1
// EXPECT-ERROR: cannot form this vector width
#include <opus/hip_minimal.hpp>
#include <opus/mem.hpp>

extern "C" __global__ __launch_bounds__(64) void k(const opus::fp16_t* a, opus::fp16_t* b) {
    auto v = opus::make_gmem(a).load<3>(0);
    (void)v;
    (void)b;
}
