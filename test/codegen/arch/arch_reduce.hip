// Codegen: opus/arch/reduce.hpp on gfx9 (wave64). wave_reduce is one DPP-fused VALU op per
// halving of the group, in the order of its plan (quad_perm [1,0,3,2], [2,3,0,1],
// row_half_mirror, row_mirror; a group of 32: ds_swizzle xor 16; the whole wave: row_bcast:15,
// row_bcast:31, then v_readlane of lane 63), with no ds_bpermute and no LDS; an 8-byte value
// takes two v_mov_b32_dpp per step. The shuffles are one ds_bpermute_b32 per 32 bits.
// block_reduce: one LDS write per wave, two barriers.
// arch_reduce_wave32.hip / arch_reduce_wave64.hip check the same kernels on gfx11 / gfx12 /
// gfx1250; test/host/arch/reduce_plan.cpp checks the plan on a model of each instruction.
// TARGETS: gfx90a gfx942 gfx950
#include <opus/hip_minimal.hpp>
#include <opus/arch/reduce.hpp>

using namespace opus;

// CHECK-LABEL: wave_sum_f32:
// CHECK-NOT: {{_dpp|ds_|v_add|v_readlane}}
// CHECK: v_add_f32_dpp v[[V:[0-9]+]], v[[V]], v[[V]] quad_perm:[1,0,3,2] row_mask:0xf bank_mask:0xf bound_ctrl:1
// CHECK-NOT: {{_dpp|ds_|v_add|v_readlane}}
// CHECK: v_add_f32_dpp v[[V]], v[[V]], v[[V]] quad_perm:[2,3,0,1] row_mask:0xf bank_mask:0xf bound_ctrl:1
// CHECK-NOT: {{_dpp|ds_|v_add|v_readlane}}
// CHECK: v_add_f32_dpp v[[V]], v[[V]], v[[V]] row_half_mirror row_mask:0xf bank_mask:0xf bound_ctrl:1
// CHECK-NOT: {{_dpp|ds_|v_add|v_readlane}}
// CHECK: v_add_f32_dpp v[[V]], v[[V]], v[[V]] row_mirror row_mask:0xf bank_mask:0xf bound_ctrl:1
// CHECK-NOT: {{_dpp|ds_|v_add|v_readlane}}
// CHECK: v_add_f32_dpp v[[V]], v[[V]], v[[V]] row_bcast:15 row_mask:0xf bank_mask:0xf bound_ctrl:1
// CHECK-NOT: {{_dpp|ds_|v_add|v_readlane}}
// CHECK: v_add_f32_dpp v[[V]], v[[V]], v[[V]] row_bcast:31 row_mask:0xf bank_mask:0xf bound_ctrl:1
// CHECK-NOT: {{_dpp|ds_|v_add|v_readlane}}
// CHECK: v_readlane_b32 s{{[0-9]+}}, v[[V]], 63
// CHECK-NOT: {{_dpp|ds_|v_add|v_readlane}}
// CHECK: s_endpgm
extern "C" __global__ __launch_bounds__(64) void wave_sum_f32(const float* in, float* out) {
    out[lane_id()] = wave_reduce(in[lane_id()], reduce_sum{});
}

// a group of 16 lanes: the four in-row steps and nothing after them
// CHECK-LABEL: wave_max_i32_w16:
// CHECK-NOT: {{_dpp|ds_|v_max|v_readlane}}
// CHECK: v_max_i32_dpp v[[V:[0-9]+]], v[[V]], v[[V]] quad_perm:[1,0,3,2] row_mask:0xf bank_mask:0xf bound_ctrl:1
// CHECK-NEXT: s_nop
// CHECK-NEXT: v_max_i32_dpp v[[V]], v[[V]], v[[V]] quad_perm:[2,3,0,1] row_mask:0xf bank_mask:0xf bound_ctrl:1
// CHECK-NEXT: s_nop
// CHECK-NEXT: v_max_i32_dpp v[[V]], v[[V]], v[[V]] row_half_mirror row_mask:0xf bank_mask:0xf bound_ctrl:1
// CHECK-NEXT: s_nop
// CHECK-NEXT: v_max_i32_dpp v[[V]], v[[V]], v[[V]] row_mirror row_mask:0xf bank_mask:0xf bound_ctrl:1
// CHECK-NOT: {{_dpp|ds_|v_max|v_readlane}}
// CHECK: s_endpgm
extern "C" __global__ __launch_bounds__(64) void wave_max_i32_w16(const int* in, int* out) {
    out[lane_id()] = wave_reduce(in[lane_id()], reduce_max{}, number<16>{});
}

