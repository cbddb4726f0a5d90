// opus/mma/mfma.hpp - warp-level matrix-core adaptors: make_mfma (MFMA on gfx9, WMMA on
// gfx11/gfx12 through the same interface).
//
//   auto mma = make_mfma<fp16_t, fp16_t, fp32_t>(32_I, 32_I, 8_I);          // mfma_f32_32x32x8_f16
//   auto mma = make_mfma<fp16_t, fp16_t, fp32_t>(seq<32, 32, 8>{}, mfma_adaptor_swap_ab{});
//   auto mma = make_mfma<fp16_t, fp16_t, fp32_t, mma_target::gfx942>(32_I, 32_I, 16_I); // explicit target
//   c = mma(a, b, c);  c = mma(a, b);  c = mma(a, b, c, 0_I, 0_I, 0_I)       // cbsz, abid, blgp
//
// Operand registers: vtype_a = mma_operand_t<dtype_a, elem_a> (vector_t, packed for fp4 / fp6
// / bf6; likewise b, c). gfx950 scaled f8f6f4: A, B each fp8/bf8/fp6/bf6/fp4. Matrices: A is
// M x K, B is N x K (B transposed: B is addressed like A, layout_b(make_tuple(stride_k, 1_I),
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

#include "opus/mma/table.hpp"
#include "opus/core/slice.hpp"
#include "opus/core/static_for.hpp"

namespace opus {

struct mfma_adaptor {};          // default: A and B as given
struct mfma_adaptor_swap_ab {};  // issue with A and B exchanged: C layout transposed

template <typename T> inline constexpr bool is_mfma_adaptor_tag_v =
    is_same_v<remove_cvref_t<T>, mfma_adaptor> || is_same_v<remove_cvref_t<T>, mfma_adaptor_swap_ab>;

namespace detail {
// combined lane description of a step-K chain of `Steps` native instructions
template <typename D, index_t Steps, bool Wmma> struct stepk_desc;
template <typename D, index_t Steps>
struct stepk_desc<D, Steps, false> {  // MFMA: consecutive K per lane
    using type = mma_desc<D::M, D::N, D::K * Steps, D::wave, D::lw, D::kg, D::kp, D::kr * Steps, D::replicated,
                          D::cg, D::cp, D::cr, D::swizzle_ab, D::swizzle_c>;
};
template <typename D, index_t Steps>
struct stepk_desc<D, Steps, true> {  // WMMA: K groups repeat per step
    using type = mma_desc<D::M, D::N, D::K * Steps, D::wave, D::lw, D::kg * Steps, D::kp, D::kr, D::replicated,
                          D::cg, D::cp, D::cr, D::swizzle_ab, D::swizzle_c>;
};
} // namespace detail

// The adaptor of one warp-level matrix-core operation (possibly a step-K chain).
template <typename A, typename B, typename C, index_t M_, index_t N_, index_t K_, mma_target T, bool Swap>
struct mma_adaptor : detail::operand_queries<mma_adaptor<A, B, C, M_, N_, K_, T, Swap>> {
    // the concrete target (T itself, or what mma_target::native resolves to in this pass)
    static constexpr mma_target target = detail::mma_resolve_v<A, B, C, M_, N_, K_, T>;
    using select = detail::mma_select<A, B, C, M_, N_, K_, target>;
    static_assert(select::found, "opus::make_mfma: unsupported combination (see the next error)");
    using native = typename select::native;
    using desc = typename detail::stepk_desc<typename native::desc, select::steps, mma_target_is_wmma(target)>::type;
    // The instruction actually issued. With swap_ab the instruction's A operand is our B, so
    // for mixed operand types (fp8 x bf8) it is the (B, A) form - e.g. fp8 x bf8 swapped
    // issues v_mfma_*_bf8_fp8 (and the scaled form swaps its cbsz/blgp format codes).
    using issued = conditional_t<Swap, typename detail::mma_select<B, A, C, M_, N_, K_, target>::native, native>;
    static_assert(issued::exists && is_same_v<typename issued::desc, typename native::desc>,
                  "opus::make_mfma: mfma_adaptor_swap_ab needs the (B, A) form of the instruction");

