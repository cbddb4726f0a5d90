// SPDX-License-Identifier: MIT
// opus/core/meta.hpp - the few type traits opus needs, built on compiler builtins.
//
// <type_traits> alone is thousands of preprocessed lines in a device compile; everything here is
// a handful of lines on top of builtins (__is_same, __remove_cvref, __type_pack_element,
// __make_integer_seq / __integer_pack), each with a small portable fallback.
#pragma once

#include "config.hpp"

// <type_traits> is not included by default: it is a sizeable part of the cost of including
// opus in every TU (docs/compile-time.md), and real HIP builds get it from the HIP headers
// anyway. Code that spells std::is_same_v etc. after including only opus (a -nogpuinc build
// with opus/hip_minimal.hpp) can define OPUS_STD_TYPE_TRAITS=1 to have opus include it
// (test/codegen/core/core_std_type_traits_opt_in.hip; without it:
// test/diagnostics/core/core_std_type_traits_default.hip).
#if defined(OPUS_STD_TYPE_TRAITS) && OPUS_STD_TYPE_TRAITS
#include <type_traits>
#endif

// 1 when the compiler has -Wpsabi (x86 hosts warn that passing wide vectors by value
// changes the ABI without AVX; core silences it around its vector functions).
#if defined(__clang__)
#if __has_warning("-Wpsabi")
#define OPUS_HAS_WPSABI 1
#endif
#elif defined(__GNUC__)
#define OPUS_HAS_WPSABI 1
#endif
#ifndef OPUS_HAS_WPSABI
#define OPUS_HAS_WPSABI 0
#endif
// g++ and clang (x86 host) warn that passing/returning wide vectors by value changes the ABI
// without AVX; opus functions are inline, so the note does not apply: headers that pass
// vectors by value wrap their body in OPUS_DETAIL_PSABI_OFF ... OPUS_DETAIL_PSABI_ON.
#if OPUS_HAS_WPSABI
#define OPUS_DETAIL_PSABI_OFF _Pragma("GCC diagnostic push") _Pragma("GCC diagnostic ignored \"-Wpsabi\"")
#define OPUS_DETAIL_PSABI_ON _Pragma("GCC diagnostic pop")
#else
#define OPUS_DETAIL_PSABI_OFF
#define OPUS_DETAIL_PSABI_ON
#endif

OPUS_NAMESPACE_BEGIN

using size_t_ = decltype(sizeof(0));

#if defined(OPUS_STD_TYPE_TRAITS) && OPUS_STD_TYPE_TRAITS
// With <type_traits> (opus/opus.hpp, the reference header's path) opus's constants are the
// standard ones, as in aiter's opus: number<I> is a std::integral_constant<index_t, I>, so
// code written for it that takes std::integral_constant<int, N> accepts opus::number<N>.
// (Without it number<> is another class, which carries an ABI tag: see core/number.hpp.)
template <typename T, T V>
using integral_constant = std::integral_constant<T, V>;
#else
template <typename T, T V>
struct integral_constant {
    static constexpr T value = V;
    using value_type = T;
    using type = integral_constant;
    OPUS_H_D constexpr operator value_type() const noexcept { return V; }
    OPUS_H_D constexpr value_type operator()() const noexcept { return V; }
};
#endif
template <bool B>
using bool_constant = integral_constant<bool, B>;

namespace detail {
// false, but dependent on T...: a static_assert on it fires only where its template is used
template <typename... T> inline constexpr bool always_false = false;
} // namespace detail
using true_type = bool_constant<true>;
using false_type = bool_constant<false>;

// ---- is_same / remove_cvref / remove_reference ------------------------------------------
#if __has_builtin(__is_same)
template <typename A, typename B>
inline constexpr bool is_same_v = __is_same(A, B);
#else
namespace detail {
template <typename A, typename B> struct is_same_impl { static constexpr bool value = false; };
template <typename A> struct is_same_impl<A, A> { static constexpr bool value = true; };
} // namespace detail
template <typename A, typename B>
inline constexpr bool is_same_v = detail::is_same_impl<A, B>::value;
#endif
template <typename A, typename B>
struct is_same : bool_constant<is_same_v<A, B>> {};
namespace detail {
// T is Tm<X> for some X (is_gmem, is_smem)
template <template <typename> class Tm, typename T> struct is_instance_of : false_type {};
template <template <typename> class Tm, typename X> struct is_instance_of<Tm, Tm<X>> : true_type {};
} // namespace detail

