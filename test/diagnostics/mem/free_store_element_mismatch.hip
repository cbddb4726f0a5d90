// opus's own API: the free store (mem/free.hpp) applies the members' rule: fp32 data through a
// gmem of bf16_t is an error.
// EXPECT-ERROR: element type of the data does not match the element type of the memory
#include <opus/hip_minimal.hpp>
#include <opus.hpp>
using namespace opus;

extern "C" __global__ __launch_bounds__(64) void k(const fp32_t* a, bf16_t* b) {
    auto u = make_layout(opus::make_tuple(number<2>{}, number<4>{}), opus::make_tuple(number<64>{}, number<1>{}));
    auto v = make_gmem(a).load<4>(u);
    store<4>(make_gmem(b), v, u, 0);
}
