// SPDX-License-Identifier: MIT
// opus/mma/family/wmma_gfx1250.hpp - the WMMA instructions of gfx1250 (wave32 only), each
// written once as a row: 16x16x32 f16 / bf16, 16x16x4 f32, 16x16x64 and 16x16x128 fp8 / bf8,
// with f32 or 16-bit accumulators. The scaled (f8f6f4) forms are not here yet.
#pragma once

#include "opus/mma/entry.hpp"
#include "opus/mma/desc.hpp"

// Rows: X(id, A, B, C, K, KR, mnemonic, call form, builtin, A/B type of the builtin, C type of
// the builtin). The 16-bit and f32 builtins take (neg_a, A, neg_b, B, matrix format, C,
// reuse_a, reuse_b), the 8-bit ones (A, B, matrix format, C, reuse_a, reuse_b); opus passes
// no negation, format 0 and no operand-reuse hint.
#define OPUS_DETAIL_WMMA_ROWS_GFX1250(X)                                                                       \
    X(70, fp16_t, fp16_t, fp32_t, 32, 8, "v_wmma_f32_16x16x32_f16", w1250_neg,                                \
      __builtin_amdgcn_wmma_f32_16x16x32_f16, fp16x16_t, fp32x8_t)                                          \
    X(71, fp16_t, fp16_t, fp16_t, 32, 8, "v_wmma_f16_16x16x32_f16", w1250_neg,                                \
      __builtin_amdgcn_wmma_f16_16x16x32_f16, fp16x16_t, fp16x8_t)                                          \
    X(72, bf16_t, bf16_t, fp32_t, 32, 8, "v_wmma_f32_16x16x32_bf16", w1250_neg,                               \
      __builtin_amdgcn_wmma_f32_16x16x32_bf16, bf16x16_t, fp32x8_t)                                         \
    X(73, bf16_t, bf16_t, bf16_t, 32, 8, "v_wmma_bf16_16x16x32_bf16", w1250_neg,                              \
      __builtin_amdgcn_wmma_bf16_16x16x32_bf16, bf16x16_t, bf16x8_t)                                        \
    X(74, fp32_t, fp32_t, fp32_t, 4, 2, "v_wmma_f32_16x16x4_f32", w1250_neg,                                  \
      __builtin_amdgcn_wmma_f32_16x16x4_f32, fp32x2_t, fp32x8_t)                                            \
    X(75, fp8_t, fp8_t, fp32_t, 64, 8, "v_wmma_f32_16x16x64_fp8_fp8", w1250_8bit,                             \
      __builtin_amdgcn_wmma_f32_16x16x64_fp8_fp8, mma_v8i32, fp32x8_t)                                      \
    X(76, fp8_t, bf8_t, fp32_t, 64, 8, "v_wmma_f32_16x16x64_fp8_bf8", w1250_8bit,                             \
      __builtin_amdgcn_wmma_f32_16x16x64_fp8_bf8, mma_v8i32, fp32x8_t)                                      \
    X(77, bf8_t, fp8_t, fp32_t, 64, 8, "v_wmma_f32_16x16x64_bf8_fp8", w1250_8bit,                             \
      __builtin_amdgcn_wmma_f32_16x16x64_bf8_fp8, mma_v8i32, fp32x8_t)                                      \
    X(78, bf8_t, bf8_t, fp32_t, 64, 8, "v_wmma_f32_16x16x64_bf8_bf8", w1250_8bit,                             \
      __builtin_amdgcn_wmma_f32_16x16x64_bf8_bf8, mma_v8i32, fp32x8_t)                                      \
    X(79, fp8_t, fp8_t, fp16_t, 64, 8, "v_wmma_f16_16x16x64_fp8_fp8", w1250_8bit,                             \
      __builtin_amdgcn_wmma_f16_16x16x64_fp8_fp8, mma_v8i32, fp16x8_t)                                      \
    X(80, fp8_t, bf8_t, fp16_t, 64, 8, "v_wmma_f16_16x16x64_fp8_bf8", w1250_8bit,                             \
      __builtin_amdgcn_wmma_f16_16x16x64_fp8_bf8, mma_v8i32, fp16x8_t)                                      \
    X(81, bf8_t, fp8_t, fp16_t, 64, 8, "v_wmma_f16_16x16x64_bf8_fp8", w1250_8bit,                             \
      __builtin_amdgcn_wmma_f16_16x16x64_bf8_fp8, mma_v8i32, fp16x8_t)                                      \
    X(82, bf8_t, bf8_t, fp16_t, 64, 8, "v_wmma_f16_16x16x64_bf8_bf8", w1250_8bit,                             \
      __builtin_amdgcn_wmma_f16_16x16x64_bf8_bf8, mma_v8i32, fp16x8_t)                                      \
    X(83, fp8_t, fp8_t, fp32_t, 128, 8, "v_wmma_f32_16x16x128_fp8_fp8", w1250_8bit,                           \
      __builtin_amdgcn_wmma_f32_16x16x128_fp8_fp8, mma_v16i32, fp32x8_t)                                    \
    X(84, fp8_t, bf8_t, fp32_t, 128, 8, "v_wmma_f32_16x16x128_fp8_bf8", w1250_8bit,                           \
      __builtin_amdgcn_wmma_f32_16x16x128_fp8_bf8, mma_v16i32, fp32x8_t)                                    \
    X(85, bf8_t, fp8_t, fp32_t, 128, 8, "v_wmma_f32_16x16x128_bf8_fp8", w1250_8bit,                           \
      __builtin_amdgcn_wmma_f32_16x16x128_bf8_fp8, mma_v16i32, fp32x8_t)                                    \
    X(86, bf8_t, bf8_t, fp32_t, 128, 8, "v_wmma_f32_16x16x128_bf8_bf8", w1250_8bit,                           \
      __builtin_amdgcn_wmma_f32_16x16x128_bf8_bf8, mma_v16i32, fp32x8_t)                                    \
    X(87, fp8_t, fp8_t, fp16_t, 128, 8, "v_wmma_f16_16x16x128_fp8_fp8", w1250_8bit,                           \
      __builtin_amdgcn_wmma_f16_16x16x128_fp8_fp8, mma_v16i32, fp16x8_t)                                    \
    X(88, fp8_t, bf8_t, fp16_t, 128, 8, "v_wmma_f16_16x16x128_fp8_bf8", w1250_8bit,                           \
      __builtin_amdgcn_wmma_f16_16x16x128_fp8_bf8, mma_v16i32, fp16x8_t)                                    \
    X(89, bf8_t, fp8_t, fp16_t, 128, 8, "v_wmma_f16_16x16x128_bf8_fp8", w1250_8bit,                           \
      __builtin_amdgcn_wmma_f16_16x16x128_bf8_fp8, mma_v16i32, fp16x8_t)                                    \
    X(90, bf8_t, bf8_t, fp16_t, 128, 8, "v_wmma_f16_16x16x128_bf8_bf8", w1250_8bit,                           \
      __builtin_amdgcn_wmma_f16_16x16x128_bf8_bf8, mma_v16i32, fp16x8_t)

