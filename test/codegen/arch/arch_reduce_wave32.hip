// Codegen: arch_reduce.hip's kernels on the wave32 targets (gfx11, gfx12, gfx1250, which have no
// row_bcast): the four in-row DPP steps as on gfx9, then lanes 16 apart with one
// v_permlanex16_b32 whose selects (0x76543210, 0xfedcba98) name the same lane of the other row,
// fetch-inactive set (op_sel:[1,0]: no copy of the value first); no LDS, no v_readlane.
// TARGETS: gfx1100 gfx1201 gfx1250
// CHECK-LABEL: wave_sum_f32:
// CHECK: s_mov_b32 [[LO:s[0-9]+]], 0x76543210
// CHECK-NOT: {{_dpp|ds_|v_add|v_permlane}}
// CHECK: v_add_f32_dpp v[[V:[0-9]+]], v[[V]], v[[V]] quad_perm:[1,0,3,2] row_mask:0xf bank_mask:0xf bound_ctrl:1
// CHECK-NOT: {{_dpp|ds_|v_add|v_permlane}}
// CHECK: v_add_f32_dpp v[[V]], v[[V]], v[[V]] quad_perm:[2,3,0,1] row_mask:0xf bank_mask:0xf bound_ctrl:1
// CHECK-NOT: {{_dpp|ds_|v_add|v_permlane}}
// CHECK: v_add_f32_dpp v[[V]], v[[V]], v[[V]] row_half_mirror row_mask:0xf bank_mask:0xf bound_ctrl:1
// CHECK-NOT: {{_dpp|ds_|v_add|v_permlane}}
// CHECK: v_add_f32_dpp v[[V]], v[[V]], v[[V]] row_mirror row_mask:0xf bank_mask:0xf bound_ctrl:1
// CHECK-NOT: {{_dpp|ds_|v_add|v_permlane}}
// CHECK: v_permlanex16_b32 [[T:v[0-9]+]], v[[V]], [[LO]], 0xfedcba98 op_sel:[1,0]
// CHECK-NOT: {{_dpp|ds_|v_permlane}}
// CHECK: v_add_f32_e32 v[[V]], v[[V]], [[T]]
// CHECK-NOT: {{_dpp|ds_|v_add|v_permlane|v_readlane}}
// CHECK: s_endpgm

// a group of 16: the in-row steps only
// CHECK-LABEL: wave_max_i32_w16:
// CHECK-NOT: {{_dpp|ds_|v_max|v_permlane}}
// CHECK: v_max_i32_dpp v[[V:[0-9]+]], v[[V]], v[[V]] quad_perm:[1,0,3,2] row_mask:0xf bank_mask:0xf bound_ctrl:1
// CHECK-NOT: {{_dpp|ds_|v_max|v_permlane}}
// CHECK: v_max_i32_dpp v[[V]], v[[V]], v[[V]] quad_perm:[2,3,0,1] row_mask:0xf bank_mask:0xf bound_ctrl:1
// CHECK-NOT: {{_dpp|ds_|v_max|v_permlane}}
// CHECK: v_max_i32_dpp v[[V]], v[[V]], v[[V]] row_half_mirror row_mask:0xf bank_mask:0xf bound_ctrl:1
// CHECK-NOT: {{_dpp|ds_|v_max|v_permlane}}
// CHECK: v_max_i32_dpp v[[V]], v[[V]], v[[V]] row_mirror row_mask:0xf bank_mask:0xf bound_ctrl:1
// CHECK-NOT: {{_dpp|ds_|v_max|v_permlane}}
// CHECK: s_endpgm

// a group of 32 is the whole wave: v_permlanex16, not gfx9's ds_swizzle
// CHECK-LABEL: wave_sum_i32_w32:
// CHECK: v_add_nc_u32_dpp v[[V:[0-9]+]], {{.*}} row_mirror
// CHECK-NOT: {{_dpp|ds_|v_add}}
// CHECK: v_permlanex16_b32 [[T:v[0-9]+]], v[[V]], s{{[0-9]+}}, 0xfedcba98 op_sel:[1,0]
// CHECK-NOT: {{_dpp|ds_|v_permlane}}
// CHECK: v_add_nc_u32_e32 v{{[0-9]+}}, v[[V]], [[T]]
// CHECK-NOT: {{_dpp|ds_|v_add|v_permlane}}
// CHECK: s_endpgm

