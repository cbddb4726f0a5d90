// SPDX-License-Identifier: MIT
// opus/arch/dtype.hpp - GPU data types, their vector aliases and type traits.
//
//   fp32_t fp16_t bf16_t fp8_t bf8_t i32_t u32_t i16_t u16_t i8_t u8_t   + <name>x{1..64}_t
//   i64_t u64_t (scalars)
//   fp8_t / bf8_t   E4M3 / E5M2 whose *encoding follows the compile target*: FNUZ on gfx942,
//                   OCP elsewhere (OPUS_FP8_FNUZ). They are distinct 1-byte arithmetic types
//                   (clang: _BitInt(8) / unsigned _BitInt(8)) so that vectors of them exist.
//   fp8_e4m3fnuz_t bf8_e5m2fnuz_t fp8_e4m3fn_t bf8_e5m2_t
//                   format-explicit 1-byte scalars with the same meaning on every target, so
//                   host code (and device code for the "other" family) can name either.
//   fp4_t int4_t uint4_t   sub-byte types (opus/core/subbyte.hpp): ONE 4-bit value in the low
//                          nibble of `value`; a standalone object is a byte, sizeof_bits is 4
//   e8m0_t                 MX scale (2^(e-127), 0xff = NaN)
//   fp6_t bf6_t            4 x E2M3 / E3M2 in 3 bytes (operands of gfx950's scaled MFMA)
//   array<fp4_t, N>, vector_t<fp4_t, N> (= packed_vector<fp4_t, N>), fp4x{2..64}_t ...
//                          bit-packed: N values in N/2 bytes, value 0 in the low nibble of
//                          byte 0; indexing yields a proxy reference
//
// Traits: is_dtype_v, is_vector_v, is_packs_v, sizeof_bits_v / sizeof_bits<T>::value, num_packs_v,
// vector_traits.
#pragma once

#include "target.hpp"
#include "../core/meta.hpp"
#include "../core/vector.hpp"

OPUS_NAMESPACE_BEGIN

// ---- scalar types ---------------------------------------------------------------------------
using fp32_t = float;
// fp16_t is the type the reference header uses, so that kernels with fp16_t in their template
// arguments get the same mangled names (aiter finds kernels by name): __fp16 in HIP compiles
// with clang 20..23, _Float16 otherwise (and in plain C++, where __fp16 cannot be a parameter).
#if OPUS_HIP && defined(__clang__) && __clang_major__ >= 20 && __clang_major__ < 24
using fp16_t = __fp16;
#else
using fp16_t = _Float16;
#endif
using bf16_t = __bf16;
using i32_t = int32_t;
using u32_t = uint32_t;
using i16_t = int16_t;
using u16_t = uint16_t;
using i8_t = int8_t;
using u8_t = uint8_t;
using i64_t = long long;            // (aiter's spelling: long long, as in its kernels' mangled names)
using u64_t = unsigned long long;

#if defined(__clang__)
#pragma clang diagnostic push
#pragma clang diagnostic ignored "-Wpedantic"
using fp8_t = _BitInt(8);
using bf8_t = unsigned _BitInt(8);
#pragma clang diagnostic pop
#else
// gcc has no _BitInt in C++: distinct 1-byte enums (gcc allows them as vector elements).
enum class fp8_t : signed char {};
enum class bf8_t : unsigned char {};
#endif

// Format-explicit fp8 scalars (layout: one byte of raw bits).
struct fp8_e4m3fnuz_t { uint8_t data; };
struct bf8_e5m2fnuz_t { uint8_t data; };
struct fp8_e4m3fn_t { uint8_t data; };
struct bf8_e5m2_t { uint8_t data; };

// Sub-byte types: one 4-bit value each (low nibble of `value`); containers bit-pack them.
OPUS_DEFINE_SUB_BYTE(fp4_t, 4, true, 2, 1)    // E2M1
OPUS_DEFINE_SUB_BYTE(int4_t, 4, true, 0, 0)   // two's complement 4-bit
OPUS_DEFINE_SUB_BYTE(uint4_t, 4, false, 0, 0) // unsigned 4-bit
OPUS_DETAIL_PACKED_CONTAINERS(fp4_t)
OPUS_DETAIL_PACKED_CONTAINERS(int4_t)
OPUS_DETAIL_PACKED_CONTAINERS(uint4_t)
struct e8m0_t { uint8_t data; };  // MX scale
// 6-bit floats of the OCP MX spec (E2M3 / E3M2, no inf/NaN), operands of the scaled f8f6f4
// MFMA only: one object holds 4 values in 3 bytes (value i at bits [6i, 6i + 6)).
struct fp6_t { uint8_t data[3]; };  // 4 x E2M3
struct bf6_t { uint8_t data[3]; };  // 4 x E3M2

