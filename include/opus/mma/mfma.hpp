// SPDX-License-Identifier: MIT
// opus/mma/mfma.hpp - the warp-level matrix-core adaptor (mma_adaptor) and make_mfma, for the
// MFMA and the WMMA targets alike (make_wmma, its WMMA spelling: opus/mma/wmma.hpp).
//
//   auto mma = make_mfma<fp16_t, fp16_t, fp32_t>(32_I, 32_I, 8_I);          // mfma_f32_32x32x8_f16
//   auto mma = make_mfma<fp16_t, fp16_t, fp32_t>(seq<32, 32, 8>{}, mfma_adaptor_swap_ab{});
//   auto mma = make_mfma<fp16_t, fp16_t, fp32_t, T>(32_I, 32_I, 16_I); // T: an explicit opus::target
//   c = mma(a, b, c);  c = mma(a, b);  c = mma(a, b, c, 0_I, 0_I, 0_I)       // cbsz, abid, blgp
//
// Operand registers: vtype_a = mma_operand_t<dtype_a, elem_a> (vector_t, packed for fp4 / fp6
// / bf6; likewise b, c). gfx950 scaled f8f6f4: A, B each fp8/bf8/fp6/bf6/fp4. Matrices: A is
// M x K, B is N x K (B transposed: B is addressed like A, layout_b(opus::make_tuple(stride_k, 1_I),
// ...)), C is M x N. With mfma_adaptor_swap_ab the instruction is issued with A and B
// exchanged, which transposes the C layout (per-thread C elements then run along N); for
// mixed operand types that is the (B, A) form of the instruction (fp8 x bf8 -> *_bf8_fp8).
//
// Layouts (see mma/desc.hpp for the p/y split of every operand):
//   layout_a(x_stride, p_coord)   x_stride = (stride_m, stride_k), p_coord = lane_coord_a(lane)
//   layout_b(x_stride, p_coord)   x_stride = (stride_n, stride_k)
//   layout_c(x_stride, p_coord)   x_stride = (stride_m, stride_n)
//   layout_a_packed(p_coord) ...  x strides packed (row-major M x K, N x K, M x N)
//   lane_coord_a/b/c(lane)        the p coordinate of a lane:  A, B: (lane % W, lane / W);
//                                 C: (lane / W, lane % W), swapped: (lane % W, lane / W);
//                                 gfx12 wave64: the lane group lane / W of C (and of 8-bit
//                                 A/B) is swizzled, g -> (g % 2) * 2 + g / 2 (AMD's tables)
//   lane_width (W), lane_groups (wave / W), wave_size
//   p_shape_a(), y_shape_a() ...  extents of the p (lane) and y (register) dims
//
// On gfx942 (and any target) a K that is a multiple of a native K is issued as a chain of
// the largest native instruction ("step-K"): the per-lane K elements are then consecutive
// (the same lane layout as gfx950's native double-K instructions), so a step-K chain and a
// native instruction give the same result for the same registers.
#pragma once

#include "select.hpp"
#include "../core/slice.hpp"
#include "../core/static_for.hpp"

OPUS_NAMESPACE_BEGIN

struct mfma_adaptor {};          // default: A and B as given
struct mfma_adaptor_swap_ab {};  // issue with A and B exchanged: C layout transposed

template <typename T> inline constexpr bool is_mfma_swap_tag_v = is_same_v<remove_cvref_t<T>, mfma_adaptor_swap_ab>;
template <typename T> inline constexpr bool is_mfma_adaptor_tag_v =
    is_same_v<remove_cvref_t<T>, mfma_adaptor> || is_mfma_swap_tag_v<T>;

