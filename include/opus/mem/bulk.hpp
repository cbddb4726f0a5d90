// SPDX-License-Identifier: MIT
// opus/mem/bulk.hpp - the one walk of layout-based bulk memory operations.
//
// gmem/smem load<V>(u), store<V>(data, u), load_if/store_if, atomic_add<V>(data, u) and
// async_load<V>(.., u, ..) all walk a layout's y-space the same way: one V-wide access
// ("issue") per chunk of the innermost y extent, in row-major y order (see static_for_y in
// opus/core/layout.hpp). Issue k holds the registers [k*V, (k+1)*V) of the returned vector
// and reads the offset u(y_k). This header is plain C++ (core only) so the walk is
// host-testable: the device code uses exactly these functions.
//
//   auto p = detail::make_issue_plan<V>(u);   p.base + p.y(k) == u(y_k) for issue k
//       (opus/core/layout_offsets.hpp, also behind layout_to_offsets<V>(u))
//   detail::walk_issues<V>(pred, u, f)  the plan, then f(number<k>, sel, plan) per issue in
//                                       order, sel the issue's predicate (issue_pred below;
//                                       true_type: every issue, no predicate at all)
//   detail::issue_pred(pred, y)         the lane predicate of one issue: `pred` is a bool
//                                       (same for every issue) or a callable taking the
//                                       issue's y tuple
//   detail::issue_pred<Space>(pred, number<k>)  the same for issue k; a callable taking one
//                                       number<> per y dim (aiter's form, pred(i0, i1..))
//                                       gets k's vectorized issue indices (innermost / V).
//
// Compile time: the plan is one small object per (layout type, V) and y(k) is an ordinary
// function of k, so a bulk operation instantiates no template per issue beyond the one
// unrolled body (a callable predicate adds its own call per issue).
#pragma once

#include "../core/layout_offsets.hpp"

OPUS_NAMESPACE_BEGIN
namespace detail {

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

template <index_t V, typename P, typename U, typename F>
OPUS_H_D constexpr void walk_issues(const P& pred, const U& u, F&& f) {
    const auto plan = make_issue_plan<V>(u);
    using plan_t = decltype(plan);
    unroll<plan_t::issues>([&](auto k) {
        bool sel;
        if constexpr (is_same_v<P, bool>) sel = pred;  // one predicate for all issues: no call per issue
        else if constexpr (is_same_v<P, true_type>) sel = true;  // no predicate
        else sel = issue_pred<typename plan_t::space>(pred, k);
        f(k, sel, plan);
    });
}
template <index_t V, typename U>
inline constexpr index_t issue_count = decltype(make_issue_plan<V>(declval<const U&>()))::issues;
} // namespace detail
OPUS_NAMESPACE_END
