// SPDX-License-Identifier: MIT
// opus/mma/aiter.hpp - aiter's layer for the MMA module: the spellings of aiter's single-header
// opus, for code written for it (opus's own API: make_mfma / make_tiled_mma, the adaptors'
// layout_* members, mfma_t). Included by opus/opus.hpp only
// (test/diagnostics/mma/aiter_spelling_own_api.hip, aiter_member_own_api.hip):
//
//   opus::mfma<A, B, C, M, N, K[, Wave]>{}(a, b, c)       gfx9 MFMA as a plain type (step-K for
//                                                          a multiple K)
//   opus::mfma<fp8_t, fp8_t, fp32_t, 32, 32, 64>{}(a, b, c, scale_a, scale_b[, sel_a, sel_b])
//                                                          gfx950 scaled f8f6f4 (e8m0 scales)
//   opus::wmma<A, B, C, M, N, K[, Wave]>{}(a, b, c)       gfx11 / gfx12 / gfx1250 WMMA
//   mfma_f32_32x32x8_f16, wmma_f32_16x16x16_f16, ...      the instructions by name
//   make_mfma / make_wmma / make_tiled_mma                 as opus's, returning the types below
//   wmma_adaptor{}, wmma_adaptor_swap_ab{}                 make_mfma's tags, spelled for WMMA
//   partition_layout_a/b/c[_packed](mma, ...)              the [rept, pack] layouts (below)
//
// The types of this layer derive from opus's adaptors and add aiter's member names:
//   aiter's name                               opus's
//   grpm_a grpn_b grpn_c / grpk_a grpk_b grpm_c   lane_width / lane_groups
//   wave_m wave_n wave_k, warp_size              M N K, wave_size (tiled: wave_* is the
//                                                instruction's shape, as in opus)
//   fmt_a fmt_b                                  the scaled f8f6f4 format codes of A and B
//   mfma_type wmma_type                          the instruction as opus::mfma / opus::wmma
//   tiled: MMA, expd_m/n/k, mma_a/b/c_len        the instruction, expand_m/n/k, elem_a/b/c
// opus::mfma<..., W> mangles as the reference's (W defaults to get_warp_size(), as there), so a
// kernel templated on a named instruction has the reference's symbol name
// (test/headers/mangling).
#pragma once

#include "wmma.hpp"
#include "tiled_mma.hpp"
#if defined(OPUS_DETAIL_MMA_NAMES_MFMA) || defined(OPUS_DETAIL_MMA_NAMES_WMMA)
#include "family/aiter_names.hpp"  // the rows of every family of the pass's groups
#endif

OPUS_NAMESPACE_BEGIN

using wmma_adaptor = mfma_adaptor;  // make_mfma's tags under their WMMA names
using wmma_adaptor_swap_ab = mfma_adaptor_swap_ab;

// (W's default is get_warp_size()'s value, spelled by its macro: a call would be evaluated again
// for every named instruction below, which costs every includer compile time)
template <typename A, typename B, typename C, index_t M, index_t N, index_t K, index_t W = OPUS_DETAIL_WAVE_SIZE> struct mfma;
template <typename A, typename B, typename C, index_t M, index_t N, index_t K, index_t W = OPUS_DETAIL_WAVE_SIZE> struct wmma;