namespace detail {
#if OPUS_HIP
// ---- operand misuse diagnostics -------------------------------------------------------
// A container X is taken for the operand type V when it is V, or a register image of V's size
// (or the full register image of an f8f6f4 operand holding a smaller one: 8 registers on gfx950,
// 16 on gfx1250) whose values are not of a different floating-point type (raw integer registers,
// as aiter's kernels pass them, are reinterpreted; an fp32 vector for fp16 operands is a mistake).
template <typename T> inline constexpr int mma_float_class = 0;
template <> inline constexpr int mma_float_class<__fp16> = 1;
template <> inline constexpr int mma_float_class<_Float16> = 1;
template <> inline constexpr int mma_float_class<__bf16> = 2;
template <> inline constexpr int mma_float_class<float> = 3;
template <> inline constexpr int mma_float_class<double> = 4;
template <typename V, typename X, index_t Image = 32, int FV = mma_float_class<typename vector_traits<V>::dtype>,
          int FX = mma_float_class<typename vector_traits<X>::dtype>>
inline constexpr bool mma_container_ok =
    is_same_v<V, X> ||
    ((sizeof(X) == sizeof(V) || (sizeof(X) == Image && sizeof(X) > sizeof(V))) && (FX == 0 || FV == 0 || FX == FV));
template <index_t M, index_t N, index_t K> struct mma_MxNxK {};
template <index_t EM, index_t EN, index_t EK> struct mma_expand_MxNxK {};
struct mma_operand_a {}; struct mma_operand_b {}; struct mma_operand_c {};
// the static_assert's requirement line shows every argument: the adaptor (target, A B C
// types, shape), the operand, the expected type and the type passed
template <target Target, typename Types, typename Shape, typename Operand, typename Expected, typename Passed>
struct mma_operand_check {
    static constexpr bool value = mma_container_ok<Expected, Passed, mma_operand_image<Target>>;
};
// tiled_mma: arrays of per-instruction vectors (and every operand of step_k) must be the exact
// container types; flat vectors follow mma_container_ok
template <target Target, typename Types, typename Shape, typename Expand, typename Operand, typename Expected,
          typename Passed, bool Exact>
struct tiled_mma_operand_check {
    static constexpr bool value =
        (Exact || is_array_v<Passed> || is_array_v<Expected>) ? is_same_v<Expected, Passed>
                                                              : mma_container_ok<Expected, Passed, mma_operand_image<Target>>;
};
template <typename... R> struct mma_first_or_void { using type = void; };
template <typename R0, typename... R> struct mma_first_or_void<R0, R...> { using type = remove_cvref_t<R0>; };
// a call that the adaptor's exact overload takes: (vtype_a, vtype_b, vtype_c[, number<>...])
template <typename A, typename B, typename C, typename VA, typename VB, typename... R>
inline constexpr bool mma_exact_call = false;
template <typename A, typename B, typename C, typename... O>
inline constexpr bool mma_exact_call<A, B, C, A, B, C, O...> = (is_number_v<O> && ...);
#endif

// ---- the [rept, pack] split of a lane's registers -------------------------------------
// The layouts of A, B and C: a lane's K (C: M) registers of one instruction as [rept, pack],
// pack being at most 16 bytes of values (one vector load) and rept the rest, every dim kept,
// extent 1 too (as aiter's opus splits them: a y coordinate is (rept, pack) everywhere).
//   A/B: M|N = [p W], K = [y rept, p grpk, y pack] in register (y) order, nested in K either
//        lane-consecutive (ReptOuter false: mma.layout_a/b): a lane group's registers are one
//          run of K (on the scaled f8f6f4 MFMAs the table's: one MX scale block), or
//        rept-outer (true: aiter's partition_layout_a/b): rept strides over all lane groups.
//        The scaled gfx1250 WMMAs hold K in runs of 16 (fp8) or 32 (fp4 / fp6) values that
//        alternate between the lane halves: there pack is one run and both layouts are
//        rept-outer, the ISA's K order, so that a scale block is 32 consecutive K.
//        Both pair A's and B's registers alike, so C = A * B either way; they differ only where
//        rept > 1 over non-replicated lane groups (test/host/mma/test_mma_lanes.cpp,
//        test_partition_layout.cpp).
//   C: on gfx9/gfx11 M = [y rept, p grpm, y pack], on gfx12 (c_group_outer) M = [p grpm, y rept,
//      y pack]; N = [p W]; swap_ab transposes C. This is the ISA's placement exactly.
// Value bytes are the reference's: sizeof, and 1 for the sub-byte formats.
template <typename T>
inline constexpr index_t mma_pack_bytes = mma_value_bits<T> < 8 || mma_value_bits<T> % 8 ? 1 : mma_value_bits<T> / 8;
OPUS_H_D constexpr index_t mma_min(index_t a, index_t b) { return a < b ? a : b; }

// Instantiated when a layout or shape is asked for (not with the adaptor: the adaptor's numbers
// pack_*, rept_* are its own members).
template <typename Ad, bool ReptOuter>
struct rept_pack_parts {
    using D = typename Ad::desc;
    static constexpr index_t lw = D::lane_width, grpk = D::lane_groups;
    static constexpr index_t pack_c = Ad::pack_c, rept_c = Ad::rept_c;
    static constexpr index_t kind_k = D::replicated ? sd_r : sd_p;

