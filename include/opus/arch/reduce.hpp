// SPDX-License-Identifier: MIT
// opus/arch/reduce.hpp - reductions across the lanes of a wave (wave_reduce) and across a
// workgroup (block_reduce), and the HIP / CUDA shuffles shfl_xor, shfl_down, shfl_up.
//
// Opt-in: neither opus/arch.hpp nor opus.hpp includes this header (their include cost has no
// room left); include <opus/arch/reduce.hpp> where you need it. Device-only functions (OPUS_D);
// in the host pass they return their input.
#pragma once

#include "lane.hpp"
#include "target.hpp"
#include "workgroup.hpp"
#include "../core/config.hpp"
#include "../core/number.hpp"

OPUS_NAMESPACE_BEGIN

// ---- reduction operators ---------------------------------------------------------------------
// reduce_sum: a + b. reduce_max / reduce_min: opus::max / opus::min (float: NaN-ignoring
// fmaxf / fminf; other types: comparisons).
struct reduce_sum {
    template <typename T> OPUS_H_D constexpr T operator()(const T& a, const T& b) const { return T(a + b); }
};
struct reduce_max {
    template <typename T> OPUS_H_D constexpr T operator()(const T& a, const T& b) const { return max(a, b); }
};
struct reduce_min {
    template <typename T> OPUS_H_D constexpr T operator()(const T& a, const T& b) const { return min(a, b); }
};

namespace detail {
template <typename T>
inline constexpr bool lane_xchg_size_ok = sizeof(T) == 1 || sizeof(T) == 2 || sizeof(T) == 4 || sizeof(T) == 8;

// f (int -> int) applied to v's bits: once for 1-, 2- and 4-byte values, once per 32-bit half of
// an 8-byte value
struct i32_pair {
    int lo, hi;
};
template <typename T, typename F> OPUS_D T lane_xchg(const T& v, F&& f) {
    if constexpr (sizeof(T) == 8) {
        i32_pair p = __builtin_bit_cast(i32_pair, v);
        p.lo = f(p.lo);
        p.hi = f(p.hi);
        return __builtin_bit_cast(T, p);
    } else {
        return from_i32_bits<T>(f(to_i32_bits(v)));
    }
}
template <typename T> OPUS_D T bpermute(const T& v, index_t src_lane) {
#if OPUS_DEVICE_PASS
    return lane_xchg(v, [src_lane](int x) { return __builtin_amdgcn_ds_bpermute(src_lane << 2, x); });
#else
    (void)src_lane;
    return v;
#endif
}

// The lane each shuffle reads (HIP's rules; test/host/arch/reduce_plan.cpp compares them with
// HIP's own expressions for every lane, mask / delta and width). shfl_xor: HIP's test "src at
// or past the end of the caller's group" written so that a constant mask below the width folds
// away (the groups differ only where the mask has bits at or above the width, and then the
// source lies in a later group exactly when it is the larger lane).
OPUS_H_D constexpr index_t shfl_xor_src(index_t self, index_t lane_mask, index_t width) {
    const index_t src = self ^ lane_mask;
    return (lane_mask & ~(width - 1)) != 0 && src > self ? self : src;
}
OPUS_H_D constexpr index_t shfl_down_src(index_t self, index_t delta, index_t width) {
    return (self & (width - 1)) + delta >= width ? self : self + delta;
}
OPUS_H_D constexpr index_t shfl_up_src(index_t self, index_t delta, index_t width) {
    return (self & (width - 1)) < delta ? self : self - delta;
}
} // namespace detail

