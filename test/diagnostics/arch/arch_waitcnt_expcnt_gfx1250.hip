// Diagnostics: gfx1250 has no expcnt counter (s_wait_expcnt does not exist there): an
// s_waitcnt that asks for one stops with a static_assert instead of an assembler error.
// TARGETS: gfx1250
// EXPECT-ERROR: gfx1250 has no expcnt counter
#include <opus/hip_minimal.hpp>
#include <opus/arch.hpp>

extern "C" __global__ __launch_bounds__(32) void k(int* p) {
    p[0] = 1;
    opus::s_waitcnt(opus::number<63>{}, opus::number<63>{}, opus::number<0>{});
}
