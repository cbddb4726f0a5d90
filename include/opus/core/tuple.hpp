// SPDX-License-Identifier: MIT
// opus/core/tuple.hpp - tuple<T...>: a heterogeneous aggregate of values.
//
//   auto t = opus::make_tuple(1_I, 2.0f, 3);    // tuple<number<1>, float, int>
//   get<1>(t) == 2.0f;  t[0_I] is number<1>;  t.size() == 3;  tuple{1, 2.0f} (CTAD)
//   auto [a, b, c] = t;                    // structured bindings
//   concat_tuple(t1, t2, ...)  flatten_tuple(nested)  transform_tuple(f, t)
//   reduce_tuple_sum(t) / reduce_tuple_mul(t) -> a scalar (number<> when all elements are
//       numbers, so reduce_tuple_mul(opus::make_tuple(2_I, 3_I)) is number<6>; number<0> / number<1>
//       for the empty tuple)
//   make_repeated_tuple<N>(v)  N copies of v
//
// Storage is one base class per element (no recursive nesting): get<I> and every operation
// here instantiate O(1) templates per element, with O(1) depth.
#pragma once

#include "seq.hpp"

// ---- std::tuple_size / std::tuple_element, needed by structured bindings -----------------
// Forward declaring them in the standard library's own namespace avoids <utility>
// (thousands of preprocessed lines). Which namespace that is depends on the library:
// - a standard header included earlier has defined its configuration macros: use them;
// - libstdc++ otherwise: plain `namespace std`. Its configuration header <bits/c++config.h>
//   alone is a noticeable part of the cost of including opus in a device pass, and all it
//   would tell us is whether the library was built with the
//   versioned namespace (`std::__8`, GCC's --enable-symvers=gnu-versioned-namespace, which no
//   distribution ships). With such a library define OPUS_GLIBCXX_CONFIG=1 to have opus read
//   it (without, a later standard header finds std::tuple_size ambiguous: a compile error;
//   test/host/core/test_core_tuple_glibcxx_config.cpp, test_core_tuple_std_after.cpp);
// - libc++: its <__config> (inline namespace std::__1 or another ABI version);
// - any other library: <utility>.
#if defined(_LIBCPP_VERSION) || defined(__GLIBCXX__)
#elif __has_include(<bits/c++config.h>) && !(defined(OPUS_GLIBCXX_CONFIG) && OPUS_GLIBCXX_CONFIG)
#define OPUS_DETAIL_STD_PLAIN_NAMESPACE 1
#elif __has_include(<bits/c++config.h>)
#include <bits/c++config.h>
#elif __has_include(<__config>)
#include <__config>
#elif __has_include(<version>)
#include <version>
#endif
#if defined(_LIBCPP_VERSION)
_LIBCPP_BEGIN_NAMESPACE_STD
template <class T> struct tuple_size;
template <decltype(sizeof(0)) I, class T> struct tuple_element;
_LIBCPP_END_NAMESPACE_STD
#elif defined(__GLIBCXX__)
namespace std {
_GLIBCXX_BEGIN_NAMESPACE_VERSION
template <typename T> struct tuple_size;
template <decltype(sizeof(0)) I, typename T> struct tuple_element;
_GLIBCXX_END_NAMESPACE_VERSION
} // namespace std
#elif defined(OPUS_DETAIL_STD_PLAIN_NAMESPACE)
namespace std {
template <typename T> struct tuple_size;
template <decltype(sizeof(0)) I, typename T> struct tuple_element;
} // namespace std
#undef OPUS_DETAIL_STD_PLAIN_NAMESPACE
#else
#include <utility>
#endif

OPUS_NAMESPACE_BEGIN

template <typename... T> struct tuple;

