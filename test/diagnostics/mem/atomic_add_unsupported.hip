// buffer atomic add exists for fp32 x1, fp16/bf16 x2 and i32/u32 x1 only: one fp16 is an error.
// EXPECT-ERROR: atomic_add: unsupported element type / count
#include <opus/hip_minimal.hpp>
#include <opus/mem.hpp>

extern "C" __global__ __launch_bounds__(64) void k(opus::fp16_t* p, opus::fp16_t x) {
    opus::make_gmem(p).atomic_add<1>(x, 0);
}