namespace detail {
// aiter's member names over opus's instruction adaptor Own (an mma_adaptor)
template <typename Own>
struct aiter_mma : Own {
    static constexpr index_t grpm_a = Own::lane_width, grpn_b = grpm_a, grpn_c = grpm_a;
    static constexpr index_t grpk_a = Own::lane_groups, grpk_b = grpk_a, grpm_c = grpk_a;
    static constexpr index_t wave_m = Own::M, wave_n = Own::N, wave_k = Own::K, warp_size = Own::wave_size;
    static constexpr int fmt_a = f8f6f4_format<typename Own::dtype_a>, fmt_b = f8f6f4_format<typename Own::dtype_b>;
    using mfma_type = mfma<typename Own::dtype_a, typename Own::dtype_b, typename Own::dtype_c, Own::M, Own::N, Own::K, warp_size>;
    using wmma_type = wmma<typename Own::dtype_a, typename Own::dtype_b, typename Own::dtype_c, Own::M, Own::N, Own::K, warp_size>;
};
// ... and over opus's tiled adaptor Own, whose instruction is Mma (a type of this layer)
template <typename Own, typename Mma>
struct aiter_tiled_mma : Own {
    using MMA = Mma;
    static constexpr index_t grpm_a = Mma::grpm_a, grpn_b = Mma::grpn_b, grpn_c = Mma::grpn_c;
    static constexpr index_t grpk_a = Mma::grpk_a, grpk_b = Mma::grpk_b, grpm_c = Mma::grpm_c;
    static constexpr index_t warp_size = Mma::warp_size;
    static constexpr int fmt_a = Mma::fmt_a, fmt_b = Mma::fmt_b;
    using mfma_type = typename Mma::mfma_type;
    using wmma_type = typename Mma::wmma_type;
    static constexpr index_t expd_m = Own::expand_m, expd_n = Own::expand_n, expd_k = Own::expand_k;
    static constexpr index_t mma_a_len = Own::elem_a, mma_b_len = Own::elem_b, mma_c_len = Own::elem_c;
};

// ---- one instruction as a plain type --------------------------------------------------------
// Both are the adaptor make_mfma returns (mma_adaptor: layouts, vtype_*, elem_*, grp*, ..., and
// call operators that also take any register container of the operand's size, e.g. an i32x8_t
// holding 32 fp8 values; a scaled fp4 operand may come in all 8 registers). Wave is the
// wavefront size, by default the compile target's (get_warp_size(); 64 in the host pass, as in
// aiter's opus); it must be that size.
template <typename A, typename B, typename C, index_t M, index_t N, index_t K, index_t W, bool Wmma,
          typename Base = mma_adaptor<remove_cvref_t<A>, remove_cvref_t<B>, remove_cvref_t<C>, M, N, K, opus::target::native, false>>
struct mma_instr : aiter_mma<Base> {
    using base = Base;
#if OPUS_DEVICE_PASS  // (the host pass of a HIP compile resolves the target by the instruction alone)
    static_assert(target_has_wmma(base::target) == Wmma,
                  "opus::mfma is the gfx9 (CDNA) instruction, opus::wmma the gfx11 / gfx12 (RDNA) and gfx1250 one: use the one of "
                  "the compile target (or make_mfma, which picks it)");
    static_assert(W == base::wave_size,
                  "opus::mfma / opus::wmma: the wave size argument must be the compile target's wavefront size");
#endif
    // vtype_a / vtype_b of a sub-byte operand (fp4, fp6, bf6 in the scaled f8f6f4 MFMA) are
    // aiter's register image: the MFMA's 8 registers as bytes (vector_t<uint8_t, 32>,
    // values packed from byte 0, the rest zero), which code written for it fills by bit_cast;
    // aiter's gfx1250 wmma: the packed operand as i32 registers (fp4 x 64: i32x8; 32x16 A: i32x16).
    // The adaptor's own containers (make_mfma(...).vtype_a: the dense packed_vector) stay as they
    // are; the call operators take either (any register container of the operand size)
    template <typename T, typename V, index_t Elem>
    using image_t = conditional_t<(mma_value_bits<T> < 8),
                                  conditional_t<Wmma, vector_t<i32_t, index_t(sizeof(V)) / 4>, vector_t<uint8_t, Elem>>, V>;
    using vtype_a = image_t<remove_cvref_t<A>, typename base::vtype_a, base::elem_a>;
    using vtype_b = image_t<remove_cvref_t<B>, typename base::vtype_b, base::elem_b>;
};
} // namespace detail

template <typename A, typename B, typename C, index_t M, index_t N, index_t K, index_t W>
struct mfma : detail::mma_instr<A, B, C, M, N, K, W, false> {};
template <typename A, typename B, typename C, index_t M, index_t N, index_t K, index_t W>
struct wmma : detail::mma_instr<A, B, C, M, N, K, W, true> {};

