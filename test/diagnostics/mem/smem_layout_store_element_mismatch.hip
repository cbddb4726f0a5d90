// opus's own API: a layout store of fp32 data into an smem of fp16_t is an error (store_if too).
// EXPECT-ERROR: element type of the data does not match the element type of the memory
#include <opus/hip_minimal.hpp>
#include <opus.hpp>
using namespace opus;

extern "C" __global__ __launch_bounds__(64) void k(const fp32_t* a) {
    __shared__ fp16_t lds[512];
    auto u = make_layout(opus::make_tuple(number<2>{}, number<4>{}), opus::make_tuple(number<64>{}, number<1>{}));
    make_smem(lds).store_if<4>(true, make_gmem(a).load<4>(u), u);
}
