// Codegen: arch_target_id.hip's checks with -mwavefrontsize64, for the wave64 rows of gfx11
// and gfx12 (target values 4 and 6).
// TARGETS: gfx1100 gfx1201
// FLAGS: -mwavefrontsize64
// CHECK-LABEL: arch_target_id:
// CHECK-GFX1100: v_{{(dual_)?}}mov_b32{{.*}} 4{{$}}
// CHECK-GFX1201: v_{{(dual_)?}}mov_b32{{.*}} 6{{$}}
// CHECK: s_endpgm
#include "arch_target_id.hip"
