// SPDX-License-Identifier: MIT
// opus/arch/math.hpp - float and fp16 math for kernels built without HIP's math headers or the
// device libraries (-nogpuinc -nogpulib, -D__HIPCC_RTC__), where rsqrtf, expf, fabsf, ... do
// not exist. Each function is the target's instruction (v_rsq_f32, v_exp_f32, ...) through a
// clang builtin; sqrt is correctly rounded. Accuracy, denormals and special values per function:
// docs/arch.md, "Device math". In the host pass (and plain C++) the same names use the host's
// math (`__builtin_*f`), so host references can call them.
//
// Opt-in: neither opus/arch.hpp nor opus.hpp includes this header. Call the functions qualified
// (opus::exp2(x)) where <cmath> or HIP's math header is visible too: ::exp2 & co. would make an
// unqualified call ambiguous. fmin / fmax are opus::max / opus::min of opus/arch/lane.hpp.
#pragma once

#include "target.hpp"

OPUS_NAMESPACE_BEGIN
namespace detail {
// 1: float, 2: a 16-bit IEEE half (_Float16, or __fp16, which fp16_t is in HIP with clang 20..23)
template <typename T> inline constexpr int math_type = 0;
template <> inline constexpr int math_type<float> = 1;
#if defined(__FLT16_MANT_DIG__)
template <> inline constexpr int math_type<_Float16> = 2;
#endif
#if defined(__clang__)
template <> inline constexpr int math_type<__fp16> = 2;
#endif
} // namespace detail

// The one diagnostic of every function for another argument type; the function then returns its
// argument, so that the static_assert is the only error.
#define OPUS_DETAIL_MATH_TYPE(name, T)                                                            \
    static_assert(detail::math_type<T> != 0,                                                      \
                  "opus::" name ": the argument must be float or fp16_t (_Float16); convert "     \
                  "double, bf16_t and integers to float first")

#if OPUS_DEVICE_PASS
// the device form: f16 for a half argument, f32 for a float
#define OPUS_DETAIL_MATH_UNARY(name, T, x, f16, f32, host)                                        \
    OPUS_DETAIL_MATH_TYPE(name, T);                                                               \
    if constexpr (detail::math_type<T> == 2) return T(f16(_Float16(x)));                          \
    else if constexpr (detail::math_type<T> == 1) return f32(x);                                  \
    else return x
#else
// host pass and plain C++: the host's float function, also for halves (rounded back to half)
#define OPUS_DETAIL_MATH_UNARY(name, T, x, f16, f32, host)                                        \
    OPUS_DETAIL_MATH_TYPE(name, T);                                                               \
    if constexpr (detail::math_type<T> != 0) return T(host(float(x)));                            \
    else return x
#endif

