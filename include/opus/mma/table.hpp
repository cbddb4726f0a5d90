// SPDX-License-Identifier: MIT
// opus/mma/table.hpp - the matrix-core instruction table: one entry per (A, B, C, M, N, K,
// target), each naming its lane layout (mma/desc.hpp) and an id that gives its ISA mnemonic
// and, in HIP compiles, the builtin that issues it.
//
//   detail::mma_native<A, B, C, M, N, K, mma_target::gfx942>::exists / ::id
//   detail::mma_entry_desc<E, M, N, K, T>::type   the lane layout of entry E (mma/desc.hpp)
//   detail::mma_instr_name<E::id>()              its mnemonic
//   detail::mma_issue<E, CBSZ, ABID, BLGP>(a, b, c)   its builtin call (HIP)
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

// ---- the table: one row per instruction ------------------------------------------------
// Each list of rows below is expanded into the entries, mma_native specializations that hold
// enumerators only (the row's id, its family and what its layout needs), and into two function
// templates that map an id to what the instruction is: mma_issue<Entry, ...>(a, b, c) calls its
// builtin (device code), mma_instr_name<id>() gives its mnemonic; mma_entry_desc gives its lane
// layout. What an entry does not hold is built only for the entries a kernel uses. Measured
// 2026-11-27 (clang 22, `#include <opus.hpp>`, gfx942 device pass, 17 entries): a `call`
// member function template, a `static constexpr const char* name` and a `using desc =
// mfma_desc<...>` in every entry cost 5.2M, 2.3M and 2.3M compiler instructions; the
// enumerators, the switch and the `if constexpr` chain cost 0.4M, 0.7M and 2.2M (nearly all of
// it the builtins' declarations, which clang creates when a call names them); each entry a
// kernel issues costs about 0.5M more than before, so <opus.hpp> (-3.9M) and a host pass
// (-23M) win and a file issuing every instruction loses 1 % (docs/measurements.md). Ids are unique
// over all lists: an instantiated mma_instr_name does not compile otherwise (duplicate case
// value); test/host/mma/test_docs_tables.cpp instantiates it in a plain host compile, which
// sees every list, and checks each entry's mnemonic against docs/mma.md.
//
// Compile time: a device pass declares only the rows of the target it compiles (about a
// fifth of the table; the rest is skipped by #if, never tokenized as code). Host code and the
// host pass of a HIP compile see every target. Define OPUS_MMA_ALL_TARGETS to keep all rows
// everywhere (e.g. to query another target's layouts from device code).
#if OPUS_DEVICE_PASS && !defined(OPUS_MMA_ALL_TARGETS)
#define OPUS_DETAIL_MMA_WANT(G) OPUS_##G
#else
#define OPUS_DETAIL_MMA_WANT(G) 1
#endif

