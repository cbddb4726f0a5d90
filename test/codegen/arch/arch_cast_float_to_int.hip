// Codegen: cast<i8_t>/cast<i32_t>/cast<u32_t>(float) is the one conversion instruction (as the
// reference's static_cast): its saturation and NaN -> 0 come from the hardware, no clamps.
#include <opus/hip_minimal.hpp>
#include <opus/arch.hpp>

using namespace opus;

// CHECK-LABEL: arch_cast_f32_to_i8:
// CHECK-NOT: v_cmp
// CHECK-NOT: v_med3
// CHECK: v_cvt_i32_f32
// CHECK-NOT: v_cmp
// CHECK-NOT: v_med3
// CHECK: s_endpgm
extern "C" __global__ __launch_bounds__(64) void arch_cast_f32_to_i8(const float* in, i8_t* out) {
    out[opus::thread_idx_x()] = cast<i8_t>(in[opus::thread_idx_x()]);
}

// CHECK-LABEL: arch_cast_f32_to_i32:
// CHECK-NOT: v_cmp
// CHECK: v_cvt_i32_f32
// CHECK-NOT: v_cndmask
// CHECK: s_endpgm
extern "C" __global__ __launch_bounds__(64) void arch_cast_f32_to_i32(const float* in, i32_t* out) {
    out[opus::thread_idx_x()] = cast<i32_t>(in[opus::thread_idx_x()]);
}

// CHECK-LABEL: arch_cast_f32_to_u32:
// CHECK: v_cvt_u32_f32
// CHECK-NOT: v_cndmask
// CHECK: s_endpgm
extern "C" __global__ __launch_bounds__(64) void arch_cast_f32_to_u32(const float* in, u32_t* out) {
    out[opus::thread_idx_x()] = cast<u32_t>(in[opus::thread_idx_x()]);
}
