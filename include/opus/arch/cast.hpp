// opus/arch/cast.hpp - conversions between dtypes.
//
//   fp16_to_fp32(h)  fp32_to_fp16(f)  bf16_to_fp32(b)  fp32_to_bf16<Mode = OPUS_FP32_to_BF16_DEFAULT>(f)
//   fp32_to_bf16(f, number<Mode>{})
//   cast<D>(x)         x: scalar, vector_t<S, N>, packed_vector<P, N>, array<S, N> or tuple<...>
//   cast<bf16_t>(x, number<Mode>{})    fp32 (scalar or container) -> bf16 with a rounding mode
//   cast<fp4_t>(fp32 vector, scale)    cast<fp32_t>(fp4 packed vector, scale)   (x / scale, x * scale)
//
// Device passes use the conversion instructions of the target where they exist (packed
// fp8/bf8 pairs on gfx942/gfx950/gfx12, scaled fp4 and bf16 on gfx950); everything else uses
// the bit-level software conversions of convert.hpp, which are also the host path. A cast
// between types opus cannot convert is a static_assert naming both types and the target.
//
// fp32_to_bf16 modes: 0 round to nearest even; 1 truncate keeping NaN quiet; 2 truncate;
// 3 round to nearest even through inline assembly (gfx9). On targets with a native conversion
// (OPUS_BF16_CVT_IGNORES_MODE: gfx950's v_cvt_pk_bf16_f32, and gfx12 with clang >= 20, where
// the compiler's own conversion is used) every mode rounds to nearest even, as the guide and
// the reference header specify, and the default mode there is 0; elsewhere (and on the host)
// the default is 2 and each mode means what it says.
// Float to integer (cast<i8_t>(f), cast<i32_t>(f), ...): v_cvt_i32_f32's (v_cvt_u32_f32's for
// u32) result - truncation toward zero, saturated to the 32-bit range, NaN -> 0 - and for 8-
// and 16-bit types its low bits, on host and device alike (the reference's static_cast is
// undefined out of range; on the GPU it does exactly this, at the same cost: one instruction).
#pragma once

#include "opus/arch/convert.hpp"
#include "opus/core/array.hpp"
#include "opus/core/static_for.hpp"
#include "opus/core/tuple.hpp"
#include "opus/core/vector.hpp"

#ifndef OPUS_FP32_to_BF16_DEFAULT
#if OPUS_BF16_CVT_IGNORES_MODE
#define OPUS_FP32_to_BF16_DEFAULT 0
#else
#define OPUS_FP32_to_BF16_DEFAULT 2
#endif
#endif

// Wide vectors are passed by value between inline functions; the host ABI note about AVX
// registers does not apply to them.
#if defined(__clang__)
#pragma clang diagnostic push
#pragma clang diagnostic ignored "-Wpsabi"
#elif defined(__GNUC__)
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wpsabi"
#endif