// MFMA rows: X(target, id, A, B, C, M, N, K, CR, mnemonic, builtin, operand type of the
// builtin). The desc follows from the shape (CR = rows per C group: 4 for 32-bit C, 1 for f64).
//
// gfx90a (CDNA2). bf16: the "_1k" builtins (named plainly from CDNA3 on); int8: K = 8 / 16
// (4 bytes per lane; CDNA3: K = 16 / 32, 8 bytes per lane).
#define OPUS_DETAIL_MFMA_ROWS_GFX90A(X)                                                                        \
    X(gfx90a, 1, fp32_t, fp32_t, fp32_t, 32, 32, 2, 4, "v_mfma_f32_32x32x2f32",                              \
      __builtin_amdgcn_mfma_f32_32x32x2f32, float)                                                          \
    X(gfx90a, 2, fp32_t, fp32_t, fp32_t, 16, 16, 4, 4, "v_mfma_f32_16x16x4f32",                              \
      __builtin_amdgcn_mfma_f32_16x16x4f32, float)                                                          \
    X(gfx90a, 3, fp16_t, fp16_t, fp32_t, 32, 32, 8, 4, "v_mfma_f32_32x32x8f16",                              \
      __builtin_amdgcn_mfma_f32_32x32x8f16, fp16x4_t)                                                       \
    X(gfx90a, 4, fp16_t, fp16_t, fp32_t, 16, 16, 16, 4, "v_mfma_f32_16x16x16f16",                            \
      __builtin_amdgcn_mfma_f32_16x16x16f16, fp16x4_t)                                                      \
    X(gfx90a, 5, bf16_t, bf16_t, fp32_t, 32, 32, 8, 4, "v_mfma_f32_32x32x8bf16_1k",                          \
      __builtin_amdgcn_mfma_f32_32x32x8bf16_1k, mma_v4i16)                                                  \
    X(gfx90a, 6, bf16_t, bf16_t, fp32_t, 16, 16, 16, 4, "v_mfma_f32_16x16x16bf16_1k",                        \
      __builtin_amdgcn_mfma_f32_16x16x16bf16_1k, mma_v4i16)                                                 \
    X(gfx90a, 7, double, double, double, 16, 16, 4, 1, "v_mfma_f64_16x16x4f64",                              \
      __builtin_amdgcn_mfma_f64_16x16x4f64, double)                                                         \
    X(gfx90a, 8, i8_t, i8_t, i32_t, 32, 32, 8, 4, "v_mfma_i32_32x32x8i8",                                    \
      __builtin_amdgcn_mfma_i32_32x32x8i8, int)                                                             \
    X(gfx90a, 9, i8_t, i8_t, i32_t, 16, 16, 16, 4, "v_mfma_i32_16x16x16i8",                                  \
      __builtin_amdgcn_mfma_i32_16x16x16i8, int)

