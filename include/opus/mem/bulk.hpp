// opus/mem/bulk.hpp - the issue plan of layout-based bulk memory operations.
//
// gmem/smem load<V>(u), store<V>(data, u), load_if/store_if and async_load<V>(.., u, ..)
// all walk a layout's y-space the same way: one V-wide access ("issue") per chunk of the
// innermost y extent, in row-major y order (see static_for_y in opus/core/layout.hpp).
// Issue k holds the registers [k*V, (k+1)*V) of the returned vector and reads the offset
// u(y_k). This header is plain C++ (core only) so the plan is host-testable: the device
// code uses exactly these functions.
//
//   detail::for_each_issue<V>(u, f)     f(number<k>, tuple<number<y>...>, offset)
//   detail::issue_offsets<V>(u)         array<index_t, issues> of the offsets, issue order
//   detail::issue_pred(pred, y)         the lane predicate of one issue: `pred` is a bool
//                                       (same for every issue) or a callable taking the
//                                       issue's y tuple; load_if and store_if both use it,
//                                       so they select the same elements.
#pragma once

#include "opus/core/layout.hpp"

namespace opus {
namespace detail {

template <index_t V, typename U, typename F>
OPUS_H_D constexpr void for_each_issue(const U& u, F&& f) {
    static_assert(is_layout_v<U>, "opus: bulk memory operations take an opus layout");
    static_for_y<V>(u, [&](auto k, auto y) { f(k, y, y_offset<V>(u, k, y)); });
}

template <index_t V, typename U>
OPUS_H_D constexpr auto issue_offsets(const U& u) {
    constexpr index_t n = decltype(y_issue_count<V>(u))::value;
    array<index_t, n> r{};
    for_each_issue<V>(u, [&](auto k, auto, auto off) { r[k.value] = static_cast<index_t>(off); });
    return r;
}

template <typename P, typename Y, typename = void>
struct pred_takes_y : false_type {};
template <typename P, typename Y>
struct pred_takes_y<P, Y, decltype(static_cast<void>(declval<const P&>()(declval<const Y&>())))>
    : true_type {};

template <typename P, typename Y>
OPUS_H_D constexpr bool issue_pred(const P& p, const Y& y) {
    if constexpr (pred_takes_y<P, Y>::value) return static_cast<bool>(p(y));
    else {
        (void)y;
        return static_cast<bool>(p);
    }
}

} // namespace detail
} // namespace opus
