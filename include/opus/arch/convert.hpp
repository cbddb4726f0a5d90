// SPDX-License-Identifier: MIT
// opus/arch/convert.hpp - bit-level software conversions between fp32 and every float dtype.
//
// These are the host implementations of the casts (and the device fallback where a target
// has no conversion instruction). They reproduce what the hardware conversions produce:
//   * round to nearest, ties to even; subnormals kept;
//   * fp8/bf8: by default no saturation, as the bare v_cvt_pk_{fp8,bf8}_f32 (and the reference
//     header, which uses them as they are): a finite value that rounds beyond the largest
//     finite value becomes Inf (e5m2) or NaN (e4m3fn, FNUZ). With OPUS_FP8_SATURATE=1 finite
//     values beyond it saturate to it instead (the device path then clamps with v_med3 before
//     the packed convert, as the AMD libraries do: 3 more VALU per element);
//   * fp4 saturates (e2m1 has no Inf/NaN); fp16 and bf16 overflow to Inf like v_cvt_f16_f32;
//   * +-Inf: ieee formats (fp16, bf16, e5m2) keep Inf, e4m3fn and the FNUZ formats give NaN,
//     e2m1 saturates;
//   * NaN: ieee formats keep a quiet NaN (sign and leading payload bits kept), e4m3fn gives
//     s.1111.111, FNUZ gives 1000.0000 (there is no -0 in FNUZ), e2m1 saturates.
#pragma once

#include "opus/arch/dtype.hpp"

// 1: fp32 -> fp8/bf8 casts saturate finite values to the largest finite value (see above).
#ifndef OPUS_FP8_SATURATE
#define OPUS_FP8_SATURATE 0
#endif

