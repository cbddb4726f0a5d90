// SPDX-License-Identifier: MIT
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
struct mma_instr : mma_adaptor<remove_cvref_t<A>, remove_cvref_t<B>, remove_cvref_t<C>, M, N, K, opus::target::native, false> {
    using base = mma_adaptor<remove_cvref_t<A>, remove_cvref_t<B>, remove_cvref_t<C>, M, N, K, opus::target::native, false>;
#if OPUS_DEVICE_PASS  // (the host pass of a HIP compile resolves the target by the instruction alone)
    static_assert(target_has_wmma(base::target) == Wmma,
                  "opus::mfma is the gfx9 (CDNA) instruction, opus::wmma the gfx11 / gfx12 (RDNA) one: use the one of "
                  "the compile target (or make_mfma, which picks it)");
    static_assert(W < 0 || W == base::wave_size,
                  "opus::mfma / opus::wmma: the wave size argument must be the compile target's wavefront size");
#endif
    // vtype_a / vtype_b of a sub-byte operand (fp4, fp6, bf6 in the scaled f8f6f4 MFMA) are
    // aiter's register image: the instruction's 8 registers as bytes (vector_t<uint8_t, 32>,
    // values packed from byte 0, the rest zero), which field code fills by bit_cast. The
    // adaptor's own containers (make_mfma(...).vtype_a: the dense packed_vector) stay as they
    // are; the call operators take either (any register container of the operand size)
    using vtype_a = conditional_t<(mma_value_bits<remove_cvref_t<A>> < 8), vector_t<uint8_t, base::elem_a>,
                                  typename base::vtype_a>;
    using vtype_b = conditional_t<(mma_value_bits<remove_cvref_t<B>> < 8), vector_t<uint8_t, base::elem_b>,
                                  typename base::vtype_b>;
};
} // namespace detail

template <typename A, typename B, typename C, index_t M, index_t N, index_t K, index_t W = -1>
struct mfma : detail::mma_instr<A, B, C, M, N, K, W, false> {};
template <typename A, typename B, typename C, index_t M, index_t N, index_t K, index_t W = -1>
struct wmma : detail::mma_instr<A, B, C, M, N, K, W, true> {};

// aiter's instruction names that opus's mfma_t aliases (mma/mfma.hpp) do not already have
using mfma_f32_32x32x64_fp8_fp8 = mfma<fp8_t, fp8_t, fp32_t, 32, 32, 64>;      // gfx950 scaled f8f6f4
using mfma_f32_16x16x128_fp8_fp8 = mfma<fp8_t, fp8_t, fp32_t, 16, 16, 128>;
using mfma_f32_32x32x64_fp4_fp4 = mfma<fp4_t, fp4_t, fp32_t, 32, 32, 64>;
using mfma_f32_16x16x128_fp4_fp4 = mfma<fp4_t, fp4_t, fp32_t, 16, 16, 128>;
using mfma_scale_f32_32x32x64_fp8_fp8 = mfma_f32_32x32x64_fp8_fp8;
using mfma_scale_f32_16x16x128_fp8_fp8 = mfma_f32_16x16x128_fp8_fp8;
using mfma_scale_f32_32x32x64_fp4_fp4 = mfma_f32_32x32x64_fp4_fp4;
using mfma_scale_f32_16x16x128_fp4_fp4 = mfma_f32_16x16x128_fp4_fp4;
using wmma_f16_16x16x16_f16 = wmma<fp16_t, fp16_t, fp16_t, 16, 16, 16>;         // gfx12
using wmma_bf16_16x16x16_bf16 = wmma<bf16_t, bf16_t, bf16_t, 16, 16, 16>;
using wmma_f32_16x16x16_fp8_bf8 = wmma<fp8_t, bf8_t, fp32_t, 16, 16, 16>;
using wmma_f32_16x16x16_bf8_fp8 = wmma<bf8_t, fp8_t, fp32_t, 16, 16, 16>;
using wmma_f32_16x16x16_bf8_bf8 = wmma<bf8_t, bf8_t, fp32_t, 16, 16, 16>;
using wmma_f32_16x16x32_f16 = wmma<fp16_t, fp16_t, fp32_t, 16, 16, 32>;         // gfx12: step-K of 2
using wmma_f16_16x16x32_f16 = wmma<fp16_t, fp16_t, fp16_t, 16, 16, 32>;
using wmma_f32_16x16x32_bf16 = wmma<bf16_t, bf16_t, fp32_t, 16, 16, 32>;
using wmma_bf16_16x16x32_bf16 = wmma<bf16_t, bf16_t, bf16_t, 16, 16, 32>;
using wmma_f32_16x16x32_f16_w32 = wmma<fp16_t, fp16_t, fp32_t, 16, 16, 32, 32>;
using wmma_f32_16x16x32_bf16_w32 = wmma<bf16_t, bf16_t, fp32_t, 16, 16, 32, 32>;
using wmma_f16_16x16x32_f16_w32 = wmma<fp16_t, fp16_t, fp16_t, 16, 16, 32, 32>;
using wmma_bf16_16x16x32_bf16_w32 = wmma<bf16_t, bf16_t, bf16_t, 16, 16, 32, 32>;
using wmma_f32_16x16x16_f16_w64 = wmma<fp16_t, fp16_t, fp32_t, 16, 16, 16, 64>;  // -mwavefrontsize64
using wmma_f32_16x16x16_bf16_w64 = wmma<bf16_t, bf16_t, fp32_t, 16, 16, 16, 64>;
using wmma_f16_16x16x16_f16_w64 = wmma<fp16_t, fp16_t, fp16_t, 16, 16, 16, 64>;
using wmma_bf16_16x16x16_bf16_w64 = wmma<bf16_t, bf16_t, bf16_t, 16, 16, 16, 64>;
using wmma_f32_16x16x32_f16_w64 = wmma<fp16_t, fp16_t, fp32_t, 16, 16, 32, 64>;
using wmma_f32_16x16x32_bf16_w64 = wmma<bf16_t, bf16_t, fp32_t, 16, 16, 32, 64>;
using wmma_f16_16x16x32_f16_w64 = wmma<fp16_t, fp16_t, fp16_t, 16, 16, 32, 64>;
using wmma_bf16_16x16x32_bf16_w64 = wmma<bf16_t, bf16_t, bf16_t, 16, 16, 32, 64>;

} // namespace opus