// the rows gfx942 (CDNA3) and gfx950 (CDNA4) share (fp8 / bf8: FNUZ encodings on gfx942, OCP
// on gfx950); TGT names the target of the entries
#define OPUS_DETAIL_MFMA_ROWS_CDNA3(X, TGT)                                                                    \
    X(TGT, 10, fp32_t, fp32_t, fp32_t, 32, 32, 2, 4, "v_mfma_f32_32x32x2_f32",                               \
      __builtin_amdgcn_mfma_f32_32x32x2f32, float)                                                          \
    X(TGT, 11, fp32_t, fp32_t, fp32_t, 16, 16, 4, 4, "v_mfma_f32_16x16x4_f32",                               \
      __builtin_amdgcn_mfma_f32_16x16x4f32, float)                                                          \
    X(TGT, 12, fp16_t, fp16_t, fp32_t, 32, 32, 8, 4, "v_mfma_f32_32x32x8_f16",                               \
      __builtin_amdgcn_mfma_f32_32x32x8f16, fp16x4_t)                                                       \
    X(TGT, 13, fp16_t, fp16_t, fp32_t, 16, 16, 16, 4, "v_mfma_f32_16x16x16_f16",                             \
      __builtin_amdgcn_mfma_f32_16x16x16f16, fp16x4_t)                                                      \
    X(TGT, 14, bf16_t, bf16_t, fp32_t, 32, 32, 8, 4, "v_mfma_f32_32x32x8_bf16",                              \
      __builtin_amdgcn_mfma_f32_32x32x8bf16_1k, mma_v4i16)                                                  \
    X(TGT, 15, bf16_t, bf16_t, fp32_t, 16, 16, 16, 4, "v_mfma_f32_16x16x16_bf16",                            \
      __builtin_amdgcn_mfma_f32_16x16x16bf16_1k, mma_v4i16)                                                 \
    X(TGT, 16, double, double, double, 16, 16, 4, 1, "v_mfma_f64_16x16x4_f64",                               \
      __builtin_amdgcn_mfma_f64_16x16x4f64, double)                                                         \
    X(TGT, 17, i8_t, i8_t, i32_t, 32, 32, 16, 4, "v_mfma_i32_32x32x16_i8",                                   \
      __builtin_amdgcn_mfma_i32_32x32x16_i8, mma_i64)                                                       \
    X(TGT, 18, i8_t, i8_t, i32_t, 16, 16, 32, 4, "v_mfma_i32_16x16x32_i8",                                   \
      __builtin_amdgcn_mfma_i32_16x16x32_i8, mma_i64)                                                       \
    X(TGT, 19, fp8_t, fp8_t, fp32_t, 32, 32, 16, 4, "v_mfma_f32_32x32x16_fp8_fp8",                           \
      __builtin_amdgcn_mfma_f32_32x32x16_fp8_fp8, mma_i64)                                                  \
    X(TGT, 20, fp8_t, bf8_t, fp32_t, 32, 32, 16, 4, "v_mfma_f32_32x32x16_fp8_bf8",                           \
      __builtin_amdgcn_mfma_f32_32x32x16_fp8_bf8, mma_i64)                                                  \
    X(TGT, 21, bf8_t, fp8_t, fp32_t, 32, 32, 16, 4, "v_mfma_f32_32x32x16_bf8_fp8",                           \
      __builtin_amdgcn_mfma_f32_32x32x16_bf8_fp8, mma_i64)                                                  \
    X(TGT, 22, bf8_t, bf8_t, fp32_t, 32, 32, 16, 4, "v_mfma_f32_32x32x16_bf8_bf8",                           \
      __builtin_amdgcn_mfma_f32_32x32x16_bf8_bf8, mma_i64)                                                  \
    X(TGT, 23, fp8_t, fp8_t, fp32_t, 16, 16, 32, 4, "v_mfma_f32_16x16x32_fp8_fp8",                           \
      __builtin_amdgcn_mfma_f32_16x16x32_fp8_fp8, mma_i64)                                                  \
    X(TGT, 24, fp8_t, bf8_t, fp32_t, 16, 16, 32, 4, "v_mfma_f32_16x16x32_fp8_bf8",                           \
      __builtin_amdgcn_mfma_f32_16x16x32_fp8_bf8, mma_i64)                                                  \
    X(TGT, 25, bf8_t, fp8_t, fp32_t, 16, 16, 32, 4, "v_mfma_f32_16x16x32_bf8_fp8",                           \
      __builtin_amdgcn_mfma_f32_16x16x32_bf8_fp8, mma_i64)                                                  \
    X(TGT, 26, bf8_t, bf8_t, fp32_t, 16, 16, 32, 4, "v_mfma_f32_16x16x32_bf8_bf8",                           \
      __builtin_amdgcn_mfma_f32_16x16x32_bf8_bf8, mma_i64)

// gfx950 only: double-K f16 / bf16 / i8
#define OPUS_DETAIL_MFMA_ROWS_GFX950(X)                                                                        \
    X(gfx950, 30, fp16_t, fp16_t, fp32_t, 32, 32, 16, 4, "v_mfma_f32_32x32x16_f16",                          \
      __builtin_amdgcn_mfma_f32_32x32x16_f16, fp16x8_t)                                                     \
    X(gfx950, 31, fp16_t, fp16_t, fp32_t, 16, 16, 32, 4, "v_mfma_f32_16x16x32_f16",                          \
      __builtin_amdgcn_mfma_f32_16x16x32_f16, fp16x8_t)                                                     \
    X(gfx950, 32, bf16_t, bf16_t, fp32_t, 32, 32, 16, 4, "v_mfma_f32_32x32x16_bf16",                         \
      __builtin_amdgcn_mfma_f32_32x32x16_bf16, bf16x8_t)                                                    \
    X(gfx950, 33, bf16_t, bf16_t, fp32_t, 16, 16, 32, 4, "v_mfma_f32_16x16x32_bf16",                         \
      __builtin_amdgcn_mfma_f32_16x16x32_bf16, bf16x8_t)                                                    \
    X(gfx950, 34, i8_t, i8_t, i32_t, 32, 32, 32, 4, "v_mfma_i32_32x32x32_i8",                                \
      __builtin_amdgcn_mfma_i32_32x32x32_i8, mma_v4i32)                                                     \
    X(gfx950, 35, i8_t, i8_t, i32_t, 16, 16, 64, 4, "v_mfma_i32_16x16x64_i8",                                \
      __builtin_amdgcn_mfma_i32_16x16x64_i8, mma_v4i32)

