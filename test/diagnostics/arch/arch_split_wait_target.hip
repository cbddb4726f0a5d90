// Diagnostics: the split wait counters (s_wait_loadcnt, ..., s_wait_tensorcnt) exist on gfx1250
// only; elsewhere a static_assert points at s_waitcnt.
// TARGETS: gfx942 gfx1201
// EXPECT-ERROR: opus::s_wait_tensorcnt: the split wait counters exist on gfx1250 only
#include <opus/hip_minimal.hpp>
#include <opus/arch.hpp>

extern "C" __global__ __launch_bounds__(64) void k(int* p) {
    p[0] = 1;
    opus::s_wait_tensorcnt(opus::number<0>{});
}
