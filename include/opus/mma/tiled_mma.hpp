// SPDX-License-Identifier: MIT
// opus/mma/tiled_mma.hpp - block-level (multi-wave) MMA built from one warp-level adaptor.
//
//   auto tmma = make_tiled_mma<fp16_t, fp16_t, fp32_t>(
//       seq<2, 1, 1>{},     // EXPAND: per-wave repeats along M, N, K
//       seq<2, 2, 1>{},     // TILE:   waves along M, N, K
//       seq<16, 16, 16>{},  // WAVE:   the instruction shape
//       mfma_adaptor_swap_ab{});
//   // block tile (EM*TM*WM) x (EN*TN*WN) x (EK*TK*WK) = 64 x 32 x 16
//   c = tmma(a, b, c);
//
// Layouts nest [expand, wave tile, instruction] along every x-dim (the block-tile formula's
// order): A's M = [y EM, p TM, instruction M dims], K = [y EK, p TK, instruction K dims]; B
// likewise with N; C's M and N likewise with the instruction's C dims. The p coordinate is
//   A: (wave_m, c0, wave_k, c1)   B: (wave_n, c0, wave_k, c1)   C: (wave_m, c0, wave_n, c1)
// with (c0, c1) the instruction's lane coordinate (p_coord_a/b/c(...) build them). Per-thread
// registers are expansion-major: A = [em][ek][mma elem_a], B = [en][ek][mma elem_b],
// C = [em][en][mma elem_c] (tile_a/b/c_len values per lane in all), which is also the y order of layout_a/b/c (so a layout-based bulk
// load returns exactly the vector operator() expects).
//
// Containers: operator() takes flat vectors (vtype_a: vector_t<A, tile_a_len = EM*EK*elem_a>, ...) or
// arrays of per-instruction vectors (array<mma::vtype_a, EM*EK>, ...). ttype_a/b/c name the
// container selected by OPUS_TILE_CONTAINER (0: flat vector, the default; 1: array).
// Waves: wave_coord(wave_id) = (wave_m, wave_n, wave_k), wave_id = (wave_m*TN + wave_n)*TK + wave_k.
#pragma once

#include "mfma.hpp"
#include "../core/array.hpp"

#ifndef OPUS_TILE_CONTAINER
#define OPUS_TILE_CONTAINER 0
#endif
#if (OPUS_TILE_CONTAINER != 0) != OPUS_DETAIL_CFG_TILE_CONTAINER
#error "opus: OPUS_TILE_CONTAINER was defined after the first opus header: define it before (it is part of the configuration tag, opus/core/config.hpp)"
#endif

OPUS_NAMESPACE_BEGIN

namespace detail {
// g++ (host only) has no non-power-of-two vectors; there the flat tile types fall back to
// array (layouts and shapes stay usable in host code; device code is always clang).
// Sub-byte operand types (fp4, fp6, bf6) use their packed containers.
#if defined(__clang__)
template <typename T, index_t N> using mma_flat_t = mma_operand_t<T, N>;
#else
template <typename T, index_t N, bool Pow2 = (N & (N - 1)) == 0> struct mma_flat { using type = mma_operand_t<T, N>; };
template <typename T, index_t N> struct mma_flat<T, N, false> { using type = array<T, N>; };
template <typename T, index_t N> using mma_flat_t = typename mma_flat<T, N>::type;
#endif

// an instruction's partition I nested [expand, wave tile, instruction] along each x-dim,
// expansion dims kept at extent 1 (y order: expand, expand, instruction = the register order)
template <typename I, index_t E0, index_t T0, index_t E1, index_t T1>
using tiled_nest = cat_part<part<sd<0, E0, sd_y, -1, T0 * I::x_extent(0)>, sd<1, E1, sd_y, -1, T1 * I::x_extent(1)>,
                                 sd<0, T0, sd_p, 0, I::x_extent(0)>>,
                            select_x_t<I, 0, 1>, part<sd<1, T1, sd_p, 2, I::x_extent(1)>>, select_x_t<I, 1, 2>>;
} // namespace detail

