// SPDX-License-Identifier: MIT
// opus/mma/family/wmma_gfx1250.hpp - the WMMA instructions of gfx1250 (wave32 only), each
// written once as a row: 16x16x32 f16 / bf16, 16x16x4 f32, 16x16x64 and 16x16x128 fp8 / bf8,
// with f32 or 16-bit accumulators, the 16x16x128 f8f6f4 forms and 32x16x128 fp4, also with E8M0
// block scales (v_wmma_scale_*: 32 K per scale, v_wmma_scale16_*: 16 K per scale).
#pragma once

#include "../entry.hpp"

// Rows: X(A, B, C, K, KR, name (the mnemonic without "v_"), call form, A/B type of the
// builtin __builtin_amdgcn_<name>, its C type). The 16-bit and f32 builtins take (neg_a, A, neg_b, B,
// matrix format, C, reuse_a, reuse_b), the 8-bit ones (A, B, matrix format, C, reuse_a,
// reuse_b); opus passes no negation, format 0 and no operand-reuse hint.
#define OPUS_DETAIL_WMMA_ROWS_GFX1250(X)                                                                       \
    X(fp16_t, fp16_t, fp32_t, 32, 8, wmma_f32_16x16x32_f16, w1250_neg, fp16x16_t, fp32x8_t)                   \
    X(fp16_t, fp16_t, fp16_t, 32, 8, wmma_f16_16x16x32_f16, w1250_neg, fp16x16_t, fp16x8_t)                   \
    X(bf16_t, bf16_t, fp32_t, 32, 8, wmma_f32_16x16x32_bf16, w1250_neg, bf16x16_t, fp32x8_t)                  \
    X(bf16_t, bf16_t, bf16_t, 32, 8, wmma_bf16_16x16x32_bf16, w1250_neg, bf16x16_t, bf16x8_t)                 \
    X(fp32_t, fp32_t, fp32_t, 4, 2, wmma_f32_16x16x4_f32, w1250_neg, fp32x2_t, fp32x8_t)                      \
    X(fp8_t, fp8_t, fp32_t, 64, 8, wmma_f32_16x16x64_fp8_fp8, w1250_8bit, i32x8_t, fp32x8_t)                  \
    X(fp8_t, bf8_t, fp32_t, 64, 8, wmma_f32_16x16x64_fp8_bf8, w1250_8bit, i32x8_t, fp32x8_t)                  \
    X(bf8_t, fp8_t, fp32_t, 64, 8, wmma_f32_16x16x64_bf8_fp8, w1250_8bit, i32x8_t, fp32x8_t)                  \
    X(bf8_t, bf8_t, fp32_t, 64, 8, wmma_f32_16x16x64_bf8_bf8, w1250_8bit, i32x8_t, fp32x8_t)                  \
    X(fp8_t, fp8_t, fp16_t, 64, 8, wmma_f16_16x16x64_fp8_fp8, w1250_8bit, i32x8_t, fp16x8_t)                  \
    X(fp8_t, bf8_t, fp16_t, 64, 8, wmma_f16_16x16x64_fp8_bf8, w1250_8bit, i32x8_t, fp16x8_t)                  \
    X(bf8_t, fp8_t, fp16_t, 64, 8, wmma_f16_16x16x64_bf8_fp8, w1250_8bit, i32x8_t, fp16x8_t)                  \
    X(bf8_t, bf8_t, fp16_t, 64, 8, wmma_f16_16x16x64_bf8_bf8, w1250_8bit, i32x8_t, fp16x8_t)                  \
    X(fp8_t, fp8_t, fp16_t, 128, 8, wmma_f16_16x16x128_fp8_fp8, w1250_8bit, i32x16_t, fp16x8_t)               \
    X(fp8_t, bf8_t, fp16_t, 128, 8, wmma_f16_16x16x128_fp8_bf8, w1250_8bit, i32x16_t, fp16x8_t)               \
    X(bf8_t, fp8_t, fp16_t, 128, 8, wmma_f16_16x16x128_bf8_fp8, w1250_8bit, i32x16_t, fp16x8_t)               \
    X(bf8_t, bf8_t, fp16_t, 128, 8, wmma_f16_16x16x128_bf8_bf8, w1250_8bit, i32x16_t, fp16x8_t)

