// A target without an instruction for the types (fp8 on gfx90a) is a compile error naming the
// target and the types -- never an adaptor that issues nothing.
// EXPECT-ERROR: no matrix-core instruction of this target takes these \(A, B, C\) types
// EXPECT-ERROR: mma_no_instruction_for_types<opus::target::gfx90a, opus::detail::mma_types_ABC<_BitInt\(8\), _BitInt\(8\), float>, opus::detail::supported_MxNxK<>>
#include <opus/mma.hpp>
int main() {
    using namespace opus;
    auto mma = make_mfma<fp8_t, fp8_t, fp32_t, target::gfx90a>(32_I, 32_I, 16_I);
    (void)mma;
    return 0;
}
