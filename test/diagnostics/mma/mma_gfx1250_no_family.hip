// Diagnostics: gfx1250's matrix instructions (its own WMMA family) are not in opus yet; a
// make_wmma there stops with the generated "no instruction" static_assert naming gfx1250,
// never at an RDNA4 builtin the backend cannot select.
// TARGETS: gfx1250
// EXPECT-ERROR: mma_no_instruction_for_types<opus::target::gfx1250
#include <opus/hip_minimal.hpp>
#include <opus/mma.hpp>

extern "C" __global__ __launch_bounds__(32) void k(const opus::fp16x8_t* a, opus::fp32x8_t* c) {
    auto mma = opus::make_wmma<opus::fp16_t, opus::fp16_t, opus::fp32_t>(opus::number<16>{}, opus::number<16>{},
                                                                           opus::number<16>{});
    c[0] = mma(a[0], a[1], c[0]);
}
