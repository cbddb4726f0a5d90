// SPDX-License-Identifier: MIT
// opus/core/array.hpp - array<T, N>: a fixed-size homogeneous aggregate.
//
//   auto a = make_array(1.0f, 2.0f, 3.0f);   // array<float, 3>
//   a[0]; a[1_I]; a.size(); a.fill(0.0f); a.clear();  fill(a, v); clear(a);
//   concat_array(a1, a2, ...)                  // array<T, N1 + N2 + ...>
//   to_vector(a) (opus/core/vector.hpp)        // array -> vector_t<T, N>
//
// array is an aggregate (array<float, 2> a{1.f, 2.f}) and trivially copyable when T is.
#pragma once

#include "seq.hpp"
#include "subbyte.hpp"

OPUS_NAMESPACE_BEGIN

template <typename T, index_t N>
struct array {
    static_assert(N >= 0, "opus::array<T, N>: N must be >= 0");
    using value_type = T;
    T data_[N > 0 ? N : 1];

    OPUS_H_D static constexpr index_t size() { return N; }
    OPUS_H_D constexpr T& operator[](index_t i) { return data_[i]; }
    OPUS_H_D constexpr const T& operator[](index_t i) const { return data_[i]; }
    template <index_t I>
    OPUS_H_D constexpr T& operator[](number<I>) {
        static_assert(I >= 0 && I < N, "opus::array::operator[]: static index out of range");
        return data_[I];
    }
    template <index_t I>
    OPUS_H_D constexpr const T& operator[](number<I>) const {
        static_assert(I >= 0 && I < N, "opus::array::operator[]: static index out of range");
        return data_[I];
    }
    OPUS_H_D constexpr T* data() { return data_; }
    OPUS_H_D constexpr const T* data() const { return data_; }
    OPUS_H_D constexpr void fill(const T& v) {
        for (index_t i = 0; i < N; ++i) data_[i] = v;
    }
    OPUS_H_D constexpr void clear() { fill(T{}); }
};

template <typename T> struct is_array : false_type {};
template <typename T, index_t N> struct is_array<array<T, N>> : true_type {};
template <typename T>
inline constexpr bool is_array_v = is_array<remove_cvref_t<T>>::value;

template <index_t I, typename T, index_t N, enable_if_t<!is_packs_v<T>, int> = 0>
OPUS_H_D constexpr T& get(array<T, N>& a) { return a[number<I>{}]; }
// a packed array (opus/core/subbyte.hpp) hands out values
template <index_t I, typename T, index_t N>
OPUS_H_D constexpr conditional_t<is_packs_v<T>, T, const T&> get(const array<T, N>& a) { return a[number<I>{}]; }

template <typename T, index_t N>
OPUS_H_D constexpr void fill(array<T, N>& a, const T& v) { a.fill(v); }
template <typename T, index_t N>
OPUS_H_D constexpr void clear(array<T, N>& a) { a.clear(); }

// make_array(x, y, ...) -> array<type of x, count>; make_array<T>(...) names the type.
template <typename T = void, typename A0, typename... A>
OPUS_H_D constexpr auto make_array(A0&& a0, A&&... a) {
    using E = conditional_t<is_same_v<T, void>, remove_cvref_t<A0>, T>;
    return array<E, 1 + sizeof...(A)>{static_cast<E>(a0), static_cast<E>(a)...};
}

template <index_t N, typename T>
OPUS_H_D constexpr array<T, N> make_repeated_array(const T& v) {
    array<T, N> r{};
    r.fill(v);
    return r;
}

namespace detail {
template <typename T, index_t N, index_t M, index_t... I, index_t... J>
OPUS_H_D constexpr array<T, N + M> concat2_array(const array<T, N>& a, const array<T, M>& b,
                                                 seq<I...>, seq<J...>) {
    return array<T, N + M>{a[I]..., b[J]...};
}
} // namespace detail
template <typename T, index_t N>
OPUS_H_D constexpr array<T, N> concat_array(const array<T, N>& a) { return a; }
template <typename T, index_t N, index_t M, typename... R>
OPUS_H_D constexpr auto concat_array(const array<T, N>& a, const array<T, M>& b, const R&... r) {
    auto ab = detail::concat2_array(a, b, make_index_seq<N>{}, make_index_seq<M>{});
    if constexpr (sizeof...(R) == 0) return ab;
    else return concat_array(ab, r...);
}

template <typename T, index_t N, typename U, index_t M>
OPUS_H_D constexpr bool operator==(const array<T, N>& a, const array<U, M>& b) {
    if constexpr (N != M) return false;
    else {
        for (index_t i = 0; i < N; ++i)
            if (!(a[i] == b[i])) return false;
        return true;
    }
}
template <typename T, index_t N, typename U, index_t M>
OPUS_H_D constexpr bool operator!=(const array<T, N>& a, const array<U, M>& b) { return !(a == b); }

OPUS_NAMESPACE_END
