// SPDX-License-Identifier: MIT
// opus/mma/desc.hpp - how a matrix-core instruction distributes A, B and C over the lanes
// of a wavefront, as plain (host-usable) compile-time data.
//
// Everything here is dtype independent and compiles as plain C++17: the host tests model the
// lanes of every instruction with it. Terminology follows the guide's x/p/y dims:
//
//   A is M x K, B is N x K (B transposed, addressed like A), C is M x N.
//   One instruction of "lane width" LW (32 or 16 on CDNA, 16 on RDNA) places
//     A:  M = [p LW]                        K = [y KG, p KP, y KR]
//     B:  N = [p LW]                        K = [y KG, p KP, y KR]
//     C:  M = [y CG, p CP, y CR]            N = [p LW]          (no swap)
//         M = [p LW]                        N = [y CG, p CP, y CR]  (mfma_adaptor_swap_ab)
//   with lane coordinates (lane % LW, lane / LW) for A and B, (lane / LW, lane % LW) for C
//   (swapped: (lane % LW, lane / LW)). KP = wave / LW. On RDNA3 (gfx11) the upper lane
//   groups replicate A/B (the KP dim has stride 0: a "replica" p dim). This is the ISA's
//   placement (test/host/mma/mma_reference.hpp models it as layouts against AMD's tables);
//   the adaptors' layouts split it as [rept, pack] (opus/mma/mfma.hpp), keeping every dim.
//
// A partition description (detail::part) is a list of sub-dims; each names its x-dim, its
// extent, whether it is y / p / replica, which entry of the p coordinate drives it, and
// its "inner" size (product of the extents nested inside it within its x-dim) from which
// the stride follows: stride = x_stride[x] * inner. The list order is the y order (the
// order of per-thread register elements); the nesting inside an x-dim is given by inner,
// so the two orders are independent (tiled MMA uses that to keep vectors expansion-major).
#pragma once

#include "opus/core/layout.hpp"
#include "opus/core/adaptor.hpp"
#include "opus/core/tuple.hpp"
#include "opus/arch/target.hpp"

OPUS_NAMESPACE_BEGIN

// Target used by make_mfma when none is named and no device target is being compiled
// (plain host code: host tests, layout computations on the host).
#ifndef OPUS_MMA_HOST_TARGET
#if OPUS_DETAIL_CFG_MMA_HOST_TARGET
#error "opus: OPUS_MMA_HOST_TARGET was defined after the first opus header: define it before (it is part of the configuration tag, opus/core/config.hpp)"
#endif
#define OPUS_MMA_HOST_TARGET ::opus::target::gfx950
#endif

