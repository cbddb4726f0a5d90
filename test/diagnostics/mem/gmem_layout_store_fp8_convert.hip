// a layout store converts fp32 data only into fp32/fp16/bf16 memory; into fp8 memory the C++
// conversion would be an integer conversion, so it stays an error (use opus::cast first).
// EXPECT-ERROR: element type of the data does not match the element type of the memory
#include <opus/hip_minimal.hpp>
#include <opus/mem.hpp>
using namespace opus;

extern "C" __global__ __launch_bounds__(64) void k(const fp32_t* a, fp8_t* b) {
    auto u = make_layout(opus::make_tuple(number<2>{}, number<4>{}), opus::make_tuple(number<64>{}, number<1>{}));
    auto v = make_gmem(a).load<4>(u);
    make_gmem(b).store<4>(v, u);
}
