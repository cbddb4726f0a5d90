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

// fp32 -> bf16 -> fp32 on 4 values read and written one by one (the shape of aiter's
// dtype_convert test): 2 packed conversions, not one per value (a vector fptrunc of the
// 4 values was split per element here: 4 v_cvt_pk_bf16_f32 with a zero second operand)
// CHECK-LABEL: arch_cast_bf16_round_trip:
// CHECK-COUNT-2: v_cvt_pk_bf16_f32 v{{[0-9]+}}, v{{[0-9]+}}, v{{[0-9]+}}
// CHECK-NOT: v_cvt_pk_bf16_f32
// CHECK: s_endpgm
extern "C" __global__ __launch_bounds__(64) void arch_cast_bf16_round_trip(const float* in, float* out) {
    const int i = opus::thread_idx_x() * 4;
    fp32x4_t v;
    v[0] = in[i + 0]; v[1] = in[i + 1]; v[2] = in[i + 2]; v[3] = in[i + 3];
    const fp32x4_t r = cast<fp32_t>(cast<bf16_t>(v));
    out[i + 0] = r[0]; out[i + 1] = r[1]; out[i + 2] = r[2]; out[i + 3] = r[3];
}
