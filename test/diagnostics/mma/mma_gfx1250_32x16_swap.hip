// Diagnostics: the 32x16x128 fp4 WMMA is not square; mfma_adaptor_swap_ab would need a 16x32
// instruction, which gfx1250 has not: a static_assert, not a transposed result of the wrong shape.
// TARGETS: gfx1250
// EXPECT-ERROR: mfma_adaptor_swap_ab needs a square instruction \(M == N\)
#include <opus/hip_minimal.hpp>
#include <opus/mma.hpp>
#include <opus/mma/aiter.hpp>  // aiter's layer (what opus/opus.hpp adds)

extern "C" __global__ __launch_bounds__(32) void k(const opus::i32x16_t* a, const opus::i32x8_t* b, opus::fp32x16_t* c) {
    auto mma = opus::make_wmma<opus::fp4_t, opus::fp4_t, opus::fp32_t>(opus::number<32>{}, opus::number<16>{},
                                                                        opus::number<128>{}, opus::wmma_adaptor_swap_ab{});
    c[0] = mma(a[0], b[0], c[0]);
}