    template <index_t Rept, index_t Pack, typename... Rows>
    using ab = part<Rows..., sd<0, lw, sd_p, 0, 1>, sd<1, Rept, sd_y, -1, ReptOuter ? D::k_lanes * Pack : Pack>,
                    sd<1, grpk, kind_k, 1, ReptOuter ? Pack : Rept * Pack>, sd<1, Pack, sd_y, -1, 1>>;
    // A's row groups (gfx1250 32x16): M = [y a_row_groups, p W], outside A's K registers
    using part_a = conditional_t<(D::a_row_groups > 1), ab<Ad::rept_a, Ad::pack_a, sd<0, D::a_row_groups, sd_y, -1, lw>>,
                                 ab<Ad::rept_a, Ad::pack_a>>;
    using part_b = ab<Ad::rept_b, Ad::pack_b>;
    // the C row dims in x-dim X with p index P: gfx9/gfx11 [y rept, p grpm, y pack], gfx12 [p grpm, y rept, y pack]
    template <index_t X, index_t P>
    using c_rows = conditional_t<Ad::c_group_outer,
        part<sd<X, grpk, sd_p, P, rept_c * pack_c>, sd<X, rept_c, sd_y, -1, pack_c>, sd<X, pack_c, sd_y, -1, 1>>,
        part<sd<X, rept_c, sd_y, -1, grpk * pack_c>, sd<X, grpk, sd_p, P, pack_c>, sd<X, pack_c, sd_y, -1, 1>>>;
    using part_c = conditional_t<Ad::swap_ab, cat_part<part<sd<0, lw, sd_p, 0, 1>>, c_rows<1, 1>>,
                                 cat_part<c_rows<0, 0>, part<sd<1, lw, sd_p, 1, 1>>>>;
    static_assert(part_a::x_extent(1) == D::K && part_c::elems == D::elem_c, "opus mma: internal (rept/pack split)");
};

// Per-operand queries of mma_adaptor and tiled_mma_adaptor (CRTP): shapes and partition layouts
// of A, B and C over the derived adaptor's rept_pack::part_a/b/c; the bodies are instantiated
// only when called, when the derived type is complete.
template <typename D>
struct operand_queries {
#define OPUS_DETAIL_MMA_QUERIES(X)                                                                            \
    OPUS_H_D static constexpr auto shape_##X() { return D::rept_pack::part_##X::shape(); }                    \
    OPUS_H_D static constexpr auto p_shape_##X() { return D::rept_pack::part_##X::p_shape(); }                \
    OPUS_H_D static constexpr auto y_shape_##X() { return D::rept_pack::part_##X::y_shape(); }                \
    template <index_t CV = 0, typename S, typename P>                                                         \
    OPUS_H_D static constexpr auto layout_##X(const S& x_stride, const P& p_coord) {                          \
        return D::rept_pack::part_##X::template layout<CV>(x_stride, p_coord);                                \
    }                                                                                                         \
    template <index_t CV = 0, typename P>                                                                     \
    OPUS_H_D static constexpr auto layout_##X##_packed(const P& p_coord) {                                    \
        return D::rept_pack::part_##X::template layout_packed<CV>(p_coord);                                   \
    }
    OPUS_DETAIL_MMA_QUERIES(a) OPUS_DETAIL_MMA_QUERIES(b) OPUS_DETAIL_MMA_QUERIES(c)
#undef OPUS_DETAIL_MMA_QUERIES
};

} // namespace detail

