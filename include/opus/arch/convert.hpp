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

#include "dtype.hpp"

// 1: fp32 -> fp8/bf8 casts saturate finite values to the largest finite value (see above).
#ifndef OPUS_FP8_SATURATE
#define OPUS_FP8_SATURATE 0
#endif
#if (OPUS_FP8_SATURATE != 0) != OPUS_DETAIL_CFG_FP8_SATURATE
#error "opus: OPUS_FP8_SATURATE was defined after the first opus header: define it before (it is part of the configuration tag, opus/core/config.hpp)"
#endif

OPUS_NAMESPACE_BEGIN
namespace detail {

// the integer dtypes (casts, numeric_limits)
template <typename T> inline constexpr bool is_int_dtype_v = is_any_of_v<T, i32_t, u32_t, i16_t, u16_t, i8_t, u8_t>;

// The raw bits of a dtype value (1-byte formats that are structs: their byte), and back.
template <typename T> OPUS_H_D constexpr uint32_t raw_bits(const T& v) {
    if constexpr (__is_class(T)) return v.data;
    else if constexpr (sizeof(T) == 1) return __builtin_bit_cast(uint8_t, v);
    else if constexpr (sizeof(T) == 2) return __builtin_bit_cast(uint16_t, v);
    else return __builtin_bit_cast(uint32_t, v);
}
template <typename T> OPUS_H_D constexpr T from_bits(uint32_t b) {
    if constexpr (__is_class(T)) return T{uint8_t(b)};
    else if constexpr (sizeof(T) == 1) return __builtin_bit_cast(T, uint8_t(b));
    else if constexpr (sizeof(T) == 2) return __builtin_bit_cast(T, uint16_t(b));
    else return __builtin_bit_cast(T, b);
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
// (ieee formats: a quiet NaN with the leading payload bits of the fp32 mantissa; the others
// encode Inf and NaN alike)
template <typename F>
OPUS_H_D constexpr uint32_t fmt_nan_code(uint32_t sign, uint32_t f32_mantissa) {
    if constexpr (F::is_ieee) return fmt_inf_code<F>(sign) | (1u << (F::mbits - 1)) | (f32_mantissa >> (23 - F::mbits));
    else return fmt_inf_code<F>(sign);
}

// fp32 bits of a normal value of format F with exponent field e and mantissa field f (no
// sign): rebias the exponent, align the mantissa. (fmt_to_f32 below; finfo<T>::max())
template <typename F> OPUS_H_D constexpr uint32_t fmt_normal_f32_bits(uint32_t e, uint32_t f) {
    return ((e + 127u - F::bias) << 23) | (f << (23 - F::mbits));
}

// Decode: format code -> fp32 (exact for every format opus has). Branch-free: the normal and
// the subnormal value are both formed and one is selected (early returns would be divergent
// branches on targets that decode in software: gfx90a, gfx11).
template <typename F>
OPUS_H_D constexpr float fmt_to_f32(uint32_t code) {
    constexpr uint32_t fmask = (1u << F::mbits) - 1u;
    constexpr uint32_t eall = (1u << F::ebits) - 1u;
    const uint32_t sign = (code & F::sign_mask) ? 0x80000000u : 0u;
    const uint32_t mag = code & F::mag_mask;
    const uint32_t e = mag >> F::mbits, f = mag & fmask;
    const uint32_t normal = sign | fmt_normal_f32_bits<F>(e, f);
    // subnormal: f * 2^(emin - mbits), exact in fp32 (fp32 / bf16: the fp32 subnormal bits)
    uint32_t sub = 0;
    if constexpr (127 + F::emin - F::mbits > 0) {
        constexpr float quantum = __builtin_bit_cast(float, uint32_t(127 + F::emin - F::mbits) << 23);
        sub = sign | f32_bits(float(f) * quantum);
    } else {
        sub = sign | (f << (23 - F::mbits));
    }
    uint32_t r = e != 0 ? normal : sub;
    if constexpr (F::is_fnuz) {
        r = code == F::sign_mask ? 0xffc00000u : r;
    } else if constexpr (F::is_fn) {
        r = mag == F::mag_mask ? (sign | 0x7fc00000u) : r;
    } else if constexpr (F::is_ieee) {
        r = e == eall ? (sign | 0x7f800000u | (f ? (0x400000u | (f << (23 - F::mbits))) : 0u)) : r;
    }
    return bits_f32(r);
}

// Encode: fp32 -> format code, round to nearest even. Sat: finite values beyond the largest
// finite value give it (fp8/fp4); !Sat: IEEE overflow to Inf (fp16).
// Branch-free (on the targets without conversion instructions - gfx90a and gfx11 for fp8,
// every target but gfx950 for fp4 - a shift-and-compare form takes a divergent branch per
// value and several times the instructions; test/codegen/arch/arch_sw_convert_branch_free.hip).
// Both candidate codes are formed and one is selected:
//   * normal range: round to mbits mantissa bits on the integer bits (add half an ulp minus
//     one plus the kept bit, shift), then rebias the exponent; a carry into the exponent is
//     the correct next code;
//   * subnormal range (|x| < 2^emin): |x| + 2^(emin - mbits + 23) has an ulp of one
//     subnormal step, so the fp32 addition rounds to nearest even and the difference of the
//     bits is the code (2^mbits when it rounds up to the smallest normal, also correct).
template <typename F, bool Sat = true>
OPUS_H_D constexpr uint32_t f32_to_fmt(float x) {
    constexpr int M = F::mbits;
    const uint32_t u = f32_bits(x);
    const uint32_t sign = (u >> 31) ? F::sign_mask : 0u;
    const uint32_t a = u & 0x7fffffffu;
    const uint32_t rn = (a + ((1u << (22 - M)) - 1u) + ((a >> (23 - M)) & 1u)) >> (23 - M);
    const uint32_t normal = rn - (uint32_t(127 - F::bias) << M);
    constexpr uint32_t magic_bits = uint32_t(127 + F::emin - M + 23) << 23;
    constexpr uint32_t min_normal_bits = uint32_t(127 + F::emin) << 23;
    // (the addend is capped below Inf/NaN: a constant evaluation may not produce either)
    const uint32_t sub = f32_bits(bits_f32(a < min_normal_bits ? a : min_normal_bits) + bits_f32(magic_bits)) - magic_bits;
    const uint32_t code = a < min_normal_bits ? sub : normal;
    uint32_t r = sign | code;
    if constexpr (!Sat) r = code > F::max_code ? fmt_inf_code<F>(sign) : r;
    if constexpr (F::is_fnuz) r = code == 0 ? 0u : r;
    constexpr uint32_t max_bits = f32_bits(fmt_to_f32<F>(F::max_code));
    if constexpr (Sat) r = a >= max_bits ? (sign | F::max_code) : r;
    // Inf and NaN (a format without them saturates both, which the select above already did)
    if constexpr (!(Sat && F::is_none)) {
        r = a == 0x7f800000u ? fmt_inf_code<F>(sign) : r;
        r = a > 0x7f800000u ? fmt_nan_code<F>(sign, u & 0x7fffffu) : r;
    }
    return r;
}

// ---- fp16 / bf16 -----------------------------------------------------------------------------
// (templates, so that the format code is instantiated only where a conversion is used; fp16:
// the host pass's, a device pass converts with the compiler's fp16 type)
#if !OPUS_DEVICE_PASS
template <typename F = fmt::fp16> OPUS_H_D constexpr float sw_fp16_to_fp32(uint16_t h) { return fmt_to_f32<F>(h); }
template <typename F = fmt::fp16> OPUS_H_D constexpr uint16_t sw_fp32_to_fp16(float x) { return uint16_t(f32_to_fmt<F, false>(x)); }
#endif

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
        // both results, then one select: branch-free (an early return for NaN would be a
        // divergent branch per value on gfx9; test/codegen/arch/arch_bf16_rne_branch_free.hip)
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
OPUS_NAMESPACE_END