// a group of 32 lanes on gfx9: the in-row steps, then ds_swizzle xor 16 (offset 0x401f)
// CHECK-LABEL: wave_sum_i32_w32:
// CHECK: v_add_u32_dpp {{.*}} quad_perm:[1,0,3,2]
// CHECK: v_add_u32_dpp {{.*}} quad_perm:[2,3,0,1]
// CHECK: v_add_u32_dpp {{.*}} row_half_mirror
// CHECK: v_add_u32_dpp v[[V:[0-9]+]], {{.*}} row_mirror
// CHECK-NEXT: ds_swizzle_b32 [[T:v[0-9]+]], v[[V]] offset:swizzle(SWAP,16)
// CHECK-NEXT: s_waitcnt lgkmcnt(0)
// CHECK-NEXT: v_add_u32_e32 v{{[0-9]+}}, v[[V]], [[T]]
// CHECK-NOT: {{_dpp|ds_|v_add|v_readlane}}
// CHECK: s_endpgm
extern "C" __global__ __launch_bounds__(64) void wave_sum_i32_w32(const int* in, int* out) {
    out[lane_id()] = wave_reduce(in[lane_id()], reduce_sum{}, number<32>{});
}

// float max / min: fmaxf / fminf quiet the exchanged value first (v_max_f32 x, x, x), so the DPP
// stays a v_mov_b32_dpp; the controls are those of the sum
// CHECK-LABEL: wave_min_f32:
// CHECK: v_mov_b32_dpp {{.*}} quad_perm:[1,0,3,2] row_mask:0xf bank_mask:0xf bound_ctrl:1
// CHECK: v_min_f32
// CHECK: v_mov_b32_dpp {{.*}} quad_perm:[2,3,0,1] row_mask:0xf bank_mask:0xf bound_ctrl:1
// CHECK: v_min_f32
// CHECK: v_mov_b32_dpp {{.*}} row_half_mirror row_mask:0xf bank_mask:0xf bound_ctrl:1
// CHECK: v_min_f32
// CHECK: v_mov_b32_dpp {{.*}} row_mirror row_mask:0xf bank_mask:0xf bound_ctrl:1
// CHECK: v_min_f32
// CHECK: v_mov_b32_dpp {{.*}} row_bcast:15 row_mask:0xf bank_mask:0xf bound_ctrl:1
// CHECK: v_min_f32
// CHECK: v_mov_b32_dpp {{.*}} row_bcast:31 row_mask:0xf bank_mask:0xf bound_ctrl:1
// CHECK: v_min_f32
// CHECK: v_readlane_b32 s{{[0-9]+}}, v{{[0-9]+}}, 63
// CHECK-NOT: {{_dpp|ds_}}
// CHECK: s_endpgm
extern "C" __global__ __launch_bounds__(64) void wave_min_f32(const float* in, float* out) {
    out[lane_id()] = wave_reduce(in[lane_id()], reduce_min{});
}

// 8 bytes: both halves move with the same control, then one v_add_f64 (six steps, two
// v_readlane)
// CHECK-LABEL: wave_sum_f64:
// CHECK: v_mov_b32_dpp v{{[0-9]+}}, v{{[0-9]+}} quad_perm:[1,0,3,2] row_mask:0xf
// CHECK-NEXT: v_mov_b32_dpp v{{[0-9]+}}, v{{[0-9]+}} quad_perm:[1,0,3,2] row_mask:0xf
// CHECK-NEXT: v_add_f64
// CHECK: v_mov_b32_dpp v{{[0-9]+}}, v{{[0-9]+}} quad_perm:[2,3,0,1] row_mask:0xf
// CHECK-NEXT: v_mov_b32_dpp v{{[0-9]+}}, v{{[0-9]+}} quad_perm:[2,3,0,1] row_mask:0xf
// CHECK-NEXT: v_add_f64
// CHECK: v_mov_b32_dpp v{{[0-9]+}}, v{{[0-9]+}} row_half_mirror row_mask:0xf
// CHECK-NEXT: v_mov_b32_dpp v{{[0-9]+}}, v{{[0-9]+}} row_half_mirror row_mask:0xf
// CHECK-NEXT: v_add_f64
// CHECK: v_mov_b32_dpp v{{[0-9]+}}, v{{[0-9]+}} row_mirror row_mask:0xf
// CHECK-NEXT: v_mov_b32_dpp v{{[0-9]+}}, v{{[0-9]+}} row_mirror row_mask:0xf
// CHECK-NEXT: v_add_f64
// CHECK: v_mov_b32_dpp v{{[0-9]+}}, v{{[0-9]+}} row_bcast:15 row_mask:0xf
// CHECK-NEXT: v_mov_b32_dpp v{{[0-9]+}}, v{{[0-9]+}} row_bcast:15 row_mask:0xf
// CHECK-NEXT: v_add_f64
// CHECK: v_mov_b32_dpp v{{[0-9]+}}, v{{[0-9]+}} row_bcast:31 row_mask:0xf
// CHECK-NEXT: v_mov_b32_dpp v{{[0-9]+}}, v{{[0-9]+}} row_bcast:31 row_mask:0xf
// CHECK-NEXT: v_add_f64
// CHECK-COUNT-2: v_readlane_b32 s{{[0-9]+}}, v{{[0-9]+}}, 63
// CHECK-NOT: {{_dpp|ds_}}
// CHECK: s_endpgm
extern "C" __global__ __launch_bounds__(64) void wave_sum_f64(const double* in, double* out) {
    out[lane_id()] = wave_reduce(in[lane_id()], reduce_sum{});
}

