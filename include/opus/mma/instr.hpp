// opus/mma/instr.hpp - one matrix-core instruction as a plain type, the spelling of aiter's
// single-header opus (code written for it uses these directly):
//
//   opus::mfma<A, B, C, M, N, K[, Wave]>{}(a, b, c)            gfx9 MFMA (step-K for a multiple K)
//   opus::mfma<fp8_t, fp8_t, fp32_t, 32, 32, 64>{}(a, b, c, scale_a, scale_b[, sel_a, sel_b])
//                                                              gfx950 scaled f8f6f4 (e8m0 scales)
//   opus::wmma<A, B, C, M, N, K[, Wave]>{}(a, b, c)            gfx11 / gfx12 WMMA
//
// Both are the adaptor make_mfma returns (mma_adaptor: layouts, vtype_*, elem_*, grp*, ...)
// with call operators that take any register container of the operand's size (e.g. an i32x8_t
// holding 32 fp8 values): it is reinterpreted as vtype_a / vtype_b / vtype_c. A scaled fp4
// operand may come in the full 8 registers of the instruction (the upper half unused).
// Wave is the wavefront size, by default the compile target's; it must be that size.
#pragma once

#include "opus/mma/mfma.hpp"

namespace opus {
namespace detail {
#if OPUS_HIP
// a register container reinterpreted as the operand type V (same size, or - for the 8-register
// operand of a scaled instruction - larger: its low bytes)
template <typename V, typename X>
OPUS_D V mma_as_operand(const X& x) {
    if constexpr (is_same_v<V, X>) {
        return x;
    } else if constexpr (sizeof(X) == sizeof(V)) {
        return __builtin_bit_cast(V, x);
    } else {
        static_assert(sizeof(X) > sizeof(V) && sizeof(X) == 32,
                      "opus::mfma / opus::wmma: an operand container must have the size of vtype_a / vtype_b / "
                      "vtype_c (or the 8 registers of a scaled f8f6f4 operand)");
        struct low { unsigned char b[sizeof(V)]; unsigned char rest[sizeof(X) - sizeof(V)]; };
        struct only { unsigned char b[sizeof(V)]; };
        const low l = __builtin_bit_cast(low, x);
        only o{};
        for (index_t i = 0; i < index_t(sizeof(V)); ++i) o.b[i] = l.b[i];
        return __builtin_bit_cast(V, o);
    }
}
#endif

template <typename A, typename B, typename C, index_t M, index_t N, index_t K, index_t W, bool Wmma>
struct mma_instr : mma_adaptor<remove_cvref_t<A>, remove_cvref_t<B>, remove_cvref_t<C>, M, N, K, mma_target::native, false> {
    using base = mma_adaptor<remove_cvref_t<A>, remove_cvref_t<B>, remove_cvref_t<C>, M, N, K, mma_target::native, false>;
#if OPUS_DEVICE_PASS  // (the host pass of a HIP compile resolves the target by the instruction alone)
    static_assert(mma_target_is_wmma(base::target) == Wmma,
                  "opus::mfma is the gfx9 (CDNA) instruction, opus::wmma the gfx11 / gfx12 (RDNA) one: use the one of "
                  "the compile target (or make_mfma, which picks it)");
    static_assert(W < 0 || W == base::wave_size,
                  "opus::mfma / opus::wmma: the wave size argument must be the compile target's wavefront size");
#endif
    using typename base::vtype_a;
    using typename base::vtype_b;
    using typename base::vtype_c;
#if OPUS_HIP
    template <typename VA, typename VB, typename VC, index_t CB = 0, index_t AB = 0, index_t BL = 0>
    OPUS_D vtype_c operator()(const VA& a, const VB& b, const VC& c, number<CB> = {}, number<AB> = {},
                              number<BL> = {}) const {
        return base::operator()(mma_as_operand<vtype_a>(a), mma_as_operand<vtype_b>(b), mma_as_operand<vtype_c>(c),
                                number<CB>{}, number<AB>{}, number<BL>{});
    }
    template <typename VA, typename VB>
    OPUS_D vtype_c operator()(const VA& a, const VB& b) const {
        return base::operator()(mma_as_operand<vtype_a>(a), mma_as_operand<vtype_b>(b), vtype_c{});
    }
    template <typename VA, typename VB, typename VC, index_t SA = 0, index_t SB = 0>
    OPUS_D vtype_c operator()(const VA& a, const VB& b, const VC& c, int scale_a, int scale_b, number<SA> = {},
                              number<SB> = {}) const {
        return base::scaled(mma_as_operand<vtype_a>(a), mma_as_operand<vtype_b>(b), mma_as_operand<vtype_c>(c),
                            scale_a, scale_b, number<SA>{}, number<SB>{});
    }
    template <typename VA, typename VB, index_t SA = 0, index_t SB = 0>
    OPUS_D vtype_c operator()(const VA& a, const VB& b, int scale_a, int scale_b, number<SA> = {},
                              number<SB> = {}) const {
        return base::scaled(mma_as_operand<vtype_a>(a), mma_as_operand<vtype_b>(b), vtype_c{}, scale_a, scale_b,
                            number<SA>{}, number<SB>{});
    }
#endif
};
} // namespace detail

template <typename A, typename B, typename C, index_t M, index_t N, index_t K, index_t W = -1>
struct mfma : detail::mma_instr<A, B, C, M, N, K, W, false> {};
template <typename A, typename B, typename C, index_t M, index_t N, index_t K, index_t W = -1>
struct wmma : detail::mma_instr<A, B, C, M, N, K, W, true> {};

} // namespace opus
