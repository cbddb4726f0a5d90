// fp4 operands exist only in gfx950's scaled f8f6f4 shapes: another shape fails with the list of them.
// EXPECT-ERROR: unsupported MxNxK for these \(A, B, C\) types on this target
// EXPECT-ERROR: mma_no_instruction_for_shape<opus::target::gfx950, opus::detail::mma_types_ABC<opus::fp4_t, opus::fp4_t, float>, opus::detail::MxNxK<32, 32, 16>, opus::detail::supported_MxNxK<opus::detail::MxNxK<32, 32, 64>, opus::detail::MxNxK<16, 16, 128>>>
#include <opus/mma.hpp>
int main() {
    using namespace opus;
    auto mma = make_mfma<fp4_t, fp4_t, fp32_t, target::gfx950>(32_I, 32_I, 16_I);
    (void)mma;
    return 0;
}