// The adaptor of one warp-level matrix-core operation (possibly a step-K chain).
template <typename A, typename B, typename C, index_t M_, index_t N_, index_t K_, target T, bool Swap>
struct mma_adaptor : detail::operand_queries<mma_adaptor<A, B, C, M_, N_, K_, T, Swap>> {
    // the concrete target (T, or what target::native resolves to in this pass) and the instruction
    // (mma/select.hpp); a combination without one stops with what was asked and what the target has
    using select = detail::mma_select<A, B, C, M_, N_, K_, T>;
    static constexpr opus::target target = select::target;
    static_assert(select::has_rows,
                  "opus::make_mfma: this adaptor was made for another target than the one being compiled: "
                  "device code has only the compile target's instructions (leave the target out, or "
                  "define OPUS_MMA_ALL_TARGETS to query another target's layouts)");
    static_assert(sizeof(conditional_t<select::found || !select::has_rows, char,
                                       detail::mma_unsupported<A, B, C, target, M_, N_, K_>>) > 0);
    using native = typename select::native;  // the instruction (one link of a step-K chain)
    static constexpr index_t steps = select::steps, native_k = K_ / steps;
    // The instruction actually issued. With swap_ab the instruction's A operand is our B, so
    // for mixed operand types (fp8 x bf8) it is the (B, A) form - e.g. fp8 x bf8 swapped
    // issues v_mfma_*_bf8_fp8 (and the scaled form swaps its cbsz/blgp format codes); its lanes
    // are the native one's with A's and B's K runs exchanged.
    using issued = conditional_t<Swap, detail::mma_native<B, A, C, M_, N_, native_k, target>, native>;
    static_assert(!Swap || M_ == N_, "opus::make_mfma: mfma_adaptor_swap_ab needs a square instruction (M == N)");
    using native_desc = typename native::family::template desc<native, M_, N_, native_k, target>;  // its lanes
    using issued_desc = typename issued::family::template desc<issued, M_, N_, native_k, target>;
    static_assert(!Swap || !select::found ||
                      (issued::exists && issued_desc::k_run == native_desc::k_run_b &&
                       issued_desc::k_run_b == native_desc::k_run && issued_desc::swizzle_ab == native_desc::swizzle_ab),
                  "opus::make_mfma: mfma_adaptor_swap_ab needs the (B, A) form of the instruction");
    using desc = detail::mma_chain_desc<native_desc, steps>;  // the lanes of the chain (mma/desc.hpp)

    using dtype_a = A;
    using dtype_b = B;
    using dtype_c = C;
    using adaptor = mma_adaptor;  // (also of opus::mfma / opus::wmma, which derive from it)
    static constexpr bool swap_ab = Swap;
    static constexpr index_t M = M_, N = N_, K = K_;
    static constexpr index_t wave_size = desc::wave;
    static constexpr index_t lane_width = desc::lane_width;
    static constexpr index_t lane_groups = desc::lane_groups;

    static constexpr index_t elem_a = desc::elem_a;
    static constexpr index_t elem_b = desc::elem_b;
    static constexpr index_t elem_c = desc::elem_c;
    using vtype_a = mma_operand_t<A, elem_a>;  // vector_t, or packed for fp4 / fp6 / bf6
    using vtype_b = mma_operand_t<B, elem_b>;
    using vtype_c = vector_t<C, elem_c>;

    OPUS_H_D static constexpr const char* name() { return issued::family::template name<issued::id>(); }

    // ---- the [rept, pack] split (detail::rept_pack_parts) ------------------------------
    // pack_* / rept_*: a lane's K (C: M) registers as [rept, pack]; rept_pack::part_*: the
    // partitions layout_a/b/c use (naming `rept_pack` does not build them: they are
    // instantiated when a layout or shape is asked for).
    // C rows [p grpm, y rept, y pack] (gfx12 / gfx1250 with one row group; 32x16: [y, p, y] as gfx9)
    static constexpr bool c_group_outer = native::family::c_group_outer && desc::c_groups == 1;
    static constexpr index_t max_pack_a = 16 / detail::mma_pack_bytes<A>, max_pack_b = 16 / detail::mma_pack_bytes<B>;
    static constexpr index_t max_pack_c = 16 / index_t(sizeof(C));
    // scaled, with a lane's K in several runs (gfx1250): pack is one run, K in the ISA's order
    static constexpr bool isa_k_runs = native::scaled && native_desc::k_groups > 1;
    static constexpr index_t pack_a = isa_k_runs ? desc::k_run : detail::mma_min(max_pack_a, elem_a / desc::a_row_groups);
    static constexpr index_t rept_a = elem_a / (desc::a_row_groups * pack_a);
    static constexpr index_t pack_b = isa_k_runs ? desc::k_run_b : detail::mma_min(max_pack_b, elem_b), rept_b = elem_b / pack_b;
    static constexpr index_t pack_c = c_group_outer ? detail::mma_min(max_pack_c, desc::c_run) : desc::c_run;
    static constexpr index_t rept_c = c_group_outer ? desc::c_run / pack_c : desc::c_groups;
    using rept_pack = detail::rept_pack_parts<mma_adaptor, isa_k_runs>;
    // true where the rept-outer K order (aiter's partition layouts) differs from rept_pack's
    static constexpr bool rept_outer_differs =
        (rept_a > 1 || rept_b > 1) && !desc::replicated && lane_groups > 1 && !isa_k_runs;
    // false where a linear layout of (lane % W, lane / W) cannot describe C: gfx12 wave64 takes
    // C's lane groups in the order 0, 2, 1, 3
    static constexpr bool c_lanes_linear = !desc::swizzle_c;