// ---- traits -----------------------------------------------------------------------------------
// is_vector_v / vector_traits<V>::dtype / ::size come from core (opus/core/vector.hpp).
namespace detail {
// opus's own dtypes are listed here (one declaration instead of an explicit specialization
// per dtype, cheaper to parse in every TU); OPUS_REGISTER_*DTYPE specialize it for more types.
template <typename T> struct dtype_info {
    static constexpr bool registered =
        is_any_of_v<T, fp32_t, fp16_t, bf16_t, fp8_t, bf8_t, i32_t, u32_t, i16_t, u16_t, i8_t, u8_t, i64_t, u64_t, fp4_t, int4_t,
                    uint4_t, e8m0_t, fp8_e4m3fnuz_t, bf8_e5m2fnuz_t, fp8_e4m3fn_t, bf8_e5m2_t>;
};
} // namespace detail

template <typename T> inline constexpr bool is_dtype_v = detail::dtype_info<remove_cvref_t<T>>::registered;

// A packed vector is a vector (is_vector_v) of its pack type, N values.
template <typename P, index_t N> struct vector_traits<packed_vector<P, N>, void> {
    using dtype = P;
    static constexpr number<N> size{};
    static constexpr bool is_vector = true;
};

// sizeof_bits<T>::value / sizeof_bits_v<T>: bits of one value (sub-byte types report their
// value width, fp4_t: 4), of the whole thing for vectors and arrays (packed containers: N * 4).
namespace detail {
template <typename T> struct bits_of : value_bits<T> {};
template <typename P, index_t N> struct bits_of<packed_vector<P, N>> { static constexpr index_t value = bits_of<P>::value * N; };
template <> struct bits_of<void> { static constexpr index_t value = 0; };
} // namespace detail
template <typename T> inline constexpr index_t sizeof_bits_v = detail::bits_of<remove_cvref_t<T>>::value;
template <typename T> struct sizeof_bits { static constexpr index_t value = sizeof_bits_v<T>; };

// ---- registration ---------------------------------------------------------------------------------
// name##x##N##_t is vector_t<name##_t, N>, spelled as the vector type itself: the same type
// (test/host/arch/dtype_traits.cpp), without an instantiation of detail::vector_impl per
// alias in every TU; one typedef declares the seven of a dtype (one declarator each)
#if defined(__clang__)
#define OPUS_DETAIL_VEC_ALIAS(name, N) name##x##N##_t __attribute__((ext_vector_type(N)))
#else
#define OPUS_DETAIL_VEC_ALIAS(name, N) name##x##N##_t __attribute__((vector_size(N * sizeof(name##_t))))
#endif

// OPUS_REGISTER_DTYPE(name): marks name_t as an opus dtype and defines name_x{1..64}_t
// (OPUS_DETAIL_MARK_DTYPE: the mark, OPUS_DETAIL_VEC_ALIASES: the aliases).
// (qualified, not in a reopened namespace detail: with a configuration tag, core/config.hpp,
// detail is opus::cfg_...::detail)
#define OPUS_DETAIL_MARK_DTYPE(name)                                                        \
    template <> struct detail::dtype_info<name##_t> { static constexpr bool registered = true; };
#define OPUS_REGISTER_DTYPE(name) OPUS_DETAIL_MARK_DTYPE(name) OPUS_DETAIL_VEC_ALIASES(name)
#define OPUS_DETAIL_VEC_ALIASES(name)                                                       \
    typedef name##_t OPUS_DETAIL_VEC_ALIAS(name, 1),                                        \
        OPUS_DETAIL_VEC_ALIAS(name, 2),                                                     \
        OPUS_DETAIL_VEC_ALIAS(name, 4),                                                     \
        OPUS_DETAIL_VEC_ALIAS(name, 8),                                                     \
        OPUS_DETAIL_VEC_ALIAS(name, 16),                                                    \
        OPUS_DETAIL_VEC_ALIAS(name, 32),                                                    \
        OPUS_DETAIL_VEC_ALIAS(name, 64);

// OPUS_REGISTER_PACKED_DTYPE(name): a sub-byte dtype with name_x{2..64}_t (bit-packed vectors).
#define OPUS_REGISTER_PACKED_DTYPE(name) OPUS_DETAIL_MARK_DTYPE(name) OPUS_DETAIL_PACKED_ALIASES(name)
#define OPUS_DETAIL_PACKED_ALIASES(name)                                                    \
    using name##x2_t = packed_vector<name##_t, 2>;                                          \
    using name##x4_t = packed_vector<name##_t, 4>;                                          \
    using name##x8_t = packed_vector<name##_t, 8>;                                          \
    using name##x16_t = packed_vector<name##_t, 16>;                                        \
    using name##x32_t = packed_vector<name##_t, 32>;                                        \
    using name##x64_t = packed_vector<name##_t, 64>;

#define OPUS_REGISTER_SCALAR_DTYPE(name) OPUS_DETAIL_MARK_DTYPE(name)

