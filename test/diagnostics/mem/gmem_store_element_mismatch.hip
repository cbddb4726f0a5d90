// storing fp32x4_t through a gmem of fp16_t: the element types differ.
// EXPECT-ERROR: element type of the data does not match the element type of the memory
#include <opus/hip_minimal.hpp>
#include <opus/mem.hpp>

extern "C" __global__ __launch_bounds__(64) void k(opus::fp16_t* b) {
    opus::fp32x4_t v{1.0f, 2.0f, 3.0f, 4.0f};
    opus::make_gmem(b).store<4>(v, 0);
}
