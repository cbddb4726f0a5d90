// Diagnostics: a WMMA shape gfx1250 has not (16x16x16 f16: its f16 instruction has K = 32)
// stops with the generated static_assert naming gfx1250 and the shapes it has for the types,
// never at an RDNA4 builtin the backend cannot select.
// TARGETS: gfx1250
// EXPECT-ERROR: mma_no_instruction_for_shape<opus::target::gfx1250
// EXPECT-ERROR: supported_MxNxK<opus::detail::MxNxK<16, 16, 32>
#include <opus/hip_minimal.hpp>
#include <opus/mma.hpp>

extern "C" __global__ __launch_bounds__(32) void k(const opus::fp16x8_t* a, opus::fp32x8_t* c) {
    auto mma = opus::make_wmma<opus::fp16_t, opus::fp16_t, opus::fp32_t>(opus::number<16>{}, opus::number<16>{},
                                                                           opus::number<16>{});
    c[0] = mma(a[0], a[1], c[0]);
}
