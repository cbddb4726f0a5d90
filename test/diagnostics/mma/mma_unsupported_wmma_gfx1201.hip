// WMMA targets have one shape: an MFMA shape on gfx12 fails with gfx12's list.
// TARGETS: gfx1201
// EXPECT-ERROR: unsupported MxNxK for these \(A, B, C\) types on this target
// EXPECT-ERROR: mma_no_instruction_for_shape<opus::target::gfx12_w32, opus::detail::mma_types_ABC<(__fp16|_Float16), (__fp16|_Float16), float>, opus::detail::MxNxK<32, 32, 8>, opus::detail::supported_MxNxK<opus::detail::MxNxK<16, 16, 16>>>
#include <opus/hip_minimal.hpp>
#include <opus/mma.hpp>
extern "C" __global__ void k(int* p) {
    using namespace opus;
    auto mma = make_mfma<fp16_t, fp16_t, fp32_t>(32_I, 32_I, 8_I);
    (void)mma;
    p[0] = 0;
}
