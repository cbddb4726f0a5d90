// gfx11 (RDNA3) has no fp8 WMMA: a compile error naming the target and the types.
// EXPECT-ERROR: no matrix-core instruction of this target takes these \(A, B, C\) types
// EXPECT-ERROR: mma_no_instruction_for_types<opus::target::gfx11_w64, opus::detail::mma_types_ABC<_BitInt\(8\), unsigned _BitInt\(8\), float>, opus::detail::supported_MxNxK<>>
#include <opus/mma.hpp>
int main() {
    using namespace opus;
    auto mma = make_mfma<fp8_t, bf8_t, fp32_t, target::gfx11_w64>(16_I, 16_I, 16_I);
    (void)mma;
    return 0;
}
