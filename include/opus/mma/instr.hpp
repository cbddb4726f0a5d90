// opus/mma/instr.hpp - one matrix-core instruction as a plain type, the spelling of aiter's
// single-header opus (code written for it uses these directly):
//
//   opus::mfma<A, B, C, M, N, K[, Wave]>{}(a, b, c)            gfx9 MFMA (step-K for a multiple K)
//   opus::mfma<fp8_t, fp8_t, fp32_t, 32, 32, 64>{}(a, b, c, scale_a, scale_b[, sel_a, sel_b])
//                                                              gfx950 scaled f8f6f4 (e8m0 scales)
//   opus::wmma<A, B, C, M, N, K[, Wave]>{}(a, b, c)            gfx11 / gfx12 WMMA
//
// Both are the adaptor make_mfma returns (mma_adaptor: layouts, vtype_*, elem_*, grp*, ...,
// and call operators that also take any register container of the operand's size, e.g. an
// i32x8_t holding 32 fp8 values; a scaled fp4 operand may come in all 8 registers).
// Wave is the wavefront size, by default the compile target's; it must be that size.
#pragma once

#include "opus/mma/mfma.hpp"

namespace opus {
namespace detail {
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
    // the call operators (any register container of the operand size): mma_adaptor's
};
} // namespace detail

template <typename A, typename B, typename C, index_t M, index_t N, index_t K, index_t W = -1>
struct mfma : detail::mma_instr<A, B, C, M, N, K, W, false> {};
template <typename A, typename B, typename C, index_t M, index_t N, index_t K, index_t W = -1>
struct wmma : detail::mma_instr<A, B, C, M, N, K, W, true> {};

} // namespace opus
