// SPDX-License-Identifier: MIT
// opus/mma/family/mfma_gfx950.hpp - the MFMA instructions of CDNA4 (gfx950): CDNA3's rows
// (opus/mma/family/mfma_gfx9.hpp; fp8 / bf8 in the OCP encodings here), the double-K f16 / bf16
// / i8 rows, and the scaled f8f6f4 instructions with e8m0 block scales.
#pragma once

#include "mfma_gfx9.hpp"

// gfx950 only: double-K f16 / bf16 / i8
#define OPUS_DETAIL_MFMA_ROWS_GFX950(X)                                                                            \
    X(gfx950, fp16_t, fp16_t, fp32_t, 32, 32, 16, 4, mfma_f32_32x32x16_f16, mfma_f32_32x32x16_f16, fp16x8_t)  \
    X(gfx950, fp16_t, fp16_t, fp32_t, 16, 16, 32, 4, mfma_f32_16x16x32_f16, mfma_f32_16x16x32_f16, fp16x8_t)  \
    X(gfx950, bf16_t, bf16_t, fp32_t, 32, 32, 16, 4, mfma_f32_32x32x16_bf16, mfma_f32_32x32x16_bf16, bf16x8_t) \
    X(gfx950, bf16_t, bf16_t, fp32_t, 16, 16, 32, 4, mfma_f32_16x16x32_bf16, mfma_f32_16x16x32_bf16, bf16x8_t) \
    X(gfx950, i8_t, i8_t, i32_t, 32, 32, 32, 4, mfma_i32_32x32x32_i8, mfma_i32_32x32x32_i8, i32x4_t)           \
    X(gfx950, i8_t, i8_t, i32_t, 16, 16, 64, 4, mfma_i32_16x16x64_i8, mfma_i32_16x16x64_i8, i32x4_t)

// gfx950 scaled f8f6f4: A and B each fp8 / bf8 / fp6 / bf6 / fp4, any pairing; 32 consecutive
// K per lane in every format (packed: mma/operand.hpp). The format codes (cbsz for A, blgp
// for B: fp8 0, bf8 1, fp6 2, bf6 3, fp4 4) follow from the types. Without explicit scales
// operator() uses scale 1.0 (e8m0 127); mma.scaled(a, b, c, sa, sb) passes them. One partial
// specialization per shape covers the 25 pairings (cheaper to parse than 50 entries).
// Rows: X(M, N, K, name (the mnemonic without "v_"; the entry's id), builtin).
#define OPUS_DETAIL_MFMA_ROWS_SCALE(X)                                                                         \
    X(32, 32, 64, mfma_scale_f32_32x32x64_f8f6f4, __builtin_amdgcn_mfma_scale_f32_32x32x64_f8f6f4)            \
    X(16, 16, 128, mfma_scale_f32_16x16x128_f8f6f4, __builtin_amdgcn_mfma_scale_f32_16x16x128_f8f6f4)


// (other MFMA passes read only the rows above: aiter's names, mma/family/aiter_names.hpp)
#if OPUS_DETAIL_MMA_WANT(GFX950)
#define OPUS_DETAIL_MMA_SCALED 1  // this family has scaled instructions (mma_adaptor::scaled)
#include "../f8f6f4.hpp"

#define OPUS_DETAIL_MFMA_FAMILY_gfx950 mfma_cdna4

OPUS_NAMESPACE_BEGIN
namespace detail {

#if OPUS_HIP
// the scaled call with explicit scales (format codes of A (cbsz) and B (blgp); scales are
// e8m0, 127 = 1.0; operands of fp6 / fp4 fill 6 / 4 of the 8 registers, the backend narrows
// the operand)
#define OPUS_DETAIL_MMA_CALL_SCALED(BUILTIN)                                                                  \
    template <index_t SA = 0, index_t SB = 0, typename VA, typename VB, typename VC>                          \
    OPUS_D static VC call_scaled(const VA& a, const VB& b, const VC& c, int sa, int sb) {                     \
        return BUILTIN(mma_f8f6f4_registers<8>(a), mma_f8f6f4_registers<8>(b), c, format_a, format_b, SA, sa, SB, \
                       sb);                                                                                   \
    }
// (without scales: scale 1.0)
#define OPUS_DETAIL_MFMA_SCALE_ISSUE(M, N, K, NAME, BUILTIN)                                                  \
    if constexpr (Id == int(NAME)) return E::template call_scaled<0, 0>(a, b, c, 127, 127);                   \
    else
#else
#define OPUS_DETAIL_MMA_CALL_SCALED(BUILTIN)
#endif
// a scaled row's entry: one partial specialization per shape for every (A, B) pairing
#define OPUS_DETAIL_MFMA_SCALE_ENTRY(M, N, K, NAME, BUILTIN)                                                  \
    template <typename A, typename B>                                                                         \
    struct mma_native<A, B, fp32_t, M, N, K, target::gfx950> {                                                \
        static constexpr bool exists = is_f8f6f4_pair<A, B>;                                                  \
        static constexpr bool scaled = true;                                                                  \
        using family = mfma_cdna4;                                                                            \
        enum : int { id = mfma_cdna4::NAME, cr = 4 };                                                         \
        static constexpr int format_a = f8f6f4_format<A>, format_b = f8f6f4_format<B>;                        \
        OPUS_DETAIL_MMA_CALL_SCALED(BUILTIN)                                                                  \
    };
#define OPUS_DETAIL_MFMA_SCALE_NAME(M, N, K, NAME, BUILTIN) case NAME: return "v_" #NAME;
#define OPUS_DETAIL_MFMA_SCALE_ROW(M, N, K, NAME, BUILTIN) NAME,

struct mfma_cdna4 : mfma_family {
    using family = mfma_cdna4;
    enum row : int { OPUS_DETAIL_MFMA_ROWS_CDNA3(OPUS_DETAIL_MFMA_ROW, -) OPUS_DETAIL_MFMA_ROWS_GFX950(OPUS_DETAIL_MFMA_ROW)
                         OPUS_DETAIL_MFMA_ROWS_SCALE(OPUS_DETAIL_MFMA_SCALE_ROW) };
    OPUS_DETAIL_MMA_FAMILY_NAME(OPUS_DETAIL_MFMA_ROWS_CDNA3(OPUS_DETAIL_MFMA_NAME, -) OPUS_DETAIL_MFMA_ROWS_GFX950(OPUS_DETAIL_MFMA_NAME) OPUS_DETAIL_MFMA_ROWS_SCALE(OPUS_DETAIL_MFMA_SCALE_NAME))
    OPUS_DETAIL_MMA_FAMILY_ISSUE(OPUS_DETAIL_MFMA_ROWS_CDNA3(OPUS_DETAIL_MFMA_ISSUE, -) OPUS_DETAIL_MFMA_ROWS_GFX950(OPUS_DETAIL_MFMA_ISSUE) OPUS_DETAIL_MFMA_ROWS_SCALE(OPUS_DETAIL_MFMA_SCALE_ISSUE))
};
OPUS_DETAIL_MFMA_ROWS_CDNA3(OPUS_DETAIL_MFMA_ENTRY, gfx950)
OPUS_DETAIL_MFMA_ROWS_GFX950(OPUS_DETAIL_MFMA_ENTRY)
OPUS_DETAIL_MFMA_ROWS_SCALE(OPUS_DETAIL_MFMA_SCALE_ENTRY)

} // namespace detail
OPUS_NAMESPACE_END
#endif
