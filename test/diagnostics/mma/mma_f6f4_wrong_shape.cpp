// fp4 operands exist only in gfx950's scaled f8f6f4 shapes: another shape fails with them.
// EXPECT-ERROR: unsupported MxNxK for fp6 / bf6 / fp4 operands on gfx950; supported MxNxK: 32x32x64, 16x16x128 \(scaled f8f6f4
#include <opus/mma.hpp>
int main() {
    using namespace opus;
    auto mma = make_mfma<fp4_t, fp4_t, fp32_t, mma_target::gfx950>(32_I, 32_I, 16_I);
    (void)mma;
    return 0;
}