// 16x16x128 fp8 / bf8 with f32 C (rows as above): the dense instruction, and with scales the
// f8f6f4 one, whose lane layout both use (16 consecutive K per lane half).
#define OPUS_DETAIL_WMMA_ROWS_GFX1250_F8(X)                                                                    \
    X(fp8_t, fp8_t, fp32_t, 128, 16, wmma_f32_16x16x128_fp8_fp8, w1250_8bit, i32x16_t, fp32x8_t)              \
    X(fp8_t, bf8_t, fp32_t, 128, 16, wmma_f32_16x16x128_fp8_bf8, w1250_8bit, i32x16_t, fp32x8_t)              \
    X(bf8_t, fp8_t, fp32_t, 128, 16, wmma_f32_16x16x128_bf8_fp8, w1250_8bit, i32x16_t, fp32x8_t)              \
    X(bf8_t, bf8_t, fp32_t, 128, 16, wmma_f32_16x16x128_bf8_bf8, w1250_8bit, i32x16_t, fp32x8_t)

// the two instructions whose entries are written out below (any pairing of fp8 / bf8 / fp6 /
// bf6 / fp4 in 16x16x128; fp4 32x16x128). Rows: X(name, operands: OPUS_DETAIL_WMMA1250_AB_<..>).
#define OPUS_DETAIL_WMMA_ROWS_GFX1250_ANY(X) X(wmma_f32_16x16x128_f8f6f4, f8f6f4) X(wmma_f32_32x16x128_f4, f4)

// (other WMMA passes read only the rows above: aiter's names, mma/family/aiter_names.hpp)
#if OPUS_DETAIL_MMA_WANT(GFX1250)
#define OPUS_DETAIL_MMA_NAMES_WMMA 1  // aiter's names of WMMA instructions apply (mma/aiter.hpp)
#define OPUS_DETAIL_MMA_SCALED 1  // this family has scaled instructions (mma_adaptor::scaled)
#include "../f8f6f4.hpp"

// A and B of the f8f6f4 forms (P: the entry's scope, for the format codes): format codes and
// 16 x i32 (mma_f8f6f4_registers); of 32x16x128 fp4: A 16 registers, B 8
#define OPUS_DETAIL_WMMA1250_AB_f8f6f4(P) P format_a, mma_f8f6f4_registers<16>(a), P format_b, mma_f8f6f4_registers<16>(b)
#define OPUS_DETAIL_WMMA1250_AB_f4(P) __builtin_bit_cast(i32x16_t, a), __builtin_bit_cast(i32x8_t, b)
// clang < 22 has no gfx1250 builtins: its host pass of a HIP compile, which never issues them,
// gets bodies that return C
#if OPUS_HIP && defined(__clang_major__) && __clang_major__ < 22
#define OPUS_DETAIL_MMA_FORM_w1250_neg(BUILTIN, AT, CT) c
#define OPUS_DETAIL_MMA_FORM_w1250_8bit(BUILTIN, AT, CT) c
#define OPUS_DETAIL_WMMA1250_ANY_CALL(NAME, AB) c
#define OPUS_DETAIL_WMMA1250_CALL_SCALED(SHAPE, AB, SEL, MSG)                                                 \
    template <index_t SA = 0, index_t SB = 0, typename S, typename VA, typename VB, typename VC>              \
    OPUS_D static VC call_scaled(const VA&, const VB&, const VC& c, S, S) { return c; }
#elif OPUS_HIP
// the f8f6f4 forms: no C modifier; scaled (__builtin_amdgcn_wmma_scale[16]_f32_<SHAPE>): the scale
// lane selectors SA / SB (SEL: which it takes), E8M0 scales (format 0) of 32 bits (scale16: 64
// bits, 16 K per scale), no operand-reuse hint
#define OPUS_DETAIL_WMMA1250_ANY_CALL(NAME, AB) __builtin_amdgcn_##NAME(OPUS_DETAIL_WMMA1250_AB_##AB(E::), short(0), c)
#define OPUS_DETAIL_WMMA1250_CALL_SCALED(SHAPE, AB, SEL, MSG)                                                 \
    template <index_t SA = 0, index_t SB = 0, typename S, typename VA, typename VB, typename VC>              \
    OPUS_D static VC call_scaled(const VA& a, const VB& b, const VC& c, S sa, S sb) {                         \
        static_assert(SEL, MSG);                                                                              \
        if constexpr (sizeof(S) == 8)                                                                         \
            return __builtin_amdgcn_wmma_scale16_f32_##SHAPE(OPUS_DETAIL_WMMA1250_AB_##AB(), short(0), c, SA, 0, \
                                                             static_cast<long long>(sa), SB, 0,               \
                                                             static_cast<long long>(sb), false, false);       \
        else                                                                                                  \
            return __builtin_amdgcn_wmma_scale_f32_##SHAPE(OPUS_DETAIL_WMMA1250_AB_##AB(), short(0), c, SA, 0, \
                                                           static_cast<int>(sa), SB, 0, static_cast<int>(sb), \
                                                           false, false);                                     \
    }
