// Codegen: cast<fp8_t>(x, saturate) saturates this call only: v_med3 clamps before the packed
// conversion, while the plain cast in the same translation unit keeps the instruction's own
// overflow (no clamp; OPUS_FP8_SATURATE is 0).
// TARGETS: gfx942 gfx950
#include <opus/hip_minimal.hpp>
#include <opus/arch.hpp>

using namespace opus;

// CHECK-LABEL: arch_cast_fp8_saturate_call:
// CHECK-COUNT-4: v_med3_f32
// CHECK-COUNT-2: v_cvt_pk_fp8_f32
// CHECK: s_endpgm
extern "C" __global__ __launch_bounds__(64) void arch_cast_fp8_saturate_call(const fp32x4_t* in, fp8x4_t* out) {
    out[opus::thread_idx_x()] = cast<fp8_t>(in[opus::thread_idx_x()], saturate);
}

// CHECK-LABEL: arch_cast_fp8_plain:
// CHECK-NOT: v_med3
// CHECK: v_cvt_pk_fp8_f32
// CHECK-NOT: v_med3
// CHECK: s_endpgm
extern "C" __global__ __launch_bounds__(64) void arch_cast_fp8_plain(const fp32x4_t* in, fp8x4_t* out) {
    out[opus::thread_idx_x()] = cast<fp8_t>(in[opus::thread_idx_x()]);
}

// CHECK-LABEL: arch_cast_bf8_saturate_scalar:
// CHECK: v_med3_f32
// CHECK: v_cvt_pk_bf8_f32
// CHECK: s_endpgm
extern "C" __global__ __launch_bounds__(64) void arch_cast_bf8_saturate_scalar(const float* in, bf8_t* out) {
    out[opus::thread_idx_x()] = cast<bf8_t>(in[opus::thread_idx_x()], saturate);
}
