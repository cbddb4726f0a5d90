// SPDX-License-Identifier: MIT
// opus/mma/family/wmma_gfx11.hpp - the WMMA instructions of RDNA3 (gfx11xx), wave32 and
// wave64, each written once as a row. The lane layout: wmma_gfx11_desc (below).
#pragma once
#define OPUS_DETAIL_MMA_NAMES_WMMA 1  // aiter's names of WMMA instructions apply (mma/aiter.hpp)

#include "../entry.hpp"

// gfx11 (RDNA3) WMMA: A/B replicated over lane groups, 16 K per lane.
// Rows: X(wave, A, B, C, name (the mnemonic without "v_"), call form, operand type of the
// builtin, __builtin_amdgcn_<name>_w<wave>).
#define OPUS_DETAIL_WMMA_ROWS_GFX11(X)                                                                         \
    X(32, fp16_t, fp16_t, fp32_t, wmma_f32_16x16x16_f16, wmma_ab, fp16x16_t)                                  \
    X(64, fp16_t, fp16_t, fp32_t, wmma_f32_16x16x16_f16, wmma_ab, fp16x16_t)                                  \
    X(32, bf16_t, bf16_t, fp32_t, wmma_f32_16x16x16_bf16, wmma_ab, i16x16_t)                                  \
    X(64, bf16_t, bf16_t, fp32_t, wmma_f32_16x16x16_bf16, wmma_ab, i16x16_t)                                  \
    X(32, i8_t, i8_t, i32_t, wmma_i32_16x16x16_iu8, wmma_iu, i32x4_t)                                         \
    X(64, i8_t, i8_t, i32_t, wmma_i32_16x16x16_iu8, wmma_iu, i32x4_t)


#define OPUS_DETAIL_WMMA11_ENTRY(W, A, B, C, NAME, FORM, AT)                                                  \
    template <>                                                                                               \
    struct mma_native<A, B, C, 16, 16, 16, target::gfx11_w##W> : mma_entry {                                  \
        using family = wmma_rdna3;                                                                            \
        enum : int { id = wmma_rdna3::NAME##_w##W };                                                          \
    };
#define OPUS_DETAIL_WMMA11_ROW(W, A, B, C, NAME, FORM, AT) NAME##_w##W,
#define OPUS_DETAIL_WMMA11_NAME(W, A, B, C, NAME, FORM, AT) case NAME##_w##W: return "v_" #NAME;
#define OPUS_DETAIL_WMMA11_ISSUE(W, A, B, C, NAME, FORM, AT)                                                  \
    if constexpr (Id == int(NAME##_w##W)) return OPUS_DETAIL_MMA_FORM_##FORM(__builtin_amdgcn_##NAME##_w##W, AT); \
    else

OPUS_NAMESPACE_BEGIN
namespace detail {

// The lanes of an RDNA3 WMMA: lanes 16..wave-1 replicate A/B; each lane holds the full K = 16.
template <index_t Wave>
struct wmma_gfx11_lanes : mma_lanes {
    static constexpr index_t M = 16, N = 16, K = 16, wave = Wave, lane_width = 16, k_run = 16, k_run_b = 16, c_run = 1;
    static constexpr bool replicated = true;
};

#if OPUS_DETAIL_MMA_WANT(GFX11)
struct wmma_rdna3 {
    template <typename E, index_t M, index_t N, index_t K, target T>
    using desc = mma_desc<wmma_gfx11_lanes<target_wave_size(T)>>;
    static constexpr bool c_group_outer = false;  // the [rept, pack] split of C: [y rept, p grpm, y pack]
    enum row : int { OPUS_DETAIL_WMMA_ROWS_GFX11(OPUS_DETAIL_WMMA11_ROW) };
    OPUS_DETAIL_MMA_FAMILY_NAME(OPUS_DETAIL_WMMA_ROWS_GFX11(OPUS_DETAIL_WMMA11_NAME))
    OPUS_DETAIL_MMA_FAMILY_ISSUE(OPUS_DETAIL_WMMA_ROWS_GFX11(OPUS_DETAIL_WMMA11_ISSUE))
};
OPUS_DETAIL_WMMA_ROWS_GFX11(OPUS_DETAIL_WMMA11_ENTRY)
#endif

} // namespace detail
OPUS_NAMESPACE_END
