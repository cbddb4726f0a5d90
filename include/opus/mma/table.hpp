// SPDX-License-Identifier: MIT
// opus/mma/table.hpp - the matrix-core instruction table: one entry per (A, B, C, M, N, K,
// target), each naming its lane layout (mma/desc.hpp), its ISA mnemonic and, in HIP
// compiles, the builtin that issues it.
//
//   detail::mma_native<A, B, C, M, N, K, mma_target::gfx942>::exists / ::desc / ::name
//   detail::mma_select<A, B, C, M, N, K, T>   native instruction, or step-K chain of one
//
// Unsupported (types, shape, target): detail::mma_unsupported<...> static_asserts with the
// list of shapes the target has for those types.
#pragma once

#include "opus/mma/desc.hpp"
#include "opus/mma/operand.hpp"
#include "opus/arch/dtype.hpp"
#include "opus/core/vector.hpp"

namespace opus {
namespace detail {

using mma_v2i16 = vector_t<short, 2>;
using mma_v4i16 = vector_t<short, 4>;
using mma_v8i16 = vector_t<short, 8>;
using mma_v16i16 = vector_t<short, 16>;
using mma_v2i32 = vector_t<int, 2>;
using mma_v4i32 = vector_t<int, 4>;
using mma_v8i32 = vector_t<int, 8>;
using mma_i64 = long long;

template <typename A, typename B, typename C, index_t M, index_t N, index_t K, mma_target T>
struct mma_native {
    static constexpr bool exists = false;
};
// what every entry below has (a base costs less than two static members in each entry: in a
// device pass each static member of a non-template class is bookkept like a function)
struct mma_entry {
    static constexpr bool exists = true;
    static constexpr bool scaled = false;
};

// ---- call forms (device code only) -------------------------------------------------------
// `call<CBSZ, ABID, BLGP>(a, b, c)` issues the instruction on register vectors a (elem_a
// values), b, c. Every argument is dependent, so a builtin is only checked when the entry is
// used (and only for the target it belongs to: see mma_adaptor::operator()).
#if OPUS_HIP
// a scaled-MFMA operand (32, 24 or 16 bytes per lane) as the builtin's 8 x i32
template <typename V>
OPUS_D mma_v8i32 mma_scale_operand(const V& v) {
    constexpr index_t n = index_t(sizeof(V)) / 4;
    static_assert(n == 8 || n == 6 || n == 4, "opus mma: a scaled f8f6f4 operand is 8, 6 or 4 registers");
    if constexpr (n == 8) {
        return __builtin_bit_cast(mma_v8i32, v);
    } else if constexpr (n == 4) {  // fp4: the 4 registers, then 4 zero ones (no loop to unroll)
        typedef int v4i32 __attribute__((ext_vector_type(4)));
        return __builtin_shufflevector(__builtin_bit_cast(v4i32, v), v4i32{}, 0, 1, 2, 3, 4, 5, 6, 7);
    } else {
        struct regs { int r[n]; };
        const regs d = __builtin_bit_cast(regs, v);
        mma_v8i32 r{};
        for (index_t i = 0; i < n; ++i) r[i] = d.r[i];
        return r;
    }
}
#define OPUS_DETAIL_MMA_CALL_MFMA(BUILTIN, AT)                                                 \
    template <index_t CB, index_t AB, index_t BL, typename VA, typename VB, typename VC>       \
    OPUS_D static VC call(const VA& a, const VB& b, const VC& c) {                            \
        return BUILTIN(__builtin_bit_cast(AT, a), __builtin_bit_cast(AT, b), c, CB, AB, BL);   \
    }
// scaled f8f6f4: format codes of A (cbsz) and B (blgp), scales are e8m0 (127 = 1.0)
// (operands of fp6 / fp4 fill 6 / 4 of the 8 registers; the backend narrows the operand)
#define OPUS_DETAIL_MMA_CALL_MFMA_SCALE(BUILTIN, FA, FB)                                       \
    template <index_t CB, index_t AB, index_t BL, typename VA, typename VB, typename VC>       \
    OPUS_D static VC call(const VA& a, const VB& b, const VC& c) {                            \
        return BUILTIN(mma_scale_operand(a), mma_scale_operand(b), c, FA, FB, 0, 127, 0, 127); \
    }                                                                                         \
    template <index_t SA = 0, index_t SB = 0, typename VA, typename VB, typename VC>          \
    OPUS_D static VC call_scaled(const VA& a, const VB& b, const VC& c, int sa, int sb) {     \
        return BUILTIN(mma_scale_operand(a), mma_scale_operand(b), c, FA, FB, SA, sa, SB, sb); \
    }
#define OPUS_DETAIL_MMA_CALL_WMMA(BUILTIN, AT)                                                 \
    template <index_t CB, index_t AB, index_t BL, typename VA, typename VB, typename VC>       \
    OPUS_D static VC call(const VA& a, const VB& b, const VC& c) {                            \
        return BUILTIN(__builtin_bit_cast(AT, a), __builtin_bit_cast(AT, b), c);               \
    }
#define OPUS_DETAIL_MMA_CALL_WMMA_IU(BUILTIN, AT)                                              \
    template <index_t CB, index_t AB, index_t BL, typename VA, typename VB, typename VC>       \
    OPUS_D static VC call(const VA& a, const VB& b, const VC& c) {                            \
        return BUILTIN(true, __builtin_bit_cast(AT, a), true, __builtin_bit_cast(AT, b), c, false); \
    }
// 16-bit C (gfx12 f16 / bf16 accumulators): C goes through the builtin's type too
#define OPUS_DETAIL_MMA_CALL_WMMA_C16(BUILTIN, AT)                                             \
    template <index_t CB, index_t AB, index_t BL, typename VA, typename VB, typename VC>       \
    OPUS_D static VC call(const VA& a, const VB& b, const VC& c) {                            \
        return __builtin_bit_cast(VC, BUILTIN(__builtin_bit_cast(AT, a), __builtin_bit_cast(AT, b), \
                                              __builtin_bit_cast(AT, c)));                    \
    }
#else
#define OPUS_DETAIL_MMA_CALL_WMMA_C16(BUILTIN, AT)
#define OPUS_DETAIL_MMA_CALL_MFMA(BUILTIN, AT)
#define OPUS_DETAIL_MMA_CALL_MFMA_SCALE(BUILTIN, FA, FB)
#define OPUS_DETAIL_MMA_CALL_WMMA(BUILTIN, AT)
#define OPUS_DETAIL_MMA_CALL_WMMA_IU(BUILTIN, AT)
#endif

// Compile time: a device pass declares only the entries of the target it compiles (about a
// fifth of the table; the rest is skipped by #if, never tokenized as code). Host code and the
// host pass of a HIP compile see every target. Define OPUS_MMA_ALL_TARGETS to keep all entries
// everywhere (e.g. to query another target's layouts from device code). Each entry is one
// macro level deep: the preprocessor was the largest cost of this header when the entries went
// through filter macros.
#if OPUS_DEVICE_PASS && !defined(OPUS_MMA_ALL_TARGETS)
#define OPUS_DETAIL_MMA_WANT(G) OPUS_##G
#else
#define OPUS_DETAIL_MMA_WANT(G) 1
#endif

// MFMA entry: desc from the shape (CR = rows per C group: 4 for 32-bit C, 1 for f64)
#define OPUS_DETAIL_MFMA(TGT, A, B, C, M, N, K, CR, NAME, BUILTIN, AT)                         \
    template <>                                                                               \
    struct mma_native<A, B, C, M, N, K, mma_target::TGT> : mma_entry {                        \
        using desc = mfma_desc<M, N, K, CR>;                                                  \
        static constexpr const char* name = NAME;                                             \
        OPUS_DETAIL_MMA_CALL_MFMA(BUILTIN, AT)                                                \
    };

// ---- gfx90a (CDNA2), gfx942 (CDNA3), gfx950 (CDNA4) -------------------------------------
#if OPUS_DETAIL_MMA_WANT(GFX90A)
OPUS_DETAIL_MFMA(gfx90a, fp32_t, fp32_t, fp32_t, 32, 32, 2, 4, "v_mfma_f32_32x32x2f32",
                 __builtin_amdgcn_mfma_f32_32x32x2f32, float)
OPUS_DETAIL_MFMA(gfx90a, fp32_t, fp32_t, fp32_t, 16, 16, 4, 4, "v_mfma_f32_16x16x4f32",
                 __builtin_amdgcn_mfma_f32_16x16x4f32, float)
OPUS_DETAIL_MFMA(gfx90a, fp16_t, fp16_t, fp32_t, 32, 32, 8, 4, "v_mfma_f32_32x32x8f16",
                 __builtin_amdgcn_mfma_f32_32x32x8f16, fp16x4_t)
OPUS_DETAIL_MFMA(gfx90a, fp16_t, fp16_t, fp32_t, 16, 16, 16, 4, "v_mfma_f32_16x16x16f16",
                 __builtin_amdgcn_mfma_f32_16x16x16f16, fp16x4_t)
// bf16: the "_1k" builtins of CDNA2 (named plainly from CDNA3 on)
OPUS_DETAIL_MFMA(gfx90a, bf16_t, bf16_t, fp32_t, 32, 32, 8, 4, "v_mfma_f32_32x32x8bf16_1k",
                 __builtin_amdgcn_mfma_f32_32x32x8bf16_1k, mma_v4i16)
OPUS_DETAIL_MFMA(gfx90a, bf16_t, bf16_t, fp32_t, 16, 16, 16, 4, "v_mfma_f32_16x16x16bf16_1k",
                 __builtin_amdgcn_mfma_f32_16x16x16bf16_1k, mma_v4i16)
OPUS_DETAIL_MFMA(gfx90a, double, double, double, 16, 16, 4, 1, "v_mfma_f64_16x16x4f64",
                 __builtin_amdgcn_mfma_f64_16x16x4f64, double)
// int8: CDNA2 has K = 8 / 16 (4 bytes per lane), CDNA3 K = 16 / 32 (8 bytes per lane)
OPUS_DETAIL_MFMA(gfx90a, i8_t, i8_t, i32_t, 32, 32, 8, 4, "v_mfma_i32_32x32x8i8",
                 __builtin_amdgcn_mfma_i32_32x32x8i8, int)
OPUS_DETAIL_MFMA(gfx90a, i8_t, i8_t, i32_t, 16, 16, 16, 4, "v_mfma_i32_16x16x16i8",
                 __builtin_amdgcn_mfma_i32_16x16x16i8, int)
#endif

// the entries gfx942 and gfx950 share (fp8 / bf8: FNUZ encodings on gfx942, OCP on gfx950)
#define OPUS_DETAIL_MFMA_CDNA3(TGT)                                                             \
    OPUS_DETAIL_MFMA(TGT, fp32_t, fp32_t, fp32_t, 32, 32, 2, 4, "v_mfma_f32_32x32x2_f32",        \
                     __builtin_amdgcn_mfma_f32_32x32x2f32, float)                             \
    OPUS_DETAIL_MFMA(TGT, fp32_t, fp32_t, fp32_t, 16, 16, 4, 4, "v_mfma_f32_16x16x4_f32",        \
                     __builtin_amdgcn_mfma_f32_16x16x4f32, float)                             \
    OPUS_DETAIL_MFMA(TGT, fp16_t, fp16_t, fp32_t, 32, 32, 8, 4, "v_mfma_f32_32x32x8_f16",        \
                     __builtin_amdgcn_mfma_f32_32x32x8f16, fp16x4_t)                          \
    OPUS_DETAIL_MFMA(TGT, fp16_t, fp16_t, fp32_t, 16, 16, 16, 4, "v_mfma_f32_16x16x16_f16",      \
                     __builtin_amdgcn_mfma_f32_16x16x16f16, fp16x4_t)                         \
    OPUS_DETAIL_MFMA(TGT, bf16_t, bf16_t, fp32_t, 32, 32, 8, 4, "v_mfma_f32_32x32x8_bf16",       \
                     __builtin_amdgcn_mfma_f32_32x32x8bf16_1k, mma_v4i16)                     \
    OPUS_DETAIL_MFMA(TGT, bf16_t, bf16_t, fp32_t, 16, 16, 16, 4, "v_mfma_f32_16x16x16_bf16",     \
                     __builtin_amdgcn_mfma_f32_16x16x16bf16_1k, mma_v4i16)                    \
    OPUS_DETAIL_MFMA(TGT, double, double, double, 16, 16, 4, 1, "v_mfma_f64_16x16x4_f64",        \
                     __builtin_amdgcn_mfma_f64_16x16x4f64, double)                            \
    OPUS_DETAIL_MFMA(TGT, i8_t, i8_t, i32_t, 32, 32, 16, 4, "v_mfma_i32_32x32x16_i8",            \
                     __builtin_amdgcn_mfma_i32_32x32x16_i8, mma_i64)                          \
    OPUS_DETAIL_MFMA(TGT, i8_t, i8_t, i32_t, 16, 16, 32, 4, "v_mfma_i32_16x16x32_i8",            \
                     __builtin_amdgcn_mfma_i32_16x16x32_i8, mma_i64)                          \
    OPUS_DETAIL_MFMA(TGT, fp8_t, fp8_t, fp32_t, 32, 32, 16, 4, "v_mfma_f32_32x32x16_fp8_fp8",    \
                     __builtin_amdgcn_mfma_f32_32x32x16_fp8_fp8, mma_i64)                     \
    OPUS_DETAIL_MFMA(TGT, fp8_t, bf8_t, fp32_t, 32, 32, 16, 4, "v_mfma_f32_32x32x16_fp8_bf8",    \
                     __builtin_amdgcn_mfma_f32_32x32x16_fp8_bf8, mma_i64)                     \
    OPUS_DETAIL_MFMA(TGT, bf8_t, fp8_t, fp32_t, 32, 32, 16, 4, "v_mfma_f32_32x32x16_bf8_fp8",    \
                     __builtin_amdgcn_mfma_f32_32x32x16_bf8_fp8, mma_i64)                     \
    OPUS_DETAIL_MFMA(TGT, bf8_t, bf8_t, fp32_t, 32, 32, 16, 4, "v_mfma_f32_32x32x16_bf8_bf8",    \
                     __builtin_amdgcn_mfma_f32_32x32x16_bf8_bf8, mma_i64)                     \
    OPUS_DETAIL_MFMA(TGT, fp8_t, fp8_t, fp32_t, 16, 16, 32, 4, "v_mfma_f32_16x16x32_fp8_fp8",    \
                     __builtin_amdgcn_mfma_f32_16x16x32_fp8_fp8, mma_i64)                     \
    OPUS_DETAIL_MFMA(TGT, fp8_t, bf8_t, fp32_t, 16, 16, 32, 4, "v_mfma_f32_16x16x32_fp8_bf8",    \
                     __builtin_amdgcn_mfma_f32_16x16x32_fp8_bf8, mma_i64)                     \
    OPUS_DETAIL_MFMA(TGT, bf8_t, fp8_t, fp32_t, 16, 16, 32, 4, "v_mfma_f32_16x16x32_bf8_fp8",    \
                     __builtin_amdgcn_mfma_f32_16x16x32_bf8_fp8, mma_i64)                     \
    OPUS_DETAIL_MFMA(TGT, bf8_t, bf8_t, fp32_t, 16, 16, 32, 4, "v_mfma_f32_16x16x32_bf8_bf8",    \
                     __builtin_amdgcn_mfma_f32_16x16x32_bf8_bf8, mma_i64)
#if OPUS_DETAIL_MMA_WANT(GFX942)
OPUS_DETAIL_MFMA_CDNA3(gfx942)
#endif

// gfx950 scaled f8f6f4: A and B each fp8 / bf8 / fp6 / bf6 / fp4, any pairing; 32 consecutive
// K per lane in every format (packed: mma/operand.hpp). The format codes (cbsz for A, blgp
// for B: fp8 0, bf8 1, fp6 2, bf6 3, fp4 4) follow from the types. Without explicit scales
// operator() uses scale 1.0 (e8m0 127); mma.scaled(a, b, c, sa, sb) passes them. One partial
// specialization per shape covers the 25 pairings (cheaper to parse than 50 entries).
template <typename T> inline constexpr int f8f6f4_format = -1;
template <> inline constexpr int f8f6f4_format<fp8_t> = 0;
template <> inline constexpr int f8f6f4_format<bf8_t> = 1;
template <> inline constexpr int f8f6f4_format<fp6_t> = 2;
template <> inline constexpr int f8f6f4_format<bf6_t> = 3;
template <> inline constexpr int f8f6f4_format<fp4_t> = 4;
template <typename A, typename B>
inline constexpr bool is_f8f6f4_pair = f8f6f4_format<A> >= 0 && f8f6f4_format<B> >= 0;
// a pairing with an fp6 / bf6 / fp4 operand (only the scaled f8f6f4 forms take those)
template <typename A, typename B>
inline constexpr bool is_f6f4_pair = is_f8f6f4_pair<A, B> && (f8f6f4_format<A> >= 2 || f8f6f4_format<B> >= 2);
#define OPUS_DETAIL_MFMA_SCALE(M, N, K, NAME, BUILTIN)                                          \
    template <typename A, typename B>                                                         \
    struct mma_native<A, B, fp32_t, M, N, K, mma_target::gfx950> {                            \
        static constexpr bool exists = is_f8f6f4_pair<A, B>;                                  \
        static constexpr bool scaled = true;                                                  \
        using desc = mfma_desc<M, N, K, 4>;                                                   \
        static constexpr const char* name = NAME;                                             \
        static constexpr int format_a = f8f6f4_format<A>, format_b = f8f6f4_format<B>;        \
        OPUS_DETAIL_MMA_CALL_MFMA_SCALE(BUILTIN, format_a, format_b)                          \
    };
#if OPUS_DETAIL_MMA_WANT(GFX950)
OPUS_DETAIL_MFMA_CDNA3(gfx950)
// gfx950 only: double-K f16 / bf16 / i8
OPUS_DETAIL_MFMA(gfx950, fp16_t, fp16_t, fp32_t, 32, 32, 16, 4, "v_mfma_f32_32x32x16_f16",
                 __builtin_amdgcn_mfma_f32_32x32x16_f16, fp16x8_t)
OPUS_DETAIL_MFMA(gfx950, fp16_t, fp16_t, fp32_t, 16, 16, 32, 4, "v_mfma_f32_16x16x32_f16",
                 __builtin_amdgcn_mfma_f32_16x16x32_f16, fp16x8_t)
OPUS_DETAIL_MFMA(gfx950, bf16_t, bf16_t, fp32_t, 32, 32, 16, 4, "v_mfma_f32_32x32x16_bf16",
                 __builtin_amdgcn_mfma_f32_32x32x16_bf16, bf16x8_t)
OPUS_DETAIL_MFMA(gfx950, bf16_t, bf16_t, fp32_t, 16, 16, 32, 4, "v_mfma_f32_16x16x32_bf16",
                 __builtin_amdgcn_mfma_f32_16x16x32_bf16, bf16x8_t)
OPUS_DETAIL_MFMA(gfx950, i8_t, i8_t, i32_t, 32, 32, 32, 4, "v_mfma_i32_32x32x32_i8",
                 __builtin_amdgcn_mfma_i32_32x32x32_i8, mma_v4i32)
OPUS_DETAIL_MFMA(gfx950, i8_t, i8_t, i32_t, 16, 16, 64, 4, "v_mfma_i32_16x16x64_i8",
                 __builtin_amdgcn_mfma_i32_16x16x64_i8, mma_v4i32)
OPUS_DETAIL_MFMA_SCALE(32, 32, 64, "v_mfma_scale_f32_32x32x64_f8f6f4", __builtin_amdgcn_mfma_scale_f32_32x32x64_f8f6f4)
OPUS_DETAIL_MFMA_SCALE(16, 16, 128, "v_mfma_scale_f32_16x16x128_f8f6f4", __builtin_amdgcn_mfma_scale_f32_16x16x128_f8f6f4)
#endif

// ---- gfx11 (RDNA3) WMMA: A/B replicated over lane groups, 16 K per lane ------------------
#define OPUS_DETAIL_WMMA(TGT, A, B, C, NAME, DESC, FORM, BUILTIN, AT)                          \
    template <>                                                                               \
    struct mma_native<A, B, C, 16, 16, 16, mma_target::TGT> : mma_entry {                     \
        using desc = DESC;                                                                    \
        static constexpr const char* name = NAME;                                             \
        FORM(BUILTIN, AT)                                                                     \
    };
#if OPUS_DETAIL_MMA_WANT(GFX11)
OPUS_DETAIL_WMMA(gfx11_w32, fp16_t, fp16_t, fp32_t, "v_wmma_f32_16x16x16_f16", wmma_gfx11_desc<32>,
                 OPUS_DETAIL_MMA_CALL_WMMA, __builtin_amdgcn_wmma_f32_16x16x16_f16_w32, fp16x16_t)
OPUS_DETAIL_WMMA(gfx11_w64, fp16_t, fp16_t, fp32_t, "v_wmma_f32_16x16x16_f16", wmma_gfx11_desc<64>,
                 OPUS_DETAIL_MMA_CALL_WMMA, __builtin_amdgcn_wmma_f32_16x16x16_f16_w64, fp16x16_t)
OPUS_DETAIL_WMMA(gfx11_w32, bf16_t, bf16_t, fp32_t, "v_wmma_f32_16x16x16_bf16", wmma_gfx11_desc<32>,
                 OPUS_DETAIL_MMA_CALL_WMMA, __builtin_amdgcn_wmma_f32_16x16x16_bf16_w32, mma_v16i16)
OPUS_DETAIL_WMMA(gfx11_w64, bf16_t, bf16_t, fp32_t, "v_wmma_f32_16x16x16_bf16", wmma_gfx11_desc<64>,
                 OPUS_DETAIL_MMA_CALL_WMMA, __builtin_amdgcn_wmma_f32_16x16x16_bf16_w64, mma_v16i16)
OPUS_DETAIL_WMMA(gfx11_w32, i8_t, i8_t, i32_t, "v_wmma_i32_16x16x16_iu8", wmma_gfx11_desc<32>,
                 OPUS_DETAIL_MMA_CALL_WMMA_IU, __builtin_amdgcn_wmma_i32_16x16x16_iu8_w32, mma_v4i32)
OPUS_DETAIL_WMMA(gfx11_w64, i8_t, i8_t, i32_t, "v_wmma_i32_16x16x16_iu8", wmma_gfx11_desc<64>,
                 OPUS_DETAIL_MMA_CALL_WMMA_IU, __builtin_amdgcn_wmma_i32_16x16x16_iu8_w64, mma_v4i32)
#endif

// ---- gfx12 (RDNA4) WMMA, wave32 and wave64 -------------------------------------------------
// wave64: the lane groups of C (and of 8-bit A/B) are swizzled (see wmma_gfx12_desc); the
// lane_coord_* helpers apply it, so layouts built from them match the RDNA4 *_w64 tables.
// (desc: wmma_gfx12_desc<wave, 16, K values per register group, swizzled>)
#if OPUS_DETAIL_MMA_WANT(GFX12)
#define OPUS_DETAIL_WMMA12(W, A, B, C, KR, SWZ, NAME, FORM, BUILTIN, AT)                        \
    OPUS_DETAIL_WMMA(gfx12_w##W, A, B, C, NAME, OPUS_DETAIL_WMMA12_DESC(W, KR, SWZ), FORM, BUILTIN, AT)
#define OPUS_DETAIL_WMMA12_DESC(W, KR, SWZ) wmma_gfx12_desc<W, 16, KR, SWZ>
OPUS_DETAIL_WMMA12(32, fp16_t, fp16_t, fp32_t, 4, false, "v_wmma_f32_16x16x16_f16", OPUS_DETAIL_MMA_CALL_WMMA,
                   __builtin_amdgcn_wmma_f32_16x16x16_f16_w32_gfx12, fp16x8_t)
OPUS_DETAIL_WMMA12(32, bf16_t, bf16_t, fp32_t, 4, false, "v_wmma_f32_16x16x16_bf16", OPUS_DETAIL_MMA_CALL_WMMA,
                   __builtin_amdgcn_wmma_f32_16x16x16_bf16_w32_gfx12, mma_v8i16)
OPUS_DETAIL_WMMA12(32, fp16_t, fp16_t, fp16_t, 4, false, "v_wmma_f16_16x16x16_f16", OPUS_DETAIL_MMA_CALL_WMMA_C16,
                   __builtin_amdgcn_wmma_f16_16x16x16_f16_w32_gfx12, fp16x8_t)
OPUS_DETAIL_WMMA12(32, bf16_t, bf16_t, bf16_t, 4, false, "v_wmma_bf16_16x16x16_bf16", OPUS_DETAIL_MMA_CALL_WMMA_C16,
                   __builtin_amdgcn_wmma_bf16_16x16x16_bf16_w32_gfx12, mma_v8i16)
OPUS_DETAIL_WMMA12(32, i8_t, i8_t, i32_t, 8, false, "v_wmma_i32_16x16x16_iu8", OPUS_DETAIL_MMA_CALL_WMMA_IU,
                   __builtin_amdgcn_wmma_i32_16x16x16_iu8_w32_gfx12, mma_v2i32)
OPUS_DETAIL_WMMA12(32, fp8_t, fp8_t, fp32_t, 8, false, "v_wmma_f32_16x16x16_fp8_fp8", OPUS_DETAIL_MMA_CALL_WMMA,
                   __builtin_amdgcn_wmma_f32_16x16x16_fp8_fp8_w32_gfx12, mma_v2i32)
OPUS_DETAIL_WMMA12(32, fp8_t, bf8_t, fp32_t, 8, false, "v_wmma_f32_16x16x16_fp8_bf8", OPUS_DETAIL_MMA_CALL_WMMA,
                   __builtin_amdgcn_wmma_f32_16x16x16_fp8_bf8_w32_gfx12, mma_v2i32)
OPUS_DETAIL_WMMA12(32, bf8_t, fp8_t, fp32_t, 8, false, "v_wmma_f32_16x16x16_bf8_fp8", OPUS_DETAIL_MMA_CALL_WMMA,
                   __builtin_amdgcn_wmma_f32_16x16x16_bf8_fp8_w32_gfx12, mma_v2i32)
OPUS_DETAIL_WMMA12(32, bf8_t, bf8_t, fp32_t, 8, false, "v_wmma_f32_16x16x16_bf8_bf8", OPUS_DETAIL_MMA_CALL_WMMA,
                   __builtin_amdgcn_wmma_f32_16x16x16_bf8_bf8_w32_gfx12, mma_v2i32)
OPUS_DETAIL_WMMA12(64, fp16_t, fp16_t, fp32_t, 4, false, "v_wmma_f32_16x16x16_f16", OPUS_DETAIL_MMA_CALL_WMMA,
                   __builtin_amdgcn_wmma_f32_16x16x16_f16_w64_gfx12, fp16x4_t)
OPUS_DETAIL_WMMA12(64, bf16_t, bf16_t, fp32_t, 4, false, "v_wmma_f32_16x16x16_bf16", OPUS_DETAIL_MMA_CALL_WMMA,
                   __builtin_amdgcn_wmma_f32_16x16x16_bf16_w64_gfx12, mma_v4i16)
OPUS_DETAIL_WMMA12(64, fp16_t, fp16_t, fp16_t, 4, false, "v_wmma_f16_16x16x16_f16", OPUS_DETAIL_MMA_CALL_WMMA_C16,
                   __builtin_amdgcn_wmma_f16_16x16x16_f16_w64_gfx12, fp16x4_t)
OPUS_DETAIL_WMMA12(64, bf16_t, bf16_t, bf16_t, 4, false, "v_wmma_bf16_16x16x16_bf16", OPUS_DETAIL_MMA_CALL_WMMA_C16,
                   __builtin_amdgcn_wmma_bf16_16x16x16_bf16_w64_gfx12, mma_v4i16)
OPUS_DETAIL_WMMA12(64, i8_t, i8_t, i32_t, 4, true, "v_wmma_i32_16x16x16_iu8", OPUS_DETAIL_MMA_CALL_WMMA_IU,
                   __builtin_amdgcn_wmma_i32_16x16x16_iu8_w64_gfx12, int)
OPUS_DETAIL_WMMA12(64, fp8_t, fp8_t, fp32_t, 4, true, "v_wmma_f32_16x16x16_fp8_fp8", OPUS_DETAIL_MMA_CALL_WMMA,
                   __builtin_amdgcn_wmma_f32_16x16x16_fp8_fp8_w64_gfx12, int)
OPUS_DETAIL_WMMA12(64, fp8_t, bf8_t, fp32_t, 4, true, "v_wmma_f32_16x16x16_fp8_bf8", OPUS_DETAIL_MMA_CALL_WMMA,
                   __builtin_amdgcn_wmma_f32_16x16x16_fp8_bf8_w64_gfx12, int)
OPUS_DETAIL_WMMA12(64, bf8_t, fp8_t, fp32_t, 4, true, "v_wmma_f32_16x16x16_bf8_fp8", OPUS_DETAIL_MMA_CALL_WMMA,
                   __builtin_amdgcn_wmma_f32_16x16x16_bf8_fp8_w64_gfx12, int)
OPUS_DETAIL_WMMA12(64, bf8_t, bf8_t, fp32_t, 4, true, "v_wmma_f32_16x16x16_bf8_bf8", OPUS_DETAIL_MMA_CALL_WMMA,
                   __builtin_amdgcn_wmma_f32_16x16x16_bf8_bf8_w64_gfx12, int)
#endif

// ---- unsupported combinations: a static_assert naming the supported shapes ---------------
// type ids of the diagnostics below (0: a type no instruction takes)
template <typename T>
inline constexpr int mma_type_id = is_same_v<T, fp32_t> ? 1 : is_same_v<T, fp16_t> ? 2 : is_same_v<T, bf16_t> ? 3
                                 : is_same_v<T, i8_t> ? 4 : is_same_v<T, i32_t> ? 5 : is_same_v<T, double> ? 6
                                 : is_same_v<T, fp8_t> ? 7 : is_same_v<T, bf8_t> ? 8 : 0;
// Instantiated only by a make_mfma without an instruction: the static_assert of its (A, B, C)
// and target fails (types no entry takes: the first). One class whose assertions are parsed
// once costs a fifth of what a partial specialization per (A, B, C, target) did (5.1M compiler
// instructions per TU before, clang 22, 2026-11-26).
template <typename A, typename B, typename C, mma_target T, index_t M, index_t N, index_t K>
struct mma_unsupported {
    // the types as three digits of mma_type_id (fp32 1, fp16 2, bf16 3, i8 4, i32 5, double 6,
    // fp8 7, bf8 8: 221 is (fp16, fp16, fp32)), the target as its mma_target value; plain
    // integers, because every enum comparison or template-id in these lines costs parse time
    static constexpr int abc = mma_type_id<A> * 100 + mma_type_id<B> * 10 + mma_type_id<C>;
    static constexpr int tgt = static_cast<int>(T);
    static_assert(abc == 111 || abc == 221 || abc == 331 || abc == 445 || abc == 666 ||
                  abc == 771 || abc == 781 || abc == 871 || abc == 881,
                  "opus::make_mfma: no matrix-core instruction of this target takes these (A, B, C) "
                  "types; supported (A, B, C): (fp32, fp32, fp32), (fp16, fp16, fp32), (bf16, bf16, fp32), "
                  "(i8, i8, i32), (double, double, double), fp8/bf8 x fp8/bf8 -> fp32, and on gfx950 "
                  "fp8/bf8/fp6/bf6/fp4 x fp8/bf8/fp6/bf6/fp4 -> fp32 (see opus/mma/table.hpp)");
#if OPUS_DETAIL_MMA_WANT(GFX90A)
    static_assert(tgt != 0 || abc != 111,
                  "opus::make_mfma: unsupported MxNxK for (fp32_t, fp32_t, fp32_t) on gfx90a; supported MxNxK: 32x32x2, 16x16x4 (and any multiple of a native K, by step-K)");
    static_assert(tgt != 0 || abc != 221,
                  "opus::make_mfma: unsupported MxNxK for (fp16_t, fp16_t, fp32_t) on gfx90a; supported MxNxK: 32x32x8, 16x16x16 (and any multiple of a native K, by step-K)");
    static_assert(tgt != 0 || abc != 331,
                  "opus::make_mfma: unsupported MxNxK for (bf16_t, bf16_t, fp32_t) on gfx90a; supported MxNxK: 32x32x8, 16x16x16 (and any multiple of a native K, by step-K)");
    static_assert(tgt != 0 || abc != 445,
                  "opus::make_mfma: unsupported MxNxK for (i8_t, i8_t, i32_t) on gfx90a; supported MxNxK: 32x32x8, 16x16x16 (and any multiple of a native K, by step-K)");
    static_assert(tgt != 0 || abc != 666,
                  "opus::make_mfma: unsupported MxNxK for (double, double, double) on gfx90a; supported MxNxK: 16x16x4 (and any multiple of a native K, by step-K)");
    static_assert(tgt != 0 || abc != 771,
                  "opus::make_mfma: unsupported MxNxK for (fp8_t, fp8_t, fp32_t) on gfx90a; supported MxNxK: none (and any multiple of a native K, by step-K)");
    static_assert(tgt != 0 || abc != 781,
                  "opus::make_mfma: unsupported MxNxK for (fp8_t, bf8_t, fp32_t) on gfx90a; supported MxNxK: none (and any multiple of a native K, by step-K)");
    static_assert(tgt != 0 || abc != 871,
                  "opus::make_mfma: unsupported MxNxK for (bf8_t, fp8_t, fp32_t) on gfx90a; supported MxNxK: none (and any multiple of a native K, by step-K)");
    static_assert(tgt != 0 || abc != 881,
                  "opus::make_mfma: unsupported MxNxK for (bf8_t, bf8_t, fp32_t) on gfx90a; supported MxNxK: none (and any multiple of a native K, by step-K)");
#endif
#if OPUS_DETAIL_MMA_WANT(GFX942)
    static_assert(tgt != 1 || abc != 111,
                  "opus::make_mfma: unsupported MxNxK for (fp32_t, fp32_t, fp32_t) on gfx942; supported MxNxK: 32x32x2, 16x16x4 (and any multiple of a native K, by step-K)");
    static_assert(tgt != 1 || abc != 221,
                  "opus::make_mfma: unsupported MxNxK for (fp16_t, fp16_t, fp32_t) on gfx942; supported MxNxK: 32x32x8, 16x16x16 (and any multiple of a native K, by step-K)");
    static_assert(tgt != 1 || abc != 331,
                  "opus::make_mfma: unsupported MxNxK for (bf16_t, bf16_t, fp32_t) on gfx942; supported MxNxK: 32x32x8, 16x16x16 (and any multiple of a native K, by step-K)");
    static_assert(tgt != 1 || abc != 445,
                  "opus::make_mfma: unsupported MxNxK for (i8_t, i8_t, i32_t) on gfx942; supported MxNxK: 32x32x16, 16x16x32 (and any multiple of a native K, by step-K)");
    static_assert(tgt != 1 || abc != 666,
                  "opus::make_mfma: unsupported MxNxK for (double, double, double) on gfx942; supported MxNxK: 16x16x4 (and any multiple of a native K, by step-K)");
    static_assert(tgt != 1 || abc != 771,
                  "opus::make_mfma: unsupported MxNxK for (fp8_t, fp8_t, fp32_t) on gfx942; supported MxNxK: 32x32x16, 16x16x32 (and any multiple of a native K, by step-K)");
    static_assert(tgt != 1 || abc != 781,
                  "opus::make_mfma: unsupported MxNxK for (fp8_t, bf8_t, fp32_t) on gfx942; supported MxNxK: 32x32x16, 16x16x32 (and any multiple of a native K, by step-K)");
    static_assert(tgt != 1 || abc != 871,
                  "opus::make_mfma: unsupported MxNxK for (bf8_t, fp8_t, fp32_t) on gfx942; supported MxNxK: 32x32x16, 16x16x32 (and any multiple of a native K, by step-K)");
    static_assert(tgt != 1 || abc != 881,
                  "opus::make_mfma: unsupported MxNxK for (bf8_t, bf8_t, fp32_t) on gfx942; supported MxNxK: 32x32x16, 16x16x32 (and any multiple of a native K, by step-K)");
#endif
#if OPUS_DETAIL_MMA_WANT(GFX950)
    static_assert(tgt != 2 || abc != 111,
                  "opus::make_mfma: unsupported MxNxK for (fp32_t, fp32_t, fp32_t) on gfx950; supported MxNxK: 32x32x2, 16x16x4 (and any multiple of a native K, by step-K)");
    static_assert(tgt != 2 || abc != 221,
                  "opus::make_mfma: unsupported MxNxK for (fp16_t, fp16_t, fp32_t) on gfx950; supported MxNxK: 32x32x8, 16x16x16, 32x32x16, 16x16x32 (and any multiple of a native K, by step-K)");
    static_assert(tgt != 2 || abc != 331,
                  "opus::make_mfma: unsupported MxNxK for (bf16_t, bf16_t, fp32_t) on gfx950; supported MxNxK: 32x32x8, 16x16x16, 32x32x16, 16x16x32 (and any multiple of a native K, by step-K)");
    static_assert(tgt != 2 || abc != 445,
                  "opus::make_mfma: unsupported MxNxK for (i8_t, i8_t, i32_t) on gfx950; supported MxNxK: 32x32x16, 16x16x32, 32x32x32, 16x16x64 (and any multiple of a native K, by step-K)");
    static_assert(tgt != 2 || abc != 666,
                  "opus::make_mfma: unsupported MxNxK for (double, double, double) on gfx950; supported MxNxK: 16x16x4 (and any multiple of a native K, by step-K)");
    static_assert(tgt != 2 || abc != 771,
                  "opus::make_mfma: unsupported MxNxK for (fp8_t, fp8_t, fp32_t) on gfx950; supported MxNxK: 32x32x16, 16x16x32, 32x32x64, 16x16x128 (scaled f8f6f4) (and any multiple of a native K, by step-K)");
    static_assert(tgt != 2 || abc != 781,
                  "opus::make_mfma: unsupported MxNxK for (fp8_t, bf8_t, fp32_t) on gfx950; supported MxNxK: 32x32x16, 16x16x32, 32x32x64, 16x16x128 (scaled f8f6f4) (and any multiple of a native K, by step-K)");
    static_assert(tgt != 2 || abc != 871,
                  "opus::make_mfma: unsupported MxNxK for (bf8_t, fp8_t, fp32_t) on gfx950; supported MxNxK: 32x32x16, 16x16x32, 32x32x64, 16x16x128 (scaled f8f6f4) (and any multiple of a native K, by step-K)");
    static_assert(tgt != 2 || abc != 881,
                  "opus::make_mfma: unsupported MxNxK for (bf8_t, bf8_t, fp32_t) on gfx950; supported MxNxK: 32x32x16, 16x16x32, 32x32x64, 16x16x128 (scaled f8f6f4) (and any multiple of a native K, by step-K)");
#endif
#if OPUS_DETAIL_MMA_WANT(GFX11)
    static_assert(tgt != 3 || abc != 111,
                  "opus::make_mfma: unsupported MxNxK for (fp32_t, fp32_t, fp32_t) on gfx11_w32; supported MxNxK: none (and any multiple of a native K, by step-K)");
    static_assert(tgt != 3 || abc != 221,
                  "opus::make_mfma: unsupported MxNxK for (fp16_t, fp16_t, fp32_t) on gfx11_w32; supported MxNxK: 16x16x16 (and any multiple of a native K, by step-K)");
    static_assert(tgt != 3 || abc != 331,
                  "opus::make_mfma: unsupported MxNxK for (bf16_t, bf16_t, fp32_t) on gfx11_w32; supported MxNxK: 16x16x16 (and any multiple of a native K, by step-K)");
    static_assert(tgt != 3 || abc != 445,
                  "opus::make_mfma: unsupported MxNxK for (i8_t, i8_t, i32_t) on gfx11_w32; supported MxNxK: 16x16x16 (and any multiple of a native K, by step-K)");
    static_assert(tgt != 3 || abc != 666,
                  "opus::make_mfma: unsupported MxNxK for (double, double, double) on gfx11_w32; supported MxNxK: none (and any multiple of a native K, by step-K)");
    static_assert(tgt != 3 || abc != 771,
                  "opus::make_mfma: unsupported MxNxK for (fp8_t, fp8_t, fp32_t) on gfx11_w32; supported MxNxK: none (and any multiple of a native K, by step-K)");
    static_assert(tgt != 3 || abc != 781,
                  "opus::make_mfma: unsupported MxNxK for (fp8_t, bf8_t, fp32_t) on gfx11_w32; supported MxNxK: none (and any multiple of a native K, by step-K)");
    static_assert(tgt != 3 || abc != 871,
                  "opus::make_mfma: unsupported MxNxK for (bf8_t, fp8_t, fp32_t) on gfx11_w32; supported MxNxK: none (and any multiple of a native K, by step-K)");
    static_assert(tgt != 3 || abc != 881,
                  "opus::make_mfma: unsupported MxNxK for (bf8_t, bf8_t, fp32_t) on gfx11_w32; supported MxNxK: none (and any multiple of a native K, by step-K)");
    static_assert(tgt != 4 || abc != 111,
                  "opus::make_mfma: unsupported MxNxK for (fp32_t, fp32_t, fp32_t) on gfx11_w64; supported MxNxK: none (and any multiple of a native K, by step-K)");
    static_assert(tgt != 4 || abc != 221,
                  "opus::make_mfma: unsupported MxNxK for (fp16_t, fp16_t, fp32_t) on gfx11_w64; supported MxNxK: 16x16x16 (and any multiple of a native K, by step-K)");
    static_assert(tgt != 4 || abc != 331,
                  "opus::make_mfma: unsupported MxNxK for (bf16_t, bf16_t, fp32_t) on gfx11_w64; supported MxNxK: 16x16x16 (and any multiple of a native K, by step-K)");
    static_assert(tgt != 4 || abc != 445,
                  "opus::make_mfma: unsupported MxNxK for (i8_t, i8_t, i32_t) on gfx11_w64; supported MxNxK: 16x16x16 (and any multiple of a native K, by step-K)");
    static_assert(tgt != 4 || abc != 666,
                  "opus::make_mfma: unsupported MxNxK for (double, double, double) on gfx11_w64; supported MxNxK: none (and any multiple of a native K, by step-K)");
    static_assert(tgt != 4 || abc != 771,
                  "opus::make_mfma: unsupported MxNxK for (fp8_t, fp8_t, fp32_t) on gfx11_w64; supported MxNxK: none (and any multiple of a native K, by step-K)");
    static_assert(tgt != 4 || abc != 781,
                  "opus::make_mfma: unsupported MxNxK for (fp8_t, bf8_t, fp32_t) on gfx11_w64; supported MxNxK: none (and any multiple of a native K, by step-K)");
    static_assert(tgt != 4 || abc != 871,
                  "opus::make_mfma: unsupported MxNxK for (bf8_t, fp8_t, fp32_t) on gfx11_w64; supported MxNxK: none (and any multiple of a native K, by step-K)");
    static_assert(tgt != 4 || abc != 881,
                  "opus::make_mfma: unsupported MxNxK for (bf8_t, bf8_t, fp32_t) on gfx11_w64; supported MxNxK: none (and any multiple of a native K, by step-K)");
#endif
#if OPUS_DETAIL_MMA_WANT(GFX12)
    static_assert(tgt != 5 || abc != 111,
                  "opus::make_mfma: unsupported MxNxK for (fp32_t, fp32_t, fp32_t) on gfx12_w32; supported MxNxK: none (and any multiple of a native K, by step-K)");
    static_assert(tgt != 5 || abc != 221,
                  "opus::make_mfma: unsupported MxNxK for (fp16_t, fp16_t, fp32_t) on gfx12_w32; supported MxNxK: 16x16x16 (and any multiple of a native K, by step-K)");
    static_assert(tgt != 5 || abc != 331,
                  "opus::make_mfma: unsupported MxNxK for (bf16_t, bf16_t, fp32_t) on gfx12_w32; supported MxNxK: 16x16x16 (and any multiple of a native K, by step-K)");
    static_assert(tgt != 5 || abc != 445,
                  "opus::make_mfma: unsupported MxNxK for (i8_t, i8_t, i32_t) on gfx12_w32; supported MxNxK: 16x16x16 (and any multiple of a native K, by step-K)");
    static_assert(tgt != 5 || abc != 666,
                  "opus::make_mfma: unsupported MxNxK for (double, double, double) on gfx12_w32; supported MxNxK: none (and any multiple of a native K, by step-K)");
    static_assert(tgt != 5 || abc != 771,
                  "opus::make_mfma: unsupported MxNxK for (fp8_t, fp8_t, fp32_t) on gfx12_w32; supported MxNxK: 16x16x16 (and any multiple of a native K, by step-K)");
    static_assert(tgt != 5 || abc != 781,
                  "opus::make_mfma: unsupported MxNxK for (fp8_t, bf8_t, fp32_t) on gfx12_w32; supported MxNxK: 16x16x16 (and any multiple of a native K, by step-K)");
    static_assert(tgt != 5 || abc != 871,
                  "opus::make_mfma: unsupported MxNxK for (bf8_t, fp8_t, fp32_t) on gfx12_w32; supported MxNxK: 16x16x16 (and any multiple of a native K, by step-K)");
    static_assert(tgt != 5 || abc != 881,
                  "opus::make_mfma: unsupported MxNxK for (bf8_t, bf8_t, fp32_t) on gfx12_w32; supported MxNxK: 16x16x16 (and any multiple of a native K, by step-K)");
    static_assert(tgt != 6 || abc != 111,
                  "opus::make_mfma: unsupported MxNxK for (fp32_t, fp32_t, fp32_t) on gfx12_w64; supported MxNxK: none (and any multiple of a native K, by step-K)");
    static_assert(tgt != 6 || abc != 221,
                  "opus::make_mfma: unsupported MxNxK for (fp16_t, fp16_t, fp32_t) on gfx12_w64; supported MxNxK: 16x16x16 (and any multiple of a native K, by step-K)");
    static_assert(tgt != 6 || abc != 331,
                  "opus::make_mfma: unsupported MxNxK for (bf16_t, bf16_t, fp32_t) on gfx12_w64; supported MxNxK: 16x16x16 (and any multiple of a native K, by step-K)");
    static_assert(tgt != 6 || abc != 445,
                  "opus::make_mfma: unsupported MxNxK for (i8_t, i8_t, i32_t) on gfx12_w64; supported MxNxK: 16x16x16 (and any multiple of a native K, by step-K)");
    static_assert(tgt != 6 || abc != 666,
                  "opus::make_mfma: unsupported MxNxK for (double, double, double) on gfx12_w64; supported MxNxK: none (and any multiple of a native K, by step-K)");
    static_assert(tgt != 6 || abc != 771,
                  "opus::make_mfma: unsupported MxNxK for (fp8_t, fp8_t, fp32_t) on gfx12_w64; supported MxNxK: 16x16x16 (and any multiple of a native K, by step-K)");
    static_assert(tgt != 6 || abc != 781,
                  "opus::make_mfma: unsupported MxNxK for (fp8_t, bf8_t, fp32_t) on gfx12_w64; supported MxNxK: 16x16x16 (and any multiple of a native K, by step-K)");
    static_assert(tgt != 6 || abc != 871,
                  "opus::make_mfma: unsupported MxNxK for (bf8_t, fp8_t, fp32_t) on gfx12_w64; supported MxNxK: 16x16x16 (and any multiple of a native K, by step-K)");
    static_assert(tgt != 6 || abc != 881,
                  "opus::make_mfma: unsupported MxNxK for (bf8_t, bf8_t, fp32_t) on gfx12_w64; supported MxNxK: 16x16x16 (and any multiple of a native K, by step-K)");
#endif
};
// pairings with an fp6 / bf6 / fp4 operand (is_f6f4_pair, C fp32): gfx950's scaled f8f6f4 only
template <mma_target T, index_t M, index_t N, index_t K>
struct mma_unsupported_f6f4 {
    static_assert(M < 0 && N < 0 && K < 0,
                  "opus::make_mfma: fp6 / bf6 / fp4 operands need gfx950 (scaled f8f6f4); supported MxNxK "
                  "on this target: none");
};
#if OPUS_DETAIL_MMA_WANT(GFX950)
template <index_t M, index_t N, index_t K>
struct mma_unsupported_f6f4<mma_target::gfx950, M, N, K> {
    static_assert(M < 0 && N < 0 && K < 0,
                  "opus::make_mfma: unsupported MxNxK for fp6 / bf6 / fp4 operands on gfx950; supported MxNxK: "
                  "32x32x64, 16x16x128 (scaled f8f6f4; and any multiple of a native K, by step-K)");
};
#endif

// ---- selection: the native instruction, or a step-K chain of the largest native K ---------
template <typename A, typename B, typename C, index_t M, index_t N, index_t K, mma_target T>
struct mma_select {
    template <index_t D>
    static constexpr bool has = (K % D == 0) && mma_native<A, B, C, M, N, (K % D == 0 ? K / D : 0), T>::exists;
    static constexpr index_t steps = has<1> ? 1 : has<2> ? 2 : has<4> ? 4 : has<8> ? 8 : has<16> ? 16 : 0;
    static constexpr bool found = steps > 0;
    using native = mma_native<A, B, C, M, N, (found ? K / steps : 0), T>;
};

// mma_target::native -> a concrete target. Device pass (and plain host code): the compile
// target (host code: OPUS_MMA_HOST_TARGET). Host pass of a HIP compile: kernel bodies are
// checked there but never run, and no single target is being compiled, so take the first
// target that has the instruction (OPUS_MMA_HOST_TARGET first); the device passes decide.
template <typename A, typename B, typename C, index_t M, index_t N, index_t K, mma_target T>
struct mma_resolve {
    static constexpr mma_target value = T;
};
template <typename A, typename B, typename C, index_t M, index_t N, index_t K>
struct mma_resolve<A, B, C, M, N, K, mma_target::native> {
#if OPUS_HIP && !OPUS_DEVICE_PASS
    template <mma_target T>
    static constexpr bool has = mma_select<A, B, C, M, N, K, T>::found;
    static constexpr mma_target value =
        has<current_mma_target> ? current_mma_target
        : has<mma_target::gfx942> ? mma_target::gfx942
        : has<mma_target::gfx950> ? mma_target::gfx950
        : has<mma_target::gfx90a> ? mma_target::gfx90a
        : has<mma_target::gfx12_w32> ? mma_target::gfx12_w32
        : has<mma_target::gfx11_w32> ? mma_target::gfx11_w32
        : current_mma_target;
#else
    static constexpr mma_target value = current_mma_target;
#endif
};
template <typename A, typename B, typename C, index_t M, index_t N, index_t K, mma_target T>
inline constexpr mma_target mma_resolve_v = mma_resolve<A, B, C, M, N, K, T>::value;

} // namespace detail
} // namespace opus
