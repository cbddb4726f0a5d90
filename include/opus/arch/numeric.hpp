// SPDX-License-Identifier: MIT
// opus/arch/numeric.hpp - numeric_limits<T> and finfo<T> for every opus dtype.
//
// numeric_limits<T>: min() (smallest positive normal for floats), max(), lowest(), epsilon(),
// denorm_min(), infinity() (T{} = 0 where the format has none, as std::numeric_limits),
// quiet_NaN() / quiet_nan() (a NaN; the saturation value where the format has none),
// has_infinity, has_quiet_NaN, is_integer, is_signed, digits. Values are of type T, the
// original dtype (sub-byte types: the value's code in the low bits of `value`). The NaN encodings are the ones
// PyTorch produces for float('nan'): the top mantissa bit for fp32/fp16/bf16, all ones for
// e5m2 (0x7f) and e4m3fn (0x7f), 0x80 for the FNUZ formats.
// finfo<T> (torch.finfo semantics), every value a float computed at compile time:
//   eps()   distance from 1.0 to the next value, max() largest finite value,
//   min()   most negative finite value (-max(); 2^-127 for the unsigned e8m0),
//   tiny() / smallest_normal()  smallest positive normal, denorm_min(), and int `bits`.
//   Integers: max(), min(), bits (eps() = tiny() = denorm_min() = 1).
//   One deliberate quirk: finfo<e5m2fnuz>::eps() is 0.125, what torch.finfo reports for
//   float8_e5m2fnuz (its spacing at 1.0 is really 0.25; numeric_limits::epsilon() says so).
// fp8_t / bf8_t follow the compile target's encoding (FNUZ on gfx942, OCP elsewhere).
#pragma once

#include "convert.hpp"

OPUS_NAMESPACE_BEGIN

namespace detail {
template <typename T, typename F = format_of_t<T>> struct float_limits {
    static constexpr bool is_specialized = true, is_integer = false, is_signed = true;
    static constexpr bool has_infinity = F::is_ieee;
    static constexpr bool has_quiet_NaN = !F::is_none;
    static constexpr int digits = F::mbits + 1;
    static constexpr uint32_t min_code = 1u << F::mbits;
    static constexpr uint32_t eps_code = F::bias > F::mbits ? uint32_t(F::bias - F::mbits) << F::mbits : 1u << (F::bias - 1); // 2^-mbits
    static constexpr uint32_t inf_code = has_infinity ? fmt_inf_code<F>(0u) : 0u;
    // the NaN of fmt_nan_code with the mantissa payload all ones for e5m2 (its 0x7f), none else
    static constexpr uint32_t nan_code = fmt_nan_code<F>(0u, F::mbits <= 2 ? 0x7fffffu : 0u);
    OPUS_H_D static constexpr T min() { return from_bits<T>(min_code); }
    OPUS_H_D static constexpr T max() { return from_bits<T>(F::max_code); }
    OPUS_H_D static constexpr T lowest() { return from_bits<T>(F::max_code | F::sign_mask); }
    OPUS_H_D static constexpr T epsilon() { return from_bits<T>(eps_code); }
    OPUS_H_D static constexpr T denorm_min() { return from_bits<T>(1u); }
    OPUS_H_D static constexpr T infinity() { return from_bits<T>(inf_code); }
    OPUS_H_D static constexpr T quiet_NaN() { return from_bits<T>(nan_code); }
    OPUS_H_D static constexpr T quiet_nan() { return quiet_NaN(); }
};
template <typename T> struct int_limits {
    static constexpr bool is_specialized = true, is_integer = true, is_signed = T(-1) < T(0);
    static constexpr bool has_infinity = false, has_quiet_NaN = false;
    static constexpr int digits = int(sizeof(T) * 8) - (is_signed ? 1 : 0);
    OPUS_H_D static constexpr T max() { return T(~0ull >> (64 - digits)); }  // `digits` one bits
    OPUS_H_D static constexpr T min() { return is_signed ? T(-max() - 1) : T(0); }
    OPUS_H_D static constexpr T lowest() { return min(); }
    OPUS_H_D static constexpr T epsilon() { return T(0); }
    OPUS_H_D static constexpr T denorm_min() { return T(0); }
    OPUS_H_D static constexpr T infinity() { return T(0); }
    OPUS_H_D static constexpr T quiet_NaN() { return T(0); }
    OPUS_H_D static constexpr T quiet_nan() { return T(0); }
};
} // namespace detail

// The primary template picks float_limits (the types with a format_of), int_limits or
// subint_limits for the registered types: one conditional instead of explicit
// specializations (as finfo's below: cheaper to parse in every TU); nothing is instantiated
// until a numeric_limits<T> is used.
namespace detail {
template <typename T> struct no_limits { static constexpr bool is_specialized = false; };
// int4_t / uint4_t: values are 4-bit codes (int4: 0x7 = 7, 0x8 = -8)
template <typename T> inline constexpr bool is_subint_v = is_any_of_v<T, int4_t, uint4_t>;
template <typename T> struct subint_limits {
    static constexpr bool is_specialized = true, is_integer = true, is_signed = T::is_signed;
    static constexpr bool has_infinity = false, has_quiet_NaN = false;
    static constexpr int digits = int(T::bits) - (T::is_signed ? 1 : 0);
    static constexpr unsigned int max_code = T::is_signed ? T::mask >> 1 : T::mask;
    OPUS_H_D static constexpr T max() { return {static_cast<unsigned char>(max_code)}; }
    OPUS_H_D static constexpr T min() { return {static_cast<unsigned char>(T::is_signed ? max_code + 1 : 0)}; }
    OPUS_H_D static constexpr T lowest() { return min(); }
};
} // namespace detail
template <typename T>
struct numeric_limits
    : conditional_t<!is_same_v<format_of_t<T>, void>, detail::float_limits<T>,
                    conditional_t<detail::is_int_dtype_v<T>, detail::int_limits<T>,
                                  conditional_t<detail::is_subint_v<T>, detail::subint_limits<T>,
                                                detail::no_limits<T>>>> {};