namespace detail {
// The target whose instructions make_mfma picks: the compile target in a device pass,
// OPUS_MMA_HOST_TARGET in host code.
#if OPUS_DEVICE_PASS
inline constexpr target current_mma_target = get_target();
#else
inline constexpr target current_mma_target = OPUS_MMA_HOST_TARGET;
#endif

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

// the sub-dims of x-dim X, with their p index shifted by DP and x-dim renamed to NX
template <typename Part, index_t X, index_t DP, index_t NX = X> struct select_x;
template <typename... S, index_t X, index_t DP, index_t NX>
struct select_x<part<S...>, X, DP, NX> {
    using type = cat_part<conditional_t<
        S::x == X, part<sd<NX, S::extent, S::kind, (S::kind == sd_y ? -1 : S::pidx + DP), S::inner>>,
        part<>>...>;
};
template <typename Part, index_t X, index_t DP, index_t NX = X>
using select_x_t = typename select_x<Part, X, DP, NX>::type;

// the type of a sub-dim's stride: number<0> for a replica, static when its x stride is
template <bool Replica, typename X, index_t Inner> struct sd_stride_type { using type = index_t; };
template <typename X, index_t Inner> struct sd_stride_type<true, X, Inner> { using type = number<0>; };
template <index_t V, index_t Inner> struct sd_stride_type<false, number<V>, Inner> { using type = number<V * Inner>; };

template <typename... S>
struct part {
    static constexpr index_t rank = sizeof...(S);
    static constexpr index_t num_p = (0 + ... + (S::kind != sd_y ? 1 : 0));
    static constexpr index_t num_y = (0 + ... + (S::kind == sd_y ? 1 : 0));
    // registers per thread
    static constexpr index_t elems = (1 * ... * (S::kind == sd_y ? S::extent : 1));
    // lanes (threads) the p dims span
    static constexpr index_t threads = (1 * ... * (S::kind != sd_y ? S::extent : 1));
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
        return detail::pick(shape(), filter_seq<(S::kind == sd_y)...>{});
    }
    OPUS_H_D static constexpr auto p_shape() { return p_shape_impl(make_index_seq<num_p>{}); }
    OPUS_H_D static constexpr auto x_shape() { return tuple<number<x_extent(0)>, number<x_extent(1)>>{}; }

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
        using stride_t = tuple<stride_type<S, XS>...>;
        using coord_t = tuple<coord_type<S, PC>...>;
        const auto x = detail::to_index_values(xs);
        const auto p = detail::to_index_values(pc);
        const index_t sv[] = {(S::kind == sd_r ? 0 : x.v[S::x] * S::inner)..., 0};
        const index_t cv[] = {(S::kind == sd_y ? 0 : p.v[pidx_of<S>])..., 0};
        if constexpr (ByX && CV > 0) {
            // layout_cached with the grouped offset (its own would be the per-dim dot product)
            const index_t off = x.v[0] * x_sum<0>(cv) + x.v[1] * x_sum<1>(cv);
            return layout_cached<CV, shape_t, stride_t, coord_t>(detail::with_offset_t{}, off, shape_t{},
                                                                 stride_t(detail::from_values_t{}, sv),
                                                                 coord_t(detail::from_values_t{}, cv));
        } else if constexpr (CV == 0) {
            // y entries have coordinate 0 and replica entries stride 0: a plain dot product
            const index_t off = ByX ? x.v[0] * x_sum<0>(cv) + x.v[1] * x_sum<1>(cv)
                                    : dot(cv, sv, make_index_seq<rank>{});
            return layout_linear<shape_t, stride_t, coord_t>(detail::with_offset_t{}, off, shape_t{},
                                                             stride_t(detail::from_values_t{}, sv),
                                                             coord_t(detail::from_values_t{}, cv));
        } else {
            return detail::build_layout<CV>(shape_t{}, stride_t(detail::from_values_t{}, sv),
                                            coord_t(detail::from_values_t{}, cv));
        }
    }
    template <index_t CV = 0, bool ByX = false, typename PC>
    OPUS_H_D static constexpr auto layout_packed(const PC& pc) {
        return layout<CV, ByX>(opus::make_tuple(number<x_extent(1)>{}, number<1>{}), pc);
    }

    // every dim free, p dims too (no lane coordinate): x strides as for layout()
    template <index_t CV = 0, typename XS>
    OPUS_H_D static constexpr auto layout_all(const XS& xs) {
        static_assert(tuple_size_v<XS> == 2, "opus mma layout: give one stride per x-dim (2 strides)");
        using shape_t = tuple<number<S::extent>...>;
        using stride_t = tuple<stride_type<S, XS>...>;
        const auto x = detail::to_index_values(xs);
        const index_t sv[] = {(S::kind == sd_r ? 0 : x.v[S::x] * S::inner)..., 0};
        return detail::build_layout<CV>(shape_t{}, stride_t(detail::from_values_t{}, sv), tuple<>{});
    }

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
    template <index_t... I>
    OPUS_H_D static constexpr index_t dot(const index_t* a, const index_t* b, seq<I...>) {
        return (index_t(0) + ... + (a[I] * b[I]));
    }
    template <typename T, typename XS>
    using stride_type = typename sd_stride_type<T::kind == sd_r, remove_cvref_t<tuple_element_t<T::x, XS>>,
                                                T::inner>::type;
    template <typename T, typename PC>
    using coord_type = conditional_t<T::kind == sd_y, underscore, remove_cvref_t<tuple_element_t<pidx_of<T>, PC>>>;
};

// ---- one instruction ------------------------------------------------------------------
// M N K: shape; Wave: 64/32; LW: lane width; A/B K split (KG, KP, KR, replica);
// C M split (CG, CP, CR). Sanity of the numbers is checked here once.
// SwzAB / SwzC: the lane group of A/B (C) is bit-swapped before it enters the layout (see
// lane_group below; gfx12 wave64).
// MG: A's row groups (M = MG x LW), a y dim outside A's K registers (gfx1250's 32x16x128 fp4:
// registers 0-7 rows 0-15, 8-15 rows 16-31); B's N is always the lane width.
// KRB: B's K run where it differs from A's (gfx1250 f8f6f4 with an 8-bit and a 4- or 6-bit
// operand: 16 and 32); B's K groups are then K / (KP x KRB). 0: B's split is A's.
template <index_t M_, index_t N_, index_t K_, index_t Wave_, index_t LW_, index_t KG_, index_t KP_,
          index_t KR_, bool Rep_, index_t CG_, index_t CP_, index_t CR_, bool SwzAB_ = false, bool SwzC_ = false,
          index_t MG_ = 1, index_t KRB_ = 0>