// one ds_bpermute_b32 per 32 bits; a constant mask below the width needs no range check
// CHECK-LABEL: shuffles:
// CHECK-COUNT-7: ds_bpermute_b32
// CHECK-NOT: ds_bpermute_b32
// CHECK: s_endpgm
extern "C" __global__ __launch_bounds__(64) void shuffles(const float* in, const double* d, float* out, double* dout,
                                                           int delta) {
    const index_t i = lane_id();
    out[i] = shfl_xor(in[i], 5);
    out[i + 64] = shfl_down(in[i], delta, 16);
    out[i + 128] = shfl_up(in[i], delta);
    dout[i] = shfl_xor(d[i], 1, 8);
    dout[i + 64] = shfl_down(d[i], 3);
}

// CHECK-LABEL: shfl_xor_const:
// CHECK-NOT: {{v_cmp|v_cndmask}}
// CHECK: v_xor_b32_e32 [[A:v[0-9]+]], 20, v{{[0-9]+}}
// CHECK-NOT: {{v_cmp|v_cndmask}}
// CHECK: ds_bpermute_b32 v{{[0-9]+}}, [[A]], v{{[0-9]+}}
// CHECK-NOT: ds_bpermute_b32
// CHECK: s_endpgm
extern "C" __global__ __launch_bounds__(64) void shfl_xor_const(const float* in, float* out) {
    out[lane_id()] = shfl_xor(in[lane_id()], 5);
}

// a workgroup of 4 waves: the wave's reduction, one LDS write by lane 0 of each wave, a barrier,
// the four partials read back (the same addresses in every lane; clang-22: one ds_read_b128),
// three adds, a second barrier that lets the scratch be reused
// CHECK-LABEL: block_sum_256:
// CHECK: v_add_f32_dpp {{.*}} row_bcast:31
// CHECK: v_readlane_b32 {{.*}}, 63
// CHECK: ds_write_b32
// CHECK-NOT: {{ds_|s_barrier}}
// CHECK: s_barrier
// CHECK-NEXT: ds_read
// CHECK-NOT: {{ds_write|s_barrier}}
// CHECK: s_barrier
// CHECK-NOT: {{ds_|s_barrier}}
// CHECK: s_endpgm
extern "C" __global__ __launch_bounds__(256) void block_sum_256(const float* in, float* out) {
    __shared__ block_reduce_scratch<float, 256> s;
    out[thread_id_x()] = block_reduce(in[thread_id_x()], reduce_sum{}, s);
}

// one wave: wave_reduce only, no LDS, no barrier
// CHECK-LABEL: block_one_wave:
// CHECK-NOT: {{ds_|s_barrier}}
// CHECK: s_endpgm
extern "C" __global__ __launch_bounds__(get_warp_size()) void block_one_wave(const int* in, int* out) {
    __shared__ block_reduce_scratch<int, get_warp_size()> s;
    out[thread_id_x()] = block_reduce(in[thread_id_x()], reduce_max{}, s);
}

// 1024 threads: the 16 (wave64) or 32 (wave32) partials stay in registers (the runner fails any
// kernel with scratch); two barriers
// CHECK-LABEL: block_max_1024:
// CHECK-COUNT-2: s_barrier
// CHECK-NOT: s_barrier
// CHECK: s_endpgm
extern "C" __global__ __launch_bounds__(1024) void block_max_1024(const float* in, float* out) {
    __shared__ block_reduce_scratch<float, 1024> s;
    out[thread_id_x()] = block_reduce(in[thread_id_x()], reduce_max{}, s);
}
