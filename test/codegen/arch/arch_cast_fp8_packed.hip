// Codegen: fp32 <-> fp8/bf8 vector casts use the packed conversion instructions (one
// v_cvt_pk_*_f32 per pair, also for vectors wider than 16) and nothing else: no saturation
// clamp by default (as the reference header; OPUS_FP8_SATURATE=1 adds it, see
// arch_cast_fp8_saturate.hip), and never fall back to per-element scalar code.
// TARGETS: gfx942 gfx950
#include <opus/hip_minimal.hpp>
#include <opus/arch.hpp>

using namespace opus;

// CHECK-LABEL: arch_cast_fp32x8_to_fp8:
// CHECK-COUNT-4: v_cvt_pk_fp8_f32
// CHECK-NOT: v_cvt_pk_fp8_f32
// CHECK: s_endpgm
extern "C" __global__ __launch_bounds__(64) void arch_cast_fp32x8_to_fp8(const fp32x8_t* in, fp8x8_t* out) {
    out[opus::thread_idx_x()] = cast<fp8_t>(in[opus::thread_idx_x()]);
}

// 32 elements: 16 packed converts, 32 clamps
// CHECK-LABEL: arch_cast_fp32x32_to_bf8:
// CHECK-COUNT-16: v_cvt_pk_bf8_f32
// CHECK-NOT: v_cvt_pk_bf8_f32
// CHECK-NOT: v_cvt_f32_ubyte
// CHECK: s_endpgm
extern "C" __global__ __launch_bounds__(64) void arch_cast_fp32x32_to_bf8(const fp32x32_t* in, bf8x32_t* out) {
    out[opus::thread_idx_x()] = cast<bf8_t>(in[opus::thread_idx_x()]);
}

// CHECK-LABEL: arch_cast_fp8x32_to_fp32:
// CHECK-COUNT-16: v_cvt_pk_f32_fp8
// CHECK-NOT: v_cvt_f32_ubyte
// CHECK: s_endpgm
extern "C" __global__ __launch_bounds__(64) void arch_cast_fp8x32_to_fp32(const fp8x32_t* in, fp32x32_t* out) {
    out[opus::thread_idx_x()] = cast<fp32_t>(in[opus::thread_idx_x()]);
}

// CHECK-LABEL: arch_cast_bf8x4_to_fp32:
// CHECK-COUNT-2: v_cvt_pk_f32_bf8
// CHECK: s_endpgm
extern "C" __global__ __launch_bounds__(64) void arch_cast_bf8x4_to_fp32(const bf8x4_t* in, fp32x4_t* out) {
    out[opus::thread_idx_x()] = cast<fp32_t>(in[opus::thread_idx_x()]);
}

// no clamp: the bare conversion, like the reference header (2 loads' worth of VALU: the
// convert and nothing per element)
// CHECK-LABEL: arch_cast_fp32x2_to_fp8_nosat:
// CHECK-NOT: v_med3_f32
// CHECK-NOT: v_cmp_class_f32
// CHECK-NOT: v_cndmask_b32
// CHECK: v_cvt_pk_fp8_f32
// CHECK-NOT: v_med3_f32
// CHECK: s_endpgm
extern "C" __global__ __launch_bounds__(64) void arch_cast_fp32x2_to_fp8_nosat(const fp32x2_t* in, fp8x2_t* out) {
    out[opus::thread_idx_x()] = cast<fp8_t>(in[opus::thread_idx_x()]);
}

// The converts' "old" operand (the half they keep) is a don't-care, so an input that stays
// live is not copied first: the reference and opus before 2026-11-26 wrote the result over a
// copy of the input (v_mov_b32 + v_cvt_pk_fp8_f32 v3, v3, 0).
// CHECK-LABEL: arch_cast_fp8_input_live:
// CHECK: global_load_dword
// CHECK-NOT: v_mov_b32
// CHECK: v_cvt_pk_fp8_f32 [[D:v[0-9]+]], [[S:v[0-9]+]], 0
// CHECK-NOT: v_mov_b32
// CHECK: v_mul_f32_e32 [[S]], {{.*}}[[S]]
// CHECK: s_endpgm
extern "C" __global__ __launch_bounds__(64) void arch_cast_fp8_input_live(const float* in, fp8_t* o8, float* of) {
    const float x = in[opus::thread_idx_x()];
    o8[opus::thread_idx_x()] = cast<fp8_t>(x);
    of[opus::thread_idx_x()] = x * 3.0f;
}

// CHECK-LABEL: arch_cast_fp8x2_input_live:
// CHECK: global_load_dwordx2
// CHECK-NOT: v_mov_b32
// CHECK: v_cvt_pk_fp8_f32
// CHECK: s_endpgm
extern "C" __global__ __launch_bounds__(64) void arch_cast_fp8x2_input_live(const fp32x2_t* in, fp8x2_t* o8, fp32x2_t* of) {
    const fp32x2_t x = in[opus::thread_idx_x()];
    o8[opus::thread_idx_x()] = cast<fp8_t>(x);
    of[opus::thread_idx_x()] = x * 3.0f;
}
