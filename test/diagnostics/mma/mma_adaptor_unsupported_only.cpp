// The adaptor of a combination no instruction of the target has, named directly (mfma_t, not
// through make_mfma), stops with what was asked and what the target has, and with nothing
// else: its members build over the entry template's stand-in (no errors of their own).
// EXPECT-ERROR: mma_no_instruction_for_shape<opus::target::gfx950, opus::detail::mma_types_ABC<(__fp16|_Float16), (__fp16|_Float16), float>, opus::detail::MxNxK<64, 64, 8>
// EXPECT-ERROR-COUNT: 1
#include <opus/mma.hpp>
int main() {
    using namespace opus;
    using mma = mfma_t<fp16_t, fp16_t, fp32_t, 64, 64, 8>;  // (host code: OPUS_MMA_HOST_TARGET, gfx950)
    return mma::elem_a + mma::elem_c;
}
