// SPDX-License-Identifier: MIT
// opus/mma/desc.hpp - how a matrix-core instruction distributes A, B and C over the lanes
// of a wavefront, as plain (host-usable) compile-time data.
//
// Everything here is dtype independent and compiles as plain C++17: the host tests model the
// lanes of every instruction with it. Terminology follows the guide's x/p/y dims: A is M x K,
// B is N x K (B transposed, addressed like A), C is M x N; a lane's coordinate splits into
// (lane % W, lane group lane / W), W the lane width.
//
// One instruction's lanes, by name (a family states them in a struct deriving from mma_lanes;
// mma_desc<L> derives the rest and checks them):
//   M, N, K, wave, lane_width   the shape, the wavefront size, W (N = W; M a multiple of W)
//   k_run, k_run_b        consecutive K a lane holds per run of A, of B
//   replicated            the lane groups repeat A and B (gfx11) instead of splitting K
//   c_run                 consecutive C rows a lane holds per run
//   swizzle_ab, swizzle_c the lane groups of A/B (C) come in the order 0, 2, 1, 3 (gfx12 wave64)
//   k_run_per_step        a step-K chain of S instructions makes each K run S times longer (MFMA;
//                         otherwise it repeats the runs: WMMA)
// Derived: lane_groups = wave / W; k_groups (k_groups_b) the K runs of A (B) per lane; a_row_groups
// = M / W, A's rows held in registers; c_groups the C runs per lane; elem_a/b/c registers per lane.
// The ISA's placement, with the lane groups along K (and C rows) between the groups and the runs:
//     A:  M = [y a_row_groups, p W]   K = [y k_groups, p lane_groups (replica: stride 0), y k_run]
//     C:  M = [y c_groups, p lane_groups, y c_run]    N = [p W]   (mfma_adaptor_swap_ab: C^T)
// test/host/mma/mma_reference.hpp models it as layouts against AMD's tables; the adaptors'
// layouts split it as [rept, pack] (opus/mma/mfma.hpp), keeping every dim.
//
// A partition description (detail::part) is a list of sub-dims; each names its x-dim, its
// extent, whether it is y / p / replica, which entry of the p coordinate drives it, and
// its "inner" size (product of the extents nested inside it within its x-dim) from which
// the stride follows: stride = x_stride[x] * inner. The list order is the y order (the
// order of per-thread register elements); the nesting inside an x-dim is given by inner,
// so the two orders are independent (tiled MMA uses that to keep vectors expansion-major).
#pragma once

#include "../core/layout.hpp"
#include "../core/adaptor.hpp"
#include "../core/tuple.hpp"

OPUS_NAMESPACE_BEGIN

namespace detail {
// ---- sub-dims and partition descriptions ----------------------------------------------
// y, p, replica p (stride 0). Plain constants, not enumerators: a comparison with an enum
// operand goes through overloaded-operator resolution with every built-in candidate.
inline constexpr index_t sd_y = 0, sd_p = 1, sd_r = 2;

template <index_t X, index_t E, index_t Kind, index_t P, index_t Inner>
struct sd {
    static constexpr index_t x = X, extent = E, kind = Kind, pidx = P, inner = Inner;
};

template <typename... S> struct part;

template <typename... P> struct cat_part_impl;
template <> struct cat_part_impl<> { using type = part<>; };
template <typename... S> struct cat_part_impl<part<S...>> { using type = part<S...>; };
template <typename... S1, typename... S2, typename... R>
struct cat_part_impl<part<S1...>, part<S2...>, R...> {
    using type = typename cat_part_impl<part<S1..., S2...>, R...>::type;
};
template <typename... P> using cat_part = typename cat_part_impl<P...>::type;

// the sub-dims of x-dim X, with their p index shifted by DP
template <typename Part, index_t X, index_t DP> struct select_x;
template <typename... S, index_t X, index_t DP>
struct select_x<part<S...>, X, DP> {
    using type = cat_part<conditional_t<
        S::x == X, part<sd<X, S::extent, S::kind, (S::kind == sd_y ? -1 : S::pidx + DP), S::inner>>, part<>>...>;
};
template <typename Part, index_t X, index_t DP> using select_x_t = typename select_x<Part, X, DP>::type;

// the type of a sub-dim's stride: number<0> for a replica, static when its x stride is
template <bool Replica, typename X, index_t Inner> struct sd_stride_type { using type = index_t; };
template <typename X, index_t Inner> struct sd_stride_type<true, X, Inner> { using type = number<0>; };
template <index_t V, index_t Inner> struct sd_stride_type<false, number<V>, Inner> { using type = number<V * Inner>; };
template <typename T, typename XS>
using sd_stride_t = typename sd_stride_type<T::kind == sd_r, remove_cvref_t<tuple_element_t<T::x, XS>>, T::inner>::type;

template <typename... S>
struct part {
    static constexpr index_t rank = sizeof...(S);
    static constexpr index_t num_p = (0 + ... + (S::kind != sd_y ? 1 : 0));
    // registers per thread
    static constexpr index_t elems = (1 * ... * (S::kind == sd_y ? S::extent : 1));
    // extent of x-dim X (replica dims do not add to it)
    OPUS_H_D static constexpr index_t x_extent(index_t X) {
        return (1 * ... * ((S::x == X && S::kind != sd_r) ? S::extent : 1));
    }
    // extent of p coordinate entry i
    OPUS_H_D static constexpr index_t p_extent(index_t i) {
        return (1 * ... * ((S::kind != sd_y && S::pidx == i) ? S::extent : 1));
    }