// (clang < 22 has no gfx1250 builtins: its host pass of a HIP compile, which never issues
// them, gets a body that returns C)
#if OPUS_HIP && defined(__clang_major__) && __clang_major__ < 22
#define OPUS_DETAIL_MMA_FORM_w1250_neg(BUILTIN, AT, CT) c
#define OPUS_DETAIL_MMA_FORM_w1250_8bit(BUILTIN, AT, CT) c
#elif OPUS_HIP
#define OPUS_DETAIL_MMA_FORM_w1250_neg(BUILTIN, AT, CT)                                                       \
    __builtin_bit_cast(VC, BUILTIN(false, __builtin_bit_cast(AT, a), false, __builtin_bit_cast(AT, b), short(0), \
                                   __builtin_bit_cast(CT, c), false, false))
#define OPUS_DETAIL_MMA_FORM_w1250_8bit(BUILTIN, AT, CT)                                                      \
    __builtin_bit_cast(VC, BUILTIN(__builtin_bit_cast(AT, a), __builtin_bit_cast(AT, b), short(0),            \
                                   __builtin_bit_cast(CT, c), false, false))
#endif

#define OPUS_DETAIL_WMMA1250_ENTRY(ID, A, B, C, K, KR, NAME, FORM, BUILTIN, AT, CT)                           \
    template <>                                                                                               \
    struct mma_native<A, B, C, 16, 16, K, target::gfx1250> : mma_entry {                                      \
        using family = wmma_gfx1250;                                                                          \
        enum : int { id = ID, kr = KR };                                                                      \
    };
#define OPUS_DETAIL_WMMA1250_NAME(ID, A, B, C, K, KR, NAME, FORM, BUILTIN, AT, CT) case ID: return NAME;
#define OPUS_DETAIL_WMMA1250_ISSUE(ID, A, B, C, K, KR, NAME, FORM, BUILTIN, AT, CT)                           \
    if constexpr (Id == ID) return OPUS_DETAIL_MMA_FORM_##FORM(BUILTIN, AT, CT);                               \
    else

namespace opus {
namespace detail {

// The lane layout of a gfx1250 WMMA (wave32, lane width 16, two lane groups): A/B K = [KG, KP 2,
// KR] with KR consecutive K per register run (16-bit: 8, f32: 2, 8-bit: 8), C as on RDNA4 (lanes
// 0-15 rows 0-7, lanes 16-31 rows 8-15). The K split inside a lane is inferred from the RDNA4
// pattern and is not checked against a table (none is published for gfx1250; docs/evidence.md):
// opus's layouts pair A's and B's registers through one bijection of K, whichever the ISA's is.
template <index_t K, index_t KR>
using wmma_gfx1250_desc = mma_desc<16, 16, K, 32, 16, K / (2 * KR), 2, KR, false, 1, 2, 8>;

#if OPUS_DETAIL_MMA_WANT(GFX1250)
struct wmma_gfx1250 {
    template <typename E, index_t M, index_t N, index_t K, target T>
    using desc = wmma_gfx1250_desc<K, E::kr>;
    static constexpr bool c_group_outer = true;  // the [rept, pack] split of C: [p grpm, y rept, y pack]
    OPUS_DETAIL_MMA_FAMILY_NAME(OPUS_DETAIL_WMMA_ROWS_GFX1250(OPUS_DETAIL_WMMA1250_NAME))
    OPUS_DETAIL_MMA_FAMILY_ISSUE(OPUS_DETAIL_WMMA_ROWS_GFX1250(OPUS_DETAIL_WMMA1250_ISSUE))
};
OPUS_DETAIL_WMMA_ROWS_GFX1250(OPUS_DETAIL_WMMA1250_ENTRY)
#endif

} // namespace detail
} // namespace opus