// ---- the instructions by name (of the compile target; host code: OPUS_MMA_HOST_TARGET) -----
// The family rows' names (mma/family/aiter_names.hpp): in a pass that compiles an MFMA family
// every MFMA row's, in one that compiles a WMMA family every WMMA row's, as in aiter's opus
// (gfx1250's too in a gfx11 / gfx12 pass: naming one is fine, using it stops with opus's
// diagnostic; test/headers/mangling/mma_names.hip); fp16 / bf16 WMMA names also with the wave size spelled (_w64, for K 32 also _w32); the scaled gfx950
// shapes also by their operand pairs. Every name costs every translation unit that includes
// opus/opus.hpp compile time (a name pasted from its parts costs far more than a row's own).
#if defined(OPUS_DETAIL_MMA_NAMES_MFMA)
#define OPUS_DETAIL_AITER_MFMA(TGT, A, B, C, M, N, K, CR, NAME, ...) using NAME = mfma<A, B, C, M, N, K>;
#define OPUS_DETAIL_AITER_MFMA_SCALE(M, N, K, NAME, ...)                                                      \
    using NAME = mfma<fp8_t, fp8_t, fp32_t, M, N, K>;                                                         \
    using mfma_f32_##M##x##N##x##K##_fp8_fp8 = NAME;                                                          \
    using mfma_scale_f32_##M##x##N##x##K##_fp8_fp8 = NAME;                                                    \
    using mfma_f32_##M##x##N##x##K##_fp4_fp4 = mfma<fp4_t, fp4_t, fp32_t, M, N, K>;                           \
    using mfma_scale_f32_##M##x##N##x##K##_fp4_fp4 = mfma<fp4_t, fp4_t, fp32_t, M, N, K>;
OPUS_DETAIL_AITER_MFMA_ROWS(OPUS_DETAIL_AITER_MFMA, OPUS_DETAIL_AITER_MFMA_SCALE)
// gfx90a's int8 shapes (its mnemonics are not aiter's names)
using mfma_i32_32x32x8_i8 = mfma<i8_t, i8_t, i32_t, 32, 32, 8>;
using mfma_i32_16x16x16_i8 = mfma<i8_t, i8_t, i32_t, 16, 16, 16>;
#endif
#if defined(OPUS_DETAIL_MMA_NAMES_WMMA)
#define OPUS_DETAIL_AITER_WMMA(NAME, A, B, C, K) using NAME = wmma<A, B, C, 16, 16, K>;
#define OPUS_DETAIL_AITER_WMMA_W64(NAME, A, B, C, K)                                                         \
    OPUS_DETAIL_AITER_WMMA(NAME, A, B, C, K) using NAME##_w64 = wmma<A, B, C, 16, 16, K, 64>;
#define OPUS_DETAIL_AITER_WMMA_W32(NAME, A, B, C, K)                                                         \
    OPUS_DETAIL_AITER_WMMA_W64(NAME, A, B, C, K) using NAME##_w32 = wmma<A, B, C, 16, 16, K, 32>;
// F for a 16-bit A (fp16, bf16), G for the others
#define OPUS_DETAIL_AITER_IF16_fp16_t(F, G) F
#define OPUS_DETAIL_AITER_IF16_bf16_t(F, G) F
#define OPUS_DETAIL_AITER_IF16_fp32_t(F, G) G
#define OPUS_DETAIL_AITER_IF16_i8_t(F, G) G
#define OPUS_DETAIL_AITER_IF16_fp8_t(F, G) G
#define OPUS_DETAIL_AITER_IF16_bf8_t(F, G) G
#define OPUS_DETAIL_AITER_WMMA_RDNA(NAME, A, B, C)                                                           \
    OPUS_DETAIL_AITER_IF16_##A(OPUS_DETAIL_AITER_WMMA_W64, OPUS_DETAIL_AITER_WMMA)(NAME, A, B, C, 16)
