// Codegen: gfx950 native conversions - fp32 -> bf16 with v_cvt_pk_bf16_f32 (packed, also for
// 32-wide vectors) and the scaled fp4 conversions v_cvt_scalef32_pk_fp4_f32 / _pk_f32_fp4.
// TARGETS: gfx950
#include <opus/hip_minimal.hpp>
#include <opus/arch.hpp>

using namespace opus;

// CHECK-LABEL: arch_cast_fp32x32_to_bf16:
// CHECK-COUNT-16: v_cvt_pk_bf16_f32
// CHECK-NOT: v_cvt_pk_bf16_f32
// CHECK-NOT: v_add3_u32
// CHECK: s_endpgm
extern "C" __global__ __launch_bounds__(64) void arch_cast_fp32x32_to_bf16(const fp32x32_t* in, bf16x32_t* out) {
    out[opus::thread_idx_x()] = cast<bf16_t>(in[opus::thread_idx_x()]);
}

// CHECK-LABEL: arch_fp32_to_bf16_mode3:
// CHECK: v_cvt_pk_bf16_f32
// CHECK: s_endpgm
extern "C" __global__ __launch_bounds__(64) void arch_fp32_to_bf16_mode3(const float* in, bf16_t* out) {
    out[opus::thread_idx_x()] = fp32_to_bf16<3>(in[opus::thread_idx_x()]);
}

// CHECK-LABEL: arch_cast_fp32x32_to_fp4_scaled:
// CHECK-COUNT-16: v_cvt_scalef32_pk_fp4_f32
// CHECK-NOT: v_cvt_scalef32_pk_fp4_f32
// CHECK: s_endpgm
extern "C" __global__ __launch_bounds__(64) void arch_cast_fp32x32_to_fp4_scaled(const fp32x32_t* in, fp4x32_t* out, float s) {
    out[opus::thread_idx_x()] = cast<fp4_t>(in[opus::thread_idx_x()], s);
}

// CHECK-LABEL: arch_cast_fp4x8_to_fp32_scaled:
// CHECK-COUNT-4: v_cvt_scalef32_pk_f32_fp4
// CHECK: s_endpgm
extern "C" __global__ __launch_bounds__(64) void arch_cast_fp4x8_to_fp32_scaled(const fp4x8_t* in, fp32x8_t* out, float s) {
    out[opus::thread_idx_x()] = cast<fp32_t>(in[opus::thread_idx_x()], s);
}
