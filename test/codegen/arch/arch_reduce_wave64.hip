// Codegen: arch_reduce.hip's kernels on gfx11 / gfx12 in wave64 (-mwavefrontsize64): the wave32
// steps (arch_reduce_wave32.hip; v_permlanex16 works within each half of 32 lanes), then the two
// halves with one v_permlane64_b32; a group of 32 stops before it.
// TARGETS: gfx1100 gfx1201
// FLAGS: -mwavefrontsize64
// CHECK-LABEL: wave_sum_f32:
// CHECK: v_add_f32_dpp v[[V:[0-9]+]], v[[V]], v[[V]] quad_perm:[1,0,3,2] row_mask:0xf bank_mask:0xf bound_ctrl:1
// CHECK-NOT: {{_dpp|ds_|v_add|v_permlane}}
// CHECK: v_add_f32_dpp v[[V]], v[[V]], v[[V]] quad_perm:[2,3,0,1] row_mask:0xf bank_mask:0xf bound_ctrl:1
// CHECK-NOT: {{_dpp|ds_|v_add|v_permlane}}
// CHECK: v_add_f32_dpp v[[V]], v[[V]], v[[V]] row_half_mirror row_mask:0xf bank_mask:0xf bound_ctrl:1
// CHECK-NOT: {{_dpp|ds_|v_add|v_permlane}}
// CHECK: v_add_f32_dpp v[[V]], v[[V]], v[[V]] row_mirror row_mask:0xf bank_mask:0xf bound_ctrl:1
// CHECK-NOT: {{_dpp|ds_|v_add|v_permlane}}
// CHECK: v_permlanex16_b32 [[T:v[0-9]+]], v[[V]], s{{[0-9]+}}, 0xfedcba98 op_sel:[1,0]
// CHECK-NOT: {{_dpp|ds_|v_permlane}}
// CHECK: v_add_f32_e32 v[[V]], v[[V]], [[T]]
// CHECK-NOT: {{_dpp|ds_|v_add}}
// CHECK: v_permlane64_b32 [[U:v[0-9]+]], v[[V]]
// CHECK-NOT: {{_dpp|ds_|v_permlane}}
// CHECK: v_add_f32_e32 v{{[0-9]+}}, [[U]], v[[V]]
// CHECK-NOT: {{_dpp|ds_|v_add|v_permlane|v_readlane}}
// CHECK: s_endpgm

// CHECK-LABEL: wave_sum_i32_w32:
// CHECK: v_permlanex16_b32
// CHECK-NOT: {{_dpp|ds_|v_permlane}}
// CHECK: s_endpgm

// CHECK-LABEL: block_one_wave:
// CHECK-NOT: {{ds_|s_barrier}}
// CHECK: v_permlane64_b32
// CHECK-NOT: {{ds_|s_barrier}}
// CHECK: s_endpgm
#include "arch_reduce.hip"