// opus's own dtypes (registered by detail::dtype_info's list above)
OPUS_DETAIL_VEC_ALIASES(fp32)
OPUS_DETAIL_VEC_ALIASES(fp16)
OPUS_DETAIL_VEC_ALIASES(bf16)
OPUS_DETAIL_VEC_ALIASES(fp8)
OPUS_DETAIL_VEC_ALIASES(bf8)
OPUS_DETAIL_VEC_ALIASES(i32)
OPUS_DETAIL_VEC_ALIASES(u32)
OPUS_DETAIL_VEC_ALIASES(i16)
OPUS_DETAIL_VEC_ALIASES(u16)
OPUS_DETAIL_VEC_ALIASES(i8)
OPUS_DETAIL_VEC_ALIASES(u8)
// (i64_t / u64_t: scalars only; their x{N}_t names would cost every TU as much as a header,
// vector_t<i64_t, N> names the vectors)
OPUS_DETAIL_PACKED_ALIASES(fp4)
OPUS_DETAIL_PACKED_ALIASES(int4)
OPUS_DETAIL_PACKED_ALIASES(uint4)

// ---- float formats --------------------------------------------------------------------------------
// Bit-level description of every floating-point dtype; casts, numeric_limits and finfo are
// all derived from it.
enum class fp_kind : int {
    ieee, // has inf (exp all-ones, mantissa 0) and NaN (exp all-ones, mantissa != 0)
    fn,   // no inf; NaN = exp and mantissa all-ones (OCP e4m3fn)
    fnuz, // no inf, no -0; the only NaN is the bit pattern 1000...0
    none  // no inf, no NaN (e2m1)
};

template <int EBits, int MBits, int Bias, fp_kind Kind> struct fp_format {
    static constexpr int ebits = EBits, mbits = MBits, bias = Bias;
    static constexpr fp_kind kind = Kind;
    // the kind as plain bools: templates test these (comparing enumerators in a template
    // instantiates overloaded-operator resolution with every built-in candidate)
    static constexpr bool is_ieee = static_cast<int>(Kind) == static_cast<int>(fp_kind::ieee);
    static constexpr bool is_fn = static_cast<int>(Kind) == static_cast<int>(fp_kind::fn);
    static constexpr bool is_fnuz = static_cast<int>(Kind) == static_cast<int>(fp_kind::fnuz);
    static constexpr bool is_none = static_cast<int>(Kind) == static_cast<int>(fp_kind::none);
    static constexpr int bits = 1 + EBits + MBits;
    static constexpr uint32_t sign_mask = 1u << (EBits + MBits);
    static constexpr uint32_t mag_mask = sign_mask - 1u;
    // largest finite magnitude encoding
    static constexpr uint32_t max_code = is_ieee ? ((((1u << EBits) - 2u) << MBits) | ((1u << MBits) - 1u))
                                       : is_fn   ? (mag_mask - 1u)
                                                 : mag_mask;
    static constexpr int emin = 1 - Bias; // exponent of the smallest normal
};

namespace fmt {
using fp32 = fp_format<8, 23, 127, fp_kind::ieee>;
using fp16 = fp_format<5, 10, 15, fp_kind::ieee>;
using bf16 = fp_format<8, 7, 127, fp_kind::ieee>;
using e4m3fnuz = fp_format<4, 3, 8, fp_kind::fnuz>;
using e5m2fnuz = fp_format<5, 2, 16, fp_kind::fnuz>;
using e4m3fn = fp_format<4, 3, 7, fp_kind::fn>;
using e5m2 = fp_format<5, 2, 15, fp_kind::ieee>;
using e2m1 = fp_format<2, 1, 1, fp_kind::none>;
} // namespace fmt

// format_of<T>::type - the fp_format of a floating dtype (void for other types).
template <typename T> struct format_of { using type = void; };
template <> struct format_of<fp32_t> { using type = fmt::fp32; };
template <> struct format_of<fp16_t> { using type = fmt::fp16; };
template <> struct format_of<bf16_t> { using type = fmt::bf16; };
template <> struct format_of<fp8_e4m3fnuz_t> { using type = fmt::e4m3fnuz; };
template <> struct format_of<bf8_e5m2fnuz_t> { using type = fmt::e5m2fnuz; };
template <> struct format_of<fp8_e4m3fn_t> { using type = fmt::e4m3fn; };
template <> struct format_of<bf8_e5m2_t> { using type = fmt::e5m2; };
template <> struct format_of<fp4_t> { using type = fmt::e2m1; };
template <typename T> using format_of_t = typename format_of<T>::type;

// The format-explicit type with the same encoding as fp8_t / bf8_t on this compile pass, and so
// fp8_t's / bf8_t's format.
using fp8_format_t = conditional_t<OPUS_FP8_FNUZ, fp8_e4m3fnuz_t, fp8_e4m3fn_t>;
using bf8_format_t = conditional_t<OPUS_FP8_FNUZ, bf8_e5m2fnuz_t, bf8_e5m2_t>;
template <> struct format_of<fp8_t> : format_of<fp8_format_t> {};
template <> struct format_of<bf8_t> : format_of<bf8_format_t> {};

OPUS_NAMESPACE_END