// gfx950 scaled f8f6f4: A and B each fp8 / bf8 / fp6 / bf6 / fp4, any pairing; 32 consecutive
// K per lane in every format (packed: mma/operand.hpp). The format codes (cbsz for A, blgp
// for B: fp8 0, bf8 1, fp6 2, bf6 3, fp4 4) follow from the types. Without explicit scales
// operator() uses scale 1.0 (e8m0 127); mma.scaled(a, b, c, sa, sb) passes them. One partial
// specialization per shape covers the 25 pairings (cheaper to parse than 50 entries).
// Rows: X(id, M, N, K, mnemonic, builtin).
#define OPUS_DETAIL_MFMA_ROWS_SCALE(X)                                                                         \
    X(36, 32, 32, 64, "v_mfma_scale_f32_32x32x64_f8f6f4", __builtin_amdgcn_mfma_scale_f32_32x32x64_f8f6f4)    \
    X(37, 16, 16, 128, "v_mfma_scale_f32_16x16x128_f8f6f4", __builtin_amdgcn_mfma_scale_f32_16x16x128_f8f6f4)

// gfx11 (RDNA3) WMMA: A/B replicated over lane groups, 16 K per lane.
// Rows: X(wave, id, A, B, C, mnemonic, call form, builtin, operand type of the builtin).
#define OPUS_DETAIL_WMMA_ROWS_GFX11(X)                                                                         \
    X(32, 40, fp16_t, fp16_t, fp32_t, "v_wmma_f32_16x16x16_f16", wmma_ab,                                     \
      __builtin_amdgcn_wmma_f32_16x16x16_f16_w32, fp16x16_t)                                                \
    X(64, 41, fp16_t, fp16_t, fp32_t, "v_wmma_f32_16x16x16_f16", wmma_ab,                                     \
      __builtin_amdgcn_wmma_f32_16x16x16_f16_w64, fp16x16_t)                                                \
    X(32, 42, bf16_t, bf16_t, fp32_t, "v_wmma_f32_16x16x16_bf16", wmma_ab,                                    \
      __builtin_amdgcn_wmma_f32_16x16x16_bf16_w32, mma_v16i16)                                              \
    X(64, 43, bf16_t, bf16_t, fp32_t, "v_wmma_f32_16x16x16_bf16", wmma_ab,                                    \
      __builtin_amdgcn_wmma_f32_16x16x16_bf16_w64, mma_v16i16)                                              \
    X(32, 44, i8_t, i8_t, i32_t, "v_wmma_i32_16x16x16_iu8", wmma_iu,                                          \
      __builtin_amdgcn_wmma_i32_16x16x16_iu8_w32, mma_v4i32)                                                \
    X(64, 45, i8_t, i8_t, i32_t, "v_wmma_i32_16x16x16_iu8", wmma_iu,                                          \
      __builtin_amdgcn_wmma_i32_16x16x16_iu8_w64, mma_v4i32)

