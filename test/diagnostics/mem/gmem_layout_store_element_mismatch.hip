// opus's own API: a layout store of fp32 data through a gmem of bf16_t is an error, as the
// offset store is (the reference's path converts: test/codegen/mem/gmem_store_convert.hip).
// EXPECT-ERROR: element type of the data does not match the element type of the memory
#include <opus/hip_minimal.hpp>
#include <opus.hpp>
using namespace opus;

extern "C" __global__ __launch_bounds__(64) void k(const fp32_t* a, bf16_t* b) {
    auto u = make_layout(opus::make_tuple(number<2>{}, number<4>{}), opus::make_tuple(number<64>{}, number<1>{}));
    auto v = make_gmem(a).load<4>(u);
    make_gmem(b).store<4>(v, u, 16);
}
