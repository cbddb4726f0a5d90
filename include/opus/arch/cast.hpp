// SPDX-License-Identifier: MIT
// opus/arch/cast.hpp - conversions between dtypes.
//
//   fp16_to_fp32(h)  fp32_to_fp16(f)  bf16_to_fp32(b)  fp32_to_bf16<Mode = OPUS_FP32_to_BF16_DEFAULT>(f)
//   fp32_to_bf16(f, number<Mode>{})   fp32_to_bf16_for<target::X>(f) (target X's default bits)
//   cast<D>(x)         x: scalar, vector_t<S, N>, packed_vector<P, N>, array<S, N> or tuple<...>
//   cast<bf16_t>(x, number<Mode>{})    fp32 (scalar or container) -> bf16 with a rounding mode
//   cast<fp4_t>(fp32 vector, scale)    cast<fp32_t>(fp4 packed vector, scale)   (x / scale, x * scale)
//     fp4 results as aiter's opus has them: cast<fp4_t>(fp32x2/x4/x8_t or array<S, N>) is an
//     array<fp4_t, N>, of a longer vector a vector_t<fp4_t, N>; cast<D>(array<fp4_t, N>) is a
//     vector_t<D, N> for N = 2, 4, 8 (else array<D, N>); one fp4_t converts as the pair of
//     values in its byte.
//   (aiter's named forms, fp32_to_fp8(f), fp32_to_fp4_packed_x2(v), ...: opus/arch/aiter.hpp)
//
// Device passes use the conversion instructions of the target where they exist (packed
// fp8/bf8 pairs on gfx942/gfx950/gfx12, scaled fp4 and bf16 on gfx950); everything else uses
// the bit-level software conversions of convert.hpp, which are also the host path (fp4 on
// gfx942 and other targets too: same results, where the reference returns zeros). A cast
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

#include "convert.hpp"
#include "../core/array.hpp"
#include "../core/static_for.hpp"
#include "../core/tuple.hpp"
#include "../core/vector.hpp"

#ifndef OPUS_FP32_to_BF16_DEFAULT
#if OPUS_BF16_CVT_IGNORES_MODE
#define OPUS_FP32_to_BF16_DEFAULT 0
#else
#define OPUS_FP32_to_BF16_DEFAULT 2
#endif
#endif

// Wide vectors are passed by value between inline functions; the host ABI note about AVX
// registers does not apply to them.
OPUS_DETAIL_PSABI_OFF
OPUS_NAMESPACE_BEGIN

// fp16 / bf16 <-> fp32 (cast<D> of these types uses them too). Plain functions whose bodies name
// no template: a non-template body instantiates what it calls, and every includer would pay.
OPUS_H_D constexpr fp32_t fp16_to_fp32(fp16_t h) {
#if OPUS_DEVICE_PASS
    return static_cast<float>(h);
#else
    return detail::sw_fp16_to_fp32(__builtin_bit_cast(uint16_t, h));
#endif
}
OPUS_H_D constexpr fp16_t fp32_to_fp16(fp32_t f) {
#if OPUS_DEVICE_PASS
    return static_cast<fp16_t>(f);
#else
    return __builtin_bit_cast(fp16_t, detail::sw_fp32_to_fp16(f));
#endif
}
OPUS_H_D constexpr fp32_t bf16_to_fp32(bf16_t b) { return detail::sw_bf16_to_fp32(__builtin_bit_cast(uint16_t, b)); }
// fp32 -> bf16 in rounding mode Mode (see the top of this file); fp32_to_bf16(f, number<Mode>{}) below
template <int Mode = OPUS_FP32_to_BF16_DEFAULT> OPUS_H_D bf16_t fp32_to_bf16(fp32_t x) {
    static_assert(Mode >= 0 && Mode <= 3, "opus::fp32_to_bf16<Mode>: Mode must be 0, 1, 2 or 3");
#if OPUS_BF16_CVT_IGNORES_MODE
    return static_cast<bf16_t>(x);
#elif OPUS_DEVICE_PASS && OPUS_DETAIL_BF16_CVT_SOFT_ASM
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
        return detail::from_bits<bf16_t>(r);
    }
