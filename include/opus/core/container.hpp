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
template <typename C> struct container_info { static constexpr bool is_container = false; using value = C; };
template <typename... T> struct container_info<tuple<T...>> {
    static constexpr bool is_container = true;
    static constexpr index_t size = sizeof...(T);
    using value = type_pack_element_t<0, T..., void>;
};
template <typename T, index_t N> struct container_info<array<T, N>> {
    static constexpr bool is_container = true;
    static constexpr index_t size = N;
    using value = T;
};
template <index_t... I> struct container_info<seq<I...>> {
    static constexpr bool is_container = true;
    static constexpr index_t size = sizeof...(I);
    using value = index_t;
};
template <typename C, bool = is_vector_v<C>> struct container_of : container_info<C> {};
template <typename C> struct container_of<C, true> {
    static constexpr bool is_container = true;
    static constexpr index_t size = vector_traits<C>::size;
    using value = typename vector_traits<C>::dtype;
};
} // namespace detail

template <typename C, enable_if_t<detail::container_of<remove_cvref_t<C>>::is_container, int> = 0>
OPUS_H_D constexpr index_t size() { return detail::container_of<remove_cvref_t<C>>::size; }
template <typename C, enable_if_t<detail::container_of<remove_cvref_t<C>>::is_container, int> = 0>
OPUS_H_D constexpr index_t size(const C&) { return detail::container_of<remove_cvref_t<C>>::size; }

template <typename C>
using get_value_t = typename detail::container_of<remove_cvref_t<C>>::value;

OPUS_NAMESPACE_END