#define OPUS_DETAIL_AITER_WMMA_RDNA3(W, A, B, C, NAME, ...) OPUS_DETAIL_AITER_WMMA_RDNA(NAME, A, B, C)
#define OPUS_DETAIL_AITER_WMMA_RDNA4(W, A, B, C, KR, SWZ, NAME, ...) OPUS_DETAIL_AITER_WMMA_RDNA(NAME, A, B, C)
#define OPUS_DETAIL_AITER_WMMA_1250(A, B, C, K, KR, NAME, ...)                                                \
    OPUS_DETAIL_AITER_IF16_##A(OPUS_DETAIL_AITER_WMMA_W32, OPUS_DETAIL_AITER_WMMA)(NAME, A, B, C, K)
OPUS_DETAIL_AITER_WMMA_ROWS(OPUS_DETAIL_AITER_WMMA_RDNA3, OPUS_DETAIL_AITER_WMMA_RDNA4, OPUS_DETAIL_AITER_WMMA_1250)
// gfx1250's scaled forms under aiter's names (the f8f6f4 and 32x16x128 fp4 entries take any
// operand format: no mnemonic names these pairings)
using wmma_scale_f32_16x16x128_fp8_fp8 = wmma<fp8_t, fp8_t, fp32_t, 16, 16, 128>;
using wmma_scale_f32_16x16x128_fp4_fp4 = wmma<fp4_t, fp4_t, fp32_t, 16, 16, 128>;
using wmma_scale_f32_32x16x128_fp4_fp4 = wmma<fp4_t, fp4_t, fp32_t, 32, 16, 128>;
#endif

// ---- the factories of code written for aiter's opus ---------------------------------------------
// opus's (mma/mfma.hpp, mma/wmma.hpp, mma/tiled_mma.hpp) with this layer's types: the same
// adaptors, with aiter's member names. Only through opus/opus.hpp: there opus's own are not
// declared (they carry another ABI tag, so the two never share a symbol). A translation unit
// that included <opus.hpp> (or a precompiled header of it) before opus/opus.hpp keeps opus's
// own factories: their results have opus's member names only (package.device_library_rebuild).
namespace detail {
template <typename A, typename B, typename C, target T, index_t M, index_t N, index_t K, typename... Opt>
OPUS_H_D constexpr auto make_aiter_mma() {
    using own = decltype(make_mma_impl<A, B, C, T, M, N, K, Opt...>());
    if constexpr (is_same_v<own, void>) return;
    else return aiter_mma<own>{};
}
template <typename Mma, index_t EM, index_t EN, index_t EK, index_t TM, index_t TN, index_t TK>
OPUS_H_D constexpr auto make_aiter_tiled() {
    using mma = remove_cvref_t<Mma>;
    return aiter_tiled_mma<tiled_mma_adaptor<typename mma::adaptor, EM, EN, EK, TM, TN, TK>, mma>{};
}
} // namespace detail
#if defined(OPUS_DETAIL_AITER_PATH) && !defined(OPUS_DETAIL_OWN_MMA_FACTORIES)
template <typename A, typename B, typename C, target T = target::native, index_t M, index_t N, index_t K, typename... Opt>
OPUS_H_D constexpr auto make_mfma(number<M>, number<N>, number<K>, Opt...) {
    return detail::make_aiter_mma<A, B, C, T, M, N, K, Opt...>();
}
template <typename A, typename B, typename C, target T = target::native, index_t M, index_t N, index_t K, typename... Opt>
OPUS_H_D constexpr auto make_mfma(seq<M, N, K>, Opt...) {
    return detail::make_aiter_mma<A, B, C, T, M, N, K, Opt...>();
}
template <typename A, typename B, typename C, target T = target::native, typename... Args>
OPUS_H_D constexpr auto make_wmma(Args... args) {
    return make_mfma<A, B, C, T>(args...);
}
template <typename A, typename B, typename C, target T = target::native, index_t EM, index_t EN, index_t EK,
          index_t TM, index_t TN, index_t TK, index_t WM, index_t WN, index_t WK, typename... Opt>
