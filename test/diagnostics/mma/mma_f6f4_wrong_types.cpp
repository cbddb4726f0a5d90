// fp4 pairs only with the f8f6f4 formats and an fp32 accumulator: fp4 x fp16 lists the
// supported type combinations.
// EXPECT-ERROR: no matrix-core instruction of this target takes these \(A, B, C\) types
// EXPECT-ERROR: fp8/bf8/fp6/bf6/fp4 x fp8/bf8/fp6/bf6/fp4 -> fp32
#include <opus/mma.hpp>
int main() {
    using namespace opus;
    auto mma = make_mfma<fp4_t, fp16_t, fp32_t, mma_target::gfx950>(32_I, 32_I, 64_I);
    (void)mma;
    return 0;
}