template <typename Mma, index_t EM, index_t EN, index_t EK, index_t TM, index_t TN, index_t TK>
struct tiled_mma_adaptor : detail::operand_queries<tiled_mma_adaptor<Mma, EM, EN, EK, TM, TN, TK>> {
    static_assert(EM > 0 && EN > 0 && EK > 0 && TM > 0 && TN > 0 && TK > 0,
                  "opus::make_tiled_mma: EXPAND and TILE extents must be > 0");
    using mma = Mma;
    using dtype_a = typename Mma::dtype_a;
    using dtype_b = typename Mma::dtype_b;
    using dtype_c = typename Mma::dtype_c;
    static constexpr index_t expand_m = EM, expand_n = EN, expand_k = EK;
    static constexpr index_t tile_m = TM, tile_n = TN, tile_k = TK;
    static constexpr index_t wave_m = Mma::M, wave_n = Mma::N, wave_k = Mma::K;
    static constexpr index_t block_m = EM * TM * Mma::M;
    static constexpr index_t block_n = EN * TN * Mma::N;
    static constexpr index_t block_k = EK * TK * Mma::K;
    static constexpr index_t num_waves = TM * TN * TK;
    static constexpr index_t block_size = num_waves * Mma::wave_size;

    // the tile's partitions from an instruction's (built when a layout or shape asks)
    template <typename P>
    struct tiled_parts {
        using part_a = detail::tiled_nest<typename P::part_a, EM, TM, EK, TK>;
        using part_b = detail::tiled_nest<typename P::part_b, EN, TN, EK, TK>;
        using part_c = detail::tiled_nest<typename P::part_c, EM, TM, EN, TN>;
        static_assert(part_a::elems == EM * EK * Mma::elem_a && part_c::elems == EM * EN * Mma::elem_c,
                      "opus tiled_mma: internal");
    };
    using rept_pack = tiled_parts<typename Mma::rept_pack>;
    // the instruction's [rept, pack] numbers
    static constexpr index_t max_pack_a = Mma::max_pack_a, max_pack_b = Mma::max_pack_b, max_pack_c = Mma::max_pack_c;
    static constexpr index_t pack_a = Mma::pack_a, pack_b = Mma::pack_b, pack_c = Mma::pack_c;
    static constexpr index_t rept_a = Mma::rept_a, rept_b = Mma::rept_b, rept_c = Mma::rept_c;
    static constexpr bool c_lanes_linear = Mma::c_lanes_linear;
    // registers per lane of the wave's whole tile
    static constexpr index_t tile_a_len = EM * EK * Mma::elem_a, tile_b_len = EN * EK * Mma::elem_b;
    static constexpr index_t tile_c_len = EM * EN * Mma::elem_c;

    // elem_a/b/c are the INSTRUCTION's register counts per lane (as in aiter's opus, whose
    // tiled adaptor derives from the instruction); a wave's whole tile is tile_a/b/c_len.
    static constexpr index_t elem_a = Mma::elem_a, elem_b = Mma::elem_b, elem_c = Mma::elem_c;
    using vtype_a = detail::mma_flat_t<dtype_a, tile_a_len>;  // packed for fp4 / fp6 / bf6
    using vtype_b = detail::mma_flat_t<dtype_b, tile_b_len>;
    using vtype_c = detail::mma_flat_t<dtype_c, tile_c_len>;
    using atype_a = array<typename Mma::vtype_a, EM * EK>;
    using atype_b = array<typename Mma::vtype_b, EN * EK>;
    using atype_c = array<typename Mma::vtype_c, EM * EN>;
    using ttype_a = conditional_t<OPUS_TILE_CONTAINER != 0, atype_a, vtype_a>;
    using ttype_b = conditional_t<OPUS_TILE_CONTAINER != 0, atype_b, vtype_b>;
    using ttype_c = conditional_t<OPUS_TILE_CONTAINER != 0, atype_c, vtype_c>;

    // register offset (in elements of the flat vector) of one instruction's operand
    OPUS_H_D static constexpr index_t offset_a(index_t em, index_t ek) { return (em * EK + ek) * Mma::elem_a; }
    OPUS_H_D static constexpr index_t offset_b(index_t en, index_t ek) { return (en * EK + ek) * Mma::elem_b; }
    OPUS_H_D static constexpr index_t offset_c(index_t em, index_t en) { return (em * EN + en) * Mma::elem_c; }