    OPUS_H_D static constexpr auto shape() { return tuple<number<S::extent>...>{}; }
    OPUS_H_D static constexpr auto y_shape() {
        return pick(shape(), filter_seq<(S::kind == sd_y)...>{});
    }
    OPUS_H_D static constexpr auto p_shape() { return p_shape_impl(make_index_seq<num_p>{}); }

    // The partition layout: strides and p coordinates are computed as plain integers in one
    // pack expansion over the sub-dims and stored into their tuples by one constructor each
    // (number<> / `_` entries keep their type); for layout_linear (CV == 0) the fixed-coordinate
    // offset is summed here too, over the sub-dims in the order layout::coord_offset would.
    // No function per sub-dim: that is what the compile time of partition layouts was made of.
    //
    // ByX (aiter's partition_layout_*): the fixed offset is summed per x-dim first,
    // x_stride * (sum of coordinate * inner), also for layout_cached (CV > 0): one multiply
    // by a runtime x stride per x-dim instead of one per p dim (what aiter's opus emits).
    template <index_t CV = 0, bool ByX = false, typename XS, typename PC>
    OPUS_H_D static constexpr auto layout(const XS& xs, const PC& pc) {
        static_assert(tuple_size_v<XS> == 2, "opus mma layout: give one stride per x-dim (2 strides)");
        static_assert(tuple_size_v<PC> == num_p,
                      "opus mma layout: wrong number of p (lane) coordinates for this operand");
        using shape_t = tuple<number<S::extent>...>;
        using stride_t = tuple<sd_stride_t<S, XS>...>;
        using coord_t = tuple<coord_type<S, PC>...>;
        const auto x = detail::to_index_values(xs);
        const auto p = detail::to_index_values(pc);
        const index_t sv[] = {(S::kind == sd_r ? 0 : x.v[S::x] * S::inner)..., 0};
        const index_t cv[] = {(S::kind == sd_y ? 0 : p.v[pidx_of<S>])..., 0};
        const stride_t stride(from_values_t{}, sv);
        const coord_t coord(from_values_t{}, cv);
        if constexpr (CV > 0 && !ByX) {
            return detail::build_layout<CV>(shape_t{}, stride, coord);
        } else {
            // ByX: the grouped offset (layout_cached's own would be the per-dim dot product); else
            // replica entries have stride 0: a plain dot product over the p entries
            index_t off = 0, i = 0;
            if constexpr (ByX) off = x.v[0] * x_sum<0>(cv) + x.v[1] * x_sum<1>(cv);
            else ((off += S::kind == sd_y ? 0 : cv[i] * sv[i], ++i), ...);
            if constexpr (CV > 0) return layout_cached<CV, shape_t, stride_t, coord_t>(with_offset_t{}, off, shape_t{}, stride, coord);
            else return layout_linear<shape_t, stride_t, coord_t>(with_offset_t{}, off, shape_t{}, stride, coord);
        }
    }
    template <index_t CV = 0, bool ByX = false, typename PC>
    OPUS_H_D static constexpr auto layout_packed(const PC& pc) {
        return layout<CV, ByX>(opus::make_tuple(number<x_extent(1)>{}, number<1>{}), pc);
    }

