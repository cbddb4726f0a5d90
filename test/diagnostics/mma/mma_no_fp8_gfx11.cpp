// gfx11 (RDNA3) has no fp8 WMMA: a compile error naming the target and "none".
// EXPECT-ERROR: unsupported MxNxK for \(fp8_t, bf8_t, fp32_t\) on gfx11_w64; supported MxNxK: none
#include <opus/mma.hpp>
int main() {
    using namespace opus;
    auto mma = make_mfma<fp8_t, bf8_t, fp32_t, mma_target::gfx11_w64>(16_I, 16_I, 16_I);
    (void)mma;
    return 0;
}
