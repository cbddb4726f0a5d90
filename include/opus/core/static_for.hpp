// SPDX-License-Identifier: MIT
// opus/core/static_for.hpp - fully unrolled compile-time loops.
//
//   static_for<4>([&](auto i) { ... });            // i = number<0> .. number<3>
//   static_for([&](auto i) { ... }, 2_I, 8_I);     // number<2> .. number<7>
//   static_for([&](auto i) { ... }, 0_I, 10_I, 2_I);
//   static_ford<4, 8>([&](auto i, auto j) { ... }); // row-major, j fastest; numbers
//   static_ford(seq<4, 8>{}, f)                     // same, shape as a seq
//   static_ford(opus::make_tuple(4_I, 8_I), f)            // same, shape as a tuple of numbers
//   static_for(f, 4_I)  /  static_for(f, n)         // 0 .. 3 (numbers) / 0 .. n-1 (index_t)
//
// static_for(f, b, e[, s]) with plain integers (not number<>) cannot be unrolled by the
// language; it runs an ordinary loop passing index_t values (constant bounds still let the
// compiler unroll it). Every form expands with one fold expression: O(1) template depth.
#pragma once

#include "seq.hpp"

// The public loops (static_for, static_ford) take the function object by value and are
// `inline` without always_inline, as in aiter's opus: LLVM then simplifies a loop body in
// its own right before it inlines the loop into the caller (bottom-up), and small arrays and
// vectors the body builds are in registers before the caller sees them. Forced inline with
// F&&, the caller would meet them in memory: an fp16 pair built element by element in a
// static_for would be packed through integer shifts and ors instead of one packed conversion
// (pinned by test/codegen/core/core_static_for_by_value.hip).
// opus's own code loops with detail::unroll / detail::unroll_ford: forced inline, F&& (its
// bodies are written for that, and compile faster and no larger that way).
#if OPUS_HIP
#define OPUS_LOOP_H_D __attribute__((host, device)) inline
#else
#define OPUS_LOOP_H_D inline
#endif

OPUS_NAMESPACE_BEGIN

namespace detail {
template <typename F, index_t... Is>
OPUS_H_D constexpr void static_for_seq(F& f, seq<Is...>) {
    (f(number<Is>{}), ...);
}

// row-major decomposition of a flat index over a static shape
template <index_t... Ns>
struct ford_shape {
    static constexpr index_t rank = sizeof...(Ns);
    static constexpr index_t total = (1 * ... * Ns);
    OPUS_H_D static constexpr index_t coord(index_t flat, index_t dim) {
        constexpr index_t n[] = {Ns..., 1};
        index_t stride = 1;
        for (index_t d = rank - 1; d > dim; --d) stride *= n[d];
        return (flat / stride) % n[dim];
    }
};
template <typename Shape, index_t K, typename F, index_t... D>
OPUS_H_D constexpr void static_ford_one(F& f, seq<D...>) {
    f(number<Shape::coord(K, D)>{}...);
}
template <typename Shape, typename F, index_t... K>
OPUS_H_D constexpr void static_ford_all(F& f, seq<K...>) {
    (static_ford_one<Shape, K>(f, make_index_seq<Shape::rank>{}), ...);
}

// opus's internal loops: static_for<N>(f) / static_ford<Ns...>(f), forced inline, f by reference
template <index_t N, typename F>
OPUS_H_D constexpr void unroll(F&& f) {
    static_for_seq(f, make_index_seq<N>{});
}
template <index_t... Ns, typename F>
OPUS_H_D constexpr void unroll_ford(F&& f) {
    static_ford_all<ford_shape<Ns...>>(f, make_index_seq<ford_shape<Ns...>::total>{});
}
} // namespace detail

template <index_t N, typename F>
OPUS_LOOP_H_D constexpr void static_for(F f) {
    static_assert(N >= 0, "opus::static_for<N>: N must be >= 0");
    detail::unroll<N>(f);
}

template <typename F, index_t E>
OPUS_LOOP_H_D constexpr void static_for(F f, number<E>) {
    static_assert(E >= 0, "opus::static_for(f, end): end must be >= 0");
    detail::static_for_seq(f, make_index_seq<(E < 0 ? 0 : E)>{});
}
template <typename F, index_t B, index_t E>
OPUS_LOOP_H_D constexpr void static_for(F f, number<B>, number<E>) {
    detail::static_for_seq(f, make_index_seq<B, E>{});
}
template <typename F, index_t B, index_t E, index_t S>
OPUS_LOOP_H_D constexpr void static_for(F f, number<B>, number<E>, number<S>) {
    static_assert(S != 0, "opus::static_for(f, begin, end, step): step must not be 0");
    detail::static_for_seq(f, make_index_seq<B, E, S>{});
}
// runtime bounds: an ordinary loop over index_t ([0, e) or [b, e) step s)
template <typename F>
OPUS_LOOP_H_D constexpr void static_for(F f, index_t e) {
    for (index_t i = 0; i < e; ++i) f(i);
}
template <typename F>
OPUS_LOOP_H_D constexpr void static_for(F f, index_t b, index_t e, index_t s = 1) {
    if (s > 0)
        for (index_t i = b; i < e; i += s) f(i);
    else
        for (index_t i = b; i > e; i += s) f(i);
}

// static_ford<>(f) (no extents) calls f() once
template <index_t... Ns, typename F>
OPUS_LOOP_H_D constexpr void static_ford(F f) {
    static_assert(((Ns >= 0) && ...), "opus::static_ford<Ns...>: extents must be >= 0");
    detail::unroll_ford<Ns...>(f);
}
template <index_t... Ns, typename F>
OPUS_LOOP_H_D constexpr void static_ford(seq<Ns...>, F f) {
    static_ford<Ns...>(f);
}
// shape as a tuple of number<>s
template <typename... T> struct tuple; // opus/core/tuple.hpp
template <index_t... Ns, typename F>
OPUS_LOOP_H_D constexpr void static_ford(const tuple<number<Ns>...>&, F f) {
    static_ford<Ns...>(f);
}

OPUS_NAMESPACE_END

#undef OPUS_LOOP_H_D