// ---- shfl_xor / shfl_down / shfl_up -----------------------------------------------------------
// HIP's __shfl_xor / __shfl_down / __shfl_up: the wave split into groups of `width` lanes (a
// power of two, at most the wave size); a source lane past the end of the caller's group (or
// past the wave) gives the caller's own v, as in HIP. shfl_xor may read an earlier group (lane
// ^ mask below the group: CUDA and HIP do the same). One ds_bpermute_b32 per 32 bits of v (v of
// 1, 2, 4 or 8 bytes; test/codegen/arch/arch_reduce.hip counts them).
#define OPUS_DETAIL_SHFL(name, arg)                                                                         \
    template <typename T> OPUS_D T name(const T& v, index_t arg, index_t width = get_warp_size()) {         \
        static_assert(detail::lane_xchg_size_ok<T>, "opus::" #name ": v must have 1, 2, 4 or 8 bytes (8 bytes " \
                                                    "move as two 32-bit halves); shuffle a wider type element " \
                                                    "by element");                                        \
        if constexpr (!detail::lane_xchg_size_ok<T>) return v; /* (one error: the static_assert above) */ \
        else return detail::bpermute(v, detail::name##_src(lane_id(), arg, width));                         \
    }
OPUS_DETAIL_SHFL(shfl_xor, lane_mask)
OPUS_DETAIL_SHFL(shfl_down, delta)
OPUS_DETAIL_SHFL(shfl_up, delta)
#undef OPUS_DETAIL_SHFL

// ---- wave_reduce: the plan ---------------------------------------------------------------------
// wave_reduce runs a list of steps; each step gives every lane the value of another lane, and
// the lane combines it with its own: v = op(v, other). The steps form a butterfly: after step
// k every aligned group of 2^k lanes holds the reduction of its lanes, combined as a balanced
// tree in lane order (adjacent pairs first). The exchanges:
//   width 2, 4      DPP quad_perm [1,0,3,2], [2,3,0,1]: lane ^ 1, lane ^ 2
//   width 8, 16     DPP row_half_mirror, row_mirror: lane 7 - i of the 8-group, 15 - i of the
//                   row. Not lane ^ 4 / ^ 8, but every quad (every 8-group) already holds one
//                   value, so the value read is that of the partner group
//   width 32        gfx9: ds_swizzle, bitmask mode, xor 16 (0x401f); gfx10+: v_permlanex16 with
//                   selects 0x76543210 / 0xfedcba98 (lane ^ 16)
//   width 64        gfx9: DPP row_bcast:15 (row r gets lane 15 of row r - 1) and row_bcast:31
//                   (rows 2, 3 get lane 31), which leave the result in row 3, then v_readlane
//                   lane 63 to every lane; gfx11 / gfx12 wave64: v_permlane64 (lane ^ 32)
// A host model of each instruction checks this list for every width and wave size
// (test/host/arch/reduce_plan.cpp); test/codegen/arch/arch_reduce.hip pins the instructions.
namespace detail {
enum class reduce_xchg : index_t { dpp, swizzle, permlanex16, permlane64, readlane };
// v_permlanex16's lane selects: lane i of a row reads lane i of the other row of its 32
inline constexpr unsigned permlanex16_sel_lo = 0x76543210u, permlanex16_sel_hi = 0xfedcba98u;
struct reduce_step {
    reduce_xchg kind;
    index_t ctrl;  // dpp: the DPP control; swizzle: the offset; readlane: the lane
};
struct wave_reduce_plan {
    reduce_step step[8];
    index_t size;
};
OPUS_H_D constexpr wave_reduce_plan make_wave_reduce_plan(bool row_bcast, index_t width) {
    wave_reduce_plan p{};
    const index_t in_row[4] = {dpp::quad_perm(1, 0, 3, 2), dpp::quad_perm(2, 3, 0, 1), dpp::row_half_mirror,
                               dpp::row_mirror};
    for (index_t w = 2, i = 0; w <= width && w <= 16; w *= 2, ++i) p.step[p.size++] = {reduce_xchg::dpp, in_row[i]};
    if (row_bcast && width == 32) p.step[p.size++] = {reduce_xchg::swizzle, 0x401f};
    if (row_bcast && width == 64) {
        p.step[p.size++] = {reduce_xchg::dpp, dpp::row_bcast15};
        p.step[p.size++] = {reduce_xchg::dpp, dpp::row_bcast31};
        p.step[p.size++] = {reduce_xchg::readlane, 63};
    }
    if (!row_bcast && width >= 32) p.step[p.size++] = {reduce_xchg::permlanex16, 0};
    if (!row_bcast && width == 64) p.step[p.size++] = {reduce_xchg::permlane64, 0};
    return p;
}
template <bool RowBcast, index_t Width>
inline constexpr wave_reduce_plan wave_reduce_plan_v = make_wave_reduce_plan(RowBcast, Width);

#if OPUS_DEVICE_PASS
template <reduce_xchg Kind, index_t Ctrl> OPUS_D int reduce_xchg_i32(int x) {
    if constexpr (Kind == reduce_xchg::dpp) {
        return __builtin_amdgcn_mov_dpp(x, Ctrl, 0xf, 0xf, true);
    } else if constexpr (Kind == reduce_xchg::swizzle) {
        return __builtin_amdgcn_ds_swizzle(x, Ctrl);
    } else if constexpr (Kind == reduce_xchg::readlane) {
        return __builtin_amdgcn_readlane(x, Ctrl);
#if !OPUS_HAS_DPP_ROW_BCAST
    } else if constexpr (Kind == reduce_xchg::permlanex16) {
        // fetch-inactive set: every lane is active here, and then `old` is not read (no copy of x)
        return int(__builtin_amdgcn_permlanex16(unsigned(x), unsigned(x), permlanex16_sel_lo, permlanex16_sel_hi,
                                                true, false));
    } else if constexpr (Kind == reduce_xchg::permlane64) {
        return int(__builtin_amdgcn_permlane64(unsigned(x)));
#endif
    } else {
        static_assert(always_false<number<Ctrl>>, "opus::wave_reduce: no such exchange on this target");
        return x;
    }
}
template <bool RowBcast, index_t Width, index_t I, typename T, typename Op> OPUS_D T wave_reduce_from(T v, Op& op) {
    constexpr const wave_reduce_plan& plan = wave_reduce_plan_v<RowBcast, Width>;
    if constexpr (I == plan.size) {
        return v;
    } else {
        constexpr reduce_step s = plan.step[I];
        const T other = lane_xchg(v, [](int x) { return reduce_xchg_i32<s.kind, s.ctrl>(x); });
        // readlane broadcasts the finished result; every other step combines
        if constexpr (s.kind == reduce_xchg::readlane) v = other;
        else v = op(v, other);
        return wave_reduce_from<RowBcast, Width, I + 1>(v, op);
    }
}
#endif
} // namespace detail

// ---- wave_reduce --------------------------------------------------------------------------------
// wave_reduce(v, op[, number<width>{}]): every lane gets op over v of the `width` lanes of its
// group (groups of aligned lanes; width a power of two, 1 .. the wave size; default the whole
// wave: 64 on gfx9, 32 on gfx11 / gfx12 / gfx1250). op is reduce_sum{}, reduce_max{},
// reduce_min{} or any commutative, associative (T, T) -> T. Order: a balanced tree in lane
// order, adjacent pairs first: for 8 lanes ((v0 op v1) op (v2 op v3)) op ((v4 op v5) op (v6 op
// v7)). Lanes see the operands of a step in either order, so with a commutative op (float +,
// fmaxf, fminf are) every lane gets the same bits. All lanes of the wave must call it together
// (no divergent branch around it). v of 1, 2, 4 or 8 bytes.
template <typename T, typename Op, index_t Width>
OPUS_D T wave_reduce(const T& v, Op op, number<Width>) {
    static_assert(Width >= 1 && (Width & (Width - 1)) == 0 && Width <= get_warp_size(),
                  "opus::wave_reduce(v, op, number<width>): width must be a power of two from 1 to the wave size "
                  "(get_warp_size(): 64 on gfx9, 32 on gfx11/gfx12/gfx1250 unless -mwavefrontsize64)");
    static_assert(detail::lane_xchg_size_ok<T>, "opus::wave_reduce: v must have 1, 2, 4 or 8 bytes (8 bytes move as "
                                                "two 32-bit halves); reduce a wider type element by element");
#if OPUS_DEVICE_PASS
    if constexpr (detail::lane_xchg_size_ok<T>) return detail::wave_reduce_from<bool(OPUS_HAS_DPP_ROW_BCAST), Width, 0>(v, op);
    else return v; // (one error: the static_assert above)
#else
    (void)op;
    return v;
#endif
}
template <typename T, typename Op> OPUS_D T wave_reduce(const T& v, Op op) {
    return wave_reduce(v, op, number<get_warp_size()>{});
}

// ---- block_reduce -------------------------------------------------------------------------------
// block_reduce(v, op, scratch): every thread of a 1-D workgroup of BlockSize threads (a multiple
// of the wave size, at most 1024) gets op over v of all of them; every thread must call it.
// scratch is the caller's LDS, `__shared__ block_reduce_scratch<T, BlockSize> s;` (one T per
// wave). Lane 0 of each wave stores its wave_reduce result, sync_threads(), then every wave
// combines all partials itself (detail::tree_reduce) instead of waiting for one wave to
// broadcast them; a second sync_threads() lets the next call reuse scratch at once (the device
// test calls it back to back). One wave: wave_reduce only, no LDS, no barrier.
template <typename T, index_t BlockSize> struct block_reduce_scratch {
    static_assert(!OPUS_DEVICE_PASS || (BlockSize > 0 && BlockSize % get_warp_size() == 0 && BlockSize <= 1024),
                  "opus::block_reduce_scratch<T, BlockSize>: BlockSize must be a multiple of the wave size "
                  "(get_warp_size(): 64 on gfx9, 32 on gfx11/gfx12/gfx1250), at most 1024");
    using value_type = T;
    static constexpr index_t num_waves = BlockSize / get_warp_size() > 0 ? BlockSize / get_warp_size() : 1;
    T partial[num_waves];
};

namespace detail {
// op over p[0..N) as block_reduce combines the waves' partials: for s = 1, 2, 4, ...:
// p[i] = op(p[i], p[i + s]) for i = 0, 2s, 4s, ... while i + s < N. For N a power of two that is
// the balanced tree in index order (test/host/arch/reduce_plan.cpp).
template <index_t N, typename T, typename Op> OPUS_H_D constexpr T tree_reduce(T* p, Op& op) {
    for (index_t s = 1; s < N; s *= 2) {
        for (index_t i = 0; i + s < N; i += 2 * s) p[i] = op(p[i], p[i + s]);
    }
    return p[0];
}
} // namespace detail

template <typename T, index_t BlockSize, typename Op>
OPUS_D T block_reduce(const typename block_reduce_scratch<T, BlockSize>::value_type& v, Op op,
                      block_reduce_scratch<T, BlockSize>& scratch) {
    constexpr index_t nw = block_reduce_scratch<T, BlockSize>::num_waves;
    const T w = wave_reduce(v, op);
    if constexpr (nw == 1) {
        (void)scratch;
        return w;
    } else {
        if (lane_id() == 0) scratch.partial[wave_id()] = w;
        sync_threads();
        T p[nw];
        for (index_t i = 0; i < nw; ++i) p[i] = scratch.partial[i];  // one address for all lanes
        const T r = detail::tree_reduce<nw>(p, op);
        sync_threads();
        return r;
    }
}

OPUS_NAMESPACE_END
