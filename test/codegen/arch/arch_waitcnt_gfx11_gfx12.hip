// Codegen: s_waitcnt encodings differ per generation - gfx11 packs vmcnt/lgkmcnt differently
// from gfx9 (lgkmcnt up to 63), gfx12 has separate s_wait_loadcnt / s_wait_dscnt.
// TARGETS: gfx1100 gfx1201
#include <opus/hip_minimal.hpp>
#include <opus/arch.hpp>

using namespace opus;

// CHECK-LABEL: arch_waitcnt_both:
// CHECK-GFX1100: s_waitcnt vmcnt(3) lgkmcnt(2)
// CHECK-GFX1201: s_wait_loadcnt 3
// CHECK-GFX1201: s_wait_dscnt 2
// CHECK: s_endpgm
extern "C" __global__ __launch_bounds__(32) void arch_waitcnt_both() { s_waitcnt(3_I, 2_I); }

// CHECK-LABEL: arch_waitcnt_lgkm:
// CHECK-GFX1100: s_waitcnt lgkmcnt(40){{$}}
// CHECK-GFX1201: s_wait_dscnt 40
// CHECK: s_endpgm
extern "C" __global__ __launch_bounds__(32) void arch_waitcnt_lgkm() { s_waitcnt_lgkmcnt(40_I); }