// gfx12 (RDNA4) WMMA, wave32 and wave64. wave64: the lane groups of C (and of 8-bit A/B) are
// swizzled (see wmma_gfx12_desc); the lane_coord_* helpers apply it, so layouts built from
// them match the RDNA4 *_w64 tables.
// Rows: X(wave, id, A, B, C, K values per register group, swizzled, mnemonic, call form,
// builtin, operand type of the builtin); desc: wmma_gfx12_desc<wave, 16, KR, swizzled>.
#define OPUS_DETAIL_WMMA_ROWS_GFX12(X)                                                                         \
    X(32, 50, fp16_t, fp16_t, fp32_t, 4, false, "v_wmma_f32_16x16x16_f16", wmma_ab,                           \
      __builtin_amdgcn_wmma_f32_16x16x16_f16_w32_gfx12, fp16x8_t)                                           \
    X(32, 51, bf16_t, bf16_t, fp32_t, 4, false, "v_wmma_f32_16x16x16_bf16", wmma_ab,                          \
      __builtin_amdgcn_wmma_f32_16x16x16_bf16_w32_gfx12, mma_v8i16)                                         \
    X(32, 52, fp16_t, fp16_t, fp16_t, 4, false, "v_wmma_f16_16x16x16_f16", wmma_c16,                          \
      __builtin_amdgcn_wmma_f16_16x16x16_f16_w32_gfx12, fp16x8_t)                                           \
    X(32, 53, bf16_t, bf16_t, bf16_t, 4, false, "v_wmma_bf16_16x16x16_bf16", wmma_c16,                        \
      __builtin_amdgcn_wmma_bf16_16x16x16_bf16_w32_gfx12, mma_v8i16)                                        \
    X(32, 54, i8_t, i8_t, i32_t, 8, false, "v_wmma_i32_16x16x16_iu8", wmma_iu,                                \
      __builtin_amdgcn_wmma_i32_16x16x16_iu8_w32_gfx12, mma_v2i32)                                          \
    X(32, 55, fp8_t, fp8_t, fp32_t, 8, false, "v_wmma_f32_16x16x16_fp8_fp8", wmma_ab,                         \
      __builtin_amdgcn_wmma_f32_16x16x16_fp8_fp8_w32_gfx12, mma_v2i32)                                      \
    X(32, 56, fp8_t, bf8_t, fp32_t, 8, false, "v_wmma_f32_16x16x16_fp8_bf8", wmma_ab,                         \
      __builtin_amdgcn_wmma_f32_16x16x16_fp8_bf8_w32_gfx12, mma_v2i32)                                      \
    X(32, 57, bf8_t, fp8_t, fp32_t, 8, false, "v_wmma_f32_16x16x16_bf8_fp8", wmma_ab,                         \
      __builtin_amdgcn_wmma_f32_16x16x16_bf8_fp8_w32_gfx12, mma_v2i32)                                      \
    X(32, 58, bf8_t, bf8_t, fp32_t, 8, false, "v_wmma_f32_16x16x16_bf8_bf8", wmma_ab,                         \
      __builtin_amdgcn_wmma_f32_16x16x16_bf8_bf8_w32_gfx12, mma_v2i32)                                      \
    X(64, 60, fp16_t, fp16_t, fp32_t, 4, false, "v_wmma_f32_16x16x16_f16", wmma_ab,                           \
      __builtin_amdgcn_wmma_f32_16x16x16_f16_w64_gfx12, fp16x4_t)                                           \
    X(64, 61, bf16_t, bf16_t, fp32_t, 4, false, "v_wmma_f32_16x16x16_bf16", wmma_ab,                          \
      __builtin_amdgcn_wmma_f32_16x16x16_bf16_w64_gfx12, mma_v4i16)                                         \
    X(64, 62, fp16_t, fp16_t, fp16_t, 4, false, "v_wmma_f16_16x16x16_f16", wmma_c16,                          \
      __builtin_amdgcn_wmma_f16_16x16x16_f16_w64_gfx12, fp16x4_t)                                           \
    X(64, 63, bf16_t, bf16_t, bf16_t, 4, false, "v_wmma_bf16_16x16x16_bf16", wmma_c16,                        \
      __builtin_amdgcn_wmma_bf16_16x16x16_bf16_w64_gfx12, mma_v4i16)                                        \
    X(64, 64, i8_t, i8_t, i32_t, 4, true, "v_wmma_i32_16x16x16_iu8", wmma_iu,                                 \
      __builtin_amdgcn_wmma_i32_16x16x16_iu8_w64_gfx12, int)                                                \
    X(64, 65, fp8_t, fp8_t, fp32_t, 4, true, "v_wmma_f32_16x16x16_fp8_fp8", wmma_ab,                          \
      __builtin_amdgcn_wmma_f32_16x16x16_fp8_fp8_w64_gfx12, int)                                            \
    X(64, 66, fp8_t, bf8_t, fp32_t, 4, true, "v_wmma_f32_16x16x16_fp8_bf8", wmma_ab,                          \
      __builtin_amdgcn_wmma_f32_16x16x16_fp8_bf8_w64_gfx12, int)                                            \
    X(64, 67, bf8_t, fp8_t, fp32_t, 4, true, "v_wmma_f32_16x16x16_bf8_fp8", wmma_ab,                          \
      __builtin_amdgcn_wmma_f32_16x16x16_bf8_fp8_w64_gfx12, int)                                            \
    X(64, 68, bf8_t, bf8_t, fp32_t, 4, true, "v_wmma_f32_16x16x16_bf8_bf8", wmma_ab,                          \
      __builtin_amdgcn_wmma_f32_16x16x16_bf8_bf8_w64_gfx12, int)

