// Diagnostics: the 32x16x128 fp4 WMMA reads row m's scales from lane m (all 32 lanes): A's
// scale selector must be 0.
// TARGETS: gfx1250
// EXPECT-ERROR: A's scales are row m's in lane m \(selector 0\)
#include <opus/hip_minimal.hpp>
#include <opus/mma.hpp>
#include <opus/mma/aiter.hpp>  // aiter's layer (what opus/opus.hpp adds)

extern "C" __global__ __launch_bounds__(32) void k(const opus::i32x16_t* a, const opus::i32x8_t* b, opus::fp32x16_t* c,
                                                   int sa, int sb) {
    c[0] = opus::wmma<opus::fp4_t, opus::fp4_t, opus::fp32_t, 32, 16, 128>{}(a[0], b[0], c[0], sa, sb,
                                                                           opus::number<1>{}, opus::number<0>{});
}