namespace detail {
template <index_t I, typename T>
struct tuple_leaf {
    T value;
};

// An element of type T from a plain index value (see tuple(from_values_t, v)): integers
// convert, and an empty class (number<>, layout's `_`: its value is its type) ignores it.
template <typename T>
OPUS_H_D constexpr T from_index(index_t v) {
    if constexpr (__is_empty(T)) return T{};
    else return static_cast<T>(v);
}
struct from_values_t {};

template <typename Idx, typename... T> struct tuple_base;
template <index_t... I, typename... T>
struct tuple_base<seq<I...>, T...> : tuple_leaf<I, T>... {
    constexpr tuple_base() = default;
    template <typename... U>
    OPUS_H_D constexpr explicit tuple_base(int, U&&... u) : tuple_leaf<I, T>{static_cast<U&&>(u)}... {}
    OPUS_H_D constexpr tuple_base(from_values_t, const index_t* v) : tuple_leaf<I, T>{from_index<T>(v[I])}... {}
    OPUS_H_D static constexpr index_t size() { return static_cast<index_t>(sizeof...(T)); }  // tuple::size()
};
} // namespace detail

template <typename... T>
struct tuple : detail::tuple_base<make_index_seq<sizeof...(T)>, T...> {
    using base = detail::tuple_base<make_index_seq<sizeof...(T)>, T...>;
    constexpr tuple() = default;
    // element-wise construction (also the CTAD constructor; tuple<> is its own class below)
    template <typename... U,
              enable_if_t<(sizeof...(U) == sizeof...(T) &&
                           !(sizeof...(U) == 1 && (is_same_v<remove_cvref_t<U>, tuple> || ...))),
                          int> = 0>
    OPUS_H_D constexpr tuple(U&&... u) : base(0, static_cast<U&&>(u)...) {}
    // element I from v[I] (detail::from_index<T>): one constructor per tuple type, for code
    // that computes a tuple's values as plain integers (partition layouts)
    OPUS_H_D constexpr tuple(detail::from_values_t t, const index_t* v) : base(t, v) {}

    // element-wise assignment from another tuple of the same size (also through tie())
    template <typename... U, enable_if_t<sizeof...(U) == sizeof...(T), int> = 0>
    OPUS_H_D constexpr tuple& operator=(const tuple<U...>& o) {
        assign_from(o, make_index_seq<sizeof...(T)>{});
        return *this;
    }

    template <index_t I>
    OPUS_H_D constexpr decltype(auto) operator[](number<I>) & { return get<I>(*this); }
    template <index_t I>
    OPUS_H_D constexpr decltype(auto) operator[](number<I>) const& { return get<I>(*this); }
    template <index_t I>
    OPUS_H_D constexpr decltype(auto) operator[](number<I>) && { return get<I>(static_cast<tuple&&>(*this)); }

  private:
    template <typename O, index_t... I>
    OPUS_H_D constexpr void assign_from(const O& o, seq<I...>) {
        ((static_cast<detail::tuple_leaf<I, T>&>(*this).value = get<I>(o)), ...);
    }
};
// (every tuple, the empty one too, derives from tuple_base<seq<I...>, T...>: a helper that
// takes that base deduces the indices I... from any tuple, with no make_index_seq argument)
template <> struct tuple<> : detail::tuple_base<seq<>> {};

template <typename... T> tuple(T...) -> tuple<T...>;

template <typename T> struct is_tuple : false_type {};
template <typename... T> struct is_tuple<tuple<T...>> : true_type {};
template <typename T>
inline constexpr bool is_tuple_v = is_tuple<remove_cvref_t<T>>::value;

// number of elements of a tuple type (cv/ref ignored)
namespace detail {
template <typename T> struct tuple_size_impl;
template <typename... T>
struct tuple_size_impl<tuple<T...>> { static constexpr index_t value = sizeof...(T); };
} // namespace detail
template <typename T>
inline constexpr index_t tuple_size_v = detail::tuple_size_impl<remove_cvref_t<T>>::value;

