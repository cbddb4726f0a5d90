// Diagnostics: s_waitcnt counts above the counter maximum saturate (no wait on that counter),
// but a negative count is a static_assert naming the counter.
// TARGETS: gfx942 gfx1201
// EXPECT-ERROR: opus::s_waitcnt: lgkmcnt must be >= 0
#include <opus/hip_minimal.hpp>
#include <opus/arch.hpp>

extern "C" __global__ __launch_bounds__(64) void k(int* p) {
    p[0] = 1;
    opus::s_waitcnt_lgkmcnt(opus::number<-1>{});
    p[1] = 2;
}
