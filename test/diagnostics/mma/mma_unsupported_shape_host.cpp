// An MxNxK that the target (host code: OPUS_MMA_HOST_TARGET = gfx950) has no instruction
// for, and that is no multiple of a native K, fails with the list of supported shapes.
// EXPECT-ERROR: unsupported MxNxK for \(fp16_t, fp16_t, fp32_t\) on gfx950
// EXPECT-ERROR: supported MxNxK: 32x32x8, 16x16x16, 32x32x16, 16x16x32
#include <opus/mma.hpp>
int main() {
    using namespace opus;
    auto mma = make_mfma<fp16_t, fp16_t, fp32_t>(64_I, 64_I, 8_I);
    (void)mma;
    return 0;
}