// e8m0 (2^-127 .. 2^127, NaN = 0xff)
template <> struct numeric_limits<e8m0_t> {
    static constexpr bool is_specialized = true, is_integer = false, is_signed = false, has_infinity = false, has_quiet_NaN = true;
    static constexpr int digits = 1;
    OPUS_H_D static constexpr e8m0_t max() { return {0xfe}; }
    OPUS_H_D static constexpr e8m0_t min() { return {0x00}; }
    OPUS_H_D static constexpr e8m0_t lowest() { return {0x00}; }
    OPUS_H_D static constexpr e8m0_t epsilon() { return {0x7f}; } // 2^0: next value is 2x
    OPUS_H_D static constexpr e8m0_t quiet_NaN() { return {0xff}; }
    OPUS_H_D static constexpr e8m0_t quiet_nan() { return {0xff}; }
};

// finfo<T>: torch.finfo's values as floats (see the top of this file). The fp32 bit patterns
// are formed directly from the format's parameters (every value is a power of two but max(),
// a normal code): evaluating the decoder fmt_to_f32 in constant expressions would cost the
// front end far more per format than the reference's hand-written constants.
namespace detail {
// 2^k as fp32 bits, k >= -149 (fp32 subnormals below 2^-126)
OPUS_H_D constexpr uint32_t f32_pow2_bits(int k) { return k >= -126 ? uint32_t(k + 127) << 23 : 1u << (k + 149); }
template <typename T, typename F = format_of_t<T>> struct float_finfo {
    static constexpr int bits = F::bits;
    // torch.finfo(float8_e5m2fnuz).eps is 2^-3 (see above); every other format: 2^-mbits
    static constexpr uint32_t eps_bits = f32_pow2_bits(is_same_v<F, fmt::e5m2fnuz> ? -3 : -F::mbits);
    static constexpr uint32_t max_bits =  // max_code is a normal code
        fmt_normal_f32_bits<F>(F::max_code >> F::mbits, F::max_code & ((1u << F::mbits) - 1u));
    // (bits_f32 takes the value: reading the members as lvalues made them device globals
    // loaded at run time, arch_finfo_constants.hip)
    OPUS_H_D static constexpr float eps() { return bits_f32(eps_bits); }
    OPUS_H_D static constexpr float max() { return bits_f32(max_bits); }
    OPUS_H_D static constexpr float min() { return bits_f32(max_bits | 0x80000000u); }
    OPUS_H_D static constexpr float lowest() { return min(); }
    OPUS_H_D static constexpr float tiny() { return bits_f32(f32_pow2_bits(F::emin)); }
    OPUS_H_D static constexpr float smallest_normal() { return tiny(); }
    OPUS_H_D static constexpr float denorm_min() { return bits_f32(f32_pow2_bits(F::emin - F::mbits)); }
};
// integers and int4_t / uint4_t, from their numeric_limits L (max(): `digits` one bits)
template <typename L> struct int_finfo {
    static constexpr int bits = L::digits + L::is_signed;
    OPUS_H_D static constexpr float max() { return float(~0ull >> (64 - L::digits)); }
    OPUS_H_D static constexpr float min() { return L::is_signed ? -max() - 1.0f : 0.0f; }
    OPUS_H_D static constexpr float lowest() { return min(); }
    OPUS_H_D static constexpr float eps() { return 1.0f; }
    OPUS_H_D static constexpr float tiny() { return 1.0f; }
    OPUS_H_D static constexpr float smallest_normal() { return 1.0f; }
    OPUS_H_D static constexpr float denorm_min() { return 1.0f; }
};
template <typename T> struct no_finfo {
    static_assert(!is_same_v<T, T>, "opus::finfo<T>: T is not an opus dtype; finfo covers fp32_t, fp16_t, bf16_t, "
                                     "fp8/bf8 (every encoding), fp4_t, e8m0_t, int4_t, uint4_t and the integer dtypes");
};
} // namespace detail

// One conditional instead of partial specializations (as numeric_limits above).
template <typename T>
struct finfo : conditional_t<!is_same_v<format_of_t<T>, void>, detail::float_finfo<T>,
                             conditional_t<detail::is_subint_v<T>, detail::int_finfo<detail::subint_limits<T>>,
                                           conditional_t<is_dtype_v<T> && !__is_class(T), detail::int_finfo<detail::int_limits<T>>,
                                                         detail::no_finfo<T>>>> {};
// e8m0: 2^(e-127) for e = 0..254; unsigned, so min() is the smallest value, not -max().
template <> struct finfo<e8m0_t> {
    static constexpr int bits = 8;
    OPUS_H_D static constexpr float eps() { return 1.0f; }
    OPUS_H_D static constexpr float max() { return detail::bits_f32(detail::f32_pow2_bits(127)); }
    OPUS_H_D static constexpr float min() { return detail::bits_f32(detail::f32_pow2_bits(-127)); }
    OPUS_H_D static constexpr float lowest() { return min(); }
    OPUS_H_D static constexpr float tiny() { return min(); }
    OPUS_H_D static constexpr float smallest_normal() { return min(); }
    OPUS_H_D static constexpr float denorm_min() { return min(); }
};

OPUS_NAMESPACE_END
