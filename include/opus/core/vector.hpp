// SPDX-License-Identifier: MIT
// opus/core/vector.hpp - vector_t<T, N>: the native SIMD register type.
//
// clang (host and device): T __attribute__((ext_vector_type(N))).
// g++ (host only, for core's host tests): T __attribute__((vector_size(N * sizeof(T)))),
// which supports the same brace-initialisation and v[i] element access but requires N to
// be a power of two. Both are plain built-in types: trivially copyable, passed in registers.
//
//   vector_t<float, 4> v;                    make_vector(1.0f, 2.0f)      -> vector_t<float, 2>
//   concat_vector(v1, v2, ...)               make_repeated_vector<4>(0.0f)
//   fill(v, 1.0f); clear(v);                 to_array(v); to_vector(a)
//   is_vector_v<V>, vector_traits<V>::dtype, vector_traits<V>::size (a value or ::size())
#pragma once

#include "array.hpp"
#include "number.hpp"

OPUS_DETAIL_PSABI_OFF
OPUS_NAMESPACE_BEGIN

namespace detail {
template <typename T, index_t N, bool = is_packs_v<T>>
struct vector_impl {
    static_assert(N > 0, "opus::vector_t<T, N>: N must be > 0");
#if defined(__clang__)
    typedef T type __attribute__((ext_vector_type(N)));
#else
    static_assert((N & (N - 1)) == 0, "opus::vector_t<T, N>: g++ vectors need a power-of-two N");
    typedef T type __attribute__((vector_size(N * sizeof(T))));
#endif
};
// of a pack type (opus/core/subbyte.hpp): a packed array that counts as a vector
template <typename P, index_t N> struct vector_impl<P, N, true> { using type = packed_vector<P, N>; };
} // namespace detail

template <typename T, index_t N>
using vector_t = typename detail::vector_impl<T, N>::type;

// ---- vector_traits / is_vector_v ---------------------------------------------------------
// vector_traits<V>::dtype / ::size for vectors; array<T, N>: dtype = T, size = N; for any other
// type T: dtype = T, size = 1. `size` is a number<N>, so both vector_traits<V>::size and
// vector_traits<V>::size() are the index_t N.
template <typename V, typename = void>
struct vector_traits {
    using dtype = V;
    static constexpr number<1> size{};
    static constexpr bool is_vector = false;
};
template <typename T, index_t N>
struct vector_traits<array<T, N>, void> {
    using dtype = T;
    static constexpr number<N> size{};
    static constexpr bool is_vector = false;
};
#if defined(__clang__)
template <typename T, int N>
struct vector_traits<T __attribute__((ext_vector_type(N))), void> {
    using dtype = T;
    static constexpr number<N> size{};
    static constexpr bool is_vector = true;
};
#else
namespace detail {
template <typename V> struct is_ptr_or_array : false_type {};
template <typename V> struct is_ptr_or_array<V*> : true_type {};
template <typename V> struct is_ptr_or_array<V[]> : true_type {};
template <typename V, decltype(sizeof(0)) N> struct is_ptr_or_array<V[N]> : true_type {};
} // namespace detail
template <typename V>
struct vector_traits<V, enable_if_t<!__is_class(V) && !detail::is_ptr_or_array<V>::value &&
                                    is_same_v<V, remove_cvref_t<V>>,
                                    detail::void_t<decltype(declval<V&>()[0])>>> {
    using dtype = remove_cvref_t<decltype(declval<V&>()[0])>;
    static constexpr number<index_t(sizeof(V) / sizeof(dtype))> size{};
    static constexpr bool is_vector = true;
};
#endif
// references and cv-qualified types report what they refer to (decltype of an `auto&`
// parameter, as code written for aiter's opus writes vector_traits<decltype(v)>::size())
template <typename V> struct vector_traits<V&, void> : vector_traits<remove_cvref_t<V>> {};
template <typename V> struct vector_traits<V&&, void> : vector_traits<remove_cvref_t<V>> {};
template <typename V> struct vector_traits<const V, void> : vector_traits<V> {};
template <typename V>
inline constexpr bool is_vector_v = vector_traits<remove_cvref_t<V>>::is_vector;