    using dtype_a = A;
    using dtype_b = B;
    using dtype_c = C;
    static constexpr bool swap_ab = Swap;
    static constexpr index_t M = M_, N = N_, K = K_;
    static constexpr index_t steps = select::steps;  // native instructions per call
    static constexpr index_t native_k = K_ / select::steps;
    static constexpr index_t wave_size = desc::wave;
    static constexpr index_t lane_width = desc::lw;
    static constexpr index_t lane_groups = desc::wave / desc::lw;

    using part_a = typename desc::part_ab;
    using part_b = typename desc::part_ab;
    using part_c = conditional_t<Swap, typename desc::part_c_swap, typename desc::part_c>;

    static constexpr index_t elem_a = part_a::elems;
    static constexpr index_t elem_b = part_b::elems;
    static constexpr index_t elem_c = part_c::elems;
    using vtype_a = mma_operand_t<A, elem_a>;  // vector_t, or packed for fp4 / fp6 / bf6
    using vtype_b = mma_operand_t<B, elem_b>;
    using vtype_c = vector_t<C, elem_c>;

    OPUS_H_D static constexpr const char* name() { return issued::name; }

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
        else return make_tuple(get<1>(c), get<0>(c));
    }

    // shape_*, p_shape_*, y_shape_*, layout_*(stride, coord), layout_*_packed(coord):
    // from detail::operand_queries over part_a/b/c.

#if OPUS_HIP
    // ---- issue (device code) ---------------------------------------------------------
    template <index_t CB = 0, index_t AB = 0, index_t BL = 0>
    OPUS_D vtype_c operator()(const vtype_a& a, const vtype_b& b, const vtype_c& c, number<CB> = {},
                              number<AB> = {}, number<BL> = {}) const {
#if OPUS_DEVICE_PASS
        static_assert(target == detail::current_mma_target,
                      "opus::mma_adaptor: this adaptor was made for another target than the one being compiled "
                      "(make_mfma picks the compile target unless one is named)");
        constexpr index_t ea = native::desc::elem_a, eb = native::desc::elem_b;
        vtype_c acc = c;
        static_for<steps>([&](auto s) {
            constexpr index_t i = decltype(s)::value;
            auto as = mma_operand_slice<i * ea, ea>(a);
            auto bs = mma_operand_slice<i * eb, eb>(b);
            if constexpr (Swap) acc = issued::template call<CB, AB, BL>(bs, as, acc);
            else acc = issued::template call<CB, AB, BL>(as, bs, acc);
        });
        return acc;
#else
        (void)a; (void)b;
        return c;  // host pass of a HIP compile: never executed
#endif
    }
    // C = A * B
    OPUS_D vtype_c operator()(const vtype_a& a, const vtype_b& b) const { return (*this)(a, b, vtype_c{}); }

    // scaled f8f6f4 instructions (gfx950): e8m0 scales of A and B (127 = 1.0)
    OPUS_D vtype_c scaled(const vtype_a& a, const vtype_b& b, const vtype_c& c, int scale_a, int scale_b) const {
#if OPUS_DEVICE_PASS
        static_assert(issued::scaled, "opus::mma_adaptor::scaled: not a scaled (f8f6f4) instruction");
        static_assert(target == detail::current_mma_target,
                      "opus::mma_adaptor: this adaptor was made for another target than the one being compiled");
        constexpr index_t ea = native::desc::elem_a, eb = native::desc::elem_b;
        vtype_c acc = c;
        static_for<steps>([&](auto s) {
            constexpr index_t i = decltype(s)::value;
            auto as = mma_operand_slice<i * ea, ea>(a);
            auto bs = mma_operand_slice<i * eb, eb>(b);
            if constexpr (Swap) acc = issued::call_scaled(bs, as, acc, scale_b, scale_a);
            else acc = issued::call_scaled(as, bs, acc, scale_a, scale_b);
        });
        return acc;
#else
        (void)a; (void)b; (void)scale_a; (void)scale_b;
        return c;
#endif
    }
#endif
};