// ---- the entries ------------------------------------------------------------------------
#define OPUS_DETAIL_MFMA_ENTRY(TGT, ID, A, B, C, M, N, K, CR, NAME, BUILTIN, AT)                              \
    template <>                                                                                               \
    struct mma_native<A, B, C, M, N, K, mma_target::TGT> : mma_entry {                                        \
        enum : int { id = ID, family = 0, cr = CR };                                                          \
    };
#define OPUS_DETAIL_WMMA11_ENTRY(W, ID, A, B, C, NAME, FORM, BUILTIN, AT)                                     \
    template <>                                                                                               \
    struct mma_native<A, B, C, 16, 16, 16, mma_target::gfx11_w##W> : mma_entry {                              \
        enum : int { id = ID, family = 1 };                                                                   \
    };
#define OPUS_DETAIL_WMMA12_ENTRY(W, ID, A, B, C, KR, SWZ, NAME, FORM, BUILTIN, AT)                            \
    template <>                                                                                               \
    struct mma_native<A, B, C, 16, 16, 16, mma_target::gfx12_w##W> : mma_entry {                              \
        enum : int { id = ID, family = 2, kr = KR, swz = SWZ };                                               \
    };

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
// the scaled call with explicit scales (format codes of A (cbsz) and B (blgp); scales are
// e8m0, 127 = 1.0; operands of fp6 / fp4 fill 6 / 4 of the 8 registers, the backend narrows
// the operand)
#define OPUS_DETAIL_MMA_CALL_SCALED(BUILTIN)                                                                  \
    template <index_t SA = 0, index_t SB = 0, typename VA, typename VB, typename VC>                          \
    OPUS_D static VC call_scaled(const VA& a, const VB& b, const VC& c, int sa, int sb) {                     \
        return BUILTIN(mma_scale_operand(a), mma_scale_operand(b), c, format_a, format_b, SA, sa, SB, sb);    \
    }
#else
#define OPUS_DETAIL_MMA_CALL_SCALED(BUILTIN)
#endif
#define OPUS_DETAIL_MFMA_SCALE_ENTRY(ID, M, N, K, NAME, BUILTIN)                                              \
    template <typename A, typename B>                                                                         \
    struct mma_native<A, B, fp32_t, M, N, K, mma_target::gfx950> {                                            \
        static constexpr bool exists = is_f8f6f4_pair<A, B>;                                                  \
        static constexpr bool scaled = true;                                                                  \
        enum : int { id = ID, family = 0, cr = 4 };                                                           \
        static constexpr int format_a = f8f6f4_format<A>, format_b = f8f6f4_format<B>;                        \
        OPUS_DETAIL_MMA_CALL_SCALED(BUILTIN)                                                                  \
    };

