// Codegen: opus/arch/math.hpp, built as everything here is (-nogpuinc -nogpulib, no device
// libraries), gives each function's instruction on every target and with both compilers: no call
// (s_swappc), no scratch, and the one-instruction functions are one instruction (no denormal
// rescaling around them, which is what the builtins of libm's names would add). Inputs are per
// lane, so that gfx1250 does not move the uniform ones to its scalar float unit.
#include <opus/hip_minimal.hpp>
#include <opus/arch/math.hpp>

#define LANE opus::thread_idx_x()

// CHECK-LABEL: math_rsqrt:
// CHECK-NOT: s_swappc
// CHECK: v_rsq_f32
// CHECK-NOT: {{v_cmp|v_ldexp|v_cndmask|s_swappc}}
// CHECK: s_endpgm
extern "C" __global__ __launch_bounds__(64) void math_rsqrt(float* p) { p[LANE] = opus::rsqrt(p[LANE]); }

// CHECK-LABEL: math_rcp:
// CHECK-NOT: s_swappc
// CHECK: v_rcp_f32
// CHECK-NOT: {{v_cmp|v_ldexp|v_cndmask|v_div|s_swappc}}
// CHECK: s_endpgm
extern "C" __global__ __launch_bounds__(64) void math_rcp(float* p) { p[LANE] = opus::rcp(p[LANE]); }

// CHECK-LABEL: math_exp2:
// CHECK-NOT: s_swappc
// CHECK: v_exp_f32
// CHECK-NOT: {{v_cmp|v_ldexp|v_cndmask|s_swappc}}
// CHECK: s_endpgm
extern "C" __global__ __launch_bounds__(64) void math_exp2(float* p) { p[LANE] = opus::exp2(p[LANE]); }

// CHECK-LABEL: math_log2:
// CHECK-NOT: s_swappc
// CHECK: v_log_f32
// CHECK-NOT: {{v_cmp|v_ldexp|v_cndmask|s_swappc}}
// CHECK: s_endpgm
extern "C" __global__ __launch_bounds__(64) void math_log2(float* p) { p[LANE] = opus::log2(p[LANE]); }

// exp: one multiply by log2(e), then v_exp_f32
// CHECK-LABEL: math_exp:
// CHECK-NOT: s_swappc
// CHECK: v_mul_f32{{.*}}0x3fb8aa3b
// CHECK-NOT: {{v_cmp|v_ldexp|v_cndmask|v_add|v_fma|v_rndne}}
// CHECK: v_exp_f32
// CHECK-NOT: {{v_cmp|v_ldexp|v_cndmask|s_swappc}}
// CHECK: s_endpgm
extern "C" __global__ __launch_bounds__(64) void math_exp(float* p) { p[LANE] = opus::exp(p[LANE]); }

// log: v_log_f32, then one multiply by ln(2)
// CHECK-LABEL: math_log:
// CHECK-NOT: s_swappc
// CHECK: v_log_f32
// CHECK-NOT: {{v_cmp|v_ldexp|v_cndmask|v_add|v_sub|v_fma}}
// CHECK: v_mul_f32{{.*}}0x3f317218
// CHECK-NOT: {{v_cmp|v_ldexp|v_cndmask|s_swappc}}
// CHECK: s_endpgm
extern "C" __global__ __launch_bounds__(64) void math_log(float* p) { p[LANE] = opus::log(p[LANE]); }

// sqrt is correctly rounded: v_sqrt_f32 inside LLVM's correction sequence (v_fma_f32 residuals)
// CHECK-LABEL: math_sqrt:
// CHECK-NOT: s_swappc
// CHECK: v_sqrt_f32
// CHECK: v_fma_f32
// CHECK-NOT: s_swappc
// CHECK: s_endpgm
extern "C" __global__ __launch_bounds__(64) void math_sqrt(float* p) { p[LANE] = opus::sqrt(p[LANE]); }

// CHECK-LABEL: math_fma:
// CHECK: {{v_fma_f32|v_fmac_f32}}
// CHECK-NOT: s_swappc
// CHECK: s_endpgm
extern "C" __global__ __launch_bounds__(64) void math_fma(float* p) {
    p[LANE] = opus::fma(p[LANE], p[LANE + 64], p[LANE + 128]);
}

// CHECK-LABEL: math_rounding:
// CHECK-DAG: v_floor_f32
// CHECK-DAG: v_ceil_f32
// CHECK-DAG: v_trunc_f32
// CHECK-DAG: v_rndne_f32
// CHECK-NOT: s_swappc
// CHECK: s_endpgm
extern "C" __global__ __launch_bounds__(64) void math_rounding(float* p) {
    const float x = p[LANE];
    p[LANE] = opus::floor(x);
    p[LANE + 64] = opus::ceil(x);
    p[LANE + 128] = opus::trunc(x);
    p[LANE + 192] = opus::rint(x);
}

// round (ties away from zero) has no instruction: a short sequence around v_trunc_f32
// CHECK-LABEL: math_round:
// CHECK: v_trunc_f32
// CHECK-NOT: s_swappc
// CHECK: s_endpgm
extern "C" __global__ __launch_bounds__(64) void math_round(float* p) { p[LANE] = opus::round(p[LANE]); }

// abs clears the sign bit: no float instruction, no compare
// CHECK-LABEL: math_abs:
// CHECK: v_and_b32{{.*}}0x7fffffff
// CHECK-NOT: {{v_cmp|s_swappc}}
// CHECK: s_endpgm
extern "C" __global__ __launch_bounds__(64) void math_abs(float* p) { p[LANE] = opus::abs(p[LANE]); }

// fp16: the f16 instructions, one each (exp and log go through float: v_cvt_f32_f16 ... v_exp_f32)
// CHECK-LABEL: math_f16:
// CHECK-DAG: v_rsq_f16
// CHECK-DAG: v_rcp_f16
// CHECK-DAG: v_sqrt_f16
// CHECK-DAG: v_exp_f16
// CHECK-DAG: v_log_f16
// CHECK-DAG: v_exp_f32
// CHECK-DAG: v_log_f32
// CHECK-DAG: {{v_fma_f16|v_fmac_f16|v_pk_fma_f16}}
// CHECK-DAG: v_floor_f16
// CHECK-DAG: v_ceil_f16
// CHECK-DAG: v_trunc_f16
// CHECK-DAG: v_rndne_f16
// CHECK-NOT: s_swappc
// CHECK: s_endpgm
extern "C" __global__ __launch_bounds__(64) void math_f16(_Float16* p) {
    const _Float16 x = p[LANE];
    p[LANE] = opus::rsqrt(x);
    p[LANE + 64] = opus::rcp(x);
    p[LANE + 128] = opus::sqrt(x);
    p[LANE + 192] = opus::exp2(x);
    p[LANE + 256] = opus::log2(x);
    p[LANE + 320] = opus::exp(x);
    p[LANE + 384] = opus::log(x);
    p[LANE + 448] = opus::fma(x, p[LANE + 512], p[LANE + 576]);
    p[LANE + 640] = opus::floor(x);
    p[LANE + 704] = opus::rint(x);
    p[LANE + 768] = opus::ceil(x);
    p[LANE + 832] = opus::round(x);
    p[LANE + 896] = opus::trunc(x);
}