namespace opus {
namespace detail {

template <typename To, typename From>
OPUS_H_D constexpr To bit_cast(const From& f) {
    static_assert(sizeof(To) == sizeof(From), "opus::detail::bit_cast: sizes differ");
    return __builtin_bit_cast(To, f);
}

OPUS_H_D constexpr uint32_t f32_bits(float x) { return __builtin_bit_cast(uint32_t, x); }
OPUS_H_D constexpr float bits_f32(uint32_t u) { return __builtin_bit_cast(float, u); }

// Code of +-Inf / NaN in format F (sign = the sign bit already in place).
template <typename F>
OPUS_H_D constexpr uint32_t fmt_inf_code(uint32_t sign) {
    if constexpr (F::is_ieee) return sign | (((1u << F::ebits) - 1u) << F::mbits);
    else if constexpr (F::is_fn) return sign | F::mag_mask;
    else if constexpr (F::is_fnuz) return F::sign_mask;
    else return sign | F::max_code;
}
template <typename F>
OPUS_H_D constexpr uint32_t fmt_nan_code(uint32_t sign, uint32_t f32_mantissa) {
    if constexpr (F::is_ieee)
        return sign | (((1u << F::ebits) - 1u) << F::mbits) | (1u << (F::mbits - 1)) |
               (f32_mantissa >> (23 - F::mbits));
    else if constexpr (F::is_fn) return sign | F::mag_mask;
    else if constexpr (F::is_fnuz) return F::sign_mask;
    else return sign | F::max_code;
}

// e2m1 (fp4), the format without Inf/NaN, branch-free (it has 8 magnitudes, 0 to 6). A code's
// magnitudes from 1.0 up have fp32 bits 30..22 = 0xfc + code (one mantissa bit): 1.0 is 0xfe,
// 6.0 is 0x103; 0.5 (code 1) is 0xfc. The generic algorithms below take data-dependent shifts and
// branches (fp32 -> e2m1 was ~65 instructions per value with divergent branches on gfx942; this
// is about 15 VALU, no branch). Bit-exact with them: test/host/arch/cast_exhaustive.cpp checks
// every fp32 input against an independent reference. (Templates only so that a TU which
// converts no fp4 does not analyze them: 1.2M fewer compiler instructions per include.)
template <typename = void> OPUS_H_D constexpr float e2m1_to_f32(uint32_t code) {
    const uint32_t c = code & 7u;
    const uint32_t field = c == 0u ? 0u : 0xfcu + c - (c == 1u ? 1u : 0u);
    return bits_f32(((code & 8u) << 28) | (field << 22));
}
// fp32 -> e2m1 code: round to nearest even, saturating (Inf and NaN give the largest
// magnitude with their sign, as f32_to_fmt does for formats without Inf/NaN)
template <typename = void> OPUS_H_D constexpr uint32_t f32_to_e2m1(float x) {
    const uint32_t u = f32_bits(x);
    const uint32_t a = u & 0x7fffffffu;
    // |x| >= 1: keep one mantissa bit, rounding to nearest even on the integer bits; the code is
    // bits 31..22 minus 0xfc (> 7 for 7.0 and up, Inf and NaN: saturated)
    const uint32_t t = (a + 0x1fffffu + ((a >> 22) & 1u)) >> 22;
    const uint32_t big = t - 0xfcu < 7u ? t - 0xfcu : 7u;
    // |x| < 1: 0, 0.5 or 1.0; the midpoints 0.25 and 0.75 go to the even codes 0 and 2
    const uint32_t small = uint32_t(a > 0x3e800000u) + uint32_t(a >= 0x3f400000u);
    return ((u >> 28) & 8u) | (a >= 0x3f800000u ? big : small);
}

// Decode: format code -> fp32 (exact for every format opus has).
template <typename F>
OPUS_H_D constexpr float fmt_to_f32(uint32_t code) {
    if constexpr (is_same_v<F, fmt::e2m1>)
        return e2m1_to_f32(code);
    constexpr uint32_t fmask = (1u << F::mbits) - 1u;
    constexpr uint32_t eall = (1u << F::ebits) - 1u;
    const uint32_t sign = (code & F::sign_mask) ? 0x80000000u : 0u;
    const uint32_t mag = code & F::mag_mask;
    const uint32_t e = mag >> F::mbits, f = mag & fmask;
    if constexpr (F::is_fnuz) {
        if (code == F::sign_mask) return bits_f32(0xffc00000u);
    } else if constexpr (F::is_fn) {
        if (mag == F::mag_mask) return bits_f32(sign | 0x7fc00000u);
    } else if constexpr (F::is_ieee) {
        if (e == eall) return bits_f32(sign | 0x7f800000u | (f ? (0x400000u | (f << (23 - F::mbits))) : 0u));
    }
    if (e != 0) return bits_f32(sign | ((e + 127u - F::bias) << 23) | (f << (23 - F::mbits)));
    // subnormal: f * 2^(emin - mbits), exact in fp32
    constexpr float quantum = __builtin_bit_cast(float, uint32_t(127 + F::emin - F::mbits) << 23);
    const float v = float(f) * quantum;
    return sign ? -v : v;
}

// Encode: fp32 -> format code, round to nearest even. Sat: finite values beyond the largest
// finite value give it (fp8/fp4); !Sat: IEEE overflow to Inf (fp16).
template <typename F, bool Sat = true>
OPUS_H_D constexpr uint32_t f32_to_fmt(float x) {
    if constexpr (Sat && is_same_v<F, fmt::e2m1>)
        return f32_to_e2m1(x);
    const uint32_t u = f32_bits(x);
    const uint32_t sign = (u >> 31) ? F::sign_mask : 0u;
    const uint32_t a = u & 0x7fffffffu;
    if (a > 0x7f800000u) return fmt_nan_code<F>(sign, u & 0x7fffffu);
    if (a == 0x7f800000u) return fmt_inf_code<F>(sign);
    constexpr uint32_t max_bits = f32_bits(fmt_to_f32<F>(F::max_code));
    if (Sat && a >= max_bits) return sign | F::max_code;
    const int e32 = int(a >> 23);
    const uint32_t m = (a & 0x7fffffu) | (e32 ? 0x800000u : 0u);
    const int ex = e32 ? e32 - 127 : -126;
    const int te = ex < F::emin ? F::emin : ex;
    const int shift = 23 - F::mbits + (te - ex);
    uint32_t r = 0;
    if (shift <= 25) {
        r = m >> shift;
        const uint32_t rem = m & ((1u << shift) - 1u), half = 1u << (shift - 1);
        if (rem > half || (rem == half && (r & 1u))) ++r;
    }
    const uint32_t code = (uint32_t(te - F::emin) << F::mbits) + r;
    if (!Sat && code > F::max_code) return fmt_inf_code<F>(sign);
    if constexpr (F::is_fnuz)
        if (code == 0) return 0u;
    return sign | code;
}

// ---- fp16 / bf16 -----------------------------------------------------------------------------
// (templates, so that the format code is instantiated only where a conversion is used)
template <typename F = fmt::fp16> OPUS_H_D constexpr float sw_fp16_to_fp32(uint16_t h) { return fmt_to_f32<F>(h); }
template <typename F = fmt::fp16> OPUS_H_D constexpr uint16_t sw_fp32_to_fp16(float x) { return uint16_t(f32_to_fmt<F, false>(x)); }

OPUS_H_D constexpr float sw_bf16_to_fp32(uint16_t b) { return bits_f32(uint32_t(b) << 16); }

// fp32 -> bf16 bits. Mode 0 (and 3): round to nearest even, NaN kept quiet; mode 1: truncate
// (the high 16 bits) with NaN kept quiet; mode 2: truncate (the high 16 bits).
template <int Mode>
OPUS_H_D constexpr uint16_t sw_fp32_to_bf16(float x) {
    static_assert(Mode >= 0 && Mode <= 3, "opus::fp32_to_bf16<Mode>: Mode must be 0, 1, 2 or 3");
    const uint32_t u = f32_bits(x);
    // NaN: x != x is one v_cmp_u_f32 on the GPU; -ffinite-math-only (-ffast-math) folds it to
    // false, so there the bits are tested (one more instruction), and NaN stays NaN either way
#if defined(__FINITE_MATH_ONLY__) && __FINITE_MATH_ONLY__
    const bool nan = (u & 0x7fffffffu) > 0x7f800000u;
#else
    const bool nan = x != x;
#endif
    if constexpr (Mode == 0 || Mode == 3) {
        // both results, then one select: branch-free (an early return for NaN became a
        // divergent branch per value on gfx9: aiter's bf16 MFMA test kernel took 352 instead
        // of 195 instructions)
        const uint32_t rne = u + 0x7fffu + ((u >> 16) & 1u), quiet = u | 0x400000u;
        return uint16_t((nan ? quiet : rne) >> 16);
    } else if constexpr (Mode == 1) {
        return uint16_t((u >> 16) | (nan ? 0x40u : 0u));
    } else {
        return uint16_t(u >> 16);
    }
}

// ---- e8m0 -------------------------------------------------------------------------------------
OPUS_H_D constexpr float sw_e8m0_to_fp32(uint8_t e) {
    if (e == 0xff) return bits_f32(0x7fc00000u);
    if (e == 0) return bits_f32(0x00400000u); // 2^-127
    return bits_f32(uint32_t(e) << 23);
}

} // namespace detail
} // namespace opus