namespace opus {
namespace detail {

template <typename... T> inline constexpr bool always_false = false;

template <typename T> inline constexpr bool is_int_dtype_v =
    is_same_v<T, i32_t> || is_same_v<T, u32_t> || is_same_v<T, i16_t> || is_same_v<T, u16_t> ||
    is_same_v<T, i8_t> || is_same_v<T, u8_t>;
template <typename T> inline constexpr bool is_fp8_like_v = !is_same_v<format_of_t<T>, void> && sizeof(T) == 1 && !is_packs_v<T>;
template <typename T> inline constexpr bool is_float_dtype_v =
    is_same_v<T, fp32_t> || is_same_v<T, fp16_t> || is_same_v<T, bf16_t> || is_fp8_like_v<T>;

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

// Which fp8 format the conversion instructions of this pass implement (void: none).
#if OPUS_DEVICE_PASS && OPUS_HAS_FP8_CVT
using hw_fp8_fmt = format_of_t<fp8_t>;
using hw_bf8_fmt = format_of_t<bf8_t>;
#else
using hw_fp8_fmt = void;
using hw_bf8_fmt = void;
#endif
template <typename T> inline constexpr int hw_fp8_kind = // 1: fp8 instructions, 2: bf8 instructions, 0: software
    is_same_v<format_of_t<T>, hw_fp8_fmt> ? 1 : is_same_v<format_of_t<T>, hw_bf8_fmt> ? 2 : 0;

#if OPUS_DEVICE_PASS
// Saturation as the AMD libraries do it: clamp finite values into range with v_med3, let
// Inf/NaN reach the convert unchanged.
template <typename F> OPUS_D float hw_saturate(float x) {
#if OPUS_FP8_SATURATE
    constexpr float mx = fmt_to_f32<F>(F::max_code);
    return __builtin_isfinite(x) ? __builtin_amdgcn_fmed3f(x, mx, -mx) : x;
#else
    return x; // the conversion instruction's own overflow behaviour (see convert.hpp)
#endif
}
#endif

// ---- scalar <-> fp32 ------------------------------------------------------------------------
template <typename T> OPUS_H_D constexpr float to_f32(const T& v) {
    if constexpr (is_same_v<T, fp32_t>) return v;
    else if constexpr (is_same_v<T, fp16_t>) {
#if OPUS_DEVICE_PASS
        return static_cast<float>(v);
#else
        return sw_fp16_to_fp32(raw_bits(v));
#endif
    } else if constexpr (is_same_v<T, bf16_t>) return sw_bf16_to_fp32(uint16_t(raw_bits(v)));
    else if constexpr (is_same_v<T, e8m0_t>) return sw_e8m0_to_fp32(v.data);
    else if constexpr (is_fp8_like_v<T>) {
#if OPUS_DEVICE_PASS && OPUS_HAS_FP8_CVT
        if constexpr (hw_fp8_kind<T> == 1) return __builtin_amdgcn_cvt_f32_fp8(int(raw_bits(v)), 0);
        else if constexpr (hw_fp8_kind<T> == 2) return __builtin_amdgcn_cvt_f32_bf8(int(raw_bits(v)), 0);
        else
#endif
            return fmt_to_f32<format_of_t<T>>(raw_bits(v));
    } else {
        static_assert(always_false<T>, "opus::cast: no conversion from this type to fp32");
        return 0.f;
    }
}

template <int BF16Mode> OPUS_H_D bf16_t f32_to_bf16(float x);

template <typename D, int BF16Mode = OPUS_FP32_to_BF16_DEFAULT> OPUS_H_D constexpr D from_f32(float x) {
    if constexpr (is_same_v<D, fp32_t>) return x;
    else if constexpr (is_same_v<D, fp16_t>) {
#if OPUS_DEVICE_PASS
        return static_cast<fp16_t>(x);
#else
        return from_bits<fp16_t>(sw_fp32_to_fp16(x));
#endif
    } else if constexpr (is_same_v<D, bf16_t>) return f32_to_bf16<BF16Mode>(x);
    else if constexpr (is_fp8_like_v<D>) {
#if OPUS_DEVICE_PASS && OPUS_HAS_FP8_CVT
        if constexpr (hw_fp8_kind<D> != 0) {
            const float c = hw_saturate<format_of_t<D>>(x);
            // only the low byte is used: the other source is an inline 0 and the old value (the
            // instruction keeps its other half) is x's own register, so nothing is set up
            const int old = __builtin_bit_cast(int, c);
            int r = 0;
            if constexpr (hw_fp8_kind<D> == 1) r = __builtin_amdgcn_cvt_pk_fp8_f32(c, 0.0f, old, false);
            else r = __builtin_amdgcn_cvt_pk_bf8_f32(c, 0.0f, old, false);
            return from_bits<D>(uint32_t(r) & 0xffu);
        } else
#endif
            return from_bits<D>(f32_to_fmt<format_of_t<D>, OPUS_FP8_SATURATE != 0>(x));
    } else {
        static_assert(always_false<D>, "opus::cast: no conversion from fp32 to this type");
        return D{};
    }
}

template <int Mode> OPUS_H_D bf16_t f32_to_bf16(float x) {
    static_assert(Mode >= 0 && Mode <= 3, "opus::fp32_to_bf16<Mode>: Mode must be 0, 1, 2 or 3");
#if OPUS_BF16_CVT_IGNORES_MODE
    return static_cast<bf16_t>(x);
#elif OPUS_DEVICE_PASS && OPUS_GFX9
    if constexpr (Mode == 3) {
        uint32_t r, t, n;
        asm volatile("v_bfe_u32 %1, %3, 16, 1\n\t"
                     "v_add3_u32 %1, %3, %1, %4\n\t"
                     "v_or_b32 %2, 0x400000, %3\n\t"
                     "v_cmp_u_f32 vcc, %3, %3\n\t"
                     "v_cndmask_b32 %0, %1, %2, vcc\n\t"
                     "v_lshrrev_b32 %0, 16, %0"
                     : "=v"(r), "=&v"(t), "=&v"(n)
                     : "v"(x), "s"(0x7fffu)
                     : "vcc");
        return from_bits<bf16_t>(r);
    }
#endif
    return from_bits<bf16_t>(sw_fp32_to_bf16<Mode>(x));
}

// float -> integer: what v_cvt_i32_f32 / v_cvt_u32_f32 do (and the reference header's
// static_cast compiles to): truncate toward zero, saturate to the 32-bit range, NaN -> 0;
// 8- and 16-bit destinations take the low bits of the 32-bit signed result.
#if OPUS_DEVICE_PASS
// the instructions themselves (a plain static_cast would be undefined out of range, and LLVM
// does not fold the explicit clamps of the host path into them)
OPUS_D uint32_t hw_cvt_i32_f32(float x) { uint32_t r; asm("v_cvt_i32_f32 %0, %1" : "=v"(r) : "v"(x)); return r; }
OPUS_D uint32_t hw_cvt_u32_f32(float x) { uint32_t r; asm("v_cvt_u32_f32 %0, %1" : "=v"(r) : "v"(x)); return r; }
#endif
template <typename D> OPUS_H_D constexpr D f32_to_int(float x) {
    constexpr bool u32 = sizeof(D) == 4 && D(-1) > D(0);
#if OPUS_DEVICE_PASS
    if constexpr (u32) return static_cast<D>(hw_cvt_u32_f32(x));
    else return static_cast<D>(hw_cvt_i32_f32(x));
#else
    if (!(x == x)) return D(0);
    if constexpr (u32) {
        if (x >= 4294967296.0f) return D(0xffffffffu);
        if (x <= 0.0f) return D(0);
        return static_cast<D>(x);
    } else {
        int32_t v = 0;
        if (x >= 2147483648.0f) v = 2147483647;
        else if (x <= -2147483648.0f) v = -2147483647 - 1;
        else v = static_cast<int32_t>(x);
        return static_cast<D>(static_cast<uint32_t>(v)); // low bits (modular) for narrow D
    }
#endif
}

template <typename D, typename S> OPUS_H_D constexpr D cast_scalar(const S& s) {
    if constexpr (is_same_v<D, S>) return s;
    else if constexpr (is_int_dtype_v<D> && is_int_dtype_v<S>) return static_cast<D>(s);
    else if constexpr (is_float_dtype_v<D> && is_int_dtype_v<S>) return from_f32<D>(static_cast<float>(s));
    else if constexpr (is_int_dtype_v<D> && (is_float_dtype_v<S> || is_same_v<S, e8m0_t>)) return f32_to_int<D>(to_f32(s));
    else if constexpr (is_float_dtype_v<D> && (is_float_dtype_v<S> || is_same_v<S, e8m0_t>))
        return from_f32<D>(to_f32(s));
    else {
        static_assert(always_false<D, S>,
                      "opus::cast<D>(S): unsupported conversion on target " OPUS_TARGET_NAME
                      "; supported: between fp32/fp16/bf16/fp8/bf8 (any family), integers to "
                      "integers or floats, floats to integers, e8m0 to floats or integers, "
                      "fp4/int4/uint4 packed vectors to floats");
        return D{};
    }
}

// ---- vectors --------------------------------------------------------------------------------
#if OPUS_DEVICE_PASS && OPUS_HAS_FP8_CVT
template <int Kind, index_t N, typename V> OPUS_D auto hw_pack_fp8(const V& v) {
    using F = conditional_t<Kind == 1, hw_fp8_fmt, hw_bf8_fmt>;
    constexpr index_t W = (N + 3) / 4;
    // The first pair written into a word (i even) takes an input's register as the old value
    // (its other half is overwritten by the next pair or never read), so no zeros are set up.
    vector_t<int, W> w{};
    static_for<N / 2>([&](auto ii) {
        constexpr index_t i = decltype(ii)::value;
        const float a = hw_saturate<F>(v[2 * i]), b = hw_saturate<F>(v[2 * i + 1]);
        int d = (i & 1) ? w[i / 2] : __builtin_bit_cast(int, a);
        if constexpr (Kind == 1) d = (i & 1) ? __builtin_amdgcn_cvt_pk_fp8_f32(a, b, d, true) : __builtin_amdgcn_cvt_pk_fp8_f32(a, b, d, false);
        else d = (i & 1) ? __builtin_amdgcn_cvt_pk_bf8_f32(a, b, d, true) : __builtin_amdgcn_cvt_pk_bf8_f32(a, b, d, false);
        w[i / 2] = d;
    });
    if constexpr (N % 2) {
        const float a = hw_saturate<F>(v[N - 1]);
        int d = (((N - 1) / 2) & 1) ? w[(N - 1) / 4] : __builtin_bit_cast(int, a);
        if constexpr (((N - 1) / 2) & 1) d = Kind == 1 ? __builtin_amdgcn_cvt_pk_fp8_f32(a, a, d, true) : __builtin_amdgcn_cvt_pk_bf8_f32(a, a, d, true);
        else d = Kind == 1 ? __builtin_amdgcn_cvt_pk_fp8_f32(a, a, d, false) : __builtin_amdgcn_cvt_pk_bf8_f32(a, a, d, false);
        w[(N - 1) / 4] = d;
    }
    return w;
}
template <int Kind, index_t N, typename W> OPUS_D vector_t<float, N> hw_unpack_fp8(const W& w) {
    vector_t<float, N> r;
    static_for<N / 2>([&](auto ii) {
        constexpr index_t i = decltype(ii)::value;
        const int s = w[i / 2];
        vector_t<float, 2> p;
        if constexpr (Kind == 1) p = (i & 1) ? __builtin_amdgcn_cvt_pk_f32_fp8(s, true) : __builtin_amdgcn_cvt_pk_f32_fp8(s, false);
        else p = (i & 1) ? __builtin_amdgcn_cvt_pk_f32_bf8(s, true) : __builtin_amdgcn_cvt_pk_f32_bf8(s, false);
        r[2 * i] = p[0];
        r[2 * i + 1] = p[1];
    });
    if constexpr (N % 2) {
        const int s = w[(N - 1) / 4];
        r[N - 1] = Kind == 1 ? __builtin_amdgcn_cvt_f32_fp8(s, (N - 1) % 4) : __builtin_amdgcn_cvt_f32_bf8(s, (N - 1) % 4);
    }
    return r;
}
#endif

template <typename D, int BF16Mode = OPUS_FP32_to_BF16_DEFAULT, typename V> OPUS_H_D constexpr auto cast_vector_elementwise(const V& v) {
    using S = typename vector_traits<V>::dtype;
    constexpr index_t N = vector_traits<V>::size;
    vector_t<D, N> r{};
    static_for<N>([&](auto ii) {
        constexpr index_t i = decltype(ii)::value;
        if constexpr (is_same_v<D, bf16_t> && is_same_v<S, fp32_t>) r[i] = f32_to_bf16<BF16Mode>(v[i]);
        else r[i] = cast_scalar<D>(static_cast<S>(v[i]));
    });
    return r;
}

template <typename D, int BF16Mode = OPUS_FP32_to_BF16_DEFAULT, typename V> OPUS_H_D auto cast_vector(const V& v) {
    using S = typename vector_traits<V>::dtype;
    constexpr index_t N = vector_traits<V>::size;
    static_assert(N > 0, "");
    if constexpr (is_same_v<D, S>) return v;
#if OPUS_DEVICE_PASS && OPUS_HAS_FP8_CVT
    else if constexpr (is_same_v<S, fp32_t> && is_fp8_like_v<D> && hw_fp8_kind<D> != 0) {
        const auto w = hw_pack_fp8<hw_fp8_kind<D>, N>(v);
        vector_t<D, N> r;
        __builtin_memcpy(&r, &w, sizeof(r));
        return r;
    } else if constexpr (is_same_v<D, fp32_t> && is_fp8_like_v<S> && hw_fp8_kind<S> != 0) {
        vector_t<int, (N + 3) / 4> w{};
        __builtin_memcpy(&w, &v, sizeof(v));
        return hw_unpack_fp8<hw_fp8_kind<S>, N>(w);
    }
#endif
#if OPUS_DEVICE_PASS
    else if constexpr ((is_same_v<S, fp32_t> && is_same_v<D, fp16_t>) || (is_same_v<S, fp16_t> && is_same_v<D, fp32_t>) ||
                         (is_int_dtype_v<S> && is_int_dtype_v<D>))
        return __builtin_convertvector(v, vector_t<D, N>);
#if OPUS_BF16_CVT_IGNORES_MODE
    else if constexpr (is_same_v<S, fp32_t> && is_same_v<D, bf16_t>)
        return __builtin_convertvector(v, vector_t<D, N>);
#endif
#endif
    else if constexpr (is_float_dtype_v<D> && is_float_dtype_v<S> && !is_same_v<S, fp32_t> && !is_same_v<D, fp32_t>)
        return cast_vector<D>(cast_vector<fp32_t>(v)); // two packed steps through fp32
    else
        return cast_vector_elementwise<D, BF16Mode>(v);
}

// ---- packed sub-byte vectors --------------------------------------------------------------------
template <index_t N, typename V> OPUS_H_D constexpr packed_vector<fp4_t, N> sw_pack_fp4(const V& v, float scale) {
    packed_vector<fp4_t, N> r{};
    static_for<N / 2>([&](auto ii) {
        constexpr index_t i = decltype(ii)::value;
        const uint32_t lo = f32_to_fmt<fmt::e2m1>(v[2 * i] / scale);
        const uint32_t hi = f32_to_fmt<fmt::e2m1>(v[2 * i + 1] / scale);
        r.data[i] = uint8_t(lo | (hi << 4));
    });
    return r;
}
template <index_t N> OPUS_H_D constexpr vector_t<float, N> sw_unpack_fp4(const packed_vector<fp4_t, N>& p, float scale) {
    vector_t<float, N> r{};
    static_for<N / 2>([&](auto ii) {
        constexpr index_t i = decltype(ii)::value;
        const uint32_t b = uint8_t(p.data[i]);
        r[2 * i] = fmt_to_f32<fmt::e2m1>(b & 0xfu) * scale;
        r[2 * i + 1] = fmt_to_f32<fmt::e2m1>(b >> 4) * scale;
    });
    return r;
}

#if OPUS_DEVICE_PASS && OPUS_HAS_FP4_CVT
template <index_t N, typename V> OPUS_D packed_vector<fp4_t, N> hw_pack_fp4(const V& v, float scale) {
    constexpr index_t W = (N + 7) / 8;
    vector_t<unsigned, W> w{};
    static_for<N / 2>([&](auto ii) {
        constexpr index_t i = decltype(ii)::value;
        unsigned d = w[i / 4];
        const float a = v[2 * i], b = v[2 * i + 1];
        switch (i % 4) {
        case 0: d = __builtin_amdgcn_cvt_scalef32_pk_fp4_f32(d, a, b, scale, 0); break;
        case 1: d = __builtin_amdgcn_cvt_scalef32_pk_fp4_f32(d, a, b, scale, 1); break;
        case 2: d = __builtin_amdgcn_cvt_scalef32_pk_fp4_f32(d, a, b, scale, 2); break;
        default: d = __builtin_amdgcn_cvt_scalef32_pk_fp4_f32(d, a, b, scale, 3); break;
        }
        w[i / 4] = d;
    });
    packed_vector<fp4_t, N> r;
    __builtin_memcpy(&r, &w, sizeof(r));
    return r;
}
template <index_t N> OPUS_D vector_t<float, N> hw_unpack_fp4(const packed_vector<fp4_t, N>& p, float scale) {
    constexpr index_t W = (N + 7) / 8;
    vector_t<unsigned, W> w{};
    __builtin_memcpy(&w, &p, sizeof(p));
    vector_t<float, N> r;
    static_for<N / 2>([&](auto ii) {
        constexpr index_t i = decltype(ii)::value;
        const unsigned s = w[i / 4];
        vector_t<float, 2> f;
        switch (i % 4) {
        case 0: f = __builtin_amdgcn_cvt_scalef32_pk_f32_fp4(s, scale, 0); break;
        case 1: f = __builtin_amdgcn_cvt_scalef32_pk_f32_fp4(s, scale, 1); break;
        case 2: f = __builtin_amdgcn_cvt_scalef32_pk_f32_fp4(s, scale, 2); break;
        default: f = __builtin_amdgcn_cvt_scalef32_pk_f32_fp4(s, scale, 3); break;
        }
        r[2 * i] = f[0];
        r[2 * i + 1] = f[1];
    });
    return r;
}
#endif

template <index_t N, typename V> OPUS_H_D packed_vector<fp4_t, N> pack_fp4(const V& v, float scale) {
#if OPUS_DEVICE_PASS && OPUS_HAS_FP4_CVT
    return hw_pack_fp4<N>(v, scale);
#else
    return sw_pack_fp4<N>(v, scale);
#endif
}
template <index_t N> OPUS_H_D vector_t<float, N> unpack_fp4(const packed_vector<fp4_t, N>& p, float scale) {
#if OPUS_DEVICE_PASS && OPUS_HAS_FP4_CVT
    return hw_unpack_fp4<N>(p, scale);
#else
    return sw_unpack_fp4<N>(p, scale);
#endif
}

template <typename P, index_t N> OPUS_H_D constexpr vector_t<i32_t, N> unpack_int4(const packed_vector<P, N>& p) {
    vector_t<i32_t, N> r{};
    static_for<N / 2>([&](auto ii) {
        constexpr index_t i = decltype(ii)::value;
        const int b = uint8_t(p.data[i]);
        int lo = b & 0xf, hi = b >> 4;
        if constexpr (is_same_v<P, int4_t>) { lo = lo >= 8 ? lo - 16 : lo; hi = hi >= 8 ? hi - 16 : hi; }
        r[2 * i] = lo;
        r[2 * i + 1] = hi;
    });
    return r;
}

template <typename T> struct is_packed_vector : false_type {};
template <typename P, index_t N> struct is_packed_vector<packed_vector<P, N>> : true_type {};

template <typename T, index_t... I> OPUS_H_D constexpr auto array_to_vec(const array<T, sizeof...(I)>& a, seq<I...>) { return vector_t<T, sizeof...(I)>{a[I]...}; }
template <typename V, index_t... I> OPUS_H_D constexpr auto vec_to_array(const V& v, seq<I...>) {
    return array<typename vector_traits<V>::dtype, sizeof...(I)>{{v[I]...}};
}
template <typename D, typename Tup, index_t... I> OPUS_H_D constexpr auto cast_tuple(const Tup& t, seq<I...>);
template <typename D, index_t Mode, typename Tup, index_t... I> OPUS_H_D constexpr auto cast_tuple_mode(const Tup& t, seq<I...>);

} // namespace detail

// ---- public scalar conversions ------------------------------------------------------------------
OPUS_H_D constexpr fp32_t fp16_to_fp32(fp16_t h) { return detail::to_f32(h); }
OPUS_H_D constexpr fp16_t fp32_to_fp16(fp32_t f) { return detail::from_f32<fp16_t>(f); }
OPUS_H_D constexpr fp32_t bf16_to_fp32(bf16_t b) { return detail::to_f32(b); }
template <int Mode = OPUS_FP32_to_BF16_DEFAULT> OPUS_H_D bf16_t fp32_to_bf16(fp32_t f) { return detail::f32_to_bf16<Mode>(f); }
template <index_t Mode> OPUS_H_D bf16_t fp32_to_bf16(fp32_t f, number<Mode>) { return detail::f32_to_bf16<Mode>(f); }

// ---- cast<D>(x) -----------------------------------------------------------------------------------
template <typename D, typename S> OPUS_H_D auto cast(const S& s) {
    if constexpr (is_tuple_v<S>) {
        return detail::cast_tuple<D>(s, make_index_seq<S::size()>{});
    } else if constexpr (is_array_v<S>) {
        using T = typename S::value_type;
        constexpr index_t N = S::size();
        if constexpr (is_dtype_v<T> && !is_packs_v<T> && !__is_class(T) && !is_packs_v<D> && (N & (N - 1)) == 0)
            return detail::vec_to_array(detail::cast_vector<D>(detail::array_to_vec(s, make_index_seq<N>{})), make_index_seq<N>{});
        else {
            array<decltype(cast<D>(s[0])), N> r{};
            static_for<N>([&](auto ii) { constexpr index_t i = decltype(ii)::value; r[i] = cast<D>(s[i]); });
            return r;
        }
    } else if constexpr (is_vector_v<S>) {
        constexpr index_t N = vector_traits<S>::size;
        if constexpr (is_same_v<D, fp4_t>) {
            static_assert(N % 2 == 0, "opus::cast<fp4_t>(vector): the vector needs an even number of elements");
            return detail::pack_fp4<N>(detail::cast_vector<fp32_t>(s), 1.0f);
        } else {
            return detail::cast_vector<D>(s);
        }
    } else if constexpr (detail::is_packed_vector<S>::value) {
        using P = typename S::pack_type;
        constexpr index_t N = S::size;
        if constexpr (is_same_v<P, fp4_t> && (detail::is_float_dtype_v<D>))
            return detail::cast_vector<D>(detail::unpack_fp4<N>(s, 1.0f));
        else if constexpr (!is_same_v<P, fp4_t> && (detail::is_float_dtype_v<D> || detail::is_int_dtype_v<D>))
            return detail::cast_vector<D>(detail::unpack_int4(s));
        else if constexpr (is_same_v<P, D>)
            return s;
        else {
            static_assert(detail::always_false<D, S>,
                          "opus::cast<D>(packed vector): unsupported conversion on target " OPUS_TARGET_NAME
                          "; fp4 converts to floats, int4/uint4 to integers and floats");
            return D{};
        }
    } else if constexpr (is_same_v<S, fp4_t> || is_same_v<S, int4_t> || is_same_v<S, uint4_t>) {
        packed_vector<S, 2> p{};
        p.data[0] = s.data;
        return cast<D>(p);
    } else {
        return detail::cast_scalar<D>(s);
    }
}

// cast<bf16_t>(x, number<Mode>{}): fp32 -> bf16 with rounding mode Mode (see fp32_to_bf16) for
// a scalar, vector_t, array or tuple of fp32. An exact match for number<>, so it is chosen over
// the scaled cast below (a number<> would convert to its float scale).
template <typename D, typename S, index_t Mode> OPUS_H_D auto cast(const S& s, number<Mode>) {
    static_assert(is_same_v<D, bf16_t>,
                  "opus::cast<D>(x, number<Mode>): only cast<bf16_t> takes a rounding mode (Mode 0..3)");
    static_assert(Mode >= 0 && Mode <= 3, "opus::cast<bf16_t>(x, number<Mode>): Mode must be 0, 1, 2 or 3");
    if constexpr (is_tuple_v<S>) {
        return detail::cast_tuple_mode<D, Mode>(s, make_index_seq<S::size()>{});
    } else if constexpr (is_array_v<S>) {
        array<bf16_t, S::size()> r{};
        static_for<S::size()>([&](auto ii) { constexpr index_t i = decltype(ii)::value; r[i] = cast<D>(s[i], number<Mode>{}); });
        return r;
    } else if constexpr (is_vector_v<S>) {
        static_assert(is_same_v<typename vector_traits<S>::dtype, fp32_t>,
                      "opus::cast<bf16_t>(vector, number<Mode>): the rounding mode applies to fp32 vectors");
        return detail::cast_vector<D, Mode>(s);
    } else {
        static_assert(is_same_v<S, fp32_t>, "opus::cast<bf16_t>(x, number<Mode>): the rounding mode applies to fp32");
        return detail::f32_to_bf16<Mode>(s);
    }
}

// Scaled fp4 conversions (MX): fp4 = round(x / scale), x = fp4 * scale. scale is expected to
// be a power of two (an e8m0 value). Hardware on gfx950; the host pass converts in software;
// other device targets have no such instruction and fail to compile.
template <typename D, typename S> OPUS_H_D auto cast(const S& s, fp32_t scale) {
#if OPUS_DEVICE_PASS && !OPUS_HAS_FP4_CVT
    static_assert(detail::always_false<D, S>,
                  "opus::cast<fp4_t>(x, scale) / cast<fp32_t>(fp4 vector, scale): scaled fp4 conversion "
                  "needs v_cvt_scalef32_pk_*_fp4 (gfx950); the compile target " OPUS_TARGET_NAME " has none");
#endif
    if constexpr (is_same_v<D, fp4_t> && is_vector_v<S>) {
        constexpr index_t N = vector_traits<S>::size;
        static_assert(N % 2 == 0, "opus::cast<fp4_t>(vector, scale): the vector needs an even number of elements");
        return detail::pack_fp4<N>(detail::cast_vector<fp32_t>(s), scale);
    } else if constexpr (detail::is_packed_vector<S>::value && detail::is_float_dtype_v<D>) {
        static_assert(is_same_v<typename S::pack_type, fp4_t>, "opus::cast<D>(packed, scale): only fp4 vectors take a scale");
        return detail::cast_vector<D>(detail::unpack_fp4<S::size>(s, scale));
    } else {
        static_assert(detail::always_false<D, S>,
                      "opus::cast<D>(x, scale): only fp32 vector -> fp4_t and fp4 vector -> float are scaled casts");
        return D{};
    }
}

namespace detail {
template <typename D, typename Tup, index_t... I> OPUS_H_D constexpr auto cast_tuple(const Tup& t, seq<I...>) {
    return make_tuple(cast<D>(get<I>(t))...);
}
template <typename D, index_t Mode, typename Tup, index_t... I> OPUS_H_D constexpr auto cast_tuple_mode(const Tup& t, seq<I...>) {
    return make_tuple(cast<D>(get<I>(t), number<Mode>{})...);
}
} // namespace detail

} // namespace opus

#if defined(__clang__)
#pragma clang diagnostic pop
#elif defined(__GNUC__)
#pragma GCC diagnostic pop
#endif