namespace detail {
template <typename A, typename B, typename C, mma_target T, index_t M, index_t N, index_t K, typename... Opt>
OPUS_H_D constexpr auto make_mma_impl() {
    static_assert(sizeof...(Opt) <= 1 && (is_mfma_adaptor_tag_v<Opt> && ...),
                  "opus::make_mfma: the optional last argument is mfma_adaptor{} or mfma_adaptor_swap_ab{}");
    constexpr bool swap = (is_same_v<remove_cvref_t<Opt>, mfma_adaptor_swap_ab> || ...);
    constexpr mma_target target = mma_resolve_v<A, B, C, M, N, K, T>;
#if OPUS_DEVICE_PASS && !defined(OPUS_MMA_ALL_TARGETS)
    static_assert(target == current_mma_target,
                  "opus::make_mfma: this adaptor was made for another target than the one being compiled: "
                  "device code has only the compile target's instructions (leave the target out, or "
                  "define OPUS_MMA_ALL_TARGETS to query another target's layouts)");
    if constexpr (target != current_mma_target) return;
    else
#endif
    if constexpr (mma_select<A, B, C, M, N, K, target>::found) {
        return mma_adaptor<A, B, C, M, N, K, T, swap>{};
    } else if constexpr (is_f6f4_pair<A, B> && is_same_v<C, fp32_t>) {
        mma_unsupported_f6f4<target, M, N, K> fail{};
        (void)fail;
        return;
    } else {
        mma_unsupported<A, B, C, target, M, N, K> fail{};
        (void)fail;
        return;
    }
}
} // namespace detail

// make_mfma<A, B, C[, target]>(M_I, N_I, K_I[, mfma_adaptor_swap_ab{}])
template <typename A, typename B, typename C, mma_target T = mma_target::native, index_t M, index_t N,
          index_t K, typename... Opt>
OPUS_H_D constexpr auto make_mfma(number<M>, number<N>, number<K>, Opt...) {
    return detail::make_mma_impl<A, B, C, T, M, N, K, Opt...>();
}
template <typename A, typename B, typename C, mma_target T = mma_target::native, index_t M, index_t N,
          index_t K, typename... Opt>
OPUS_H_D constexpr auto make_mfma(seq<M, N, K>, Opt...) {
    return detail::make_mma_impl<A, B, C, T, M, N, K, Opt...>();
}
// WMMA targets use the same adaptor; make_wmma is a synonym for readability.
template <typename A, typename B, typename C, mma_target T = mma_target::native, typename... Args>
OPUS_H_D constexpr auto make_wmma(Args... args) {
    return make_mfma<A, B, C, T>(args...);
}

// ---- named instructions of the compile target (host code: OPUS_MMA_HOST_TARGET) ----------
template <typename A, typename B, typename C, index_t M, index_t N, index_t K, bool Swap = false>
using mfma_t = mma_adaptor<A, B, C, M, N, K, mma_target::native, Swap>;

