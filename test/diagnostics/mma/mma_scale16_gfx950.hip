// Diagnostics: 64-bit scales (16 K per scale byte) are gfx1250's; on gfx950 a long scale is a
// static_assert, not truncated to 32 bits.
// TARGETS: gfx950
// EXPECT-ERROR: scales are 32-bit integers \(gfx1250 also takes 64-bit ones: 16 K per scale\)
#include <opus/hip_minimal.hpp>
#include <opus/mma.hpp>

extern "C" __global__ __launch_bounds__(64) void k(const opus::fp8x32_t* a, opus::fp32x16_t* c, long sa, long sb) {
    auto mma = opus::make_mfma<opus::fp8_t, opus::fp8_t, opus::fp32_t>(opus::number<32>{}, opus::number<32>{},
                                                                        opus::number<64>{});
    c[0] = mma.scaled(a[0], a[1], c[0], sa, sb);
}