#define OPUS_DETAIL_MMA_FORM_w1250_neg(BUILTIN, AT, CT)                                                       \
    __builtin_bit_cast(VC, BUILTIN(false, __builtin_bit_cast(AT, a), false, __builtin_bit_cast(AT, b), short(0), \
                                   __builtin_bit_cast(CT, c), false, false))
#define OPUS_DETAIL_MMA_FORM_w1250_8bit(BUILTIN, AT, CT)                                                      \
    __builtin_bit_cast(VC, BUILTIN(__builtin_bit_cast(AT, a), __builtin_bit_cast(AT, b), short(0),            \
                                   __builtin_bit_cast(CT, c), false, false))
#else
#define OPUS_DETAIL_WMMA1250_CALL_SCALED(SHAPE, AB, SEL, MSG)
#endif

#define OPUS_DETAIL_WMMA1250_ROW(A, B, C, K, KR, NAME, FORM, AT, CT) NAME,
#define OPUS_DETAIL_WMMA1250_ENTRY(A, B, C, K, KR, NAME, FORM, AT, CT)                                        \
    template <>                                                                                               \
    struct mma_native<A, B, C, 16, 16, K, target::gfx1250> : mma_entry {                                      \
        using family = wmma_gfx1250;                                                                          \
        enum : int { id = wmma_gfx1250::NAME, kr = KR, krb = KR };                                            \
    };
// 16x16x128 fp8 / bf8 with f32 C: the dense instruction's entry, scaled through the f8f6f4 one
#define OPUS_DETAIL_WMMA1250_F8_ENTRY(A, B, C, K, KR, NAME, FORM, AT, CT)                                     \
    template <>                                                                                               \
    struct mma_native<A, B, C, 16, 16, K, target::gfx1250> : wmma_gfx1250_f8f6f4<A, B> {                      \
        enum : int { id = wmma_gfx1250::NAME, kr = KR, krb = KR };                                            \
    };
#define OPUS_DETAIL_WMMA1250_NAME(A, B, C, K, KR, NAME, FORM, AT, CT) case NAME: return "v_" #NAME;
#define OPUS_DETAIL_WMMA1250_ISSUE(A, B, C, K, KR, NAME, FORM, AT, CT)                                        \
    if constexpr (Id == int(NAME)) return OPUS_DETAIL_MMA_FORM_##FORM(__builtin_amdgcn_##NAME, AT, CT);       \
    else
#define OPUS_DETAIL_WMMA1250_ANY_ROW(NAME, AB) NAME,
#define OPUS_DETAIL_WMMA1250_ANY_NAME(NAME, AB) case NAME: return "v_" #NAME;
#define OPUS_DETAIL_WMMA1250_ANY_ISSUE(NAME, AB)                                                              \
    if constexpr (Id == int(NAME)) return OPUS_DETAIL_WMMA1250_ANY_CALL(NAME, AB);                            \
    else