#if OPUS_DETAIL_MMA_WANT(GFX90A)
OPUS_DETAIL_MFMA_ROWS_GFX90A(OPUS_DETAIL_MFMA_ENTRY)
#endif
#if OPUS_DETAIL_MMA_WANT(GFX942)
OPUS_DETAIL_MFMA_ROWS_CDNA3(OPUS_DETAIL_MFMA_ENTRY, gfx942)
#endif
#if OPUS_DETAIL_MMA_WANT(GFX950)
OPUS_DETAIL_MFMA_ROWS_CDNA3(OPUS_DETAIL_MFMA_ENTRY, gfx950)
OPUS_DETAIL_MFMA_ROWS_GFX950(OPUS_DETAIL_MFMA_ENTRY)
OPUS_DETAIL_MFMA_ROWS_SCALE(OPUS_DETAIL_MFMA_SCALE_ENTRY)
#endif
#if OPUS_DETAIL_MMA_WANT(GFX11)
OPUS_DETAIL_WMMA_ROWS_GFX11(OPUS_DETAIL_WMMA11_ENTRY)
#endif
#if OPUS_DETAIL_MMA_WANT(GFX12)
OPUS_DETAIL_WMMA_ROWS_GFX12(OPUS_DETAIL_WMMA12_ENTRY)
#endif

// ---- the lane layout of an entry of shape M x N x K on target T ------------------------
template <typename E, index_t M, index_t N, index_t K, mma_target T, int Family = E::family>
struct mma_entry_desc {
    using type = mfma_desc<M, N, K, E::cr>;
};
template <typename E, index_t M, index_t N, index_t K, mma_target T>
struct mma_entry_desc<E, M, N, K, T, 1> {
    using type = wmma_gfx11_desc<mma_target_wave(T)>;
};
template <typename E, index_t M, index_t N, index_t K, mma_target T>
struct mma_entry_desc<E, M, N, K, T, 2> {
    using type = wmma_gfx12_desc<mma_target_wave(T), 16, E::kr, E::swz != 0>;
};

// ---- the mnemonic of an entry: mma_instr_name<Entry::id>() -----------------------------
// (a template: in a device pass a non-template function costs more than its body)
#define OPUS_DETAIL_MFMA_NAME(TGT, ID, A, B, C, M, N, K, CR, NAME, BUILTIN, AT) case ID: return NAME;
#define OPUS_DETAIL_MFMA_SCALE_NAME(ID, M, N, K, NAME, BUILTIN) case ID: return NAME;
#define OPUS_DETAIL_WMMA11_NAME(W, ID, A, B, C, NAME, FORM, BUILTIN, AT) case ID: return NAME;
#define OPUS_DETAIL_WMMA12_NAME(W, ID, A, B, C, KR, SWZ, NAME, FORM, BUILTIN, AT) case ID: return NAME;
template <int Id>
OPUS_H_D constexpr const char* mma_instr_name() {
    switch (Id) {
#if OPUS_DETAIL_MMA_WANT(GFX90A)
    OPUS_DETAIL_MFMA_ROWS_GFX90A(OPUS_DETAIL_MFMA_NAME)
#endif
#if OPUS_DETAIL_MMA_WANT(GFX942) || OPUS_DETAIL_MMA_WANT(GFX950)
    OPUS_DETAIL_MFMA_ROWS_CDNA3(OPUS_DETAIL_MFMA_NAME, -)
#endif
#if OPUS_DETAIL_MMA_WANT(GFX950)
    OPUS_DETAIL_MFMA_ROWS_GFX950(OPUS_DETAIL_MFMA_NAME)
    OPUS_DETAIL_MFMA_ROWS_SCALE(OPUS_DETAIL_MFMA_SCALE_NAME)
#endif
#if OPUS_DETAIL_MMA_WANT(GFX11)
    OPUS_DETAIL_WMMA_ROWS_GFX11(OPUS_DETAIL_WMMA11_NAME)
#endif
#if OPUS_DETAIL_MMA_WANT(GFX12)
    OPUS_DETAIL_WMMA_ROWS_GFX12(OPUS_DETAIL_WMMA12_NAME)
#endif
    default: return "";
    }
}

