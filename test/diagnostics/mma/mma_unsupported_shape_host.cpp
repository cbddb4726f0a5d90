// An MxNxK that the target (host code: OPUS_MMA_HOST_TARGET = gfx950) has no instruction
// for, and that is no multiple of a native K, fails with the list of supported shapes.
// EXPECT-ERROR: unsupported MxNxK for these \(A, B, C\) types on this target
// EXPECT-ERROR: mma_no_instruction_for_shape<opus::target::gfx950, opus::detail::mma_types_ABC<(__fp16|_Float16), (__fp16|_Float16), float>, opus::detail::MxNxK<64, 64, 8>, opus::detail::supported_MxNxK<opus::detail::MxNxK<32, 32, 8>, opus::detail::MxNxK<32, 32, 16>, opus::detail::MxNxK<16, 16, 16>, opus::detail::MxNxK<16, 16, 32>>>
#include <opus/mma.hpp>
int main() {
    using namespace opus;
    auto mma = make_mfma<fp16_t, fp16_t, fp32_t>(64_I, 64_I, 8_I);
    (void)mma;
    return 0;
}
