// SPDX-License-Identifier: MIT
// opus/core/layout_offsets.hpp - the issue plan of a layout (per-issue offsets), and layouts
// shifted by a compile-time offset (the names kernels written for aiter's opus use).
//
//   auto p = detail::make_issue_plan<V>(u);    // p.base + p.y(k) == u(y_k) for issue k:
//       base: the runtime part every issue shares (one address register);
//       y(k): issue k's part, a constant for static y strides, otherwise constant y indices
//             times the runtime strides; layout_cached<V> answers from its cache.
//       The one plan of layout_to_offsets and of every bulk memory operation (opus/mem/bulk.hpp).
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

#include "layout.hpp"

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
// y indices of every issue of a y_issue_space, as one constant table
template <typename Space>
struct y_coord_table {
    index_t c[Space::issues][Space::rank];
};
template <typename Space>
OPUS_H_D constexpr y_coord_table<Space> make_y_coord_table() {
    y_coord_table<Space> t{};
    for (index_t k = 0; k < Space::issues; ++k)
        for (index_t d = 0; d < Space::rank; ++d) t.c[k][d] = Space::coord(k, d);
    return t;
}

// y(k) from the y strides (a tuple of number<> and/or index_t), summed over the y dims D in
// one fold (no function per dim)
template <typename Space, typename YStride, typename Dims = make_index_seq<Space::rank>>
struct stride_issue_plan;
template <typename Space, typename YStride, index_t... D>
struct stride_issue_plan<Space, YStride, seq<D...>> {
    using space = Space;
    static constexpr index_t issues = Space::issues;
    index_t base;
    YStride s;
    OPUS_H_D constexpr index_t y(index_t k) const {
        constexpr y_coord_table<Space> t = make_y_coord_table<Space>();
        return (index_t(0) + ... + (t.c[k][D] * static_cast<index_t>(get<D>(s))));
    }
};
// y(k) from a layout_cached<V>'s precomputed offsets, copied: a reference would keep the
// layout's object in memory through the kernel's first SROA (its address stored in the plan),
// and the offset arithmetic meets Reassociate as stored values (one multiply per p dim
// instead of one per x dim; test/codegen/mem/offsets_one_multiply.hip)
template <typename Space, typename Cache>
struct cached_issue_plan {
    using space = Space;
    static constexpr index_t issues = Space::issues;
    index_t base;
    Cache cache;
    OPUS_H_D constexpr index_t y(index_t k) const { return cache[k]; }
};

// 0: layout, 1: layout_linear, 2: layout_cached<vec>
template <typename U> struct layout_kind { static constexpr int value = 0, vec = 0; };
template <typename S, typename D, typename C>
struct layout_kind<layout_linear<S, D, C>> { static constexpr int value = 1, vec = 0; };
template <index_t V, typename S, typename D, typename C>
struct layout_kind<layout_cached<V, S, D, C>> { static constexpr int value = 2, vec = V; };

template <index_t V, typename U, index_t... D>
OPUS_H_D constexpr auto make_issue_plan_impl(const U& u, seq<D...>) {
    using space = y_issue_space<V, decltype(y_seq_of(u))>;
    using kind = layout_kind<remove_cvref_t<U>>;
    if constexpr (kind::value == 2 && kind::vec == V) {
        // the cache holds full offsets (possibly rewritten by the caller): no shared base
        return cached_issue_plan<space, decltype(u.offsets)>{0, u.offsets};
    } else {
        index_t base = 0;
        if constexpr (kind::value == 0) base = static_cast<index_t>(u.coord_offset());
        else base = u.linear_offset;
        auto s = opus::make_tuple(as_index(get<D>(u.stride()))...);
        return stride_issue_plan<space, decltype(s)>{base, s};
    }
}

template <index_t V, typename U>
OPUS_H_D constexpr auto make_issue_plan(const U& u) {
    static_assert(is_layout_v<U>, "opus: bulk memory operations and layout_to_offsets take an opus layout");
    using sh = shift_of<remove_cvref_t<U>>;
    using L = typename sh::base;
    auto p = make_issue_plan_impl<V>(static_cast<const L&>(u), typename L::y_dims{});
    p.base += sh::value;  // layout_shifted: a constant on every issue
    return p;
}

template <typename P, index_t... K>
OPUS_H_D constexpr array<index_t, sizeof...(K)> plan_offsets(const P& p, seq<K...>) {
    return array<index_t, sizeof...(K)>{(p.base + p.y(K))...};
}
} // namespace detail

// offsets of every vec-wide issue of u, in issue order (what the bulk loads/stores access).
// One initializer per issue, no loop: opus functions are always_inline, so a loop here would
// reach the kernel as a loop, unrolled only after the kernel's early scalar passes (SROA,
// InstCombine, Reassociate) have run with the offsets still in memory. Straight-line code
// lets them see each offset as an expression (one multiply per runtime stride, see
// test/codegen/mem/offsets_one_multiply.hip).
template <index_t vec, typename U>
OPUS_H_D constexpr auto layout_to_offsets(const U& u) {
    const auto p = detail::make_issue_plan<vec>(u);
    return detail::plan_offsets(p, make_index_seq<decltype(p)::issues>{});
}

// the per-issue offsets of a layout type with static shape/stride (runtime coordinate
// entries and linear offsets count as 0)
template <typename Layout, index_t vec>
inline constexpr auto layout_imm_offsets_v = layout_to_offsets<vec>(
    Layout(typename Layout::shape_type{}, typename Layout::stride_type{}, typename Layout::coord_type{}));

OPUS_NAMESPACE_END
