// SPDX-License-Identifier: MIT
// opus/core/seq.hpp - seq<Is...>: a compile-time integer sequence.
//
//   seq<2,4,8>{}[0] == 2, seq<2,4,8>::size() == 3, seq<2,4,8>{}[1_I] is number<4>
//   make_index_seq<5>          seq<0,1,2,3,4>
//   make_index_seq<2, 7>       seq<2,3,4,5,6>
//   make_index_seq<0, 10, 2>   seq<0,2,4,6,8>
//   make_repeated_seq<0, 4>    seq<0,0,0,0>        (value, count)
//   concat_seq(seq<1,2>{}, seq<3,4>{})  seq<1,2,3,4>
//   reduce_seq_sum(seq<1,2,3>{})        seq<6>
//   reduce_seq_mul(seq<2,3,4>{})        seq<24>
//
// All generators are O(1) template instantiation depth: they use __make_integer_seq
// (clang) or __integer_pack (gcc), with an O(log N) doubling fallback.
#pragma once

#include "number.hpp"

OPUS_NAMESPACE_BEGIN

template <index_t... Is>
struct seq {
    using type = seq;
    OPUS_H_D static constexpr index_t size() { return static_cast<index_t>(sizeof...(Is)); }
    // runtime-valued lookup (usable in constant expressions)
    OPUS_H_D static constexpr index_t at(index_t i) {
        constexpr index_t v[sizeof...(Is) + 1] = {Is..., 0};
        return v[i];
    }
    OPUS_H_D constexpr index_t operator[](index_t i) const { return at(i); }
    // static lookup: s[number<I>{}] is number<...>
    template <index_t I>
    OPUS_H_D constexpr auto operator[](number<I>) const {
        static_assert(I >= 0 && I < static_cast<index_t>(sizeof...(Is)),
                      "opus::seq::operator[]: index out of range");
        return number<at(I)>{};
    }
    template <index_t I>
    OPUS_H_D static constexpr auto at(number<I>) { return seq{}[number<I>{}]; }
};

template <typename T> struct is_seq : false_type {};
template <index_t... Is> struct is_seq<seq<Is...>> : true_type {};
template <typename T>
inline constexpr bool is_seq_v = is_seq<remove_cvref_t<T>>::value;

template <index_t I, index_t... Is>
OPUS_H_D constexpr auto get(seq<Is...>) { return seq<Is...>{}[number<I>{}]; }

namespace detail {
// ---- 0..N-1 ------------------------------------------------------------------------------
#if __has_builtin(__make_integer_seq)
template <typename T, T... Is> struct iseq_to_seq { using type = seq<Is...>; };
template <index_t N>
using make_iota_seq = typename __make_integer_seq<iseq_to_seq, index_t, N>::type;
#elif __has_builtin(__integer_pack)
template <index_t N>
using make_iota_seq = seq<__integer_pack(N)...>;
#else
template <typename A, typename B> struct iota_join;
template <index_t... A, index_t... B>
struct iota_join<seq<A...>, seq<B...>> { using type = seq<A..., (sizeof...(A) + B)...>; };
template <index_t N> struct iota_impl {
    using half = typename iota_impl<N / 2>::type;
    using twice = typename iota_join<half, half>::type;
    using type = conditional_t<N % 2 == 0, twice,
                               typename iota_join<twice, seq<0>>::type>;
};
template <> struct iota_impl<0> { using type = seq<>; };
template <> struct iota_impl<1> { using type = seq<0>; };
template <index_t N>
using make_iota_seq = typename iota_impl<N>::type;
#endif

template <index_t B, index_t S, typename Iota> struct affine_seq;
template <index_t B, index_t S, index_t... Is>
struct affine_seq<B, S, seq<Is...>> { using type = seq<(B + Is * S)...>; };

template <index_t V, typename Iota> struct repeat_seq;
template <index_t V, index_t... Is>
struct repeat_seq<V, seq<Is...>> { using type = seq<(Is * 0 + V)...>; };

template <index_t... Args> struct make_index_seq_impl {
    static_assert(sizeof...(Args) >= 1 && sizeof...(Args) <= 3,
                  "opus::make_index_seq takes <N>, <Begin, End> or <Begin, End, Step>");
};
template <index_t N> struct make_index_seq_impl<N> {
    static_assert(N >= 0, "opus::make_index_seq<N>: N must be >= 0");
    using type = make_iota_seq<(N < 0 ? 0 : N)>;
};
template <index_t B, index_t E> struct make_index_seq_impl<B, E> {
    static constexpr index_t n = E > B ? E - B : 0;
    using type = typename affine_seq<B, 1, make_iota_seq<n>>::type;
};
template <index_t B, index_t E, index_t S> struct make_index_seq_impl<B, E, S> {
    static_assert(S != 0, "opus::make_index_seq<Begin, End, Step>: Step must not be 0");
    static constexpr index_t n = S > 0 ? (E > B ? (E - B + S - 1) / S : 0)
                                       : (B > E ? (B - E - S - 1) / (-S) : 0);
    using type = typename affine_seq<B, S, make_iota_seq<n>>::type;
};
} // namespace detail

template <index_t... Args>
using make_index_seq = typename detail::make_index_seq_impl<Args...>::type;

// make_repeated_seq<Value, Count>
template <index_t V, index_t N>
using make_repeated_seq = typename detail::repeat_seq<V, detail::make_iota_seq<N>>::type;

OPUS_H_D constexpr seq<> concat_seq() { return {}; }
template <index_t... A>
OPUS_H_D constexpr seq<A...> concat_seq(seq<A...>) { return {}; }
template <index_t... A, index_t... B>
OPUS_H_D constexpr seq<A..., B...> concat_seq(seq<A...>, seq<B...>) { return {}; }
template <index_t... A, index_t... B, index_t... C, typename... R>
OPUS_H_D constexpr auto concat_seq(seq<A...>, seq<B...>, seq<C...>, R... r) {
    return concat_seq(seq<A..., B..., C...>{}, r...);
}

template <index_t... Is>
OPUS_H_D constexpr seq<(0 + ... + Is)> reduce_seq_sum(seq<Is...>) { return {}; }
template <index_t... Is>
OPUS_H_D constexpr seq<(1 * ... * Is)> reduce_seq_mul(seq<Is...>) { return {}; }

// ---- type_pack_element_t<I, T...>: O(1) depth --------------------------------------------
#if __has_builtin(__type_pack_element)
template <size_t_ I, typename... T>
using type_pack_element_t = __type_pack_element<I, T...>;
#else
namespace detail {
template <index_t I, typename T> struct indexed_type { using type = T; };
template <typename Idx, typename... T> struct indexed_types;
template <index_t... I, typename... T>
struct indexed_types<seq<I...>, T...> : indexed_type<I, T>... {};
template <index_t I, typename T> indexed_type<I, T> select_indexed(indexed_type<I, T>);
} // namespace detail
template <size_t_ I, typename... T>
using type_pack_element_t = typename decltype(detail::select_indexed<static_cast<index_t>(I)>(
    detail::indexed_types<make_index_seq<sizeof...(T)>, T...>{}))::type;
#endif

OPUS_NAMESPACE_END
