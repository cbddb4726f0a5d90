// SPDX-License-Identifier: MIT
// opus/core/slice.hpp - static slicing of tuple, array and vector_t.
//
//   slice(c, 2_I)          first 2 elements            (same container kind)
//   slice(c, 1_I, 3_I)     elements [1, 3)
//   set_slice(dst, src, 2_I, 4_I)   dst[2..4) = src[0..2)   (set_slice(dst, src, E): [0, E))
//
// Bounds are number<>s; out-of-range or reversed bounds are a static_assert.
#pragma once

#include "container.hpp"

OPUS_DETAIL_PSABI_OFF
OPUS_NAMESPACE_BEGIN

namespace detail {
template <index_t B, index_t E, index_t N>
inline constexpr bool slice_ok = (B >= 0 && B <= E && E <= N);

template <index_t B, typename C, index_t... I>
OPUS_H_D constexpr auto slice_impl(const C& c, seq<I...>) {
    if constexpr (is_tuple_v<C>) {
        return opus::make_tuple(get<B + I>(c)...);
    } else if constexpr (is_array_v<C>) {
        return array<typename C::value_type, sizeof...(I)>{{c[B + I]...}};
    } else {
        return vector_t<typename vector_traits<C>::dtype, sizeof...(I)>{c[B + I]...};
    }
}
template <index_t B, typename D, typename S, index_t... I>
OPUS_H_D constexpr void set_slice_impl(D& d, const S& s, seq<I...>) {
    if constexpr (is_tuple_v<D>) {
        ((get<B + I>(d) = get<I>(s)), ...);
    } else {
        ((d[B + I] = s[I]), ...);
    }
}
} // namespace detail

template <typename C, index_t B, index_t E>
OPUS_H_D constexpr auto slice(const C& c, number<B>, number<E>) {
    constexpr index_t n = size<C>();
    static_assert(detail::slice_ok<B, E, n>,
                  "opus::slice(c, begin, end): slice out of range (need 0 <= begin <= end <= size)");
    if constexpr (detail::slice_ok<B, E, n>)
        return detail::slice_impl<B>(c, make_index_seq<E - B>{});
}
template <typename C, index_t E>
OPUS_H_D constexpr auto slice(const C& c, number<E>) {
    return slice(c, number<0>{}, number<E>{});
}

template <typename D, typename S, index_t B, index_t E>
OPUS_H_D constexpr void set_slice(D& dst, const S& src, number<B>, number<E>) {
    constexpr index_t n = size<D>(), m = size<S>();
    static_assert(detail::slice_ok<B, E, n>,
                  "opus::set_slice(dst, src, begin, end): slice out of range (need 0 <= begin <= end <= size of dst)");
    static_assert(E - B <= m, "opus::set_slice(dst, src, begin, end): src has fewer than end - begin elements");
    if constexpr (detail::slice_ok<B, E, n> && E - B <= m)
        detail::set_slice_impl<B>(dst, src, make_index_seq<E - B>{});
}
template <typename D, typename S, index_t E>
OPUS_H_D constexpr void set_slice(D& dst, const S& src, number<E>) {
    set_slice(dst, src, number<0>{}, number<E>{});
}

OPUS_NAMESPACE_END
OPUS_DETAIL_PSABI_ON
