// Diagnostics: gfx1250's f8f6f4 WMMA accumulates into fp32 only: fp8 x fp4 into fp16 stops with
// the generated "no instruction for these types" static_assert naming gfx1250.
// TARGETS: gfx1250
// EXPECT-ERROR: mma_no_instruction_for_types<opus::target::gfx1250
#include <opus/hip_minimal.hpp>
#include <opus/mma.hpp>

extern "C" __global__ __launch_bounds__(32) void k(const opus::fp8x64_t* a, const opus::fp4x64_t* b, opus::fp16x8_t* c) {
    auto mma = opus::make_wmma<opus::fp8_t, opus::fp4_t, opus::fp16_t>(opus::number<16>{}, opus::number<16>{},
                                                                        opus::number<128>{});
    c[0] = mma(a[0], b[0], c[0]);
}
