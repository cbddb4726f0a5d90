// opus's own API: an offset store of fp32 data into an smem of bf16_t is an error.
// EXPECT-ERROR: element type of the data does not match the element type of the memory
#include <opus/hip_minimal.hpp>
#include <opus.hpp>
using namespace opus;

extern "C" __global__ __launch_bounds__(64) void k(const fp32_t* a) {
    __shared__ bf16_t lds[512];
    make_smem(lds).store<4>(make_gmem(a).load<4>(0), 0);
}