// ---- factories ---------------------------------------------------------------------------
template <typename T = void, typename A0, typename... A>
OPUS_H_D constexpr auto make_vector(A0&& a0, A&&... a) {
    using E = conditional_t<is_same_v<T, void>, remove_cvref_t<A0>, T>;
    return vector_t<E, 1 + sizeof...(A)>{static_cast<E>(a0), static_cast<E>(a)...};
}

template <index_t N, typename T>
OPUS_H_D constexpr vector_t<T, N> make_repeated_vector(const T& v) {
    vector_t<T, N> r{};
    for (index_t i = 0; i < N; ++i) r[i] = v;
    return r;
}

template <typename V, enable_if_t<is_vector_v<V>, int> = 0>
OPUS_H_D constexpr void fill(V& v, const typename vector_traits<V>::dtype& x) {
    for (index_t i = 0; i < vector_traits<V>::size; ++i) v[i] = x;
}
template <typename V, enable_if_t<is_vector_v<V>, int> = 0>
OPUS_H_D constexpr void clear(V& v) {
    v = V{};
}
// get<I>(v): element I of a vector, by value (a vector element has no address), as in
// aiter's opus (code written for it reads scales with opus::get<0>(v))
template <index_t I, typename V, enable_if_t<is_vector_v<V>, int> = 0>
OPUS_H_D constexpr typename vector_traits<V>::dtype get(const V& v) {
    static_assert(I >= 0 && I < vector_traits<V>::size, "opus::get<I>(vector): I is out of range");
    return v[I];
}

namespace detail {
template <typename V, typename W, index_t... I, index_t... J>
OPUS_H_D constexpr auto concat2_vector(const V& a, const W& b, seq<I...>, seq<J...>) {
    using E = typename vector_traits<V>::dtype;
    return vector_t<E, sizeof...(I) + sizeof...(J)>{a[I]..., b[J]...};
}
template <typename V, index_t... I>
OPUS_H_D constexpr auto vector_to_array(const V& v, seq<I...>) {
    using E = typename vector_traits<V>::dtype;
    return array<E, sizeof...(I)>{v[I]...};
}
template <typename T, index_t N, index_t... I>
OPUS_H_D constexpr vector_t<T, N> array_to_vector(const array<T, N>& a, seq<I...>) {
    return vector_t<T, N>{a[I]...};
}
} // namespace detail

template <typename V, enable_if_t<is_vector_v<V>, int> = 0>
OPUS_H_D constexpr V concat_vector(const V& a) { return a; }
template <typename V, typename W, typename... R>
OPUS_H_D constexpr auto concat_vector(const V& a, const W& b, const R&... r) {
    static_assert(is_vector_v<V> && is_vector_v<W>, "opus::concat_vector: arguments must be vectors");
    static_assert(is_same_v<typename vector_traits<V>::dtype, typename vector_traits<W>::dtype>,
                  "opus::concat_vector: vectors must have the same element type");
    auto ab = detail::concat2_vector(a, b, make_index_seq<vector_traits<V>::size>{},
                                     make_index_seq<vector_traits<W>::size>{});
    if constexpr (sizeof...(R) == 0) return ab;
    else return concat_vector(ab, r...);
}

template <typename V, enable_if_t<is_vector_v<V>, int> = 0>
OPUS_H_D constexpr auto to_array(const V& v) {
    return detail::vector_to_array(v, make_index_seq<vector_traits<V>::size>{});
}
template <typename T, index_t N>
OPUS_H_D constexpr vector_t<T, N> to_vector(const array<T, N>& a) {
    return detail::array_to_vector(a, make_index_seq<N>{});
}

OPUS_NAMESPACE_END
OPUS_DETAIL_PSABI_ON
