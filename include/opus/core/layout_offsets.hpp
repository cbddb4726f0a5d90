// SPDX-License-Identifier: MIT
// opus/core/layout_offsets.hpp - the issue plan of a layout (per-issue offsets), and layouts
// shifted by a compile-time offset (the names kernels written for aiter's opus use).
//
//   auto p = detail::make_issue_plan<V>(u);    // p.base + p.y(k) == u(y_k) for issue k:
//       base: the runtime part every issue shares (one address register);
//       y(k): issue k's part, a constant for static y strides, otherwise constant y indices
//             times the runtime strides; layout_cached<V> answers from its cache.
//       The one plan of layout_to_offsets and of every bulk memory operation (below).
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
//
// The walk of layout-based bulk memory operations (gmem/smem load/store[_if], atomic_add,
// async_load with a layout): one V-wide access ("issue") per chunk of the innermost y extent,
// in row-major y order (static_for_y, opus/core/layout.hpp); issue k holds the registers
// [k*V, (k+1)*V) of the value and reads u(y_k). Plain C++, so host-testable:
//   detail::gather_issues / scatter_issues   a bulk load / store: per selected issue, ld / st
//                                            at the issue's byte offset (plan_byte_offset)
// Compile time: one plan object per (layout type, V), y(k) an ordinary function of k: no
// template per issue beyond the one unrolled body.
#pragma once

#include "layout.hpp"

OPUS_NAMESPACE_BEGIN

template <typename Layout, index_t N>
struct layout_shifted : Layout {
    using base = Layout;
    static constexpr index_t shift = N;

    using Layout::Layout;  // (shape, stride[, coord]), as the layout is built
    constexpr layout_shifted() = default;
    OPUS_H_D constexpr explicit layout_shifted(const Layout& u) : Layout(u) {}

    template <typename... Idx>
    OPUS_H_D constexpr auto operator()(const Idx&... idx) const {
        return detail::add_all(Layout::operator()(idx...), number<N>{});
    }
    OPUS_H_D constexpr layout_shifted& operator+=(index_t d) {
        Layout::operator+=(d);
        return *this;
    }
    OPUS_H_D constexpr layout_shifted& operator-=(index_t d) { return *this += -d; }
    OPUS_H_D friend constexpr layout_shifted operator+(layout_shifted u, index_t d) { u += d; return u; }
    OPUS_H_D friend constexpr layout_shifted operator-(layout_shifted u, index_t d) { u -= d; return u; }
};

template <typename L, index_t N> struct is_layout<layout_shifted<L, N>> : true_type {};

namespace detail {
// the layout under a layout_shifted and its shift (0 for other layouts)
template <typename U> struct shift_of { using base = U; static constexpr index_t value = 0; };
template <typename L, index_t N> struct shift_of<layout_shifted<L, N>> { using base = L; static constexpr index_t value = N; };

// a y shape as number<>s, its innermost extent divided by V
template <index_t V, index_t... Is, index_t... J>
OPUS_H_D constexpr auto seq_to_numbers(seq<Is...>, seq<J...>) {
    return tuple<number<(J + 1 == index_t(sizeof...(Is)) ? Is / V : Is)>...>{};
}
} // namespace detail

// u + number<N>: the layout with N added to every offset, N kept in the type
template <typename U, index_t N, enable_if_t<is_layout_v<U>, int> = 0>
OPUS_H_D constexpr auto operator+(const U& u, number<N>) {
    using sh = detail::shift_of<U>;
    if constexpr (N == 0) return u;
    else return layout_shifted<typename sh::base, sh::value + N>(static_cast<const typename sh::base&>(u));
}

template <typename Layout, index_t vec = 1>
struct layout_load_traits {
  private:
    using y = decltype(detail::y_seq_of(declval<const remove_cvref_t<Layout>&>()));
  public:
    using space = y_issue_space<vec, y>;
    static constexpr auto issue_space = detail::seq_to_numbers<1>(y{}, make_index_seq<space::rank>{});
    static constexpr auto issue_space_vec = detail::seq_to_numbers<vec>(y{}, make_index_seq<space::rank>{});
    static constexpr auto r_elem = number<space::issues>{};
};

