// SPDX-License-Identifier: MIT
// opus/core/layout_offsets.hpp - per-issue offsets of a layout, and layouts shifted by a
// compile-time offset (the names kernels written for aiter's opus use).
//
//   auto o = layout_to_offsets<V>(u);          // array<index_t, issues>: u(y_k) per V-wide
//                                              // issue k, issue order as static_for_y<V>
//   layout_load_traits<U, V>::issue_space      // tuple<number<>...>: the y shape of U
//   layout_load_traits<U, V>::issue_space_vec  // the same with the innermost extent / V
//   layout_load_traits<U, V>::r_elem           // number<issues>
//   layout_imm_offsets_v<U, V>                 // constexpr layout_to_offsets<V> of U built
//                                              // from default (zero) runtime parts: the
//                                              // per-issue constants of a static layout
//   auto s = u + number<N>{};                  // layout_shifted<U, N>: s(y...) == u(y...) + N
//   (u + 2_I) + 3_I  ->  layout_shifted<U, 5>;  u + 0_I -> u unchanged
//
// layout_shifted keeps N in the type, so memory operations that take a layout see it as a
// constant and can fold it into an instruction's offset immediate (smem::tr_load, loads).
// `s += n` / `s + n` with a runtime n move the underlying layout (layout_linear/_cached).
//
// The issue space is the layout's y space (its `_` dims; every dim for a layout without a
// coordinate). aiter's opus gives a layout without a coordinate a single issue instead: a
// layout built without a coordinate walks its whole shape here.
#pragma once

#include "opus/core/layout.hpp"

OPUS_NAMESPACE_BEGIN

template <typename Layout, index_t N>
struct layout_shifted : Layout {
    using base = Layout;
    static constexpr index_t shift = N;

    constexpr layout_shifted() = default;
    OPUS_H_D constexpr explicit layout_shifted(const Layout& u) : Layout(u) {}
    OPUS_H_D constexpr layout_shifted(const typename Layout::shape_type& s, const typename Layout::stride_type& d,
                                      const typename Layout::coord_type& c = typename Layout::coord_type{})
        : Layout(s, d, c) {}

    template <typename... Idx>
    OPUS_H_D constexpr auto operator()(const Idx&... idx) const {
        return detail::add_all(Layout::operator()(idx...), number<N>{});
    }
    OPUS_H_D constexpr layout_shifted& operator+=(index_t d) {
        Layout::operator+=(d);
        return *this;
    }
    OPUS_H_D constexpr layout_shifted& operator-=(index_t d) {
        Layout::operator-=(d);
        return *this;
    }
    OPUS_H_D friend constexpr layout_shifted operator+(layout_shifted u, index_t d) { u += d; return u; }
    OPUS_H_D friend constexpr layout_shifted operator-(layout_shifted u, index_t d) { u -= d; return u; }
};

template <typename L, index_t N> struct is_layout<layout_shifted<L, N>> : true_type {};

namespace detail {
// the layout under a layout_shifted and its shift (0 for other layouts)
template <typename U> struct shift_of { using base = U; static constexpr index_t value = 0; };
template <typename L, index_t N> struct shift_of<layout_shifted<L, N>> { using base = L; static constexpr index_t value = N; };

// cached_vec of a layout_cached (0 for other layouts)
template <typename U> struct cached_vec_of { static constexpr index_t value = 0; };
template <index_t V, typename S, typename D, typename C>
struct cached_vec_of<layout_cached<V, S, D, C>> { static constexpr index_t value = V; };

template <index_t... Is>
OPUS_H_D constexpr auto seq_to_numbers(seq<Is...>) { return tuple<number<Is>...>{}; }
template <index_t V, index_t... Is, index_t... J>
OPUS_H_D constexpr auto seq_to_numbers_vec(seq<Is...>, seq<J...>) {
    return tuple<number<(J + 1 == index_t(sizeof...(Is)) ? Is / V : Is)>...>{};
}
} // namespace detail

// u + number<N>: the layout with N added to every offset, N kept in the type
template <typename U, index_t N, enable_if_t<is_layout_v<U>, int> = 0>
OPUS_H_D constexpr auto operator+(const U& u, number<N>) {
    using sh = detail::shift_of<remove_cvref_t<U>>;
    if constexpr (N == 0) return remove_cvref_t<U>(u);
    else return layout_shifted<typename sh::base, sh::value + N>(static_cast<const typename sh::base&>(u));
}

template <typename Layout, index_t vec = 1>
struct layout_load_traits {
    using space = y_issue_space<vec, decltype(detail::y_seq_of(declval<const remove_cvref_t<Layout>&>()))>;
    static constexpr auto issue_space = detail::seq_to_numbers(decltype(detail::y_seq_of(declval<const remove_cvref_t<Layout>&>())){});
    static constexpr auto issue_space_vec = detail::seq_to_numbers_vec<vec>(
        decltype(detail::y_seq_of(declval<const remove_cvref_t<Layout>&>())){}, make_index_seq<space::rank>{});
    static constexpr auto r_elem = number<space::issues>{};
};

namespace detail {
// One initializer per issue, no loop: opus functions are always_inline, so a loop here would
// reach the kernel as a loop, unrolled only after the kernel's early scalar passes (SROA,
// InstCombine, Reassociate) have run with the offsets still in memory. Straight-line code
// lets them see each offset as an expression (one multiply per runtime stride, see
// test/codegen/mem/offsets_one_multiply.hip).
template <typename Space, typename U, index_t... D>
OPUS_H_D constexpr index_t issue_offset_at(const U& u, index_t k, seq<D...>) {
    return static_cast<index_t>(u(Space::coord(k, D)...));
}
template <typename Space, typename U, index_t... K>
OPUS_H_D constexpr array<index_t, sizeof...(K)> issue_offsets_of(const U& u, seq<K...>) {
    return array<index_t, sizeof...(K)>{issue_offset_at<Space>(u, K, make_index_seq<Space::rank>{})...};
}
template <index_t Shift, typename A, index_t... K>
OPUS_H_D constexpr array<index_t, sizeof...(K)> shifted_offsets(const A& a, seq<K...>) {
    return array<index_t, sizeof...(K)>{(a[K] + Shift)...};
}
} // namespace detail

// offsets of every vec-wide issue of u, in issue order (what the bulk loads/stores access)
template <index_t vec, typename U>
OPUS_H_D constexpr auto layout_to_offsets(const U& u) {
    static_assert(is_layout_v<U>, "opus::layout_to_offsets: takes an opus layout");
    using L = remove_cvref_t<U>;
    using sh = detail::shift_of<L>;
    using space = typename layout_load_traits<L, vec>::space;
    if constexpr (detail::cached_vec_of<typename sh::base>::value == vec)
        return detail::shifted_offsets<sh::value>(static_cast<const typename sh::base&>(u).offsets,
                                                  make_index_seq<space::issues>{});
    else
        return detail::issue_offsets_of<space>(u, make_index_seq<space::issues>{});
}

// the per-issue offsets of a layout type with static shape/stride (runtime coordinate
// entries and linear offsets count as 0)
template <typename Layout, index_t vec>
inline constexpr auto layout_imm_offsets_v = layout_to_offsets<vec>(
    Layout(typename Layout::shape_type{}, typename Layout::stride_type{}, typename Layout::coord_type{}));

OPUS_NAMESPACE_END