OPUS_H_D constexpr auto make_tiled_mma(seq<EM, EN, EK>, seq<TM, TN, TK>, seq<WM, WN, WK>, Opt... opt) {
    using mma = decltype(make_mfma<A, B, C, T>(number<WM>{}, number<WN>{}, number<WK>{}, opt...));
    if constexpr (is_same_v<mma, void>) return;
    else return detail::make_aiter_tiled<mma, EM, EN, EK, TM, TN, TK>();
}
template <typename Mma, index_t EM, index_t EN, index_t EK, index_t TM, index_t TN, index_t TK>
OPUS_H_D constexpr auto make_tiled_mma(const Mma&, seq<EM, EN, EK>, seq<TM, TN, TK>) {
    return detail::make_aiter_tiled<Mma, EM, EN, EK, TM, TN, TK>();
}
template <typename Mma, index_t EM, index_t EN, index_t EK, index_t TM, index_t TN, index_t TK>
OPUS_H_D constexpr auto make_tiled_mma(const Mma&, number<EM>, number<EN>, number<EK>, number<TM>, number<TN>, number<TK>) {
    return detail::make_aiter_tiled<Mma, EM, EN, EK, TM, TN, TK>();
}
#endif

// ---- partition layouts ------------------------------------------------------------------------
//   auto u_a = partition_layout_a<CV>(mma, opus::make_tuple(stride_m, stride_k), p_coord);
//   auto u_b = partition_layout_b<CV>(mma, opus::make_tuple(stride_n, stride_k), p_coord);
//   auto u_c = partition_layout_c<CV>(mma, opus::make_tuple(stride_m, stride_n), p_coord);
//   auto u_c = partition_layout_c_packed<CV>(mma, p_coord);     // x strides packed
//   partition_layout_a<CV>(mma, x_stride)  /  partition_layout_a<CV>(mma)   (no lane coordinate:
//   every dim free; the second with the strides packed over all dims)
//
// mma: a make_mfma / make_wmma / make_tiled_mma adaptor (or opus::mfma / opus::wmma). CV picks
// the layout type as make_layout does (< 0 layout, 0 layout_linear, > 0 layout_cached<CV>).
// The p coordinate lists the lane (and wave) coordinates in aiter's order:
//   instruction  A: (lane % grpm_a, lane / grpm_a)   B: likewise   C: (lane / grpn_c, lane % grpn_c),
//                swap_ab C: (lane % grpn_c, lane / grpn_c)
//   tiled        A: (wave_m, lane % grpm_a, wave_k, lane / grpm_a)
//                B: (wave_n, lane % grpn_b, wave_k, lane / grpn_b)
//                C: (wave_m, <instruction C M coordinate>, wave_n, <instruction C N coordinate>)
//
// These are mma.layout_a/b/c's partitions ([rept, pack], every y dim kept; y order the
// register order operator() / step_k expect, [expand][expand][rept][pack]) with aiter's K
// order: rept outer of the lane groups. It differs from mma.layout_a's lane-consecutive K only
// where a lane holds more than 16 bytes of an operand over non-replicated lane groups (gfx950
// f8f6f4: K 0-15 and 32-47 in lane 0 instead of 0-31), identically for A and B, so C = A * B
// holds either way (test/host/mma/test_partition_layout.cpp simulates every instruction). C's
// layout is the hardware's; on gfx12 wave64, whose C lane groups are swizzled, partition_layout_c
// stops with a static_assert (use mma.layout_c with mma.lane_coord_c(lane)).
namespace detail {
template <typename M>
OPUS_H_D constexpr void check_c_lanes_linear() {
    static_assert(remove_cvref_t<M>::c_lanes_linear,
                  "opus::partition_layout_c: gfx12 wave64 WMMA takes C's lane groups in the order 0, 2, 1, 3, "
                  "which a layout of (lane % 16, lane / 16) cannot express: use mma.layout_c(x_stride, "
                  "mma.lane_coord_c(lane)) (or p_coord_c for a tiled MMA)");
}
// aiter's partitions of an adaptor of opus (or of this layer, derived from one): rept-outer K
// where it differs from opus's (rept_pack_parts), the tile's nesting around the instruction's
template <typename A, typename B, typename C, index_t M, index_t N, index_t K, target T, bool S,
          typename Ad = mma_adaptor<A, B, C, M, N, K, T, S>>
rept_pack_parts<Ad, Ad::rept_outer_differs || Ad::isa_k_runs> aiter_parts_of(const mma_adaptor<A, B, C, M, N, K, T, S>*);
template <typename Mma, index_t EM, index_t EN, index_t EK, index_t TM, index_t TN, index_t TK,
          typename Ad = tiled_mma_adaptor<Mma, EM, EN, EK, TM, TN, TK>>
typename Ad::template tiled_parts<decltype(aiter_parts_of(static_cast<const Mma*>(nullptr)))>
aiter_parts_of(const tiled_mma_adaptor<Mma, EM, EN, EK, TM, TN, TK>*);
template <typename M> using aiter_parts_t = decltype(aiter_parts_of(static_cast<const remove_cvref_t<M>*>(nullptr)));
template <typename M, typename = void> struct partition_of_mma { static constexpr bool value = false; };
template <typename M>
struct partition_of_mma<M, void_t<typename M::rept_pack>> { static constexpr bool value = true; };
// every dim of partition P free, p dims too (no lane coordinate): x strides as for P::layout()
template <index_t CV, typename... S, typename XS>
OPUS_H_D constexpr auto part_layout_all(part<S...>, const XS& xs) {
    static_assert(tuple_size_v<XS> == 2, "opus mma layout: give one stride per x-dim (2 strides)");
    const auto x = detail::to_index_values(xs);
    const index_t sv[] = {(S::kind == sd_r ? 0 : x.v[S::x] * S::inner)..., 0};
    return detail::build_layout<CV>(tuple<number<S::extent>...>{}, tuple<sd_stride_t<S, XS>...>(from_values_t{}, sv),
                                    tuple<>{});
}
template <typename M>
OPUS_H_D constexpr void check_partition_of() {
    static_assert(partition_of_mma<remove_cvref_t<M>>::value,
                  "opus::partition_layout_*(mma, ...): the first argument must be an MMA adaptor (make_mfma, "
                  "make_wmma, make_tiled_mma, opus::mfma<...>)");
}
} // namespace detail

