// SPDX-License-Identifier: MIT
// opus/mma/family/mfma_gfx9.hpp - the MFMA instructions of CDNA2 (gfx90a) and CDNA3 (gfx942),
// each written once as a row: its target, operand types, shape, name, builtin and the
// builtin's operand type. The lane layout follows from the shape (mfma_desc, below).
// gfx950 (CDNA4) has the CDNA3 rows too: opus/mma/family/mfma_gfx950.hpp.
//
// Rows: X(target, A, B, C, M, N, K, CR, name, builtin, operand type of the builtin), CR being
// the rows per C group (4 for 32-bit C, 1 for f64), the name the mnemonic without "v_" (from
// CDNA3 on also aiter's name of the instruction: mma/aiter.hpp; in its family the enumerator
// that is the entry's id), the builtin named without its "__builtin_amdgcn_" prefix (CDNA3's
// f32/f16/bf16/f64 names differ from it). test/host/mma/test_docs_tables.cpp checks every
// entry's mnemonic against docs/mma.md.
#pragma once
#define OPUS_DETAIL_MMA_NAMES_MFMA 1  // aiter's names of MFMA instructions apply (mma/aiter.hpp)

#include "../entry.hpp"

// gfx90a (CDNA2). bf16: the "_1k" builtins (named plainly from CDNA3 on); int8: K = 8 / 16
// (4 bytes per lane; CDNA3: K = 16 / 32, 8 bytes per lane).
#define OPUS_DETAIL_MFMA_ROWS_GFX90A(X)                                                                                \
    X(gfx90a, fp32_t, fp32_t, fp32_t, 32, 32, 2, 4, mfma_f32_32x32x2f32, mfma_f32_32x32x2f32, float)          \
    X(gfx90a, fp32_t, fp32_t, fp32_t, 16, 16, 4, 4, mfma_f32_16x16x4f32, mfma_f32_16x16x4f32, float)          \
    X(gfx90a, fp16_t, fp16_t, fp32_t, 32, 32, 8, 4, mfma_f32_32x32x8f16, mfma_f32_32x32x8f16, fp16x4_t)       \
    X(gfx90a, fp16_t, fp16_t, fp32_t, 16, 16, 16, 4, mfma_f32_16x16x16f16, mfma_f32_16x16x16f16, fp16x4_t)    \
    X(gfx90a, bf16_t, bf16_t, fp32_t, 32, 32, 8, 4, mfma_f32_32x32x8bf16_1k, mfma_f32_32x32x8bf16_1k, i16x4_t) \
    X(gfx90a, bf16_t, bf16_t, fp32_t, 16, 16, 16, 4, mfma_f32_16x16x16bf16_1k, mfma_f32_16x16x16bf16_1k, i16x4_t) \
    X(gfx90a, double, double, double, 16, 16, 4, 1, mfma_f64_16x16x4f64, mfma_f64_16x16x4f64, double)         \
    X(gfx90a, i8_t, i8_t, i32_t, 32, 32, 8, 4, mfma_i32_32x32x8i8, mfma_i32_32x32x8i8, int)                   \
    X(gfx90a, i8_t, i8_t, i32_t, 16, 16, 16, 4, mfma_i32_16x16x16i8, mfma_i32_16x16x16i8, int)

