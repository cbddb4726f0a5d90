// SPDX-License-Identifier: MIT
// opus/mem/access.hpp - what one load<N>/store<N> of a gmem<T>/smem<T> means in types:
// the unit of offsets and widths, the register type returned, and the checks that give a
// clear message for a width that cannot be formed or data of the wrong element type.
//
// The unit ("element") of a gmem<T>/smem<T> is
//   - one value of T for a scalar dtype (fp32_t .. u8_t, and one 4-bit value for the packed
//     sub-byte types fp4_t/int4_t/uint4_t: offsets and N count values, so an offset must be
//     even there, i.e. byte aligned);
//   - one whole T for a vector dtype (make_gmem(fp16x4_t*) moves whole fp16x4_t's).
// Access plan: an access of B bytes is issued as
//   B in {1, 2, 4, 8, 12, 16}   one instruction of that width (byte, short, dword .. dwordx4)
//   B a multiple of 16          B/16 dwordx4 (b128) instructions at +0, +16, ...
// any other width is rejected by the one width check, check_width below.
// load<N> returns N units as one register value:
//   scalar T:           vector_t<T, N>, also for N == 1 (a one-element vector: v[0], as
//                       aiter's opus returns); single-value struct dtypes (e8m0_t ..): T
//   vector T = S x M:   vector_t<S, N * M>
//   packed P (fp4_t..): packed_vector<P, N>        packed_vector<P, M> T: packed_vector<P, N*M>
#pragma once
// Plain C++ (no HIP) stops here with one clear error instead of a wall of them.
#include "../core/config.hpp"
#if !OPUS_HIP
#error "opus/mem/access.hpp is device code: compile it as HIP (hipcc, amdclang++, clang++ -x hip). Plain C++ host code includes <opus/core.hpp>, the host half of opus (host C++ may also use <opus/arch.hpp> and <opus/mma.hpp>)"
#else

#include "../arch/dtype.hpp"
#include "../core/layout_offsets.hpp"