struct mma_desc {
    static constexpr index_t M = M_, N = N_, K = K_, wave = Wave_, lw = LW_;
    static constexpr index_t kg = KG_, kp = KP_, kr = KR_, cg = CG_, cp = CP_, cr = CR_, mg = MG_;
    static constexpr index_t krb = KRB_ > 0 ? KRB_ : KR_, kgb = KRB_ > 0 ? K_ / ((Rep_ ? 1 : KP_) * KRB_) : KG_;
    static constexpr bool replicated = Rep_;
    static constexpr bool swizzle_ab = SwzAB_, swizzle_c = SwzC_;
    static_assert(!(SwzAB_ || SwzC_) || Wave_ / LW_ == 4, "opus mma_desc: lane-group swizzle needs 4 lane groups");
    static_assert(M == MG_ * LW_ && N == LW_, "opus mma_desc: M must be MG x the lane width, N the lane width");
    static_assert(KP_ * LW_ == Wave_, "opus mma_desc: lane width x lane groups must be the wave size");
    static_assert(KG_ * (Rep_ ? 1 : KP_) * KR_ == K_, "opus mma_desc: K split does not multiply to K");
    static_assert(CG_ * CP_ * CR_ == M_ && CP_ * LW_ == Wave_, "opus mma_desc: C split does not match");

    // registers per lane: MG x KG x KR of A, KGB x KRB of B, CG x CR of C
    static constexpr index_t elem_a = MG_ * KG_ * KR_;
    static constexpr index_t elem_b = kgb * krb;
    static_assert(kgb * (Rep_ ? 1 : KP_) * krb == K_, "opus mma_desc: B's K split does not multiply to K");
    static constexpr index_t elem_c = CG_ * CR_;
};

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
        constexpr index_t l = remove_cvref_t<L>::value;
        return tuple<number<l % W>, number<lane_group<Swz>(l / W)>>{};
    } else {
        const index_t l = static_cast<index_t>(lane);
        return tuple<index_t, index_t>{l % W, lane_group<Swz>(l / W)};
    }
}

// Per-operand queries shared by mma_adaptor and tiled_mma_adaptor (CRTP): shapes and
// partition layouts of A, B and C, forwarded to the derived adaptor's rept_pack::part_a/b/c. The
// bodies are instantiated only when called, when the derived type is complete.
template <typename D>
struct operand_queries {
    OPUS_H_D static constexpr auto shape_a() { return D::rept_pack::part_a::shape(); }
    OPUS_H_D static constexpr auto shape_b() { return D::rept_pack::part_b::shape(); }
    OPUS_H_D static constexpr auto shape_c() { return D::rept_pack::part_c::shape(); }
    OPUS_H_D static constexpr auto p_shape_a() { return D::rept_pack::part_a::p_shape(); }
    OPUS_H_D static constexpr auto p_shape_b() { return D::rept_pack::part_b::p_shape(); }
    OPUS_H_D static constexpr auto p_shape_c() { return D::rept_pack::part_c::p_shape(); }
    OPUS_H_D static constexpr auto y_shape_a() { return D::rept_pack::part_a::y_shape(); }
    OPUS_H_D static constexpr auto y_shape_b() { return D::rept_pack::part_b::y_shape(); }
    OPUS_H_D static constexpr auto y_shape_c() { return D::rept_pack::part_c::y_shape(); }

    template <index_t CV = 0, typename S, typename P>
    OPUS_H_D static constexpr auto layout_a(const S& x_stride, const P& p_coord) { return D::rept_pack::part_a::template layout<CV>(x_stride, p_coord); }
    template <index_t CV = 0, typename S, typename P>
    OPUS_H_D static constexpr auto layout_b(const S& x_stride, const P& p_coord) { return D::rept_pack::part_b::template layout<CV>(x_stride, p_coord); }
    template <index_t CV = 0, typename S, typename P>
    OPUS_H_D static constexpr auto layout_c(const S& x_stride, const P& p_coord) { return D::rept_pack::part_c::template layout<CV>(x_stride, p_coord); }
    template <index_t CV = 0, typename P>
    OPUS_H_D static constexpr auto layout_a_packed(const P& p_coord) { return D::rept_pack::part_a::template layout_packed<CV>(p_coord); }
    template <index_t CV = 0, typename P>
    OPUS_H_D static constexpr auto layout_b_packed(const P& p_coord) { return D::rept_pack::part_b::template layout_packed<CV>(p_coord); }
    template <index_t CV = 0, typename P>
    OPUS_H_D static constexpr auto layout_c_packed(const P& p_coord) { return D::rept_pack::part_c::template layout_packed<CV>(p_coord); }
};

} // namespace detail
OPUS_NAMESPACE_END
