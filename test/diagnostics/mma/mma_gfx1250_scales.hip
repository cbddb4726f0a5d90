// Diagnostics: a gfx1250 scaled WMMA takes its scales from lanes 0-15 or 16-31 (selector 0 or
// 1); a selector of 2 is a static_assert, not a silently ignored bit.
// TARGETS: gfx1250
// EXPECT-ERROR: a scale selector is 0 \(the scales of row / column i in lane i\) or 1 \(in lane i \+ 16\)
#include <opus/hip_minimal.hpp>
#include <opus/mma.hpp>

extern "C" __global__ __launch_bounds__(32) void k(const opus::fp8x64_t* a, opus::fp32x8_t* c, int sa, int sb) {
    auto mma = opus::make_wmma<opus::fp8_t, opus::fp8_t, opus::fp32_t>(opus::number<16>{}, opus::number<16>{},
                                                                        opus::number<128>{});
    c[0] = mma.scaled(a[0], a[1], c[0], sa, sb, opus::number<2>{}, opus::number<0>{});
}