// is_any_of_v<T, R...>: T is one of R... (exact type, no decay); is_any_of<T, R...>() the same
// as a constexpr function.
// (the builtin directly: a fold over is_same_v would instantiate one variable template per
// alternative, e.g. one per dtype for is_dtype_v)
#if __has_builtin(__is_same)
template <typename T, typename... R>
inline constexpr bool is_any_of_v = (__is_same(T, R) || ...);
#else
template <typename T, typename... R>
inline constexpr bool is_any_of_v = (is_same_v<T, R> || ...);
#endif
template <typename T, typename... R>
OPUS_H_D constexpr bool is_any_of() noexcept { return is_any_of_v<T, R...>; }

#if defined(__clang__) && __has_builtin(__remove_cvref) // g++ rejects them in signatures
template <typename T>
using remove_reference_t = __remove_reference_t(T);
template <typename T>
using remove_cv_t = __remove_cv(T);
template <typename T>
using remove_cvref_t = __remove_cvref(T);
#else
namespace detail {
template <typename T> struct remove_ref_impl { using type = T; };
template <typename T> struct remove_ref_impl<T&> { using type = T; };
template <typename T> struct remove_ref_impl<T&&> { using type = T; };
template <typename T> struct remove_cv_impl { using type = T; };
template <typename T> struct remove_cv_impl<const T> { using type = T; };
template <typename T> struct remove_cv_impl<volatile T> { using type = T; };
template <typename T> struct remove_cv_impl<const volatile T> { using type = T; };
} // namespace detail

template <typename T>
using remove_reference_t = typename detail::remove_ref_impl<T>::type;
template <typename T>
using remove_cv_t = typename detail::remove_cv_impl<T>::type;
template <typename T>
using remove_cvref_t = remove_cv_t<remove_reference_t<T>>;
#endif

// ---- enable_if / conditional ------------------------------------------------------------
namespace detail {
template <bool B, typename T> struct enable_if_impl {};
template <typename T> struct enable_if_impl<true, T> { using type = T; };
template <bool B> struct conditional_impl { template <typename T, typename F> using type = T; };
template <> struct conditional_impl<false> { template <typename T, typename F> using type = F; };
// void_t<T...>: void where every T is a valid type (SFINAE); through a struct, so that every
// compiler substitutes all of T (an alias that drops them may not)
template <typename... T> struct make_void { using type = void; };
template <typename... T> using void_t = typename make_void<T...>::type;
} // namespace detail
template <bool B, typename T = void>
using enable_if_t = typename detail::enable_if_impl<B, T>::type;
template <bool B, typename T, typename F>
using conditional_t = typename detail::conditional_impl<B>::template type<T, F>;

// ---- declval / forward / move -----------------------------------------------------------
template <typename T>
T&& declval() noexcept; // unevaluated contexts only

template <typename T>
OPUS_H_D constexpr T&& forward(remove_reference_t<T>& t) noexcept { return static_cast<T&&>(t); }
template <typename T>
OPUS_H_D constexpr T&& forward(remove_reference_t<T>&& t) noexcept { return static_cast<T&&>(t); }
template <typename T>
OPUS_H_D constexpr remove_reference_t<T>&& move(T&& t) noexcept {
    return static_cast<remove_reference_t<T>&&>(t);
}

// ---- type_pack_element: the I-th type of a pack, O(1) instantiation depth ---------------
// (type_pack_element_t is defined in opus/core/seq.hpp, its fallback needs seq)

// ---- small value helpers ----------------------------------------------------------------
template <typename T>
OPUS_H_D constexpr T max_of(T a, T b) { return a < b ? b : a; }
template <typename T>
OPUS_H_D constexpr T min_of(T a, T b) { return a < b ? a : b; }

OPUS_NAMESPACE_END
