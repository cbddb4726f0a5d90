// SPDX-License-Identifier: MIT
// opus/core/container.hpp - generic questions about a container (tuple, array, vector_t, seq).
//
//   size<C>() / size(c)   number of elements of a tuple, array, vector_t or seq (index_t);
//                         a scalar has no size (not a candidate)
//   get_value_t<C>        element type: vector_t<T, N> / array<T, N> -> T, tuple -> its first
//                         element type, anything else -> the type itself (cv/ref removed)
#pragma once

#include "array.hpp"
#include "tuple.hpp"
#include "vector.hpp"

OPUS_NAMESPACE_BEGIN

namespace detail {
// a container of N elements of type V
template <index_t N, typename V> struct container_is {
    static constexpr bool is_container = true;
    static constexpr index_t size = N;
    using value = V;
};
template <typename C, bool = is_vector_v<C>> struct container_of { static constexpr bool is_container = false; using value = C; };
template <typename C>
struct container_of<C, true> : container_is<vector_traits<C>::size, typename vector_traits<C>::dtype> {};
template <typename... T>
struct container_of<tuple<T...>, false> : container_is<sizeof...(T), type_pack_element_t<0, T..., void>> {};
template <typename T, index_t N> struct container_of<array<T, N>, false> : container_is<N, T> {};
template <index_t... I> struct container_of<seq<I...>, false> : container_is<sizeof...(I), index_t> {};
} // namespace detail

template <typename C, enable_if_t<detail::container_of<remove_cvref_t<C>>::is_container, int> = 0>
OPUS_H_D constexpr index_t size() { return detail::container_of<remove_cvref_t<C>>::size; }
template <typename C, enable_if_t<detail::container_of<remove_cvref_t<C>>::is_container, int> = 0>
OPUS_H_D constexpr index_t size(const C&) { return size<C>(); }

template <typename C>
using get_value_t = typename detail::container_of<remove_cvref_t<C>>::value;

OPUS_NAMESPACE_END
