// A target without a table entry for the types (fp8 on gfx90a) is a compile error naming the
// target and "none" -- never an adaptor that issues nothing.
// EXPECT-ERROR: unsupported MxNxK for \(fp8_t, fp8_t, fp32_t\) on gfx90a; supported MxNxK: none
#include <opus/mma.hpp>
int main() {
    using namespace opus;
    auto mma = make_mfma<fp8_t, fp8_t, fp32_t, mma_target::gfx90a>(32_I, 32_I, 16_I);
    (void)mma;
    return 0;
}
