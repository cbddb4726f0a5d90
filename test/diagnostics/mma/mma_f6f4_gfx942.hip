// fp6 operands on gfx942 (no scaled f8f6f4 MFMA there): a compile error naming "none".
// TARGETS: gfx942
// EXPECT-ERROR: fp6 / bf6 / fp4 operands need gfx950 \(scaled f8f6f4\); supported MxNxK on this target: none
#include <opus/hip_minimal.hpp>
#include <opus/mma.hpp>
extern "C" __global__ void k(int* p) {
    using namespace opus;
    auto mma = make_mfma<fp6_t, fp8_t, fp32_t>(32_I, 32_I, 64_I);
    (void)mma;
    p[0] = 0;
}