    // ---- coordinates -------------------------------------------------------------------
    template <typename W>
    OPUS_H_D static constexpr auto wave_coord(const W& wave_id) {
        if constexpr (is_number_v<W>) {
            constexpr index_t w = W::value;  // (W: deduced from const W&, unqualified)
            return tuple<number<w / (TN * TK)>, number<w / TK % TN>, number<w % TK>>{};
        } else {
            // (I: index_t, spelled dependent so that tuple<I, I, I> is instantiated on use only)
            using I = conditional_t<(sizeof(W) > 0), index_t, void>;
            const I w = static_cast<I>(wave_id);
            return tuple<I, I, I>{w / (TN * TK), w / TK % TN, w % TK};
        }
    }
    // p_coord_a(wm, wk, lane), p_coord_b(wn, wk, lane), p_coord_c(wm, wn, lane): the two wave
    // coordinates of the operand around the instruction's lane coordinate (B's lanes are A's)
#define OPUS_DETAIL_TILED_P_COORD(X)                                                                          \
    template <typename W0, typename W1, typename L>                                                           \
    OPUS_H_D static constexpr auto p_coord_##X(const W0& w0, const W1& w1, const L& lane) {                   \
        auto c = Mma::lane_coord_##X(lane);                                                                   \
        return opus::make_tuple(detail::as_index(w0), get<0>(c), detail::as_index(w1), get<1>(c));            \
    }
    OPUS_DETAIL_TILED_P_COORD(a) OPUS_DETAIL_TILED_P_COORD(c)
#undef OPUS_DETAIL_TILED_P_COORD
    template <typename W0, typename W1, typename L>
    OPUS_H_D static constexpr auto p_coord_b(const W0& w0, const W1& w1, const L& lane) { return p_coord_a(w0, w1, lane); }

    // shape_*, p_shape_*, y_shape_*, layout_*(stride, coord), layout_*_packed(coord):
    // from detail::operand_queries (mma/mfma.hpp) over rept_pack::part_a/b/c.

