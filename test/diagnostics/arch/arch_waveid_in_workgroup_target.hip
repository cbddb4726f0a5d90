// Diagnostics: waveid_in_workgroup() reads gfx1250's hardware wave id; elsewhere it is a
// static_assert pointing at wave_id().
// TARGETS: gfx942
// EXPECT-ERROR: opus::waveid_in_workgroup: gfx1250 only
#include <opus/hip_minimal.hpp>
#include <opus/arch.hpp>

extern "C" __global__ __launch_bounds__(64) void k(unsigned* p) { p[0] = opus::waveid_in_workgroup(); }