// the rows gfx942 (CDNA3) and gfx950 (CDNA4) share (fp8 / bf8: FNUZ encodings on gfx942, OCP
// on gfx950); TGT names the target of the entries
#define OPUS_DETAIL_MFMA_ROWS_CDNA3(X, TGT)                                                                        \
    X(TGT, fp32_t, fp32_t, fp32_t, 32, 32, 2, 4, mfma_f32_32x32x2_f32, mfma_f32_32x32x2f32, float)            \
    X(TGT, fp32_t, fp32_t, fp32_t, 16, 16, 4, 4, mfma_f32_16x16x4_f32, mfma_f32_16x16x4f32, float)            \
    X(TGT, fp16_t, fp16_t, fp32_t, 32, 32, 8, 4, mfma_f32_32x32x8_f16, mfma_f32_32x32x8f16, fp16x4_t)         \
    X(TGT, fp16_t, fp16_t, fp32_t, 16, 16, 16, 4, mfma_f32_16x16x16_f16, mfma_f32_16x16x16f16, fp16x4_t)      \
    X(TGT, bf16_t, bf16_t, fp32_t, 32, 32, 8, 4, mfma_f32_32x32x8_bf16, mfma_f32_32x32x8bf16_1k, i16x4_t)     \
    X(TGT, bf16_t, bf16_t, fp32_t, 16, 16, 16, 4, mfma_f32_16x16x16_bf16, mfma_f32_16x16x16bf16_1k, i16x4_t)  \
    X(TGT, double, double, double, 16, 16, 4, 1, mfma_f64_16x16x4_f64, mfma_f64_16x16x4f64, double)           \
    X(TGT, i8_t, i8_t, i32_t, 32, 32, 16, 4, mfma_i32_32x32x16_i8, mfma_i32_32x32x16_i8, i64_t)               \
    X(TGT, i8_t, i8_t, i32_t, 16, 16, 32, 4, mfma_i32_16x16x32_i8, mfma_i32_16x16x32_i8, i64_t)               \
    X(TGT, fp8_t, fp8_t, fp32_t, 32, 32, 16, 4, mfma_f32_32x32x16_fp8_fp8, mfma_f32_32x32x16_fp8_fp8, i64_t)  \
    X(TGT, fp8_t, bf8_t, fp32_t, 32, 32, 16, 4, mfma_f32_32x32x16_fp8_bf8, mfma_f32_32x32x16_fp8_bf8, i64_t)  \
    X(TGT, bf8_t, fp8_t, fp32_t, 32, 32, 16, 4, mfma_f32_32x32x16_bf8_fp8, mfma_f32_32x32x16_bf8_fp8, i64_t)  \
    X(TGT, bf8_t, bf8_t, fp32_t, 32, 32, 16, 4, mfma_f32_32x32x16_bf8_bf8, mfma_f32_32x32x16_bf8_bf8, i64_t)  \
    X(TGT, fp8_t, fp8_t, fp32_t, 16, 16, 32, 4, mfma_f32_16x16x32_fp8_fp8, mfma_f32_16x16x32_fp8_fp8, i64_t)  \
    X(TGT, fp8_t, bf8_t, fp32_t, 16, 16, 32, 4, mfma_f32_16x16x32_fp8_bf8, mfma_f32_16x16x32_fp8_bf8, i64_t)  \
    X(TGT, bf8_t, fp8_t, fp32_t, 16, 16, 32, 4, mfma_f32_16x16x32_bf8_fp8, mfma_f32_16x16x32_bf8_fp8, i64_t)  \
    X(TGT, bf8_t, bf8_t, fp32_t, 16, 16, 32, 4, mfma_f32_16x16x32_bf8_bf8, mfma_f32_16x16x32_bf8_bf8, i64_t)


// ---- what an MFMA row becomes ---------------------------------------------------------
// its id: the enumerator of its name in the family's enum (mma/entry.hpp)
#define OPUS_DETAIL_MFMA_ROW(TGT, A, B, C, M, N, K, CR, NAME, BUILTIN, AT) NAME,
// the entry: the family struct of the row's target (FAMILY), which it derives from (so that its
// row's name is the enumerator in scope), with its id and rows per C group
#define OPUS_DETAIL_MFMA_ENTRY(TGT, A, B, C, M, N, K, CR, NAME, BUILTIN, AT)                                  \
    template <>                                                                                               \
    struct mma_native<A, B, C, M, N, K, target::TGT> : OPUS_DETAIL_MFMA_FAMILY_##TGT {                        \
        enum : int { id = NAME, cr = CR };                                                                    \
    };