namespace detail {
// y indices of every issue of a y_issue_space, as one constant table
template <typename Space>
struct y_coord_table {
    index_t c[Space::issues][Space::rank]{};
    OPUS_H_D constexpr y_coord_table() {
        for (index_t k = 0; k < Space::issues; ++k)
            for (index_t d = 0; d < Space::rank; ++d) c[k][d] = Space::coord(k, d);
    }
};

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
        constexpr y_coord_table<Space> t{};
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

// 0: layout, 1: layout_linear, 2 + V: layout_cached<V>
template <typename U> inline constexpr index_t layout_kind = 0;
template <typename S, typename D, typename C> inline constexpr index_t layout_kind<layout_linear<S, D, C>> = 1;
template <index_t V, typename S, typename D, typename C>
inline constexpr index_t layout_kind<layout_cached<V, S, D, C>> = 2 + V;

template <index_t V, typename U, index_t... D>
OPUS_H_D constexpr auto make_issue_plan_impl(const U& u, seq<D...>) {
    using space = y_issue_space<V, decltype(y_seq_of(u))>;
    if constexpr (layout_kind<U> == 2 + V) {
        // the cache holds full offsets (possibly rewritten by the caller): no shared base
        return cached_issue_plan<space, decltype(u.offsets)>{0, u.offsets};
    } else {
        index_t base = 0;
        if constexpr (layout_kind<U> == 0) base = static_cast<index_t>(u.coord_offset());
        else base = u.linear_offset;
        auto s = opus::make_tuple(as_index(get<D>(u.stride()))...);
        return stride_issue_plan<space, decltype(s)>{base, s};
    }
}

template <index_t V, typename U>
OPUS_H_D constexpr auto make_issue_plan(const U& u) {
    static_assert(is_layout_v<U>, "opus: bulk memory operations and layout_to_offsets take an opus layout");
    using sh = shift_of<U>;
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

// a predicate P callable with arguments of the types A...
template <typename P, typename Args, typename = void>
struct pred_takes : false_type {};
template <typename P, typename... A>
struct pred_takes<P, tuple<A...>, decltype(static_cast<void>(declval<const P&>()(declval<A>()...)))> : true_type {};

template <typename P, typename Y>
OPUS_H_D constexpr bool issue_pred(const P& p, const Y& y) {
    if constexpr (pred_takes<P, tuple<const Y&>>::value) return static_cast<bool>(p(y));
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
    if constexpr (pred_takes<P, ids>::value) return call_pred_ids(p, ids{});
    else return issue_pred(p, Space::y(number<K>{}));
}

template <index_t V, typename U>
inline constexpr index_t issue_count = decltype(make_issue_plan<V>(declval<const U&>()))::issues;
template <index_t V, typename U>
using issue_seq = make_index_seq<issue_count<V, U>>;  // the issues' ids, what the walk unrolls

// byte offset of `elements` elements of `size` bytes, as the 32-bit offset register holds it.
// The product is formed in unsigned 32-bit arithmetic (the hardware's offset is an unsigned
// byte count): byte offsets in [2^31, 2^32) - fp16 element offsets 2^30 .. 2^31 - 1, fp32 ones
// 2^29 .. 2^30 - 1 - are exact instead of a signed overflow; from 2^32 bytes on the offset
// wraps modulo 2^32, i.e. addresses the wrong element: rebase the gmem instead.
OPUS_H_D constexpr index_t buffer_byte_offset(index_t elements, uint32_t size) {
    return static_cast<index_t>(static_cast<uint32_t>(elements) * size);
}
// byte offset of issue k of a plan over elements of Bits bits: the shared runtime base and
// the per-issue part are scaled separately, so every issue is `base_bytes + c_k` with c_k the
// same on all lanes: the compiler keeps one address VGPR and folds c_k into immediates or SGPRs.
template <index_t Bits, typename Plan>
OPUS_H_D constexpr index_t plan_byte_offset(const Plan& p, index_t k) {
    if constexpr (Bits % 8 == 0) return buffer_byte_offset(p.base, Bits / 8) + buffer_byte_offset(p.y(k), Bits / 8);
    else return ((p.base + p.y(k)) * Bits) >> 3;
}

// The walk of every layout-based bulk access, in two halves (B bytes, C the register value of
// one issue, Bits the element size; the last argument is issue_seq<V, U>{}, the issues each half
// unrolls itself). An issue is selected by a bool predicate (the same for every issue: no call
// per issue), by none (true_type) or by a callable (issue_pred). Load: R holds the issues'
// chunks in issue order; ld(plan, bytes) reads a selected issue at its byte offset, a
// deselected one is zero (the branch merges one chunk, not the whole result). Store:
// st(chunk, plan, k) per selected issue (true_type, as smem::store and gmem::atomic_add pass
// it: a constant, folded before the body is inlined; a branch on a captured `true` changes what
// LLVM makes of the body before it is inlined, and the ISA). A chunk moves by a byte copy at a
// constant offset in put_chunk / take_chunk (register moves after optimization, no template per
// issue): written in place instead, or copied inline, the copy changes the register allocation
// of examples/04_fused_epilogue.hip on gfx90a. ld and st are forced inline; the per-issue body
// is not: LLVM simplifies it on its own before inlining it (forced inline, the ISA of
// examples/03_tiled_gemm.hip changes).
template <index_t B, typename R, typename C>
OPUS_H_D void put_chunk(R& r, index_t k, const C& c) {
    __builtin_memcpy(reinterpret_cast<char*>(&r) + k * B, &c, B);
}
template <typename C, index_t B, typename D>
OPUS_H_D C take_chunk(const D& d, index_t k) {
    C c{};
    __builtin_memcpy(&c, reinterpret_cast<const char*>(&d) + k * B, B);
    return c;
}
template <index_t V, typename R, typename C, index_t B, index_t Bits, typename P, typename U, typename Ld, index_t... K>
OPUS_H_D R gather_issues(const P& pred, const U& u, Ld&& ld, seq<K...>) {
    R r{};
    const auto plan = make_issue_plan<V>(u);
    auto issue = [&](auto k) {
        bool sel;
        if constexpr (is_same_v<P, bool>) sel = pred;
        else if constexpr (is_same_v<P, true_type>) sel = true;
        else sel = issue_pred<typename decltype(plan)::space>(pred, k);
        C c{};
        if (sel) c = ld(plan, plan_byte_offset<Bits>(plan, k.value));
        put_chunk<B>(r, k.value, c);
    };
    (issue(number<K>{}), ...);
    return r;
}
template <index_t V, typename C, index_t B, typename P, typename D, typename U, typename St, index_t... K>
OPUS_H_D void scatter_issues(const P& pred, const D& data, const U& u, St&& st, seq<K...>) {
    const auto plan = make_issue_plan<V>(u);
    auto issue = [&](auto k) {
        bool sel;
        if constexpr (is_same_v<P, bool>) sel = pred;
        else if constexpr (is_same_v<P, true_type>) sel = true;
        else sel = issue_pred<typename decltype(plan)::space>(pred, k);
        if (sel) st(take_chunk<C, B>(data, k.value), plan, k.value);
    };
    (issue(number<K>{}), ...);
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