#endif
    return detail::from_bits<bf16_t>(detail::sw_fp32_to_bf16<Mode>(x));
}

namespace detail {

template <typename T> inline constexpr bool is_fp8_like_v = !is_same_v<format_of_t<T>, void> && sizeof(T) == 1 && !is_packs_v<T>;
template <typename T> inline constexpr bool is_float_dtype_v = is_any_of_v<T, fp32_t, fp16_t, bf16_t> || is_fp8_like_v<T>;

// Which conversion instructions of this pass implement T's format (those of fp8_t / bf8_t):
// 1: fp8 instructions, 2: bf8 instructions, 0: none (software)
template <typename T> inline constexpr int hw_fp8_kind = !(OPUS_DEVICE_PASS && OPUS_HAS_FP8_CVT) ? 0
    : is_same_v<format_of_t<T>, format_of_t<fp8_t>> ? 1 : is_same_v<format_of_t<T>, format_of_t<bf8_t>> ? 2 : 0;

#if OPUS_DEVICE_PASS
// Saturation as the AMD libraries do it: clamp finite values into range with v_med3, let
// Inf/NaN reach the convert unchanged. Sat: OPUS_FP8_SATURATE, or cast<D>(x, saturate).
template <typename F, bool Sat> OPUS_D float hw_saturate(float x) {
    if constexpr (Sat) {
        constexpr float mx = fmt_to_f32<F>(F::max_code);
#if defined(__FINITE_MATH_ONLY__) && __FINITE_MATH_ONLY__
        return __builtin_amdgcn_fmed3f(x, mx, -mx); // -ffinite-math-only: there is no Inf/NaN to let through
#else
        return __builtin_isfinite(x) ? __builtin_amdgcn_fmed3f(x, mx, -mx) : x;
#endif
    } else {
        return x; // the conversion instruction's own overflow behaviour (see convert.hpp)
    }
}
#endif

#if OPUS_DEVICE_PASS
// The "old" operand of a v_cvt_pk_{fp8,bf8}_f32 whose kept half is never read: an index of -1
// in __builtin_shufflevector is clang's documented "don't care" element (LLVM poison, an
// undefined register in the ISA). An input's own register there would tie the result to it,
// and the register allocator would then keep or copy that input
// (test/codegen/arch/arch_cast_fp8_packed.hip). Only the half the
// instruction writes is ever read back: the intrinsic does not propagate poison (LLVM treats
// target intrinsics as opaque calls), and __builtin_nondeterministic_value would not do, as
// LLVM folds its freeze(poison) to a 0 that must be materialized.
OPUS_D int dont_care_i32() {
    using v2i = int __attribute__((ext_vector_type(2)));
    const v2i z{};
    return __builtin_shufflevector(z, z, -1, -1)[0];
}
#endif

#if OPUS_DEVICE_PASS && OPUS_HAS_FP8_CVT
// The conversion instructions by hw_fp8_kind (1: fp8, 2: bf8). Hi: the high 16 bits of the word
// (pk_f8: the pair written into `old`; pk_f32: the pair read); Byte: the byte read.
template <int Kind, bool Hi> OPUS_D int cvt_pk_f8(float a, float b, int old) {
    if constexpr (Kind == 1) return __builtin_amdgcn_cvt_pk_fp8_f32(a, b, old, Hi);
    else return __builtin_amdgcn_cvt_pk_bf8_f32(a, b, old, Hi);
}
template <int Kind, bool Hi> OPUS_D vector_t<float, 2> cvt_pk_f32_f8(int w) {
    if constexpr (Kind == 1) return __builtin_amdgcn_cvt_pk_f32_fp8(w, Hi);
    else return __builtin_amdgcn_cvt_pk_f32_bf8(w, Hi);
}
template <int Kind, int Byte> OPUS_D float cvt_f32_f8(int w) {
    if constexpr (Kind == 1) return __builtin_amdgcn_cvt_f32_fp8(w, Byte);
    else return __builtin_amdgcn_cvt_f32_bf8(w, Byte);
}
#endif

// ---- scalar <-> fp32 ------------------------------------------------------------------------
template <typename T> OPUS_H_D constexpr float to_f32(const T& v) {
    if constexpr (is_same_v<T, fp32_t>) return v;
    else if constexpr (is_same_v<T, fp16_t>) return fp16_to_fp32(v);
    else if constexpr (is_same_v<T, bf16_t>) return bf16_to_fp32(v);
    else if constexpr (is_same_v<T, e8m0_t>) return sw_e8m0_to_fp32(v.data);
    else if constexpr (is_fp8_like_v<T>) {
#if OPUS_DEVICE_PASS && OPUS_HAS_FP8_CVT
        if constexpr (hw_fp8_kind<T> != 0) return cvt_f32_f8<hw_fp8_kind<T>, 0>(int(raw_bits(v)));
        else
#endif
            return fmt_to_f32<format_of_t<T>>(raw_bits(v));
    } else {
        static_assert(always_false<T>, "opus::cast: no conversion from this type to fp32");
        return 0.f;
    }
}

// Sat: fp8/bf8 destinations saturate finite values (OPUS_FP8_SATURATE; cast<D>(x, saturate))
template <typename D, int BF16Mode = OPUS_FP32_to_BF16_DEFAULT, bool Sat = (OPUS_FP8_SATURATE != 0)>
OPUS_H_D constexpr D from_f32(float x) {
    if constexpr (is_same_v<D, fp32_t>) return x;
    else if constexpr (is_same_v<D, fp16_t>) return fp32_to_fp16(x);
    else if constexpr (is_same_v<D, bf16_t>) return fp32_to_bf16<BF16Mode>(x);
    else if constexpr (is_fp8_like_v<D>) {
#if OPUS_DEVICE_PASS && OPUS_HAS_FP8_CVT
        if constexpr (hw_fp8_kind<D> != 0) {
            const float c = hw_saturate<format_of_t<D>, Sat>(x);
            // only the low byte is used: the other source is an inline 0 and the old value (the
            // instruction keeps its other half) is a don't-care, so nothing is set up or kept
            return from_bits<D>(uint32_t(cvt_pk_f8<hw_fp8_kind<D>, false>(c, 0.0f, dont_care_i32())) & 0xffu);
        } else
#endif
            return from_bits<D>(f32_to_fmt<format_of_t<D>, Sat>(x));
    } else {
        static_assert(always_false<D>, "opus::cast: no conversion from fp32 to this type");
        return D{};
    }
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

template <typename D, bool Sat = (OPUS_FP8_SATURATE != 0), typename S> OPUS_H_D constexpr D cast_scalar(const S& s) {
    if constexpr (is_same_v<D, S>) return s;
    else if constexpr (is_int_dtype_v<D> && is_int_dtype_v<S>) return static_cast<D>(s);
    else if constexpr (is_float_dtype_v<D> && is_int_dtype_v<S>) return from_f32<D, OPUS_FP32_to_BF16_DEFAULT, Sat>(static_cast<float>(s));
    else if constexpr (is_int_dtype_v<D> && (is_float_dtype_v<S> || is_same_v<S, e8m0_t>)) return f32_to_int<D>(to_f32(s));
    else if constexpr (is_float_dtype_v<D> && (is_float_dtype_v<S> || is_same_v<S, e8m0_t>))
        return from_f32<D, OPUS_FP32_to_BF16_DEFAULT, Sat>(to_f32(s));
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
template <int Kind, index_t N, bool Sat, typename V> OPUS_D auto hw_pack_fp8(const V& v) {
    using F = format_of_t<conditional_t<Kind == 1, fp8_t, bf8_t>>;
    constexpr index_t W = (N + 3) / 4;
    // The first pair written into a word (i even) takes a don't-care old value (its other
    // half is overwritten by the next pair or never read), so no zeros are set up. An odd last
    // value converts as a pair with itself.
    vector_t<int, W> w{};
    detail::unroll<(N + 1) / 2>([&](auto ii) {
        constexpr index_t i = decltype(ii)::value;
        const float a = hw_saturate<F, Sat>(v[2 * i]), b = hw_saturate<F, Sat>(v[2 * i + 1 < N ? 2 * i + 1 : 2 * i]);
        w[i / 2] = cvt_pk_f8<Kind, (i & 1) != 0>(a, b, (i & 1) ? w[i / 2] : dont_care_i32());
    });
    return w;
}
template <int Kind, index_t N, typename W> OPUS_D vector_t<float, N> hw_unpack_fp8(const W& w) {
    vector_t<float, N> r;
    detail::unroll<N / 2>([&](auto ii) {
        constexpr index_t i = decltype(ii)::value;
        const vector_t<float, 2> p = cvt_pk_f32_f8<Kind, (i & 1) != 0>(w[i / 2]);
        r[2 * i] = p[0];
        r[2 * i + 1] = p[1];
    });
    if constexpr (N % 2) r[N - 1] = cvt_f32_f8<Kind, (N - 1) % 4>(w[(N - 1) / 4]);
    return r;
}
#endif

template <typename D, int BF16Mode = OPUS_FP32_to_BF16_DEFAULT, bool Sat = (OPUS_FP8_SATURATE != 0), typename V>
OPUS_H_D auto cast_vector(const V& v) {
    using S = typename vector_traits<V>::dtype;
    constexpr index_t N = vector_traits<V>::size;
    static_assert(N > 0, "");
    if constexpr (is_same_v<D, S>) return v;
#if OPUS_DEVICE_PASS && OPUS_HAS_FP8_CVT
    else if constexpr (is_same_v<S, fp32_t> && is_fp8_like_v<D> && hw_fp8_kind<D> != 0) {
        const auto w = hw_pack_fp8<hw_fp8_kind<D>, N, Sat>(v);
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
    // fp32 -> bf16 with the compiler's conversion (OPUS_BF16_CVT_IGNORES_MODE). On gfx950 element
    // by element (static_cast, below), which the backend packs in pairs (v_cvt_pk_bf16_f32) as
    // well as a vector fptrunc, while a vector fptrunc is split into one conversion per element
    // when the result is widened back to fp32 (a round trip would take twice the conversions;
    // test/codegen/arch/arch_cast_gfx950_native.hip). gfx12 keeps the vector form (fewer
    // instructions there).
#if OPUS_BF16_CVT_IGNORES_MODE
    else if constexpr (is_same_v<S, fp32_t> && is_same_v<D, bf16_t> && !(OPUS_HAS_BF16_CVT && N <= 4))
        return __builtin_convertvector(v, vector_t<D, N>);
#endif
#endif
    else if constexpr (is_float_dtype_v<D> && is_float_dtype_v<S> && !is_same_v<S, fp32_t> && !is_same_v<D, fp32_t>)
        return cast_vector<D, BF16Mode, Sat>(cast_vector<fp32_t>(v)); // two packed steps through fp32
    else {
        vector_t<D, N> r{};
        detail::unroll<N>([&](auto ii) {
            constexpr index_t i = decltype(ii)::value;
            if constexpr (is_same_v<D, bf16_t> && is_same_v<S, fp32_t>) r[i] = fp32_to_bf16<BF16Mode>(v[i]);
            else r[i] = cast_scalar<D, Sat>(static_cast<S>(v[i]));
        });
        return r;
    }
}

// ---- sub-byte values ---------------------------------------------------------------------------
// byte i of a packed container (array<P, N>, packed_vector<P, N>) or of one sub-byte value
template <typename P> OPUS_H_D constexpr uint32_t pack_byte(const P& p, index_t i) {
    if constexpr (is_packs_v<P>) return (void)i, uint32_t(p.value);
    else return uint32_t(p.content[i]);
}

// N fp32 values -> N fp4 values (x / scale, round to nearest even, saturating) in a packed
// container R (array<fp4_t, N> or packed_vector<fp4_t, N>)
template <typename R, index_t N, typename V> OPUS_H_D constexpr R sw_pack_fp4(const V& v, float scale) {
    R r{};
    const float inv = 1.0f / scale; // exact for the power-of-two scales this is meant for
    detail::unroll<N / 2>([&](auto ii) {
        constexpr index_t i = decltype(ii)::value;
        const uint32_t lo = f32_to_fmt<fmt::e2m1>(v[2 * i] * inv);
        const uint32_t hi = f32_to_fmt<fmt::e2m1>(v[2 * i + 1] * inv);
        r.content[i] = uint8_t(lo | (hi << 4));
    });
    return r;
}

#if OPUS_DEVICE_PASS && OPUS_HAS_FP4_CVT
// v_cvt_scalef32_pk_fp4_f32 writes one byte (two values) of a dword per call
template <typename R, index_t N, typename V> OPUS_D R hw_pack_fp4(const V& v, float scale) {
    constexpr index_t W = (N + 7) / 8;
    vector_t<unsigned, W> w;
    detail::unroll<N / 2>([&](auto ii) {
        constexpr index_t i = decltype(ii)::value;
        // the first pair of a dword starts from an unspecified value (the other bytes are
        // written by the next pairs or unused); zero-initializing would cost a v_mov the
        // reference does not have. A dword the next pairs fill completely starts from an
        // empty asm's register, a partly used one from the pair's own input register (what
        // lets the register allocator reuse it: the reference's VGPR counts in both cases).
        unsigned d;
        if constexpr (i % 4 != 0) d = w[i / 4];
        else if constexpr ((i / 4) * 8 + 8 <= N) asm("" : "=v"(d));
        else d = __builtin_bit_cast(unsigned, float(v[2 * i]));
        w[i / 4] = __builtin_amdgcn_cvt_scalef32_pk_fp4_f32(d, v[2 * i], v[2 * i + 1], scale, i % 4);
    });
    R r;
    __builtin_memcpy(&r, &w, sizeof(r));
    return r;
}
template <index_t N, typename P> OPUS_D vector_t<float, N> hw_unpack_fp4(const P& p, float scale) {
    constexpr index_t W = (N + 7) / 8;
    vector_t<unsigned, W> w{};
    __builtin_memcpy(&w, &p, sizeof(p));
    vector_t<float, N> r;
    detail::unroll<N / 2>([&](auto ii) {
        constexpr index_t i = decltype(ii)::value;
        const vector_t<float, 2> f = __builtin_amdgcn_cvt_scalef32_pk_f32_fp4(w[i / 4], scale, i % 4);
        r[2 * i] = f[0];
        r[2 * i + 1] = f[1];
    });
    return r;
}
#endif

#if OPUS_DEVICE_PASS && OPUS_HAS_FP4_PK8_CVT
// v_cvt_scalef32_pk8_fp4_f32 converts 8 values (x / scale) into one dword; fewer than 8 take the
// low bytes of a call whose other inputs are 0
template <typename R, index_t N, typename V> OPUS_D R hw_pack_fp4_pk8(const V& v, float scale) {
    constexpr index_t W = (N + 7) / 8;
    vector_t<unsigned, W> w;
    detail::unroll<W>([&](auto ii) {
        constexpr index_t i = decltype(ii)::value;
        vector_t<float, 8> x{};
        detail::unroll<(N - 8 * i < 8 ? N - 8 * i : 8)>([&](auto jj) { x[decltype(jj)::value] = v[8 * i + decltype(jj)::value]; });
        w[i] = __builtin_amdgcn_cvt_scalef32_pk8_fp4_f32(x, scale);
    });
    R r;
    __builtin_memcpy(&r, &w, sizeof(r));
    return r;
}
#endif

// Scaled fp4 conversion: the gfx950 instructions there, gfx1250's 8-value one for fp32 -> fp4,
// the software conversion elsewhere (host pass and other device targets: same results).
template <typename R, index_t N, typename V> OPUS_H_D R pack_fp4(const V& v, float scale) {
#if OPUS_DEVICE_PASS && OPUS_HAS_FP4_CVT
    return hw_pack_fp4<R, N>(v, scale);
#elif OPUS_DEVICE_PASS && OPUS_HAS_FP4_PK8_CVT
    return hw_pack_fp4_pk8<R, N>(v, scale);
#else
    return sw_pack_fp4<R, N>(v, scale);
#endif
}
template <index_t N, typename P> OPUS_H_D vector_t<float, N> unpack_fp4(const P& p, float scale) {
#if OPUS_DEVICE_PASS && OPUS_HAS_FP4_CVT
    return hw_unpack_fp4<N>(p, scale);
#else
    vector_t<float, N> r{};
    detail::unroll<N / 2>([&](auto ii) {
        constexpr index_t i = decltype(ii)::value;
        const auto b = pack_byte(p, i);  // (auto: a dependent type, so fmt_to_f32 is instantiated on use)
        r[2 * i] = fmt_to_f32<fmt::e2m1>(b & 0xfu) * scale;
        r[2 * i + 1] = fmt_to_f32<fmt::e2m1>(b >> 4) * scale;
    });
    return r;
#endif
}

template <typename P, index_t N, typename C> OPUS_H_D constexpr vector_t<i32_t, N> unpack_int4(const C& p) {
    vector_t<i32_t, N> r{};
    detail::unroll<N>([&](auto ii) {
        constexpr index_t i = decltype(ii)::value;
        const int b = int(pack_byte(p, i / 2) >> (4 * (i % 2))) & 0xf;
        r[i] = is_same_v<P, int4_t> && b >= 8 ? b - 16 : b;
    });
    return r;
}

// packed containers of sub-byte values: array<P, N> and packed_vector<P, N>; one value P
// counts as the pair of values in its byte (aiter's opus's convention). value: P is a
// sub-byte type (for any other type T, pack is T).
template <typename P, index_t N = 2, bool IsArray = false> struct packed_info {
    static constexpr bool value = is_packs_v<P>, is_array = IsArray;
    using pack = P;
    static constexpr index_t size = N;
};
template <typename P, index_t N> struct packed_info<array<P, N>> : packed_info<P, N, true> {};
template <typename P, index_t N> struct packed_info<packed_vector<P, N>> : packed_info<P, N> {};

// cast<D>(element, how...) of every element of a tuple or an array (how: nothing, number<Mode>,
// saturate)
template <typename D, typename S, index_t... I, typename... How> OPUS_H_D constexpr auto cast_each(const S& s, seq<I...>, const How&... how);

} // namespace detail

// ---- public scalar conversions ------------------------------------------------------------------
template <index_t Mode> OPUS_H_D bf16_t fp32_to_bf16(fp32_t f, number<Mode>) { return fp32_to_bf16<Mode>(f); }

// fp32_to_bf16_for<target::X>(f): the bits the DEFAULT fp32 -> bf16 conversion
// (cast<bf16_t>(f), fp32_to_bf16(f)) gives on target X, computed anywhere (host or device), for
// exact host references: round to nearest even on gfx950 (v_cvt_pk_bf16_f32) and on gfx12 when
// built with clang >= 20; truncation (mode 2) on gfx90a, gfx942, gfx11, gfx12 with clang 19,
// and target::host.
template <target Target> OPUS_H_D constexpr bf16_t fp32_to_bf16_for(fp32_t f) {
    constexpr index_t cvt = target_bf16_cvt(Target);
#if defined(__clang_major__) && __clang_major__ >= 20
    constexpr bool rne = cvt == OPUS_BF16_CVT_NATIVE || cvt == OPUS_BF16_CVT_COMPILER;
#else
    constexpr bool rne = cvt == OPUS_BF16_CVT_NATIVE;
#endif
    return detail::from_bits<bf16_t>(detail::sw_fp32_to_bf16<rne ? 0 : 2>(f));
}

namespace detail {
// cast<D>(x[, scale]) where D or x's element type is a sub-byte type (fp4_t, int4_t, uint4_t)
template <typename D, typename S> OPUS_H_D auto cast_sub_byte(const S& s, float scale) {
    if constexpr (packed_info<S>::value) {
        using P = typename packed_info<S>::pack;
        constexpr index_t N = packed_info<S>::size;
        if constexpr (is_same_v<D, P>) {
            return s;
        } else if constexpr (is_same_v<P, fp4_t> && is_float_dtype_v<D>) {
            auto v = cast_vector<D>(unpack_fp4<N>(s, scale));
            // aiter's opus's result types: a vector, except an array of other than 2, 4, 8 values
            if constexpr (packed_info<S>::is_array && N != 2 && N != 4 && N != 8) return to_array(v);
            else return v;
        } else if constexpr (!is_same_v<P, fp4_t> && (is_float_dtype_v<D> || is_int_dtype_v<D>)) {
            return cast_vector<D>(unpack_int4<P, N>(s));
        } else {
            static_assert(always_false<D, S>,
                          "opus::cast<D>(sub-byte values): unsupported conversion; fp4_t converts to "
                          "fp32/fp16/bf16/fp8/bf8, int4_t/uint4_t to integers and floats");
            return D{};
        }
    } else if constexpr (is_same_v<D, fp4_t> && (is_vector_v<S> || is_array_v<S>)) {
        constexpr index_t N = vector_traits<S>::size;
        static_assert(N % 2 == 0, "opus::cast<fp4_t>(x): x needs an even number of values (two per byte)");
        using E = typename vector_traits<S>::dtype;
        static_assert(is_float_dtype_v<E> || is_int_dtype_v<E>,
                      "opus::cast<fp4_t>(x): x must hold fp32/fp16/bf16/fp8/bf8 or integer values");
        vector_t<float, N> f;
        if constexpr (is_vector_v<S>) f = cast_vector<fp32_t>(s);
        else f = cast_vector<fp32_t>(to_vector(s));
        // aiter's opus's result types: array<fp4_t, N> from an array or from 2, 4, 8 values,
        // vector_t<fp4_t, N> (packed_vector) from a longer vector
        using R = conditional_t<is_array_v<S> || N == 2 || N == 4 || N == 8, array<fp4_t, N>, packed_vector<fp4_t, N>>;
        return pack_fp4<R, N>(f, scale);
    } else {
        static_assert(always_false<D, S>,
                      "opus::cast<D>(x): unsupported sub-byte conversion; supported: fp32/fp16/bf16/fp8/bf8 "
                      "vectors or arrays -> fp4_t, fp4_t values -> floats, int4_t/uint4_t values -> "
                      "integers and floats");
        return D{};
    }
}
// cast<D>(x): D must be an element type (the requirement line of the misuse shows D and S)
template <typename D, typename S>
struct cast_to_element_type { static constexpr bool value = !is_vector_v<D> && !is_array_v<D>; };
} // namespace detail

// ---- cast<D>(x) -----------------------------------------------------------------------------------
template <typename D, typename S> OPUS_H_D auto cast(const S& s) {
    if constexpr (is_packs_v<D> || detail::packed_info<S>::value) {
        return detail::cast_sub_byte<D>(s, 1.0f);
    } else if constexpr (is_tuple_v<S>) {
        return detail::cast_each<D>(s, make_index_seq<S::size()>{});
    } else if constexpr (is_array_v<S>) {
        using T = typename S::value_type;
        constexpr index_t N = S::size();
        if constexpr (is_dtype_v<T> && !__is_class(T) && (N & (N - 1)) == 0)
            return opus::to_array(detail::cast_vector<D>(opus::to_vector(s)));
        else {
            // (element by element in a loop, whose lambda a -O0 device compile emits as a function of
            // opus: test/link's device probes check its name against the configuration macros)
            array<decltype(cast<D>(s[0])), N> r{};
            detail::unroll<N>([&](auto ii) { constexpr index_t i = decltype(ii)::value; r[i] = cast<D>(s[i]); });
            return r;
        }
    } else if constexpr (is_vector_v<S>) {
        static_assert(detail::cast_to_element_type<D, S>::value,
                      "opus::cast<D>(vector): D is the element type of the result (cast<fp16_t>(fp32x4_t) gives "
                      "fp16x4_t), not a vector or array type");
        if constexpr (detail::cast_to_element_type<D, S>::value) return detail::cast_vector<D>(s);
        else return s;
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
    if constexpr (is_tuple_v<S> || is_array_v<S>) {
        return detail::cast_each<D>(s, make_index_seq<S::size()>{}, number<Mode>{});
    } else if constexpr (is_vector_v<S>) {
        static_assert(is_same_v<typename vector_traits<S>::dtype, fp32_t>,
                      "opus::cast<bf16_t>(vector, number<Mode>): the rounding mode applies to fp32 vectors");
        return detail::cast_vector<D, Mode>(s);
    } else {
        static_assert(is_same_v<S, fp32_t>, "opus::cast<bf16_t>(x, number<Mode>): the rounding mode applies to fp32");
        return fp32_to_bf16<Mode>(s);
    }
}

// cast<D>(x, saturate): fp32/fp16/bf16 (scalar, vector_t, array or tuple) -> fp8/bf8 with
// saturation for this call: finite values beyond the format's largest finite value become
// +-max, Inf and NaN convert as without it (what OPUS_FP8_SATURATE=1 does for every cast).
// test/codegen/arch/arch_cast_fp8_saturate_call.hip pins the clamp of this form.
struct saturate_t {
    explicit constexpr saturate_t() = default;
};
inline constexpr saturate_t saturate{};
template <typename D, typename S> OPUS_H_D auto cast(const S& s, saturate_t) {
    static_assert(detail::is_fp8_like_v<D>,
                  "opus::cast<D>(x, saturate): saturation is a choice of fp8/bf8 destinations (fp8_t, bf8_t "
                  "and the other 8-bit float formats); fp4 always saturates, fp16/bf16 overflow to Inf");
    if constexpr (!detail::is_fp8_like_v<D>) return s;
    else if constexpr (is_tuple_v<S> || is_array_v<S>) return detail::cast_each<D>(s, make_index_seq<S::size()>{}, saturate);
    else if constexpr (is_vector_v<S>) return detail::cast_vector<D, OPUS_FP32_to_BF16_DEFAULT, true>(s);
    else {
        static_assert(detail::is_float_dtype_v<S>,
                      "opus::cast<D>(x, saturate): x must be fp32, fp16 or bf16 (a scalar, vector_t, array or tuple)");
        return detail::cast_scalar<D, true>(s);
    }
}

// Scaled fp4 conversions (MX): fp4 = round(x / scale), x = fp4 * scale. scale is expected to
// be a power of two (an e8m0 value). gfx950 uses its scaled conversion instructions; the host
// pass and other device targets convert in software with the same results.
template <typename D, typename S> OPUS_H_D auto cast(const S& s, fp32_t scale) {
    if constexpr ((is_same_v<D, fp4_t> && !detail::packed_info<S>::value) ||
                  (detail::is_float_dtype_v<D> && is_same_v<typename detail::packed_info<S>::pack, fp4_t>)) {
        return detail::cast_sub_byte<D>(s, scale);
    } else {
        static_assert(detail::always_false<D, S>,
                      "opus::cast<D>(x, scale): only fp32/fp16/bf16 vectors or arrays -> fp4_t and fp4 "
                      "values -> floats are scaled casts");
        return D{};
    }
}

namespace detail {
template <typename D, typename S, index_t... I, typename... How> OPUS_H_D constexpr auto cast_each(const S& s, seq<I...>, const How&... how) {
    if constexpr (is_tuple_v<S>) return opus::make_tuple(cast<D>(get<I>(s), how...)...);
    else return array<decltype(cast<D>(s[0], how...)), sizeof...(I)>{{cast<D>(s[I], how...)...}};
}
} // namespace detail

OPUS_NAMESPACE_END
OPUS_DETAIL_PSABI_ON