using mfma_f32_32x32x2_f32 = mfma_t<fp32_t, fp32_t, fp32_t, 32, 32, 2>;
using mfma_f32_16x16x4_f32 = mfma_t<fp32_t, fp32_t, fp32_t, 16, 16, 4>;
using mfma_f32_32x32x8_f16 = mfma_t<fp16_t, fp16_t, fp32_t, 32, 32, 8>;
using mfma_f32_16x16x16_f16 = mfma_t<fp16_t, fp16_t, fp32_t, 16, 16, 16>;
using mfma_f32_32x32x16_f16 = mfma_t<fp16_t, fp16_t, fp32_t, 32, 32, 16>;   // gfx950 native, step-K elsewhere
using mfma_f32_16x16x32_f16 = mfma_t<fp16_t, fp16_t, fp32_t, 16, 16, 32>;   // gfx950 native, step-K elsewhere
using mfma_f32_32x32x8_bf16 = mfma_t<bf16_t, bf16_t, fp32_t, 32, 32, 8>;
using mfma_f32_16x16x16_bf16 = mfma_t<bf16_t, bf16_t, fp32_t, 16, 16, 16>;
using mfma_f32_32x32x16_bf16 = mfma_t<bf16_t, bf16_t, fp32_t, 32, 32, 16>;
using mfma_f32_16x16x32_bf16 = mfma_t<bf16_t, bf16_t, fp32_t, 16, 16, 32>;
using mfma_i32_32x32x8_i8 = mfma_t<i8_t, i8_t, i32_t, 32, 32, 8>;           // gfx90a
using mfma_i32_16x16x16_i8 = mfma_t<i8_t, i8_t, i32_t, 16, 16, 16>;         // gfx90a
using mfma_i32_32x32x16_i8 = mfma_t<i8_t, i8_t, i32_t, 32, 32, 16>;
using mfma_i32_16x16x32_i8 = mfma_t<i8_t, i8_t, i32_t, 16, 16, 32>;
using mfma_i32_32x32x32_i8 = mfma_t<i8_t, i8_t, i32_t, 32, 32, 32>;
using mfma_i32_16x16x64_i8 = mfma_t<i8_t, i8_t, i32_t, 16, 16, 64>;
using mfma_f32_32x32x16_fp8_fp8 = mfma_t<fp8_t, fp8_t, fp32_t, 32, 32, 16>;
using mfma_f32_32x32x16_fp8_bf8 = mfma_t<fp8_t, bf8_t, fp32_t, 32, 32, 16>;
using mfma_f32_32x32x16_bf8_fp8 = mfma_t<bf8_t, fp8_t, fp32_t, 32, 32, 16>;
using mfma_f32_32x32x16_bf8_bf8 = mfma_t<bf8_t, bf8_t, fp32_t, 32, 32, 16>;
using mfma_f32_16x16x32_fp8_fp8 = mfma_t<fp8_t, fp8_t, fp32_t, 16, 16, 32>;
using mfma_f32_16x16x32_fp8_bf8 = mfma_t<fp8_t, bf8_t, fp32_t, 16, 16, 32>;
using mfma_f32_16x16x32_bf8_fp8 = mfma_t<bf8_t, fp8_t, fp32_t, 16, 16, 32>;
using mfma_f32_16x16x32_bf8_bf8 = mfma_t<bf8_t, bf8_t, fp32_t, 16, 16, 32>;
using mfma_scale_f32_32x32x64_f8f6f4 = mfma_t<fp8_t, fp8_t, fp32_t, 32, 32, 64>;   // gfx950
using mfma_scale_f32_16x16x128_f8f6f4 = mfma_t<fp8_t, fp8_t, fp32_t, 16, 16, 128>; // gfx950
using mfma_f64_16x16x4_f64 = mfma_t<double, double, double, 16, 16, 4>;
using wmma_f32_16x16x16_f16 = mfma_t<fp16_t, fp16_t, fp32_t, 16, 16, 16>;   // gfx11 / gfx12
using wmma_f32_16x16x16_bf16 = mfma_t<bf16_t, bf16_t, fp32_t, 16, 16, 16>;
using wmma_i32_16x16x16_iu8 = mfma_t<i8_t, i8_t, i32_t, 16, 16, 16>;
using wmma_f32_16x16x16_fp8_fp8 = mfma_t<fp8_t, fp8_t, fp32_t, 16, 16, 16>; // gfx12

} // namespace opus