// one function template per name: fn(x) of a float or fp16_t x (the device instruction, or the
// host's math in the host pass)
#define OPUS_DETAIL_MATH_FN(fn, f16, f32, host) \
    template <typename T> OPUS_H_D T fn(T x) { OPUS_DETAIL_MATH_UNARY(#fn, T, x, f16, f32, host); }

namespace detail {
#if OPUS_DEVICE_PASS
// exp(x) = 2^(x log2 e) and log(x) = log2(x) ln 2, the constants rounded to float; halves
// through float
OPUS_D float exp_f32(float x) { return __builtin_amdgcn_exp2f(x * 0x1.715476p+0f); }
OPUS_D float log_f32(float x) { return __builtin_amdgcn_logf(x) * 0x1.62e430p-1f; }
OPUS_D _Float16 exp_f16(_Float16 x) { return _Float16(exp_f32(float(x))); }
OPUS_D _Float16 log_f16(_Float16 x) { return _Float16(log_f32(float(x))); }
#else
OPUS_H_D float host_rsqrt(float x) { return 1.0f / __builtin_sqrtf(x); }
OPUS_H_D float host_rcp(float x) { return 1.0f / x; }
#endif
} // namespace detail

// rsqrt(x) = 1/sqrt(x): v_rsq_f32 / v_rsq_f16
OPUS_DETAIL_MATH_FN(rsqrt, __builtin_amdgcn_rsqh, __builtin_amdgcn_rsqf, detail::host_rsqrt)
// rcp(x) = 1/x: v_rcp_f32 / v_rcp_f16
OPUS_DETAIL_MATH_FN(rcp, __builtin_amdgcn_rcph, __builtin_amdgcn_rcpf, detail::host_rcp)
// sqrt(x), correctly rounded as std::sqrt: v_sqrt_f32 inside LLVM's correction sequence
// (v_fma_f32 residuals; test/codegen/arch/arch_math.hip) / v_sqrt_f16
OPUS_DETAIL_MATH_FN(sqrt, __builtin_sqrtf16, __builtin_sqrtf, __builtin_sqrtf)
// exp2(x) = 2^x: v_exp_f32 / v_exp_f16. The amdgcn builtin, not __builtin_exp2f, which adds
// LLVM's rescaling of the denormal range (test/codegen/arch/arch_math.hip)
OPUS_DETAIL_MATH_FN(exp2, __builtin_exp2f16, __builtin_amdgcn_exp2f, __builtin_exp2f)
// log2(x): v_log_f32 / v_log_f16 (as exp2: no rescaling of denormal inputs)
OPUS_DETAIL_MATH_FN(log2, __builtin_log2f16, __builtin_amdgcn_logf, __builtin_log2f)
// exp(x) = exp2(x * log2(e)): v_mul_f32 + v_exp_f32 (half: through float)
OPUS_DETAIL_MATH_FN(exp, detail::exp_f16, detail::exp_f32, __builtin_expf)
// log(x) = log2(x) * ln(2): v_log_f32 + v_mul_f32 (half: through float)
OPUS_DETAIL_MATH_FN(log, detail::log_f16, detail::log_f32, __builtin_logf)
// |x| (the sign bit cleared)
OPUS_DETAIL_MATH_FN(abs, __builtin_fabsf16, __builtin_fabsf, __builtin_fabsf)
// floor, ceil, trunc, rint (to nearest, ties to even): v_floor / v_ceil / v_trunc / v_rndne
OPUS_DETAIL_MATH_FN(floor, __builtin_floorf16, __builtin_floorf, __builtin_floorf)
OPUS_DETAIL_MATH_FN(ceil, __builtin_ceilf16, __builtin_ceilf, __builtin_ceilf)
OPUS_DETAIL_MATH_FN(trunc, __builtin_truncf16, __builtin_truncf, __builtin_truncf)
OPUS_DETAIL_MATH_FN(rint, __builtin_rintf16, __builtin_rintf, __builtin_rintf)
// round(x): to nearest, ties away from zero, as std::round (no instruction: 7 on gfx942)
OPUS_DETAIL_MATH_FN(round, __builtin_roundf16, __builtin_roundf, __builtin_roundf)

// fma(a, b, c) = a * b + c with one rounding: v_fma_f32 / v_fmac_f32, v_fma_f16 / v_fmac_f16
template <typename T> OPUS_H_D T fma(T a, T b, T c) {
    OPUS_DETAIL_MATH_TYPE("fma", T);
#if OPUS_DEVICE_PASS
    if constexpr (detail::math_type<T> == 2) return T(__builtin_fmaf16(_Float16(a), _Float16(b), _Float16(c)));
    else if constexpr (detail::math_type<T> == 1) return __builtin_fmaf(a, b, c);
    else return a;
#else
    if constexpr (detail::math_type<T> != 0) return T(__builtin_fmaf(float(a), float(b), float(c)));
    else return a;
#endif
}

#undef OPUS_DETAIL_MATH_FN
#undef OPUS_DETAIL_MATH_UNARY
#undef OPUS_DETAIL_MATH_TYPE
OPUS_NAMESPACE_END