    // ---- lane coordinates ------------------------------------------------------------
    // (lane % W, g) for A and B, (g, lane % W) for C, (lane % W, g) for swapped C, where g is
    // the lane group lane / W (on gfx12 wave64 swizzled: see detail::lane_group).
    template <typename L>
    OPUS_H_D static constexpr auto lane_coord_a(const L& lane) {
        return detail::lane_split<lane_width, desc::swizzle_ab>(lane);
    }
    template <typename L>
    OPUS_H_D static constexpr auto lane_coord_b(const L& lane) { return lane_coord_a(lane); }
    template <typename L>
    OPUS_H_D static constexpr auto lane_coord_c(const L& lane) {
        const auto c = detail::lane_split<lane_width, desc::swizzle_c>(lane);  // (lane % W, g)
        if constexpr (Swap) return c;
        else return opus::make_tuple(get<1>(c), get<0>(c));
    }

    // shape_*, p_shape_*, y_shape_*, layout_*(stride, coord), layout_*_packed(coord):
    // from detail::operand_queries over rept_pack::part_a/b/c.

#if OPUS_HIP
    // ---- issue (device code) ---------------------------------------------------------
    template <index_t CB = 0, index_t AB = 0, index_t BL = 0>
    OPUS_D vtype_c operator()(const vtype_a& a, const vtype_b& b, const vtype_c& c, number<CB> = {},
                              number<AB> = {}, number<BL> = {}) const {
#if OPUS_DEVICE_PASS
        static_assert(select::current,
                      "opus::mma_adaptor: this adaptor was made for another target than the one being compiled "
                      "(make_mfma picks the compile target unless one is named)");
        constexpr index_t ea = native_desc::elem_a, eb = native_desc::elem_b;
        vtype_c acc = c;
        detail::unroll<steps>([&](auto s) {
            constexpr index_t i = decltype(s)::value;
            auto as = mma_operand_slice<i * ea, ea>(a);
            auto bs = mma_operand_slice<i * eb, eb>(b);
            if constexpr (Swap) acc = issued::family::template issue<issued, CB, AB, BL>(bs, as, acc);
            else acc = issued::family::template issue<issued, CB, AB, BL>(as, bs, acc);
        });
        return acc;
#else
        (void)a; (void)b;
        return c;  // host pass of a HIP compile: never executed
#endif
    }