#if OPUS_HIP
    // ---- execution (device code) -------------------------------------------------------
    //   operator()(a, b[, c])                        every instruction of the tile (C = 0 if omitted)
    //   operator()(a, b[, c], scale_a, scale_b[, number<sel_a>{}, number<sel_b>{}])   scaled f8f6f4
    //   step_k(number<S>{}, a, b[, c][, number<cbsz>{}, number<abid>{}, number<blgp>{}])
    //   step_k(number<S>{}, a, b[, c], scale_a, scale_b[, number<sel_a>{}, number<sel_b>{}])
    // step_k issues only the EM x EN instructions of expansion step S along K (calling it for
    // S = 0 .. EK-1 equals operator()). The options after C go to every instruction's call.
    // a, b, c: flat vectors (vtype_*) or arrays of per-instruction vectors (atype_*, every
    // operand). operator() also takes other register containers of the flat operands' sizes
    // (e.g. an i32x8_t of 32 fp8 values; for a one-instruction tile the 8-register image of a
    // scaled fp4 / fp6 operand), reinterpreted as the instruction's call does; step_k takes
    // exactly vtype_* or atype_*.
    template <typename VA, typename VB, typename... R>
    OPUS_D auto operator()(const VA& a, const VB& b, const R&... r) const {
        return run<-1, false>(a, b, r...);
    }
    template <index_t S, typename VA, typename VB, typename... R>
    OPUS_D auto step_k(number<S>, const VA& a, const VB& b, const R&... r) const {
        static_assert(S >= 0 && S < EK, "opus::tiled_mma_adaptor::step_k: the step must be in [0, expand_k)");
        if constexpr (S >= 0 && S < EK) return run<S, true>(a, b, r...);
        else return vtype_c{};
    }

    // ---- operand misuse: a static_assert naming the tile (target, A B C types, instruction
    // MxNxK, expansion), the operand, the expected container and the type passed
    // (array operands expect atype_*, others vtype_*; Exact: step_k takes only those types)
    template <bool Exact, typename VA, typename VB, typename VC>
    OPUS_D static constexpr bool check_operands() {
        constexpr bool arr = is_array_v<VA> || is_array_v<VB>;
        using ea = conditional_t<arr, atype_a, vtype_a>;
        using eb = conditional_t<arr, atype_b, vtype_b>;
        using ec = conditional_t<arr, atype_c, vtype_c>;
        constexpr opus::target tgt = Mma::target;
        using abc = detail::mma_types_ABC<dtype_a, dtype_b, dtype_c>;
        using mnk = detail::mma_MxNxK<Mma::M, Mma::N, Mma::K>;
        using exp = detail::mma_expand_MxNxK<EM, EN, EK>;
        // (clang prints an alias's requirement as the check it names, with every argument)
        using ok_a = detail::tiled_mma_operand_check<tgt, abc, mnk, exp, detail::mma_operand_a, ea, VA, Exact>;
        using ok_b = detail::tiled_mma_operand_check<tgt, abc, mnk, exp, detail::mma_operand_b, eb, VB, Exact>;
        using ok_c = detail::tiled_mma_operand_check<tgt, abc, mnk, exp, detail::mma_operand_c, ec, VC, Exact>;
        static_assert(ok_a::value,
                      "opus::tiled_mma_adaptor: operand A must be vtype_a (vector_t<dtype_a, tile_a_len>) or atype_a "
                      "(array<mma::vtype_a, expand_m * expand_k>), with B and C of the same kind");
        static_assert(ok_b::value,
                      "opus::tiled_mma_adaptor: operand B must be vtype_b (vector_t<dtype_b, tile_b_len>) or atype_b "
                      "(array<mma::vtype_b, expand_n * expand_k>), with A and C of the same kind");
        static_assert(ok_c::value,
                      "opus::tiled_mma_adaptor: operand C must be vtype_c (vector_t<dtype_c, tile_c_len>) or atype_c "
                      "(array<mma::vtype_c, expand_m * expand_n>), with A and B of the same kind");
        return ok_a::value && ok_b::value && ok_c::value;
    }
    // an argument after A and B that is an operand container (not cbsz/abid/blgp or a scale)
    template <typename R0>
    static constexpr bool is_operand_arg = is_vector_v<R0> || is_array_v<R0>;
    // A, B and C (R0) are exactly the flat or the array containers (compared as one function type)
    template <typename VA, typename VB, typename R0>
    static constexpr bool exact_operands = is_same_v<void(VA, VB, R0), void(vtype_a, vtype_b, vtype_c)> ||
                                           is_same_v<void(VA, VB, R0), void(atype_a, atype_b, atype_c)>;

  private:
    // S < 0: every step along K
    template <index_t S, bool Exact, typename VA, typename VB, typename... R>
    OPUS_D auto run(const VA& a, const VB& b, const R&... r) const {
        using r0 = typename detail::mma_first_or_void<R...>::type;
        using tc = conditional_t<is_array_v<VA> || is_array_v<VB>, atype_c, vtype_c>;
        if constexpr (!is_operand_arg<r0>) return run<S, Exact>(a, b, tc{}, r...);  // C = 0
        else if constexpr (exact_operands<VA, VB, r0>) return issue<S>(a, b, r...);
        else if constexpr (!check_operands<Exact, VA, VB, r0>()) return tc{};
        else return reinterpreted<S>(a, b, r...);
    }
    template <index_t S, typename VA, typename VB, typename VC, typename... O>
    OPUS_D static vtype_c reinterpreted(const VA& a, const VB& b, const VC& c, const O&... o) {
        constexpr index_t image = detail::mma_operand_image<Mma::target>;
        return issue<S>(detail::mma_as_operand<vtype_a, image>(a), detail::mma_as_operand<vtype_b, image>(b),
                        detail::mma_as_operand<vtype_c, image>(c), o...);
    }
    // the instructions, K step outermost (register order: A [em][ek], B [en][ek], C [em][en])
    template <index_t S, typename TA, typename TB, typename TC, typename... O>
    OPUS_D static TC issue(const TA& a, const TB& b, const TC& c, const O&... o) {
        TC acc = c;
        detail::unroll_ford<(S < 0 ? EK : 1), EM, EN>([&](auto k, auto em, auto en) {
            constexpr index_t ek = S < 0 ? decltype(k)::value : S;
            constexpr index_t m = decltype(em)::value, n = decltype(en)::value;
            if constexpr (is_array_v<TC>) {
                acc[number<m * EN + n>{}] = Mma{}(a[number<m * EK + ek>{}], b[number<n * EK + ek>{}], acc[number<m * EN + n>{}], o...);
            } else {
                constexpr index_t oc = offset_c(m, n);
                auto cs = Mma{}(mma_operand_slice<offset_a(m, ek), Mma::elem_a>(a),
                                mma_operand_slice<offset_b(n, ek), Mma::elem_b>(b),
                                slice(acc, number<oc>{}, number<oc + Mma::elem_c>{}), o...);
                set_slice(acc, cs, number<oc>{}, number<oc + Mma::elem_c>{});
            }
        });
        return acc;
    }