namespace detail {
template <index_t I, typename T> struct tuple_element_impl;
template <index_t I, typename... T>
struct tuple_element_impl<I, tuple<T...>> {
    static_assert(I >= 0 && I < static_cast<index_t>(sizeof...(T)),
                  "opus::tuple_element_t<I, tuple>: index I out of range");
    using type = type_pack_element_t<(I < 0 ? 0 : static_cast<size_t_>(I)), T...>;
};
} // namespace detail
// the I-th element type of a tuple type (cv/ref of the tuple ignored; memoized, O(1))
template <index_t I, typename Tuple>
using tuple_element_t = typename detail::tuple_element_impl<I, remove_cvref_t<Tuple>>::type;

// ---- get<I> ------------------------------------------------------------------------------
// get<I> binds the tuple to the base holding element I, tuple_leaf<I, T>, and deduces T from
// it: no pack indexing and no helper class per (I, tuple type), which keeps a call cheap for
// the front end. An index out of range matches no base and lands on the last overload,
// which exists only to say so (test/diagnostics/core/core_get_out_of_range.cpp).
template <index_t I, typename T>
OPUS_H_D constexpr T& get(detail::tuple_leaf<I, T>& l) { return l.value; }
template <index_t I, typename T>
OPUS_H_D constexpr const T& get(const detail::tuple_leaf<I, T>& l) { return l.value; }
template <index_t I, typename T>
OPUS_H_D constexpr T&& get(detail::tuple_leaf<I, T>&& l) { return static_cast<T&&>(l.value); }
template <index_t I, typename... T,
          enable_if_t<(I < 0 || I >= static_cast<index_t>(sizeof...(T))), int> = 0>
OPUS_H_D constexpr void get(const tuple<T...>&) {
    static_assert(I >= 0 && I < static_cast<index_t>(sizeof...(T)),
                  "opus::get<I>(tuple): index I out of range (must be 0 <= I < tuple size)");
}

// ---- factories ---------------------------------------------------------------------------
template <typename... T>
OPUS_H_D constexpr tuple<remove_cvref_t<T>...> make_tuple(T&&... t) {
    return {static_cast<T&&>(t)...};
}
// tuple of references (like std::tie)
template <typename... T>
OPUS_H_D constexpr tuple<T&...> tie(T&... t) { return {t...}; }

namespace detail {
template <typename T, index_t... I>
OPUS_H_D constexpr auto repeat_tuple(const T& v, seq<I...>) {
    return opus::make_tuple((static_cast<void>(I), v)...);
}
} // namespace detail
template <index_t N, typename T>
OPUS_H_D constexpr auto make_repeated_tuple(const T& v) {
    return detail::repeat_tuple(v, make_index_seq<N>{});
}

// tuple of number<> from a seq
template <index_t... Is>
OPUS_H_D constexpr tuple<number<Is>...> to_tuple(seq<Is...>) { return {}; }

// ---- concat / flatten --------------------------------------------------------------------
namespace detail {
// For output position k of concat(tuples...): which input tuple and which element (a table
// built at compile time only).
template <index_t Total>
struct concat_arrays { index_t outer[Total + 1]; index_t inner[Total + 1]; };
template <index_t... Sizes>
constexpr concat_arrays<(0 + ... + Sizes)> make_concat_map() {
    concat_arrays<(0 + ... + Sizes)> a{};
    constexpr index_t sz[] = {Sizes..., 0};
    index_t k = 0;
    for (index_t t = 0; t < static_cast<index_t>(sizeof...(Sizes)); ++t)
        for (index_t e = 0; e < sz[t]; ++e) { a.outer[k] = t; a.inner[k] = e; ++k; }
    return a;
}
template <index_t... Sizes>
inline constexpr concat_arrays<(0 + ... + Sizes)> concat_map_v = make_concat_map<Sizes...>();

template <index_t... Sizes, typename TT, index_t... K>
OPUS_H_D constexpr auto concat_impl(const TT& tt, seq<K...>) {
    constexpr auto& m = concat_map_v<Sizes...>;
    return opus::make_tuple(get<m.inner[K]>(get<m.outer[K]>(tt))...);
}
} // namespace detail