    // scaled f8f6f4 instructions, e8m0 scales of A and B. gfx950: a scale is one byte (127 = 1.0)
    // of a 32-bit register, SA / SB select the byte. gfx1250: byte j of lane i's scale scales K
    // [32j, 32j + 32) of row / column i (64-bit scales: [16j, 16j + 16); 0x7f7f7f7f = 1.0), SA /
    // SB select lanes 0-15 (0) or 16-31 (1) as the ones holding the scales.
    template <index_t SA = 0, index_t SB = 0, typename S>
    OPUS_D vtype_c scaled(const vtype_a& a, const vtype_b& b, const vtype_c& c, S scale_a, S scale_b,
                          number<SA> = {}, number<SB> = {}) const {
#if OPUS_DEVICE_PASS && !defined(OPUS_DETAIL_MMA_SCALED)  // (no family of this pass has a scaled instruction)
        static_assert(issued::scaled, "opus::mma_adaptor::scaled: not a scaled (f8f6f4) instruction");
        (void)a; (void)b; (void)scale_a; (void)scale_b;
        return c;
#elif OPUS_DEVICE_PASS
        static_assert(issued::scaled, "opus::mma_adaptor::scaled: not a scaled (f8f6f4) instruction");
        static_assert(__is_integral(S) && (sizeof(S) == 4 || (sizeof(S) == 8 && detail::mma_wide_scales<target>)),
                      "opus::mma_adaptor::scaled: scales are 32-bit integers (gfx1250 also takes 64-bit ones: 16 K "
                      "per scale)");
        static_assert(select::current,
                      "opus::mma_adaptor: this adaptor was made for another target than the one being compiled");
        constexpr index_t ea = native_desc::elem_a, eb = native_desc::elem_b;
        vtype_c acc = c;
        if constexpr (issued::scaled) {
            detail::unroll<steps>([&](auto s) {
                constexpr index_t i = decltype(s)::value;
                auto as = mma_operand_slice<i * ea, ea>(a);
                auto bs = mma_operand_slice<i * eb, eb>(b);
                if constexpr (Swap) acc = issued::template call_scaled<SB, SA>(bs, as, acc, scale_b, scale_a);
                else acc = issued::template call_scaled<SA, SB>(as, bs, acc, scale_a, scale_b);
            });
        }
        return acc;
#else
        (void)a; (void)b; (void)scale_a; (void)scale_b;
        return c;
#endif
    }
    // Operands of another size or of another floating-point type: a static_assert naming the
    // adaptor (target, A B C types, MxNxK), the operand, vtype_* and the type passed.
    template <typename VA, typename VB, typename VC>
    OPUS_D static constexpr bool check_operands() {
        using abc = detail::mma_types_ABC<A, B, C>;
        using mnk = detail::mma_MxNxK<M_, N_, K_>;
        // (clang prints an alias's requirement as the check it names, with every argument)
        using ok_a = detail::mma_operand_check<target, abc, mnk, detail::mma_operand_a, vtype_a, VA>;
        using ok_b = detail::mma_operand_check<target, abc, mnk, detail::mma_operand_b, vtype_b, VB>;
        using ok_c = detail::mma_operand_check<target, abc, mnk, detail::mma_operand_c, vtype_c, VC>;
        static_assert(ok_a::value,
                      "opus::mma_adaptor: operand A must be vtype_a (vector_t<dtype_a, elem_a>) or a register image of "
                      "its size (integer registers, or values of the same floating-point type)");
        static_assert(ok_b::value,
                      "opus::mma_adaptor: operand B must be vtype_b (vector_t<dtype_b, elem_b>) or a register image of "
                      "its size (integer registers, or values of the same floating-point type)");
        static_assert(ok_c::value,
                      "opus::mma_adaptor: operand C must be vtype_c (vector_t<dtype_c, elem_c>) or a register image of "
                      "its size (integer registers, or values of the same floating-point type)");
        return ok_a::value && ok_b::value && ok_c::value;
    }

    // Every other call: mma(a, b) (C = 0); aiter's spelling of the scaled call,
    // mma(a, b[, c], scale_a, scale_b[, number<sel_a>{}, number<sel_b>{}]); and operands in any
    // register containers of the operands' sizes (aiter's instructions take e.g. an i32x8_t of
    // 32 fp8 values, or short vectors for bf16), reinterpreted as vtype_a / vtype_b / vtype_c
    // (the scaled forms also take fp4 / fp6 in all 8 registers).
    template <typename VA, typename VB, typename... R,
              enable_if_t<!detail::mma_exact_call<vtype_a, vtype_b, vtype_c, VA, VB, R...>, int> = 0>
    OPUS_D vtype_c operator()(const VA& a, const VB& b, const R&... r) const {
        using r0 = typename detail::mma_first_or_void<R...>::type;
        if constexpr (is_same_v<r0, void> || is_number_v<r0> || __is_arithmetic(r0))
            return (*this)(a, b, vtype_c{}, r...);
        else
            return call_any(a, b, r...);
    }

  private:
    static constexpr index_t image = detail::mma_operand_image<target>;
    // (the operands as vtype_*: the exact call with options, or with scales (again here) scaled)
    template <typename VA, typename VB, typename VC, typename... O>
    OPUS_D vtype_c call_any(const VA& a, const VB& b, const VC& c, const O&... o) const {
        if constexpr (!check_operands<VA, VB, VC>()) return vtype_c{};
        else if constexpr (is_same_v<void(VA, VB, VC), void(vtype_a, vtype_b, vtype_c)>) return scaled(a, b, c, o...);
        else
            return (*this)(detail::mma_as_operand<vtype_a, image>(a), detail::mma_as_operand<vtype_b, image>(b),
                           detail::mma_as_operand<vtype_c, image>(c), o...);
    }
#endif
};

