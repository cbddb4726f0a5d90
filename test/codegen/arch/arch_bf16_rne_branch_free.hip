// Codegen: software round-to-nearest-even fp32 -> bf16 (fp32_to_bf16<0>, cast<bf16_t>(v,
// 0_I) on gfx9 before gfx950) is branch-free: per value v_bfe + v_add3 for the rounding,
// v_or for the quiet NaN, one v_cmp_u_f32 and one v_cndmask. An early return for NaN once
// made it a divergent branch per value (aiter's bf16 MFMA test kernel: 352 instructions
// with the reference header, 195 with this form). The -ffast-math twin is
// arch_bf16_rne_fast_math.hip.
// TARGETS: gfx90a gfx942
// MAX-VGPR: 32
#include <opus/hip_minimal.hpp>
#include <opus/arch.hpp>

using namespace opus;

// 8 values: no control flow, one compare and one select each
// CHECK-LABEL: arch_bf16_rne_x8:
// CHECK-NOT: s_and_saveexec
// CHECK-NOT: s_cbranch
// CHECK-COUNT-8: v_cmp_u_f32
// CHECK-NOT: v_cmp_u_f32
// CHECK-NOT: s_cbranch
// CHECK: s_endpgm
extern "C" __global__ __launch_bounds__(64) void arch_bf16_rne_x8(const fp32x8_t* in, bf16x8_t* out) {
    out[thread_idx_x()] = cast<bf16_t>(in[thread_idx_x()], number<0>{});
}

// one value: 5 VALU between the load and the store (bfe, add3, or, cmp, cndmask; the
// shift to the high half folds into the 16-bit store)
// CHECK-LABEL: arch_bf16_rne_x1:
// CHECK: global_load_dword
// CHECK-NOT: s_cbranch
// CHECK: v_cmp_u_f32
// CHECK: v_cndmask_b32
// CHECK: global_store_short_d16_hi
// CHECK: s_endpgm
extern "C" __global__ __launch_bounds__(64) void arch_bf16_rne_x1(const float* in, bf16_t* out) {
    out[thread_idx_x()] = fp32_to_bf16<0>(in[thread_idx_x()]);
}