// float min: v_min_f32 (gfx11) / v_min_num_f32 (gfx12, gfx1250) after each exchange
// CHECK-LABEL: wave_min_f32:
// CHECK: v_mov_b32_dpp {{.*}} quad_perm:[1,0,3,2] row_mask:0xf bank_mask:0xf bound_ctrl:1
// CHECK: v_min_{{(num_)?}}f32
// CHECK: v_mov_b32_dpp {{.*}} quad_perm:[2,3,0,1] row_mask:0xf bank_mask:0xf bound_ctrl:1
// CHECK: v_min_{{(num_)?}}f32
// CHECK: v_mov_b32_dpp {{.*}} row_half_mirror row_mask:0xf bank_mask:0xf bound_ctrl:1
// CHECK: v_min_{{(num_)?}}f32
// CHECK: v_mov_b32_dpp {{.*}} row_mirror row_mask:0xf bank_mask:0xf bound_ctrl:1
// CHECK: v_min_{{(num_)?}}f32
// CHECK: v_permlanex16_b32 {{.*}}, 0xfedcba98 op_sel:[1,0]
// CHECK: v_min_{{(num_)?}}f32
// CHECK-NOT: {{_dpp|ds_|v_permlane|v_readlane}}
// CHECK: s_endpgm

// 8 bytes: two exchanges per step, one v_add_f64
// CHECK-LABEL: wave_sum_f64:
// CHECK: v_mov_b32_dpp v{{[0-9]+}}, v{{[0-9]+}} quad_perm:[1,0,3,2] row_mask:0xf
// CHECK-NEXT: v_mov_b32_dpp v{{[0-9]+}}, v{{[0-9]+}} quad_perm:[1,0,3,2] row_mask:0xf
// CHECK: v_add_f64
// CHECK: v_mov_b32_dpp v{{[0-9]+}}, v{{[0-9]+}} row_mirror row_mask:0xf
// CHECK: v_mov_b32_dpp v{{[0-9]+}}, v{{[0-9]+}} row_mirror row_mask:0xf
// CHECK: v_add_f64
// CHECK-NOT: {{_dpp|v_add}}
// CHECK: v_permlanex16_b32
// CHECK-NOT: {{_dpp|v_add}}
// CHECK: v_permlanex16_b32
// CHECK-NOT: {{_dpp|v_permlane}}
// CHECK: v_add_f64
// CHECK-NOT: {{_dpp|ds_|v_permlane}}
// CHECK: s_endpgm

// one ds_bpermute_b32 per 32 bits
// CHECK-LABEL: shuffles:
// CHECK-COUNT-7: ds_bpermute_b32
// CHECK-NOT: ds_bpermute_b32
// CHECK: s_endpgm

// CHECK-LABEL: shfl_xor_const:
// CHECK-NOT: {{v_cmp|v_cndmask}}
// CHECK: v_xor_b32_e32 [[A:v[0-9]+]], 20, v{{[0-9]+}}
// CHECK-NOT: {{v_cmp|v_cndmask}}
// CHECK: ds_bpermute_b32 v{{[0-9]+}}, [[A]], v{{[0-9]+}}
// CHECK-NOT: ds_bpermute_b32
// CHECK: s_endpgm

// 256 threads = 8 waves of 32: one LDS store per wave, two barriers (gfx11 s_barrier; gfx12,
// gfx1250 s_barrier_signal / s_barrier_wait)
// CHECK-LABEL: block_sum_256:
// CHECK: v_permlanex16_b32
// CHECK: ds_store_b32
// CHECK-NOT: {{ds_|s_barrier$|s_barrier_wait}}
// CHECK: {{s_barrier$|s_barrier_wait}}
// CHECK: ds_load
// CHECK-NOT: {{ds_store|s_barrier$|s_barrier_wait}}
// CHECK: {{s_barrier$|s_barrier_wait}}
// CHECK-NOT: {{ds_|s_barrier}}
// CHECK: s_endpgm

// CHECK-LABEL: block_one_wave:
// CHECK-NOT: {{ds_|s_barrier}}
// CHECK: v_permlanex16_b32
// CHECK-NOT: {{ds_|s_barrier}}
// CHECK: s_endpgm
#include "arch_reduce.hip"
