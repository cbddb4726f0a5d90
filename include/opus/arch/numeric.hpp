// opus/arch/numeric.hpp - numeric_limits<T> and finfo<T> for every opus dtype.
//
// numeric_limits<T>: min() (smallest positive normal for floats), max(), lowest(), epsilon(),
// denorm_min(), infinity(), quiet_NaN() (a NaN / the saturation value where the format has
// none), has_infinity, has_quiet_NaN, is_integer, is_signed, digits. Values are of type T
// (sub-byte types: the value's code in the low bits of `value`).
// finfo<T>: the same as plain doubles (max, min = smallest normal, lowest, eps, denorm_min) and
// bits. fp8_t / bf8_t follow the compile target's encoding (FNUZ on gfx942, OCP elsewhere).
#pragma once

#include "opus/arch/convert.hpp"

namespace opus {

namespace detail {
template <typename T, typename F = format_of_t<T>> struct float_limits {
    static constexpr bool is_specialized = true, is_integer = false, is_signed = true;
    static constexpr bool has_infinity = F::is_ieee;
    static constexpr bool has_quiet_NaN = !F::is_none;
    static constexpr int digits = F::mbits + 1;
    static constexpr uint32_t min_code = 1u << F::mbits;
    static constexpr uint32_t eps_code = F::bias > F::mbits ? uint32_t(F::bias - F::mbits) << F::mbits : 1u << (F::bias - 1); // 2^-mbits
    static constexpr uint32_t inf_code = has_infinity ? (((1u << F::ebits) - 1u) << F::mbits) : F::max_code;
    static constexpr uint32_t nan_code = F::is_ieee ? (((1u << F::ebits) - 1u) << F::mbits) | (1u << (F::mbits - 1))
                                       : F::is_fn   ? F::mag_mask
                                       : F::is_fnuz ? F::sign_mask
                                                    : F::max_code;
    OPUS_H_D static constexpr T make(uint32_t c) {
        if constexpr (is_same_v<T, fp32_t>) return __builtin_bit_cast(float, c);
        else if constexpr (__is_class(T)) return T{uint8_t(c)};
        else if constexpr (sizeof(T) == 1) return __builtin_bit_cast(T, uint8_t(c));
        else return __builtin_bit_cast(T, uint16_t(c));
    }
    OPUS_H_D static constexpr T min() { return make(min_code); }
    OPUS_H_D static constexpr T max() { return make(F::max_code); }
    OPUS_H_D static constexpr T lowest() { return make(F::max_code | F::sign_mask); }
    OPUS_H_D static constexpr T epsilon() { return make(eps_code); }
    OPUS_H_D static constexpr T denorm_min() { return make(1u); }
    OPUS_H_D static constexpr T infinity() { return make(inf_code); }
    OPUS_H_D static constexpr T quiet_NaN() { return make(nan_code); }
};
template <typename T> struct int_limits {
    static constexpr bool is_specialized = true, is_integer = true, is_signed = T(-1) < T(0);
    static constexpr bool has_infinity = false, has_quiet_NaN = false;
    static constexpr int digits = int(sizeof(T) * 8) - (is_signed ? 1 : 0);
    OPUS_H_D static constexpr T max() { return is_signed ? T((uint64_t(1) << digits) - 1) : T(~T(0)); }
    OPUS_H_D static constexpr T min() { return is_signed ? T(-max() - 1) : T(0); }
    OPUS_H_D static constexpr T lowest() { return min(); }
    OPUS_H_D static constexpr T epsilon() { return T(0); }
    OPUS_H_D static constexpr T denorm_min() { return T(0); }
    OPUS_H_D static constexpr T infinity() { return T(0); }
    OPUS_H_D static constexpr T quiet_NaN() { return T(0); }
};
} // namespace detail

template <typename T> struct numeric_limits { static constexpr bool is_specialized = false; };
template <> struct numeric_limits<fp32_t> : detail::float_limits<fp32_t> {};
template <> struct numeric_limits<fp16_t> : detail::float_limits<fp16_t> {};
template <> struct numeric_limits<bf16_t> : detail::float_limits<bf16_t> {};
template <> struct numeric_limits<fp8_t> : detail::float_limits<fp8_t> {};
template <> struct numeric_limits<bf8_t> : detail::float_limits<bf8_t> {};
template <> struct numeric_limits<fp8_e4m3fnuz_t> : detail::float_limits<fp8_e4m3fnuz_t> {};
template <> struct numeric_limits<bf8_e5m2fnuz_t> : detail::float_limits<bf8_e5m2fnuz_t> {};
template <> struct numeric_limits<fp8_e4m3fn_t> : detail::float_limits<fp8_e4m3fn_t> {};
template <> struct numeric_limits<bf8_e5m2_t> : detail::float_limits<bf8_e5m2_t> {};
template <> struct numeric_limits<fp4_t> : detail::float_limits<fp4_t> {};
template <> struct numeric_limits<i32_t> : detail::int_limits<i32_t> {};
template <> struct numeric_limits<u32_t> : detail::int_limits<u32_t> {};
template <> struct numeric_limits<i16_t> : detail::int_limits<i16_t> {};
template <> struct numeric_limits<u16_t> : detail::int_limits<u16_t> {};
template <> struct numeric_limits<i8_t> : detail::int_limits<i8_t> {};
template <> struct numeric_limits<u8_t> : detail::int_limits<u8_t> {};
// int4 / uint4 (the 4-bit code), e8m0 (2^-127 .. 2^127, NaN = 0xff)
template <> struct numeric_limits<int4_t> {
    static constexpr bool is_specialized = true, is_integer = true, is_signed = true, has_infinity = false, has_quiet_NaN = false;
    static constexpr int digits = 3;
    OPUS_H_D static constexpr int4_t max() { return {0x7}; }
    OPUS_H_D static constexpr int4_t min() { return {0x8}; }
    OPUS_H_D static constexpr int4_t lowest() { return {0x8}; }
};
template <> struct numeric_limits<uint4_t> {
    static constexpr bool is_specialized = true, is_integer = true, is_signed = false, has_infinity = false, has_quiet_NaN = false;
    static constexpr int digits = 4;
    OPUS_H_D static constexpr uint4_t max() { return {0xf}; }
    OPUS_H_D static constexpr uint4_t min() { return {0x00}; }
    OPUS_H_D static constexpr uint4_t lowest() { return {0x00}; }
};
template <> struct numeric_limits<e8m0_t> {
    static constexpr bool is_specialized = true, is_integer = false, is_signed = false, has_infinity = false, has_quiet_NaN = true;
    static constexpr int digits = 1;
    OPUS_H_D static constexpr e8m0_t max() { return {0xfe}; }
    OPUS_H_D static constexpr e8m0_t min() { return {0x00}; }
    OPUS_H_D static constexpr e8m0_t lowest() { return {0x00}; }
    OPUS_H_D static constexpr e8m0_t epsilon() { return {0x7f}; } // 2^0: next value is 2x
    OPUS_H_D static constexpr e8m0_t quiet_NaN() { return {0xff}; }
};

// finfo<T>: limits as doubles, for every dtype.
template <typename T, typename = void> struct finfo;
template <typename T> struct finfo<T, enable_if_t<!is_same_v<format_of_t<T>, void>>> {
    using F = format_of_t<T>;
    using L = detail::float_limits<T>;
    static constexpr double max = double(detail::fmt_to_f32<F>(F::max_code));
    static constexpr double min = double(detail::fmt_to_f32<F>(L::min_code));
    static constexpr double lowest = -max;
    static constexpr double eps = double(detail::fmt_to_f32<F>(L::eps_code));
    static constexpr double denorm_min = double(detail::fmt_to_f32<F>(1u));
    static constexpr int bits = F::bits;
};
template <typename T> struct finfo<T, enable_if_t<detail::int_limits<T>::is_specialized && is_dtype_v<T> && is_same_v<format_of_t<T>, void> && !__is_class(T)>> {
    static constexpr double max = double(detail::int_limits<T>::max());
    static constexpr double min = double(detail::int_limits<T>::min());
    static constexpr double lowest = min;
    static constexpr double eps = 1.0;
    static constexpr double denorm_min = 1.0;
    static constexpr int bits = int(sizeof(T) * 8);
};
template <> struct finfo<int4_t> { static constexpr double max = 7, min = -8, lowest = -8, eps = 1, denorm_min = 1; static constexpr int bits = 4; };
template <> struct finfo<uint4_t> { static constexpr double max = 15, min = 0, lowest = 0, eps = 1, denorm_min = 1; static constexpr int bits = 4; };
template <> struct finfo<e8m0_t> {
    static constexpr double max = 1.7014118346046923e38, min = 5.877471754111438e-39, lowest = min, eps = 1.0, denorm_min = min;
    static constexpr int bits = 8;
};

} // namespace opus