// its mnemonic (a case of the family's name<Id>()): "v_" and the name
#define OPUS_DETAIL_MFMA_NAME(TGT, A, B, C, M, N, K, CR, NAME, BUILTIN, AT) case NAME: return "v_" #NAME;
// its builtin call (a branch of the family's issue<E, ...>(a, b, c): cbsz, abid, blgp as given)
#define OPUS_DETAIL_MFMA_ISSUE(TGT, A, B, C, M, N, K, CR, NAME, BUILTIN, AT)                                  \
    if constexpr (Id == int(NAME))                                                                            \
        return __builtin_amdgcn_##BUILTIN(__builtin_bit_cast(AT, a), __builtin_bit_cast(AT, b), c, CB, AB, BL); \
    else
#define OPUS_DETAIL_MFMA_FAMILY_gfx90a mfma_cdna2
#define OPUS_DETAIL_MFMA_FAMILY_gfx942 mfma_cdna3

OPUS_NAMESPACE_BEGIN
namespace detail {

// The lanes of a CDNA MFMA (wave64, single block): A/B lanes (lane % M, lane / M), each with one
// run of K/(64/M) consecutive K; C rows in runs of CR (4 for 32-bit C, 1 for f64). A step-K
// chain lengthens the runs (mma/mfma.hpp: the same lanes as gfx950's native double-K rows).
template <index_t M_, index_t N_, index_t K_, index_t CR>
struct mfma_lanes : mma_lanes {
    static constexpr index_t M = M_, N = N_, K = K_, wave = 64, lane_width = M_, c_run = CR;
    static constexpr index_t k_run = K_ * M_ / 64, k_run_b = k_run;  // a lane's one run of K
    static constexpr bool k_run_per_step = true;
};

// what every MFMA family shares: the lanes of a row (a family is also the base of its entries)
struct mfma_family : mma_entry {
    template <typename E, index_t M, index_t N, index_t K, target T>
    using desc = mma_desc<mfma_lanes<M, N, K, E::cr>>;
    static constexpr bool c_group_outer = false;  // the [rept, pack] split of C: [y rept, p grpm, y pack]
};

#if OPUS_DETAIL_MMA_WANT(GFX90A)
struct mfma_cdna2 : mfma_family {
    using family = mfma_cdna2;
    enum row : int { OPUS_DETAIL_MFMA_ROWS_GFX90A(OPUS_DETAIL_MFMA_ROW) };
    OPUS_DETAIL_MMA_FAMILY_NAME(OPUS_DETAIL_MFMA_ROWS_GFX90A(OPUS_DETAIL_MFMA_NAME))
    OPUS_DETAIL_MMA_FAMILY_ISSUE(OPUS_DETAIL_MFMA_ROWS_GFX90A(OPUS_DETAIL_MFMA_ISSUE))
};
OPUS_DETAIL_MFMA_ROWS_GFX90A(OPUS_DETAIL_MFMA_ENTRY)
#endif

#if OPUS_DETAIL_MMA_WANT(GFX942)
struct mfma_cdna3 : mfma_family {
    using family = mfma_cdna3;
    enum row : int { OPUS_DETAIL_MFMA_ROWS_CDNA3(OPUS_DETAIL_MFMA_ROW, -) };
    OPUS_DETAIL_MMA_FAMILY_NAME(OPUS_DETAIL_MFMA_ROWS_CDNA3(OPUS_DETAIL_MFMA_NAME, -))
    OPUS_DETAIL_MMA_FAMILY_ISSUE(OPUS_DETAIL_MFMA_ROWS_CDNA3(OPUS_DETAIL_MFMA_ISSUE, -))
};
OPUS_DETAIL_MFMA_ROWS_CDNA3(OPUS_DETAIL_MFMA_ENTRY, gfx942)
#endif

} // namespace detail
OPUS_NAMESPACE_END
