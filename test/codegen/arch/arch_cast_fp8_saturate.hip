// Codegen: with OPUS_FP8_SATURATE=1 fp32 -> fp8/bf8 casts clamp finite values with v_med3
// before the packed conversion (Inf/NaN pass through a v_cndmask).
// TARGETS: gfx942 gfx950
// FLAGS: -DOPUS_FP8_SATURATE=1
#include <opus/hip_minimal.hpp>
#include <opus/arch.hpp>

using namespace opus;

// CHECK-LABEL: arch_cast_fp32x2_to_fp8_sat:
// CHECK-COUNT-2: v_med3_f32
// CHECK: v_cvt_pk_fp8_f32
// CHECK: s_endpgm
extern "C" __global__ __launch_bounds__(64) void arch_cast_fp32x2_to_fp8_sat(const fp32x2_t* in, fp8x2_t* out) {
    out[opus::thread_idx_x()] = cast<fp8_t>(in[opus::thread_idx_x()]);
}

// CHECK-LABEL: arch_cast_fp32_to_bf8_sat:
// CHECK: v_med3_f32
// CHECK: v_cvt_pk_bf8_f32
// CHECK: s_endpgm
extern "C" __global__ __launch_bounds__(64) void arch_cast_fp32_to_bf8_sat(const float* in, bf8_t* out) {
    out[opus::thread_idx_x()] = cast<bf8_t>(in[opus::thread_idx_x()]);
}
