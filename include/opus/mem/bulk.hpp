// SPDX-License-Identifier: MIT
// opus/mem/bulk.hpp - the issue plan of layout-based bulk memory operations.
//
// gmem/smem load<V>(u), store<V>(data, u), load_if/store_if and async_load<V>(.., u, ..)
// all walk a layout's y-space the same way: one V-wide access ("issue") per chunk of the
// innermost y extent, in row-major y order (see static_for_y in opus/core/layout.hpp).
// Issue k holds the registers [k*V, (k+1)*V) of the returned vector and reads the offset
// u(y_k). This header is plain C++ (core only) so the plan is host-testable: the device
// code uses exactly these functions.
//
//   auto p = detail::make_issue_plan<V>(u);   p.base + p.y(k) == u(y_k) for issue k
//       base: the runtime part every issue shares (one address register);
//       y(k): issue k's part, a constant for static y strides, otherwise constant y indices
//             times the runtime strides; layout_cached<V> answers from its cache.
//   detail::issue_offsets<V>(u)         array<index_t, issues> of the offsets, issue order
//   detail::for_each_issue<V>(u, f)     f(number<k>, tuple<number<y>...>, offset)
//   detail::issue_pred(pred, y)         the lane predicate of one issue: `pred` is a bool
//                                       (same for every issue) or a callable taking the
//                                       issue's y tuple; load_if and store_if both use it,
//                                       so they select the same elements.
//   detail::issue_pred<Space>(pred, number<k>)  the same for issue k; a callable taking one
//                                       number<> per y dim (aiter's form, pred(i0, i1..))
//                                       gets k's vectorized issue indices (innermost / V).
//
// Compile time: the plan is one small object per (layout type, V) and y(k) is an ordinary
// function of k, so a bulk operation instantiates no template per issue beyond the one
// static_for body (a callable predicate adds its own call per issue).
#pragma once

#include "opus/core/layout_offsets.hpp"

OPUS_NAMESPACE_BEGIN
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
    static_assert(is_layout_v<U>, "opus: bulk memory operations take an opus layout");
    using sh = shift_of<remove_cvref_t<U>>;
    using L = typename sh::base;
    auto p = make_issue_plan_impl<V>(static_cast<const L&>(u), typename L::y_dims{});
    p.base += sh::value;  // layout_shifted: a constant on every issue
    return p;
}

// The span (largest minus smallest per-issue offset, in elements) of a plan whose y strides
// are all compile-time constants, else -1: the plan's own y(k) on a value-initialized plan.
// Computed once per plan type.
template <typename P> struct plan_static_span { static constexpr index_t value = -1; };
template <typename Space, typename... S, typename Dims>
struct plan_static_span<stride_issue_plan<Space, tuple<S...>, Dims>> {
    OPUS_H_D static constexpr index_t calc() {
        if constexpr (!(is_number_v<S> && ...)) return -1;
        else {
            constexpr stride_issue_plan<Space, tuple<S...>, Dims> p{};
            index_t lo = p.y(0), hi = lo;
            for (index_t k = 1; k < Space::issues; ++k) {
                lo = p.y(k) < lo ? p.y(k) : lo;
                hi = p.y(k) > hi ? p.y(k) : hi;
            }
            return hi - lo;
        }
    }
    static constexpr index_t value = calc();
};

template <typename P, index_t... K>
OPUS_H_D constexpr array<index_t, sizeof...(K)> plan_offsets(const P& p, seq<K...>) {
    return array<index_t, sizeof...(K)>{(p.base + p.y(K))...};  // straight-line, as layout_to_offsets
}
template <index_t V, typename U>
OPUS_H_D constexpr auto issue_offsets(const U& u) {
    const auto p = make_issue_plan<V>(u);
    return plan_offsets(p, make_index_seq<decltype(p)::issues>{});
}

template <index_t V, typename U, typename F>
OPUS_H_D constexpr void for_each_issue(const U& u, F&& f) {
    static_assert(is_layout_v<U>, "opus: bulk memory operations take an opus layout");
    static_for_y<V>(u, [&](auto k, auto y) { f(k, y, y_offset<V>(u, k, y)); });
}

template <typename P, typename Y, typename = void>
struct pred_takes_y : false_type {};
template <typename P, typename Y>
struct pred_takes_y<P, Y, decltype(static_cast<void>(declval<const P&>()(declval<const Y&>())))>
    : true_type {};
template <typename P, typename Ids, typename = void>
struct pred_takes_ids : false_type {};
template <typename P, typename... I>
struct pred_takes_ids<P, tuple<I...>, decltype(static_cast<void>(declval<const P&>()(I{}...)))>
    : true_type {};

template <typename P, typename Y>
OPUS_H_D constexpr bool issue_pred(const P& p, const Y& y) {
    if constexpr (pred_takes_y<P, Y>::value) return static_cast<bool>(p(y));
    else {
        (void)y;
        return static_cast<bool>(p);
    }
}
// issue K's indices in the vectorized issue space (innermost y index / V), as number<>s
template <typename Space, index_t K, index_t... D>
OPUS_H_D constexpr auto issue_ids(seq<D...>) {
    return tuple<number<(D + 1 == Space::rank ? Space::coord(K, D) / (Space::last / Space::chunks)
                                              : Space::coord(K, D))>...>{};
}
template <typename... I, typename P>
OPUS_H_D constexpr bool call_pred_ids(const P& p, tuple<I...>) {
    return static_cast<bool>(p(I{}...));
}
// the predicate of issue K of a plan, for a callable predicate (a bool one is tested by the
// callers directly: the same for every issue, no function per issue). A callable taking
// one number<> per y dim (aiter's form) gets the issue's indices in the vectorized issue
// space, the innermost one counting V-wide chunks; otherwise it gets the y tuple
// (Space::y, innermost index = chunk * V).
template <typename Space, typename P, index_t K>
OPUS_H_D constexpr bool issue_pred(const P& p, number<K>) {
    using ids = decltype(issue_ids<Space, K>(make_index_seq<Space::rank>{}));
    if constexpr (pred_takes_ids<P, ids>::value) return call_pred_ids(p, ids{});
    else return issue_pred(p, Space::y(number<K>{}));
}
} // namespace detail
OPUS_NAMESPACE_END