    // (every dim free, p dims too: aiter's partition_layout_*(mma, x_stride), mma/aiter.hpp)

  private:
    // sum over the p (not replica) sub-dims of x-dim X of coordinate * inner
    template <index_t X>
    OPUS_H_D static constexpr index_t x_sum(const index_t* cv) {
        index_t i = 0, r = 0;
        ((r += (S::x == X && S::kind == sd_p) ? cv[i] * S::inner : 0, ++i), ...);
        return r;
    }
    template <index_t... I>
    OPUS_H_D static constexpr auto p_shape_impl(seq<I...>) { return tuple<number<p_extent(I)>...>{}; }
    template <typename T> static constexpr index_t pidx_of = T::pidx < 0 ? 0 : T::pidx;
    template <typename T, typename PC>
    using coord_type = conditional_t<T::kind == sd_y, underscore, remove_cvref_t<tuple_element_t<pidx_of<T>, PC>>>;
};

// ---- one instruction's lanes ----------------------------------------------------------------
struct mma_lanes {  // the defaults of the named facts (header comment)
    static constexpr bool replicated = false, swizzle_ab = false, swizzle_c = false, k_run_per_step = false;
};
// the lanes L with their derived facts, checked
template <typename L>
struct mma_desc : L {
    using lanes = L;
    static constexpr index_t lane_groups = L::wave / L::lane_width;
    static constexpr index_t k_lanes = L::replicated ? 1 : lane_groups;  // lane groups that split K
    static constexpr index_t k_groups = L::K / (k_lanes * L::k_run), k_groups_b = L::K / (k_lanes * L::k_run_b);
    static constexpr index_t a_row_groups = L::M / L::lane_width, c_groups = L::M / (lane_groups * L::c_run);
    static constexpr index_t elem_a = a_row_groups * k_groups * L::k_run, elem_b = k_groups_b * L::k_run_b;
    static constexpr index_t elem_c = c_groups * L::c_run;
    static_assert(L::N == L::lane_width && a_row_groups * L::lane_width == L::M && lane_groups * L::lane_width == L::wave &&
                      k_groups * k_lanes * L::k_run == L::K && k_groups_b * k_lanes * L::k_run_b == L::K &&
                      c_groups * lane_groups * L::c_run == L::M && (!(L::swizzle_ab || L::swizzle_c) || lane_groups == 4),
                  "opus mma lanes: N must be the lane width, M and the wave multiples of it, the K runs must split "
                  "K, the C runs M, and a swizzle needs 4 lane groups");
};
// a step-K chain of S instructions of lanes L
template <typename L, index_t S>
struct mma_chain_lanes : L {
    static constexpr index_t K = L::K * S;
    static constexpr index_t k_run = L::k_run_per_step ? L::k_run * S : L::k_run;
    static constexpr index_t k_run_b = L::k_run_per_step ? L::k_run_b * S : L::k_run_b;
};
template <typename D, index_t S>
using mma_chain_desc = conditional_t<S == 1, D, mma_desc<mma_chain_lanes<typename D::lanes, S>>>;

// The lane-group coordinate of a lane group index g (lane / lane_width): g itself, or with
// its two bits exchanged when the operand's lane groups are swizzled.
template <bool Swz>
OPUS_H_D constexpr index_t lane_group(index_t g) {
    return Swz ? g % 2 * 2 + g / 2 : g;
}

// (lane % W, lane group of lane / W): number<>s for a number<> lane, else index_t. One
// function, no arithmetic operator on number<> (their overload resolution enumerates every
// built-in arithmetic candidate, front-end time paid per distinct use).
template <index_t W, bool Swz, typename L>
OPUS_H_D constexpr auto lane_split(const L& lane) {
    if constexpr (is_number_v<L>) {
        constexpr index_t l = L::value;  // (L: deduced from const L&, unqualified)
        return tuple<number<l % W>, number<lane_group<Swz>(l / W)>>{};
    } else {
        const index_t l = static_cast<index_t>(lane);
        return tuple<index_t, index_t>{l % W, lane_group<Swz>(l / W)};
    }
}

} // namespace detail
OPUS_NAMESPACE_END
