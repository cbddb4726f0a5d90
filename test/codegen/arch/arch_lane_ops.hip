// Codegen: lane utilities - DPP controls, ds_bpermute shuffle, v_med3 on floats and ints,
// s_waitcnt with the requested counts in the target's encoding.
// TARGETS: gfx90a gfx942 gfx950
#include <opus/hip_minimal.hpp>
#include <opus/arch.hpp>

using namespace opus;

// CHECK-LABEL: arch_dpp:
// CHECK: v_mov_b32_dpp {{.*}} row_shr:1
// CHECK: v_mov_b32_dpp {{.*}} quad_perm:[1,0,3,2]
// CHECK: v_mov_b32_dpp {{.*}} row_ror:4
// CHECK: v_mov_b32_dpp {{.*}} row_bcast:15
// CHECK: s_endpgm
extern "C" __global__ __launch_bounds__(64) void arch_dpp(float* p) {
    float v = p[lane_id()];
    v = mov_dpp(v, number<dpp::row_shr(1)>{});
    v = upd_dpp(v, v, number<dpp::quad_perm(1, 0, 3, 2)>{});
    v = mov_dpp(v, number<dpp::row_ror(4)>{});
    v = mov_dpp(v, number<dpp::row_bcast15>{}, number<0xa>{});
    p[lane_id()] = v;
}

// CHECK-LABEL: arch_shfl:
// CHECK: ds_bpermute_b32
// CHECK: s_endpgm
extern "C" __global__ __launch_bounds__(64) void arch_shfl(float* p) {
    const index_t i = lane_id();
    p[i] = shfl(p[i], i ^ 5);
}

// CHECK-LABEL: arch_med3:
// CHECK-DAG: v_med3_f32
// CHECK-DAG: v_med3_i32
// CHECK: s_endpgm
extern "C" __global__ __launch_bounds__(64) void arch_med3(float* p, int* q) {
    const index_t i = lane_id();
    p[i] = med3(p[i], p[i + 64], p[i + 128]);
    q[i] = med3(q[i], q[i + 64], q[i + 128]);
}

// CHECK-LABEL: arch_waitcnt_both:
// CHECK: s_waitcnt vmcnt(3) lgkmcnt(2)
// CHECK: s_endpgm
extern "C" __global__ __launch_bounds__(64) void arch_waitcnt_both() { s_waitcnt(3_I, 2_I); }

// vmcnt above 15 uses the high bits of the gfx9 encoding
// CHECK-LABEL: arch_waitcnt_vm:
// CHECK: s_waitcnt vmcnt(40){{$}}
// CHECK: s_endpgm
extern "C" __global__ __launch_bounds__(64) void arch_waitcnt_vm() { s_waitcnt_vmcnt(40_I); }

// CHECK-LABEL: arch_waitcnt_lgkm:
// CHECK: s_waitcnt lgkmcnt(1){{$}}
// CHECK: s_endpgm
extern "C" __global__ __launch_bounds__(64) void arch_waitcnt_lgkm() { s_waitcnt_lgkmcnt(1_I); }

// CHECK-LABEL: arch_barrier:
// CHECK: s_barrier
// CHECK: s_endpgm
extern "C" __global__ __launch_bounds__(256) void arch_barrier(float* p) {
    p[opus::thread_idx_x()] = 1.f;
    barrier();
    p[opus::thread_idx_x() + 64] = p[63 - opus::thread_idx_x()];
}

// upd_dpp's bound_ctrl defaults to true, as in aiter's opus (lanes with an invalid source read
// 0, and `old` is only kept by lanes the masks disable): with full masks the compiler needs no
// register holding `old` (aiter's reductions write upd_dpp(0.0f, v, ...)). bool_constant<false>
// keeps `old` on the invalid lanes (row_shr:1: lane 0 of each row) and has no bound_ctrl.
// CHECK-LABEL: arch_upd_dpp_bound_ctrl:
// CHECK: v_mov_b32_dpp {{.*}} row_shr:1 row_mask:0xf bank_mask:0xf bound_ctrl:1
// CHECK: v_mov_b32_dpp {{.*}} row_shr:1 row_mask:0xf bank_mask:0xf{{$}}
// CHECK: s_endpgm
extern "C" __global__ __launch_bounds__(64) void arch_upd_dpp_bound_ctrl(float* p) {
    const float v = p[lane_id()];
    const float a = upd_dpp(-1.0f, v, number<dpp::row_shr(1)>{});
    const float b = upd_dpp(-1.0f, v, number<dpp::row_shr(1)>{}, number<0xf>{}, number<0xf>{}, bool_constant<false>{});
    const float c = upd_dpp(0, v, number<dpp::quad_perm(1, 0, 3, 2)>{});  // int old, as aiter's code may write
    p[lane_id()] = a;
    p[lane_id() + 64] = b;
    p[lane_id() + 128] = c;
}
