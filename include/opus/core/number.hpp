// SPDX-License-Identifier: MIT
// opus/core/number.hpp - number<I>: a compile-time integer, and the _I literal.
//
// Arithmetic, comparison, bitwise, shift and logical operators between two number<>s yield
// a number<> (so static index math stays static). A number<> converts implicitly to
// index_t, so mixing it with a runtime integer uses the built-in operator and yields a
// runtime value:  4_I * 8_I -> number<32>;  4_I * n -> index_t.
#pragma once

#include "meta.hpp"

// number<I> derives from std::integral_constant with OPUS_STD_TYPE_TRAITS=1 (opus/opus.hpp, as in
// aiter's opus) and from opus's own integral_constant otherwise: two different classes. The
// second carries an ABI tag, so every mangled name that involves number<> differs between the
// two settings (`opus::number[abi:opus_own_traits]<4>`) and a program whose translation units
// include different umbrellas never merges their instantiations; the reference's setting keeps
// the reference's kernel names (test/package/consumer/mixed_umbrellas.cpp).
#if defined(OPUS_STD_TYPE_TRAITS) && OPUS_STD_TYPE_TRAITS
#define OPUS_DETAIL_NUMBER_ABI
#else
#define OPUS_DETAIL_NUMBER_ABI __attribute__((abi_tag("opus_own_traits")))
#endif

OPUS_NAMESPACE_BEGIN

template <index_t I>
struct OPUS_DETAIL_NUMBER_ABI number : integral_constant<index_t, I> {
    OPUS_H_D static constexpr index_t get() { return I; }
};

namespace detail {
template <typename T> struct is_number_impl : false_type {};
template <index_t I> struct is_number_impl<number<I>> : true_type {};
template <typename T, T V> struct is_number_impl<integral_constant<T, V>> : true_type {};
} // namespace detail

// true for number<I> (and integral_constant): a value known at compile time.
template <typename T>
inline constexpr bool is_number_v = detail::is_number_impl<remove_cvref_t<T>>::value;

#define OPUS_NUMBER_BINARY_OP(op)                                                          \
    template <index_t A, index_t B>                                                        \
    OPUS_H_D constexpr number<(A op B)> operator op(number<A>, number<B>) { return {}; }
OPUS_NUMBER_BINARY_OP(+)
OPUS_NUMBER_BINARY_OP(-)
OPUS_NUMBER_BINARY_OP(*)
OPUS_NUMBER_BINARY_OP(&)
OPUS_NUMBER_BINARY_OP(|)
OPUS_NUMBER_BINARY_OP(^)
OPUS_NUMBER_BINARY_OP(<<)
OPUS_NUMBER_BINARY_OP(>>)
OPUS_NUMBER_BINARY_OP(==)
OPUS_NUMBER_BINARY_OP(!=)
OPUS_NUMBER_BINARY_OP(<)
OPUS_NUMBER_BINARY_OP(<=)
OPUS_NUMBER_BINARY_OP(>)
OPUS_NUMBER_BINARY_OP(>=)
OPUS_NUMBER_BINARY_OP(&&)
OPUS_NUMBER_BINARY_OP(||)
#undef OPUS_NUMBER_BINARY_OP

template <index_t A, index_t B>
OPUS_H_D constexpr number<A / (B == 0 ? 1 : B)> operator/(number<A>, number<B>) {
    static_assert(B != 0, "opus::number: division by number<0>");
    return {};
}
template <index_t A, index_t B>
OPUS_H_D constexpr number<A % (B == 0 ? 1 : B)> operator%(number<A>, number<B>) {
    static_assert(B != 0, "opus::number: modulo by number<0>");
    return {};
}
template <index_t A>
OPUS_H_D constexpr number<-A> operator-(number<A>) { return {}; }
template <index_t A>
OPUS_H_D constexpr number<A> operator+(number<A>) { return {}; }
template <index_t A>
OPUS_H_D constexpr number<~A> operator~(number<A>) { return {}; }
template <index_t A>
OPUS_H_D constexpr number<!A> operator!(number<A>) { return {}; }

namespace detail {
template <char... Cs>
constexpr index_t parse_literal() {  // compile time only
    constexpr char s[] = {Cs..., '\0'};
    index_t base = 10, i = 0;
    if (s[0] == '0' && s[1] != '\0') {  // 0x hex, 0b binary, else octal
        base = (s[1] == 'x' || s[1] == 'X') ? 16 : (s[1] == 'b' || s[1] == 'B') ? 2 : 8;
        i = base == 8 ? 1 : 2;
    }
    long long v = 0;
    for (; s[i] != '\0'; ++i) {
        char c = s[i];
        if (c == '\'') continue;
        int d = (c >= '0' && c <= '9') ? c - '0'
              : (c >= 'a' && c <= 'f') ? c - 'a' + 10
              : (c >= 'A' && c <= 'F') ? c - 'A' + 10 : 99;
        if (d >= base) return -1;  // rejected below
        v = v * base + d;
        if (v > 0x7fffffffLL) return -1;
    }
    return static_cast<index_t>(v);
}
} // namespace detail

// 42_I is number<42>. Decimal, 0x hex, 0b binary, octal and digit separators.
template <char... Cs>
OPUS_H_D constexpr auto operator""_I() {
    constexpr index_t v = detail::parse_literal<Cs...>();
    static_assert(v >= 0, "opus::operator\"\"_I: not a valid non-negative index_t literal");
    return number<v>{};
}

OPUS_NAMESPACE_END