OPUS_NAMESPACE_BEGIN
namespace detail {

// The lane layout of a gfx1250 WMMA (wave32, lane width 16, two lane groups): A/B K = [KG, KP 2,
// KR] with KR consecutive K per register run (16-bit: 8, f32: 2, 8-bit: 8; the f8f6f4 forms and
// the 16x16x128 fp8 / bf8 ones with f32 C: 16 for fp8 / bf8, 32 for fp6 / bf6 / fp4), C as on
// RDNA4 (lanes 0-15 rows 0-7, lanes 16-31 rows 8-15); A's and B's runs differ where one is
// 8-bit and the other 4- or 6-bit. AMD has published no tables for gfx1250:
// these are the layouts Triton, composable_kernel and ROCm's hip-fpsan (probed on the hardware)
// use (docs/evidence.md). For the dense forms only the pairing of A's and B's K matters (opus's
// layouts pair them through one bijection); for the scaled forms K is exact: byte j of a lane's
// scale scales K [32j, 32j + 32) ([16j, 16j + 16) for 64-bit scales) of its row or column.
// 32x16x128 fp4: A's rows 16-31 in registers 8-15 (a row group), C 16 registers (rows r % 8 +
// 8 (lane / 16) + 16 (r / 8)).
template <index_t M_, index_t K_, index_t KR, index_t KRB>
struct wmma_gfx1250_lanes : mma_lanes {
    static constexpr index_t M = M_, N = 16, K = K_, wave = 32, lane_width = 16, k_run = KR, k_run_b = KRB, c_run = 8;
};

struct wmma_gfx1250 {
    template <typename E, index_t M, index_t N, index_t K, target T>
    using desc = mma_desc<wmma_gfx1250_lanes<M, K, E::kr, E::krb>>;
    static constexpr bool c_group_outer = true;  // the [rept, pack] split of C: [p grpm, y rept, y pack]
    enum row : int { OPUS_DETAIL_WMMA_ROWS_GFX1250(OPUS_DETAIL_WMMA1250_ROW) OPUS_DETAIL_WMMA_ROWS_GFX1250_F8(
        OPUS_DETAIL_WMMA1250_ROW) OPUS_DETAIL_WMMA_ROWS_GFX1250_ANY(OPUS_DETAIL_WMMA1250_ANY_ROW) };
    OPUS_DETAIL_MMA_FAMILY_NAME(OPUS_DETAIL_WMMA_ROWS_GFX1250(OPUS_DETAIL_WMMA1250_NAME)
                                    OPUS_DETAIL_WMMA_ROWS_GFX1250_F8(OPUS_DETAIL_WMMA1250_NAME)
                                        OPUS_DETAIL_WMMA_ROWS_GFX1250_ANY(OPUS_DETAIL_WMMA1250_ANY_NAME))
    OPUS_DETAIL_MMA_FAMILY_ISSUE(OPUS_DETAIL_WMMA_ROWS_GFX1250(OPUS_DETAIL_WMMA1250_ISSUE)
                                     OPUS_DETAIL_WMMA_ROWS_GFX1250_F8(OPUS_DETAIL_WMMA1250_ISSUE)
                                         OPUS_DETAIL_WMMA_ROWS_GFX1250_ANY(OPUS_DETAIL_WMMA1250_ANY_ISSUE))
};
// what the 16x16x128 entries with A and B each fp8, bf8, fp6, bf6 or fp4 share: the f8f6f4
// instruction's format codes and scaled call (Exists: whether the entry has an instruction)
template <typename A, typename B, bool Exists = true>
struct wmma_gfx1250_f8f6f4 {
    static constexpr bool exists = Exists, scaled = true;
    using family = wmma_gfx1250;
    static constexpr int format_a = f8f6f4_format<A>, format_b = f8f6f4_format<B>;
    OPUS_DETAIL_WMMA1250_CALL_SCALED(16x16x128_f8f6f4, f8f6f4, (SA == 0 || SA == 1) && (SB == 0 || SB == 1),
                                     "opus mma (gfx1250 scaled WMMA): a scale selector is 0 (the scales of row / "
                                     "column i in lane i) or 1 (in lane i + 16)")
};
OPUS_DETAIL_WMMA_ROWS_GFX1250(OPUS_DETAIL_WMMA1250_ENTRY)
OPUS_DETAIL_WMMA_ROWS_GFX1250_F8(OPUS_DETAIL_WMMA1250_F8_ENTRY)
// a scaled operand may come in all 16 registers; scales may be 64-bit (16 K per scale)
template <> inline constexpr index_t mma_operand_image<target::gfx1250> = 64;
template <> inline constexpr bool mma_wide_scales<target::gfx1250> = true;

// 16x16x128 with A and B each fp8, bf8, fp6, bf6 or fp4, one of them 4- or 6-bit (fp8 / bf8
// pairs are the rows above): the f8f6f4 instruction. Each operand's K runs are its
// format's: 16 per lane half for fp8 / bf8, 32 for fp4 / fp6 / bf6.
template <typename A, typename B>
struct mma_native<A, B, fp32_t, 16, 16, 128, target::gfx1250>
    : wmma_gfx1250_f8f6f4<A, B, is_f8f6f4_pair<A, B> && (f8f6f4_format<A> >= 2 || f8f6f4_format<B> >= 2)> {
    enum : int { id = wmma_gfx1250::wmma_f32_16x16x128_f8f6f4, kr = f8f6f4_format<A> >= 2 ? 32 : 16, krb = f8f6f4_format<B> >= 2 ? 32 : 16 };
};

// 32x16x128 with fp4 A and B (v_wmma_f32_32x16x128_f4): A 32 rows (two row groups), C 32 x 16.
template <>
struct mma_native<fp4_t, fp4_t, fp32_t, 32, 16, 128, target::gfx1250> : mma_entry {
    using family = wmma_gfx1250;
    enum : int { id = wmma_gfx1250::wmma_f32_32x16x128_f4, kr = 32, krb = 32 };
    static constexpr bool scaled = true;
    static constexpr int format_a = 4, format_b = 4;
    OPUS_DETAIL_WMMA1250_CALL_SCALED(32x16x128_f4, f4, SA == 0 && (SB == 0 || SB == 1),
                                     "opus mma (gfx1250 32x16x128 fp4): A's scales are row m's in lane m (selector "
                                     "0); B's selector is 0 or 1")
};

} // namespace detail
OPUS_NAMESPACE_END
#endif