template <typename... Tuples>
OPUS_H_D constexpr auto concat_tuple(const Tuples&... ts) {
    static_assert((is_tuple_v<Tuples> && ...), "opus::concat_tuple: every argument must be an opus::tuple");
    return detail::concat_impl<tuple_size_v<Tuples>...>(
        tuple<const Tuples&...>(ts...), make_index_seq<(0 + ... + tuple_size_v<Tuples>)>{});
}

template <typename T>
OPUS_H_D constexpr auto flatten_tuple(const T& t);
namespace detail {
template <index_t... I, typename... T>
OPUS_H_D constexpr auto flatten_impl(const tuple_base<seq<I...>, T...>& t) {
    return concat_tuple(opus::flatten_tuple(get<I>(t))...);
}
} // namespace detail
// flatten_tuple(opus::make_tuple(1, opus::make_tuple(2, opus::make_tuple(3)), 4)) == opus::make_tuple(1, 2, 3, 4)
// (recursion depth = nesting depth, not element count). A non-tuple becomes a 1-tuple.
template <typename T>
OPUS_H_D constexpr auto flatten_tuple(const T& t) {
    if constexpr (is_tuple_v<T>) return detail::flatten_impl(t);
    else return opus::make_tuple(t);
}

// ---- reduce / transform ------------------------------------------------------------------
namespace detail {
template <index_t... I, typename... T>
OPUS_H_D constexpr auto reduce_sum_impl(const tuple_base<seq<I...>, T...>& t) { return (number<0>{} + ... + get<I>(t)); }
template <index_t... I, typename... T>
OPUS_H_D constexpr auto reduce_mul_impl(const tuple_base<seq<I...>, T...>& t) { return (number<1>{} * ... * get<I>(t)); }
template <typename F, typename T, index_t... I>
OPUS_H_D constexpr auto transform_impl(F&& f, T&& t, seq<I...>) { return opus::make_tuple(f(get<I>(t))...); }
} // namespace detail

template <typename T>
OPUS_H_D constexpr auto reduce_tuple_sum(const T& t) {
    return detail::reduce_sum_impl(t);
}
template <typename T>
OPUS_H_D constexpr auto reduce_tuple_mul(const T& t) {
    return detail::reduce_mul_impl(t);
}
// transform_tuple(f, t) == opus::make_tuple(f(get<0>(t)), f(get<1>(t)), ...)
template <typename F, typename T>
OPUS_H_D constexpr auto transform_tuple(F&& f, T&& t) {
    return detail::transform_impl(f, static_cast<T&&>(t), make_index_seq<tuple_size_v<T>>{});
}

// ---- comparison (element-wise ==, for tests and static checks) ---------------------------
namespace detail {
template <index_t... I, typename... A, typename B>
OPUS_H_D constexpr bool tuple_eq(const tuple_base<seq<I...>, A...>& a, const B& b) {
    return (true && ... && (get<I>(a) == get<I>(b)));
}
} // namespace detail
template <typename... A, typename... B>
OPUS_H_D constexpr bool operator==(const tuple<A...>& a, const tuple<B...>& b) {
    if constexpr (sizeof...(A) != sizeof...(B)) return false;
    else return detail::tuple_eq(a, b);
}
template <typename... A, typename... B>
OPUS_H_D constexpr bool operator!=(const tuple<A...>& a, const tuple<B...>& b) { return !(a == b); }

OPUS_NAMESPACE_END

// structured bindings: auto [a, b] = opus::make_tuple(1, 2.0f);
template <typename... T>
struct std::tuple_size<opus::tuple<T...>> {
    static constexpr decltype(sizeof(0)) value = sizeof...(T);
};
template <typename... T>
struct std::tuple_size<const opus::tuple<T...>> {
    static constexpr decltype(sizeof(0)) value = sizeof...(T);
};
template <decltype(sizeof(0)) I, typename... T>
struct std::tuple_element<I, opus::tuple<T...>> {
    using type = opus::type_pack_element_t<I, T...>;
};
template <decltype(sizeof(0)) I, typename... T>
struct std::tuple_element<I, const opus::tuple<T...>> {
    using type = const opus::type_pack_element_t<I, T...>;
};
