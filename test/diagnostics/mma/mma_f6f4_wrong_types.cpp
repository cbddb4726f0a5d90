// fp4 pairs only with the f8f6f4 formats and an fp32 accumulator: fp4 x fp16 has no instruction.
// EXPECT-ERROR: no matrix-core instruction of this target takes these \(A, B, C\) types
// EXPECT-ERROR: mma_no_instruction_for_types<opus::target::gfx950, opus::detail::mma_types_ABC<opus::fp4_t, (__fp16|_Float16), float>, opus::detail::supported_MxNxK<>>
#include <opus/mma.hpp>
int main() {
    using namespace opus;
    auto mma = make_mfma<fp4_t, fp16_t, fp32_t, target::gfx950>(32_I, 32_I, 64_I);
    (void)mma;
    return 0;
}