OPUS_NAMESPACE_BEGIN
namespace detail {

// a memory element (unit) or a value handed to store(): its scalar type and values
template <typename T>
struct unit_info {
    static constexpr bool is_packed = is_packs_v<T>;
    using scalar = typename vector_traits<T>::dtype;
    static constexpr index_t values = vector_traits<T>::size;  // scalar values per unit
    static constexpr index_t bits = is_packed ? sizeof_bits_v<T> : index_t(sizeof(T) * 8);
};
template <typename P, index_t M>
struct unit_info<packed_vector<P, M>> {
    static constexpr bool is_packed = true;
    using scalar = P;
    static constexpr index_t values = M;
    static constexpr index_t bits = sizeof_bits_v<packed_vector<P, M>>;
};

// bytes moved by an access of N units (0 if N units are not a whole number of bytes)
template <typename T, index_t N>
inline constexpr index_t access_bytes =
    (N > 0 && (N * unit_info<T>::bits) % 8 == 0) ? N * unit_info<T>::bits / 8 : 0;

// the widths the access plan forms (in bytes)
OPUS_H_D constexpr bool access_bytes_ok(index_t b) {
    return b == 1 || b == 2 || b == 4 || b == 8 || b == 12 || b == 16 || (b > 16 && b % 16 == 0);
}

// register type of N units (only instantiated for widths check_width accepts)
template <typename S, index_t n, bool Scalar>
struct access_vector { using type = S; };
template <typename S, index_t n>
struct access_vector<S, n, false> { using type = vector_t<S, n>; };
template <typename T, index_t N, bool Packed = unit_info<T>::is_packed>
struct access_type {
    using S = typename unit_info<T>::scalar;
    static constexpr index_t n = N * unit_info<T>::values;
    using type = typename access_vector<S, (n > 0 ? n : 1), __is_class(S)>::type;
};
template <typename T, index_t N>
struct access_type<T, N, true> {
    using type = packed_vector<typename unit_info<T>::scalar, N * unit_info<T>::values>;
};
template <typename T, index_t N>
using access_t = typename access_type<T, N>::type;

template <typename T, index_t N>
OPUS_H_D constexpr bool check_width() {
    static_assert(N > 0, "opus::gmem/smem load<N>/store<N>: N must be at least 1");
    static_assert(N <= 0 || (N * unit_info<T>::bits) % 8 == 0,
                  "opus::gmem/smem load<N>/store<N>: cannot form a vector of N sub-byte values "
                  "that is not a whole number of bytes (N must be even for 4-bit types)");
    static_assert(access_bytes<T, N> == 0 || access_bytes_ok(access_bytes<T, N>),
                  "opus::gmem/smem load<N>/store<N>: cannot form this vector width: N elements "
                  "of this type are not 1, 2, 4, 8, 12, 16 bytes or a multiple of 16 bytes");
    static_assert(N == 1 || unit_info<T>::is_packed || !__is_class(T),
                  "opus::gmem/smem load<N>/store<N>: this dtype is a single-value struct type "
                  "(e8m0_t, fp8_e4m3fn_t, ...) without vector types: use N = 1, or the 1-byte "
                  "vector dtypes (u8_t, fp8_t, bf8_t)");
    return access_bytes_ok(access_bytes<T, N>) && (N == 1 || unit_info<T>::is_packed || !__is_class(T));
}

// N deduced from the data's element count when store() is called without <N>
template <typename T, typename V>
inline constexpr index_t deduced_units =
    (unit_info<remove_cvref_t<V>>::values % unit_info<T>::values == 0)
        ? unit_info<remove_cvref_t<V>>::values / unit_info<T>::values : 0;

template <typename T, index_t N, typename V>
OPUS_H_D constexpr bool check_data() {
    using D = remove_cvref_t<V>;
    static_assert(is_same_v<typename unit_info<D>::scalar, typename unit_info<T>::scalar>,
                  "opus::gmem/smem store: the element type of the data does not match the "
                  "element type of the memory (convert it first, e.g. with opus::cast)");
    static_assert(!is_same_v<typename unit_info<D>::scalar, typename unit_info<T>::scalar> ||
                      unit_info<D>::values == N * unit_info<T>::values,
                  "opus::gmem/smem store<N>: the data does not hold N elements");
    return is_same_v<typename unit_info<D>::scalar, typename unit_info<T>::scalar> &&
           unit_info<D>::values == N * unit_info<T>::values;
}

// Layout-based store of data whose element type differs from the memory's, through the
// reference's path only (opus/opus.hpp; OPUS_DETAIL_CONVERTING_STORE, core/config.hpp):
// fp32/fp16/bf16 data into fp32/fp16/bf16 memory is converted value by value with the C++
// conversion (fptrunc/fpext: round to nearest even), as aiter's opus does when it stores an
// fp32 accumulator tile through a gmem<bf16_t>. opus's own API, and every other pairing
// (fp8/bf8/sub-byte/integer memory), keep check_data's error.
template <typename S>
inline constexpr bool is_float_value_v = is_same_v<S, fp32_t> || is_same_v<S, fp16_t> || is_same_v<S, bf16_t>;
template <typename T, typename V>
inline constexpr bool converting_store = OPUS_DETAIL_CONVERTING_STORE &&
    !unit_info<T>::is_packed && is_float_value_v<typename unit_info<T>::scalar> &&
    is_float_value_v<typename unit_info<remove_cvref_t<V>>::scalar> &&
    !is_same_v<typename unit_info<T>::scalar, typename unit_info<remove_cvref_t<V>>::scalar>;
template <typename S, typename V>
OPUS_H_D constexpr auto convert_values(const V& v) {
    constexpr index_t M = unit_info<V>::values;
    if constexpr (is_vector_v<V>) {
        return __builtin_convertvector(v, vector_t<S, M>);
    } else {
        vector_t<S, M> r{};
        for (index_t i = 0; i < M; ++i) r[i] = static_cast<S>(v[i]);
        return r;
    }
}

// _store: N elements of T's element type, or any value of exactly the access's bytes (a bit
// copy, as the byte-offset form of aiter's opus accepts)
template <typename T, index_t N, typename V>
OPUS_H_D constexpr bool check_raw_data() {
    using D = remove_cvref_t<V>;
    if constexpr (sizeof(D) == static_cast<size_t_>(access_bytes<T, N>)) return true;
    else return check_data<T, N, D>();
}

// store<N>(scalar, ...) with N elements > 1: the scalar is written to every element
template <typename T, index_t N, typename V>
inline constexpr bool broadcast_store =
    N > 0 && !is_vector_v<V> && !unit_info<T>::is_packed && N * unit_info<T>::values > 1 &&
    is_same_v<V, typename unit_info<T>::scalar>;
template <typename T, index_t N, typename V>
OPUS_H_D constexpr access_t<T, N> broadcast_data(const V& v) {
    access_t<T, N> r{};
    for (index_t i = 0; i < N * unit_info<T>::values; ++i) r[i] = v;
    return r;
}

// element offset -> byte offset (32-bit unsigned product: buffer_byte_offset)
template <typename T, typename O>
OPUS_H_D constexpr index_t byte_offset(const O& o) {
    if constexpr (unit_info<T>::bits % 8 == 0)
        return buffer_byte_offset(static_cast<index_t>(o), uint32_t(unit_info<T>::bits / 8));
    else return (static_cast<index_t>(o) * unit_info<T>::bits) >> 3;
}

} // namespace detail
OPUS_NAMESPACE_END
#endif // OPUS_HIP