// (one set of functions per operand X; CHECK is C's linear-lanes check)
#define OPUS_DETAIL_PARTITION_LAYOUTS(X, CHECK)                                                               \
    template <index_t CV = 0, typename M, typename S, typename C>                                            \
    OPUS_H_D constexpr auto partition_layout_##X(const M&, const S& x_stride, const C& p_coord) {            \
        detail::check_partition_of<M>();                                                                      \
        CHECK;                                                                                                \
        return detail::aiter_parts_t<M>::part_##X::template layout<CV, true>(x_stride, p_coord);          \
    }                                                                                                         \
    template <index_t CV = 0, typename M, typename C>                                                         \
    OPUS_H_D constexpr auto partition_layout_##X##_packed(const M&, const C& p_coord) {                       \
        detail::check_partition_of<M>();                                                                      \
        CHECK;                                                                                                \
        return detail::aiter_parts_t<M>::part_##X::template layout_packed<CV, true>(p_coord);             \
    }                                                                                                         \
    /* no lane coordinate: every dim (p ones too) is an index of the layout */                                \
    template <index_t CV = 0, typename M, typename S>                                                         \
    OPUS_H_D constexpr auto partition_layout_##X(const M&, const S& x_stride) {                               \
        detail::check_partition_of<M>();                                                                      \
        return detail::part_layout_all<CV>(typename detail::aiter_parts_t<M>::part_##X{}, x_stride);          \
    }                                                                                                         \
    template <index_t CV = 0, typename M>                                                                     \
    OPUS_H_D constexpr auto partition_layout_##X(const M&) {                                                  \
        detail::check_partition_of<M>();                                                                      \
        return make_layout<CV>(detail::aiter_parts_t<M>::part_##X::shape());                             \
    }
OPUS_DETAIL_PARTITION_LAYOUTS(a, (void)0)
OPUS_DETAIL_PARTITION_LAYOUTS(b, (void)0)
OPUS_DETAIL_PARTITION_LAYOUTS(c, detail::check_c_lanes_linear<M>())
#undef OPUS_DETAIL_PARTITION_LAYOUTS

OPUS_NAMESPACE_END
