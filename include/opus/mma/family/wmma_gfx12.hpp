// SPDX-License-Identifier: MIT
// opus/mma/family/wmma_gfx12.hpp - the WMMA instructions of RDNA4 (gfx12xx), wave32 and
// wave64, each written once as a row. The lane layout: wmma_gfx12_desc (below).
#pragma once
#define OPUS_DETAIL_MMA_NAMES_WMMA 1  // aiter's names of WMMA instructions apply (mma/aiter.hpp)

#include "../entry.hpp"

// gfx12 (RDNA4) WMMA, wave32 and wave64. wave64: the lane groups of C (and of 8-bit A/B) are
// swizzled (see wmma_gfx12_desc); the lane_coord_* helpers apply it, so layouts built from
// them match the RDNA4 *_w64 tables.
// Rows: X(wave, A, B, C, K values per register run, swizzled, name (the mnemonic without
// "v_"), call form, operand type of the builtin, __builtin_amdgcn_<name>_w<wave>_gfx12); lanes:
// wmma_gfx12_lanes<wave, KR, swizzled>.
#define OPUS_DETAIL_WMMA_ROWS_GFX12(X)                                                                         \
    X(32, fp16_t, fp16_t, fp32_t, 4, false, wmma_f32_16x16x16_f16, wmma_ab, fp16x8_t)                         \
    X(32, bf16_t, bf16_t, fp32_t, 4, false, wmma_f32_16x16x16_bf16, wmma_ab, i16x8_t)                         \
    X(32, fp16_t, fp16_t, fp16_t, 4, false, wmma_f16_16x16x16_f16, wmma_c16, fp16x8_t)                        \
    X(32, bf16_t, bf16_t, bf16_t, 4, false, wmma_bf16_16x16x16_bf16, wmma_c16, i16x8_t)                       \
    X(32, i8_t, i8_t, i32_t, 8, false, wmma_i32_16x16x16_iu8, wmma_iu, i32x2_t)                               \
    X(32, fp8_t, fp8_t, fp32_t, 8, false, wmma_f32_16x16x16_fp8_fp8, wmma_ab, i32x2_t)                        \
    X(32, fp8_t, bf8_t, fp32_t, 8, false, wmma_f32_16x16x16_fp8_bf8, wmma_ab, i32x2_t)                        \
    X(32, bf8_t, fp8_t, fp32_t, 8, false, wmma_f32_16x16x16_bf8_fp8, wmma_ab, i32x2_t)                        \
    X(32, bf8_t, bf8_t, fp32_t, 8, false, wmma_f32_16x16x16_bf8_bf8, wmma_ab, i32x2_t)                        \
    X(64, fp16_t, fp16_t, fp32_t, 4, false, wmma_f32_16x16x16_f16, wmma_ab, fp16x4_t)                         \
    X(64, bf16_t, bf16_t, fp32_t, 4, false, wmma_f32_16x16x16_bf16, wmma_ab, i16x4_t)                         \
    X(64, fp16_t, fp16_t, fp16_t, 4, false, wmma_f16_16x16x16_f16, wmma_c16, fp16x4_t)                        \
    X(64, bf16_t, bf16_t, bf16_t, 4, false, wmma_bf16_16x16x16_bf16, wmma_c16, i16x4_t)                       \
    X(64, i8_t, i8_t, i32_t, 4, true, wmma_i32_16x16x16_iu8, wmma_iu, int)                                    \
    X(64, fp8_t, fp8_t, fp32_t, 4, true, wmma_f32_16x16x16_fp8_fp8, wmma_ab, int)                             \
    X(64, fp8_t, bf8_t, fp32_t, 4, true, wmma_f32_16x16x16_fp8_bf8, wmma_ab, int)                             \
    X(64, bf8_t, fp8_t, fp32_t, 4, true, wmma_f32_16x16x16_bf8_fp8, wmma_ab, int)                             \
    X(64, bf8_t, bf8_t, fp32_t, 4, true, wmma_f32_16x16x16_bf8_bf8, wmma_ab, int)


#define OPUS_DETAIL_WMMA12_ENTRY(W, A, B, C, KR, SWZ, NAME, FORM, AT)                                         \
    template <>                                                                                               \
    struct mma_native<A, B, C, 16, 16, 16, target::gfx12_w##W> : mma_entry {                                  \
        using family = wmma_rdna4;                                                                            \
        enum : int { id = wmma_rdna4::NAME##_w##W, kr = KR, swz = SWZ };                                      \
    };
#define OPUS_DETAIL_WMMA12_ROW(W, A, B, C, KR, SWZ, NAME, FORM, AT) NAME##_w##W,
#define OPUS_DETAIL_WMMA12_NAME(W, A, B, C, KR, SWZ, NAME, FORM, AT) case NAME##_w##W: return "v_" #NAME;
#define OPUS_DETAIL_WMMA12_ISSUE(W, A, B, C, KR, SWZ, NAME, FORM, AT)                                         \
    if constexpr (Id == int(NAME##_w##W)) return OPUS_DETAIL_MMA_FORM_##FORM(__builtin_amdgcn_##NAME##_w##W##_gfx12, AT); \
    else

OPUS_NAMESPACE_BEGIN
namespace detail {

// The lanes of an RDNA4 WMMA: 16-bit types: K = [k groups, lane groups, 4]; 8-bit types: wave32
// K = [lane groups 2, 8], wave64 K = [lane groups 4, 4] with the lane groups swizzled. In wave64
// the four lane groups g = lane / 16 do not take rows (C) / K blocks (8-bit A, B) in lane order
// but in the order g' = (g % 2) * 2 + g / 2 (lanes 0-15, 32-47, 16-31, 48-63; see the RDNA4 *_w64
// tables): the layouts stay linear in g', and lane_group() (mma/desc.hpp) maps lane -> g'.
template <index_t Wave, index_t KR, bool SwzAB>
struct wmma_gfx12_lanes : mma_lanes {
    static constexpr index_t M = 16, N = 16, K = 16, wave = Wave, lane_width = 16, k_run = KR, k_run_b = KR, c_run = 256 / Wave;
    static constexpr bool swizzle_ab = SwzAB, swizzle_c = Wave == 64;
};

#if OPUS_DETAIL_MMA_WANT(GFX12)
struct wmma_rdna4 {
    template <typename E, index_t M, index_t N, index_t K, target T>
    using desc = mma_desc<wmma_gfx12_lanes<target_wave_size(T), E::kr, E::swz != 0>>;
    static constexpr bool c_group_outer = true;  // the [rept, pack] split of C: [p grpm, y rept, y pack]
    enum row : int { OPUS_DETAIL_WMMA_ROWS_GFX12(OPUS_DETAIL_WMMA12_ROW) };
    OPUS_DETAIL_MMA_FAMILY_NAME(OPUS_DETAIL_WMMA_ROWS_GFX12(OPUS_DETAIL_WMMA12_NAME))
    OPUS_DETAIL_MMA_FAMILY_ISSUE(OPUS_DETAIL_WMMA_ROWS_GFX12(OPUS_DETAIL_WMMA12_ISSUE))
};
OPUS_DETAIL_WMMA_ROWS_GFX12(OPUS_DETAIL_WMMA12_ENTRY)
#endif

} // namespace detail
OPUS_NAMESPACE_END