// ---- the builtin call of an entry (device code only) -----------------------------------
// mma_issue<Entry, CBSZ, ABID, BLGP>(a, b, c) issues the instruction on register vectors a
// (elem_a values), b, c. It is only instantiated where a kernel issues the entry, and only
// for the target the entry belongs to (see mma_adaptor::operator()); one `if constexpr` per
// row, the discarded ones are not instantiated.
#if OPUS_HIP
#define OPUS_DETAIL_MMA_FORM_wmma_ab(BUILTIN, AT) BUILTIN(__builtin_bit_cast(AT, a), __builtin_bit_cast(AT, b), c)
#define OPUS_DETAIL_MMA_FORM_wmma_iu(BUILTIN, AT)                                                             \
    BUILTIN(true, __builtin_bit_cast(AT, a), true, __builtin_bit_cast(AT, b), c, false)
// 16-bit C (gfx12 f16 / bf16 accumulators): C goes through the builtin's type too
#define OPUS_DETAIL_MMA_FORM_wmma_c16(BUILTIN, AT)                                                            \
    __builtin_bit_cast(VC, BUILTIN(__builtin_bit_cast(AT, a), __builtin_bit_cast(AT, b), __builtin_bit_cast(AT, c)))
#define OPUS_DETAIL_MFMA_ISSUE(TGT, ID, A, B, C, M, N, K, CR, NAME, BUILTIN, AT)                              \
    if constexpr (Id == ID) return BUILTIN(__builtin_bit_cast(AT, a), __builtin_bit_cast(AT, b), c, CB, AB, BL); \
    else
#define OPUS_DETAIL_MFMA_SCALE_ISSUE(ID, M, N, K, NAME, BUILTIN)                                              \
    if constexpr (Id == ID)                                                                                   \
        return BUILTIN(mma_scale_operand(a), mma_scale_operand(b), c, E::format_a, E::format_b, 0, 127, 0, 127); \
    else
#define OPUS_DETAIL_WMMA11_ISSUE(W, ID, A, B, C, NAME, FORM, BUILTIN, AT)                                     \
    if constexpr (Id == ID) return OPUS_DETAIL_MMA_FORM_##FORM(BUILTIN, AT);                                   \
    else
#define OPUS_DETAIL_WMMA12_ISSUE(W, ID, A, B, C, KR, SWZ, NAME, FORM, BUILTIN, AT)                            \
    if constexpr (Id == ID) return OPUS_DETAIL_MMA_FORM_##FORM(BUILTIN, AT);                                   \
    else
// (the id as a template parameter: cheaper to compare in each condition than a local constant)
template <typename E, index_t CB, index_t AB, index_t BL, typename VA, typename VB, typename VC, int Id = E::id>
OPUS_D VC mma_issue(const VA& a, const VB& b, const VC& c) {
#if OPUS_DETAIL_MMA_WANT(GFX90A)
    OPUS_DETAIL_MFMA_ROWS_GFX90A(OPUS_DETAIL_MFMA_ISSUE)
#endif
#if OPUS_DETAIL_MMA_WANT(GFX942) || OPUS_DETAIL_MMA_WANT(GFX950)
    OPUS_DETAIL_MFMA_ROWS_CDNA3(OPUS_DETAIL_MFMA_ISSUE, -)
#endif
#if OPUS_DETAIL_MMA_WANT(GFX950)
    OPUS_DETAIL_MFMA_ROWS_GFX950(OPUS_DETAIL_MFMA_ISSUE)
    OPUS_DETAIL_MFMA_ROWS_SCALE(OPUS_DETAIL_MFMA_SCALE_ISSUE)
#endif
#if OPUS_DETAIL_MMA_WANT(GFX11)
    OPUS_DETAIL_WMMA_ROWS_GFX11(OPUS_DETAIL_WMMA11_ISSUE)
#endif
#if OPUS_DETAIL_MMA_WANT(GFX12)
    OPUS_DETAIL_WMMA_ROWS_GFX12(OPUS_DETAIL_WMMA12_ISSUE)
#endif
    {
        static_assert(Id < 0, "opus mma: internal (an entry whose id no table row has)");
        return c;
    }
}
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
