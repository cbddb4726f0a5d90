// fp6 operands on gfx942 (no scaled f8f6f4 MFMA there): no instruction of the target takes the types.
// TARGETS: gfx942
// EXPECT-ERROR: no matrix-core instruction of this target takes these \(A, B, C\) types
// EXPECT-ERROR: mma_no_instruction_for_types<opus::target::gfx942, opus::detail::mma_types_ABC<opus::fp6_t, _BitInt\(8\), float>, opus::detail::supported_MxNxK<>>
#include <opus/hip_minimal.hpp>
#include <opus/mma.hpp>
extern "C" __global__ void k(int* p) {
    using namespace opus;
    auto mma = make_mfma<fp6_t, fp8_t, fp32_t>(32_I, 32_I, 64_I);
    (void)mma;
    p[0] = 0;
}