#endif
};

// opus's own factories (through opus/opus.hpp, aiter's layer defines them instead, returning its
// types over these; the ABI tag keeps the two apart: opus/core/config.hpp; as make_mfma)
#if !defined(OPUS_DETAIL_AITER_PATH) || defined(OPUS_DETAIL_OWN_MMA_FACTORIES)
// make_tiled_mma<A, B, C[, target]>(seq<EM,EN,EK>, seq<TM,TN,TK>, seq<WM,WN,WK>[, mfma_adaptor_swap_ab{}]):
// the tile of the instruction's adaptor, or (after its diagnostics: mma/select.hpp) void
template <typename A, typename B, typename C, target T = target::native, index_t EM, index_t EN,
          index_t EK, index_t TM, index_t TN, index_t TK, index_t WM, index_t WN, index_t WK, typename... Opt>
OPUS_H_D OPUS_DETAIL_OWN_API constexpr auto make_tiled_mma(seq<EM, EN, EK>, seq<TM, TN, TK>, seq<WM, WN, WK>, Opt...) {
    using tiled = tiled_mma_adaptor<mma_adaptor<A, B, C, WM, WN, WK, T, (is_mfma_swap_tag_v<Opt> || ...)>, EM, EN,
                                    EK, TM, TN, TK>;
    OPUS_DETAIL_MMA_CHECK_OPTIONS(tiled::mma, Opt);
    if constexpr (tiled::mma::select::found) return tiled{};
    else return;
}
// make_tiled_mma(mma, seq<EM,EN,EK>, seq<TM,TN,TK>) / make_tiled_mma(mma, number<EM>, ..., number<TK>):
// from an adaptor already made (make_mfma / make_wmma), aiter's spelling
template <typename Mma, index_t EM, index_t EN, index_t EK, index_t TM, index_t TN, index_t TK>
OPUS_H_D OPUS_DETAIL_OWN_API constexpr auto make_tiled_mma(const Mma&, seq<EM, EN, EK>, seq<TM, TN, TK>) {
    return tiled_mma_adaptor<typename Mma::adaptor, EM, EN, EK, TM, TN, TK>{};
}
template <typename Mma, index_t EM, index_t EN, index_t EK, index_t TM, index_t TN, index_t TK>
OPUS_H_D OPUS_DETAIL_OWN_API constexpr auto make_tiled_mma(const Mma&, number<EM>, number<EN>, number<EK>, number<TM>,
                                                           number<TN>, number<TK>) {
    return tiled_mma_adaptor<typename Mma::adaptor, EM, EN, EK, TM, TN, TK>{};
}
#endif

namespace detail {
template <typename... Args> inline constexpr bool make_tiled_mma_shape_ok = false;
template <index_t EM, index_t EN, index_t EK, index_t TM, index_t TN, index_t TK, index_t WM, index_t WN,
          index_t WK, typename... Opt>
inline constexpr bool make_tiled_mma_shape_ok<seq<EM, EN, EK>, seq<TM, TN, TK>, seq<WM, WN, WK>, Opt...> = true;
template <typename Types, typename... Args>
struct make_tiled_mma_arguments { static constexpr bool ok = make_tiled_mma_shape_ok<Args...>; };
} // namespace detail
// make_tiled_mma<A, B, C>(...) with other arguments (ints, two-extent seqs, ...): a static_assert
template <typename A, typename B, typename C, target T = target::native, typename... Args,
          enable_if_t<!detail::make_tiled_mma_shape_ok<Args...>, int> = 0>
OPUS_H_D constexpr auto make_tiled_mma(Args...) {
    using arguments = detail::make_tiled_mma_arguments<detail::mma_types_ABC<A, B, C>, Args...>;
    static_assert(arguments::ok,
                  "opus::make_tiled_mma<A, B, C[, target]>(seq<EM, EN, EK>{}, seq<TM, TN, TK>{}, "
                  "seq<WM, WN, WK>{}[, mfma_adaptor_swap_ab{}]): expansion, wave tile and instruction shape as "
                  "three seq<> of three extents");
    return arguments{};
}

OPUS_NAMESPACE_END
