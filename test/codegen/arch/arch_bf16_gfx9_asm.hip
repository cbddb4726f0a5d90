// Codegen: fp32_to_bf16<3> is round-to-nearest-even through inline assembly on gfx942/gfx90a;
// mode 2 (truncate, the default there) is a pure bit selection.
// TARGETS: gfx90a gfx942
#include <opus/hip_minimal.hpp>
#include <opus/arch.hpp>

using namespace opus;

// CHECK-LABEL: arch_fp32_to_bf16_asm:
// CHECK: v_bfe_u32
// CHECK: v_add3_u32
// CHECK: v_cmp_u_f32
// CHECK: v_cndmask_b32
// CHECK: s_endpgm
extern "C" __global__ __launch_bounds__(64) void arch_fp32_to_bf16_asm(const float* in, bf16_t* out) {
    out[opus::thread_idx_x()] = fp32_to_bf16<3>(in[opus::thread_idx_x()]);
}

// CHECK-LABEL: arch_fp32_to_bf16_trunc:
// CHECK-NOT: v_add3_u32
// CHECK-NOT: v_cmp
// CHECK: s_endpgm
extern "C" __global__ __launch_bounds__(64) void arch_fp32_to_bf16_trunc(const float* in, bf16_t* out) {
    out[opus::thread_idx_x()] = fp32_to_bf16<2>(in[opus::thread_idx_x()]);
}
