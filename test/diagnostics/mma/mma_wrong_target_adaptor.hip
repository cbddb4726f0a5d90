// An adaptor made for another target (gfx90a) cannot issue while compiling gfx942.
// TARGETS: gfx942
// EXPECT-ERROR: made for another target
#include <opus/hip_minimal.hpp>
#include <opus/mma.hpp>
extern "C" __global__ void k(opus::fp32x16_t* c, opus::fp16x4_t a) {
    using namespace opus;
    auto mma = make_mfma<fp16_t, fp16_t, fp32_t, target::gfx90a>(32_I, 32_I, 8_I);
    c[0] = mma(a, a, c[0]);
}