namespace detail {
template <typename O> inline constexpr index_t mma_opt_wave = -1;  // make_mfma's number<wave size>
template <index_t W> inline constexpr index_t mma_opt_wave<number<W>> = W;
// make_mfma's and make_tiled_mma's options OPT (a tag, then aiter's number<wave size>) for adaptor AD
#define OPUS_DETAIL_MMA_CHECK_OPTIONS(AD, OPT)                                                                \
    static_assert(sizeof...(OPT) <= 2 && ((is_mfma_adaptor_tag_v<OPT> || is_number_v<OPT>) && ...),           \
                  "opus::make_mfma: the optional arguments are mfma_adaptor{} or mfma_adaptor_swap_ab{} (or " \
                  "wmma_adaptor{} / wmma_adaptor_swap_ab{}), then optionally number<wave size>");             \
    static_assert(!OPUS_DEVICE_PASS || !AD::select::found ||                                                  \
                      ((detail::mma_opt_wave<OPT> < 0 || detail::mma_opt_wave<OPT> == AD::wave_size) && ...), \
                  "opus::make_mfma: the wave size argument must be the compile target's wavefront size")
// the adaptor, or (after its diagnostics) void for a combination without an instruction
template <typename A, typename B, typename C, target T, index_t M, index_t N, index_t K, typename... Opt>
OPUS_H_D constexpr auto make_mma_impl() {
    using ad = mma_adaptor<A, B, C, M, N, K, T, (is_mfma_swap_tag_v<Opt> || ...)>;
    OPUS_DETAIL_MMA_CHECK_OPTIONS(ad, Opt);
    if constexpr (ad::select::found) return ad{};
    else return;
}
} // namespace detail

// make_mfma<A, B, C[, target]>(M_I, N_I, K_I[, mfma_adaptor_swap_ab{}])
// (opus's own: through opus/opus.hpp, aiter's layer defines make_mfma instead, returning its type
// over this one; the ABI tag keeps the two apart: opus/core/config.hpp)
#if !defined(OPUS_DETAIL_AITER_PATH)
#define OPUS_DETAIL_OWN_MMA_FACTORIES 1  // (aiter's layer then declares none: mma/aiter.hpp)
template <typename A, typename B, typename C, target T = target::native, index_t M, index_t N,
          index_t K, typename... Opt>
OPUS_H_D OPUS_DETAIL_OWN_API constexpr auto make_mfma(number<M>, number<N>, number<K>, Opt...) {
    return detail::make_mma_impl<A, B, C, T, M, N, K, Opt...>();
}
template <typename A, typename B, typename C, target T = target::native, index_t M, index_t N,
          index_t K, typename... Opt>
OPUS_H_D OPUS_DETAIL_OWN_API constexpr auto make_mfma(seq<M, N, K>, Opt...) {
    return detail::make_mma_impl<A, B, C, T, M, N, K, Opt...>();
}
#endif
namespace detail {
template <typename... Args> inline constexpr bool make_mfma_shape_ok = false;
template <index_t M, index_t N, index_t K, typename... Opt>
inline constexpr bool make_mfma_shape_ok<number<M>, number<N>, number<K>, Opt...> = true;
template <index_t M, index_t N, index_t K, typename... Opt>
inline constexpr bool make_mfma_shape_ok<seq<M, N, K>, Opt...> = true;
// the requirement line of the misuse static_assert shows the types and the arguments
template <typename Types, typename... Args>
struct make_mfma_arguments { static constexpr bool ok = make_mfma_shape_ok<Args...>; };
} // namespace detail
// any other shape arguments (plain ints, two extents, ...): a static_assert
template <typename A, typename B, typename C, target T = target::native, typename... Args,
          enable_if_t<!detail::make_mfma_shape_ok<Args...>, int> = 0>
OPUS_H_D constexpr auto make_mfma(Args...) {
    using arguments = detail::make_mfma_arguments<detail::mma_types_ABC<A, B, C>, Args...>;
    static_assert(arguments::ok,
                  "opus::make_mfma<A, B, C[, target]>(shape[, options]): the shape is number<M>, number<N>, "
                  "number<K> (32_I, 32_I, 8_I) or seq<M, N, K>{}; options mfma_adaptor_swap_ab{} and the "
                  "wave size number<64>{}");
    return arguments{};
}

// the adaptor of the compile target's instruction (host code: OPUS_MMA_HOST_TARGET)
template <typename A, typename B, typename C, index_t M, index_t N, index_t K, bool Swap = false>
using mfma_t = mma_adaptor<A, B, C, M, N, K, target::native, Swap>;

OPUS_NAMESPACE_END
