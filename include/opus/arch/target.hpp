// SPDX-License-Identifier: MIT
// opus/arch/target.hpp - the ONE place that looks at the compiler's GPU target macros.
//
// Every macro below is always defined, to 0 or 1 (unless stated), so both `#if OPUS_GFX950` and
// `if constexpr (OPUS_GFX950)` work without `defined()`:
//
//   OPUS_DEVICE_PASS  1 while compiling amdgcn device code (from core/config.hpp)
//   OPUS_HOST_PASS    1 otherwise (plain host compilers and the host side of HIP)
//   OPUS_GFX90A OPUS_GFX942 OPUS_GFX950 OPUS_GFX9 OPUS_GFX11 OPUS_GFX12 OPUS_GFX1250
//                     target detection: used here and in the instruction-family headers of
//                     mma/family/ only (gfx1250 is its own family: OPUS_GFX12 is 0 there)
//   OPUS_WAVE64       1 in wave64 passes (64 on gfx9; 32 by default on gfx11/gfx12, 64 with
//                     -mwavefrontsize64; 32 on gfx1250); the size itself is get_warp_size()
//   OPUS_TARGETS(X)   the targets as rows of facts; OPUS_TARGET_ID names this pass's row, and
//                     OPUS_TARGET_FACT(column) / OPUS_TARGET_HAS(FEATURE) read it
//   OPUS_HAS_*, OPUS_FP8_FNUZ, OPUS_BF16_CVT_IGNORES_MODE, OPUS_WAITCNT_FORM, OPUS_LDS_BYTES
//                     the facts other headers test, derived from the row (listed where defined)
//
// A device pass for any other target stops with a static_assert naming the target and the
// supported ones. Other headers ask for a fact or a feature; they never test a target by name
// (test repo.target_names).
#pragma once

#include "../core/config.hpp"

#define OPUS_HOST_PASS (!OPUS_DEVICE_PASS)

#if OPUS_DEVICE_PASS && defined(__gfx90a__)
#define OPUS_GFX90A 1
#else
#define OPUS_GFX90A 0
#endif

#if OPUS_DEVICE_PASS && defined(__gfx942__)
#define OPUS_GFX942 1
#else
#define OPUS_GFX942 0
#endif

#if OPUS_DEVICE_PASS && defined(__gfx950__)
#define OPUS_GFX950 1
#else
#define OPUS_GFX950 0
#endif

#if OPUS_DEVICE_PASS && defined(__GFX11__)
#define OPUS_GFX11 1
#else
#define OPUS_GFX11 0
#endif

#if OPUS_DEVICE_PASS && (defined(__gfx1250__) || defined(__gfx1251__))
#define OPUS_GFX1250 1
#else
#define OPUS_GFX1250 0
#endif

#if OPUS_DEVICE_PASS && defined(__GFX12__) && !OPUS_GFX1250
#define OPUS_GFX12 1
#else
#define OPUS_GFX12 0
#endif

#define OPUS_GFX9 (OPUS_GFX90A || OPUS_GFX942 || OPUS_GFX950)
#define OPUS_TARGET_SUPPORTED (OPUS_GFX9 || OPUS_GFX11 || OPUS_GFX12 || OPUS_GFX1250)

#if OPUS_DEVICE_PASS
#if defined(__amdgcn_processor__)
static_assert(OPUS_TARGET_SUPPORTED,
              "opus: unsupported device target " __amdgcn_processor__
              "; supported targets: gfx90a, gfx942, gfx950, gfx11xx, gfx1200, gfx1201, gfx1250, gfx1251");
#else
static_assert(OPUS_TARGET_SUPPORTED,
              "opus: unsupported device target; supported targets: gfx90a, gfx942, "
              "gfx950, gfx11xx, gfx1200, gfx1201, gfx1250, gfx1251");
#endif
#endif

// ---- wavefront size -------------------------------------------------------------------
// gfx9 is always wave64. gfx11/gfx12 default to wave32; -mwavefrontsize64 switches them to
// wave64. clang <= 21 announces the size in __AMDGCN_WAVEFRONT_SIZE__ (deprecated since
// clang 20, removed in clang 22); clang 22 reports target features through __has_builtin,
// so the wave64-only WMMA builtins reveal -mwavefrontsize64. OPUS_WAVE_SIZE may be defined
// by the user to override the detection.
#if !OPUS_DEVICE_PASS
#define OPUS_DETAIL_WAVE_SIZE_DETECTED 64
#elif OPUS_GFX9
#define OPUS_DETAIL_WAVE_SIZE_DETECTED 64
#elif OPUS_GFX1250
#define OPUS_DETAIL_WAVE_SIZE_DETECTED 32
#else
#if defined(__clang__)
#pragma clang diagnostic push
#pragma clang diagnostic ignored "-Wdeprecated-pragma"
#endif
#if defined(__AMDGCN_WAVEFRONT_SIZE__)
#define OPUS_DETAIL_WAVE_SIZE_DETECTED __AMDGCN_WAVEFRONT_SIZE__
#elif defined(__has_builtin)
#if __has_builtin(__builtin_amdgcn_wmma_f32_16x16x16_f16_w64) ||                        \
    __has_builtin(__builtin_amdgcn_wmma_f32_16x16x16_f16_w64_gfx12)
#define OPUS_DETAIL_WAVE_SIZE_DETECTED 64
#else
#define OPUS_DETAIL_WAVE_SIZE_DETECTED 32
#endif
#else
#define OPUS_DETAIL_WAVE_SIZE_DETECTED 32
#endif
#if defined(__clang__)
#pragma clang diagnostic pop
#endif
#endif

#if defined(OPUS_WAVE_SIZE)
#define OPUS_DETAIL_WAVE_SIZE OPUS_WAVE_SIZE
#else
#define OPUS_DETAIL_WAVE_SIZE OPUS_DETAIL_WAVE_SIZE_DETECTED
#endif
#if OPUS_DETAIL_WAVE_SIZE == 64
#define OPUS_WAVE64 1
#elif OPUS_DETAIL_WAVE_SIZE == 32
#define OPUS_WAVE64 0
#else
#error "opus: OPUS_WAVE_SIZE must be 32 or 64"
#endif
#if OPUS_GFX9 && !OPUS_WAVE64
#error "opus: gfx9 targets only support wave64 (OPUS_WAVE_SIZE=32 requested)"
#endif
#if OPUS_GFX1250 && OPUS_WAVE64
#error "opus: gfx1250 only supports wave32 (OPUS_WAVE_SIZE=64 requested)"
#endif

// Pointer qualifier of LDS (__shared__) memory: `OPUS_LDS_ADDR float* p`. Address space 3 in
// the device pass, nothing in the host pass (which has no LDS address space).
#if OPUS_DEVICE_PASS
#define OPUS_LDS_ADDR __attribute__((address_space(3)))
#else
#define OPUS_LDS_ADDR
#endif

// Name of the compile target, for diagnostics.
#if OPUS_DEVICE_PASS && defined(__amdgcn_processor__)
#define OPUS_TARGET_NAME __amdgcn_processor__
#elif OPUS_DEVICE_PASS
#define OPUS_TARGET_NAME "amdgcn"
#else
#define OPUS_TARGET_NAME "host"
#endif

// ---- the targets: one row each ------------------------------------------------------------
// Every fact opus uses about a target is a column of its row. Other headers ask for a fact or a
// feature (the macros derived below, or the constexpr functions in namespace opus), never for a
// target by name. A row with a missing column does not expand (every column reader takes exactly
// 12 arguments), and a device pass for a target without a row stops at the static_assert above.
//
//   name, id          the opus::target enumerator and its value (part of mangled names: fixed)
//   wave              wavefront size of the row (RDNA: one row per size; their WMMA lane layouts
//                     differ between wave32 and wave64)
//   gfx               gfx major version
//   lds               LDS bytes one workgroup can allocate (gfx1250: what clang-22 accepts,
//                     test/codegen/arch/arch_gfx1250.hip)
//   word3             word 3 (bits 96..127) of a raw untyped dword buffer resource descriptor:
//                     gfx9 DATA_FORMAT=4 (bits 15..18); gfx11/gfx12 OOB_SELECT=3 (bits 28..29),
//                     bit 24, FORMAT=4 (bits 12..18); gfx1250 takes the gfx12 value, of which
//                     clang-22 keeps the low 4 bits at bits 124..127 (test/codegen/mem/mem_gfx1250.hip).
//                     ck_tile's CK_TILE_BUFFER_RESOURCE_3RD_DWORD values; docs/evidence.md.
//   waitcnt           how s_waitcnt is issued (OPUS_WAITCNT_*, below)
//   lgkm              the largest lgkmcnt / dscnt the counter holds (vmcnt: 63 everywhere)
//   lds_dma           how global memory is copied straight to LDS (OPUS_LDS_DMA_*, below)
//   dma_widths        the bytes per lane that copy takes, as a mask (bit b: b bytes)
//   bf16              the default fp32 -> bf16 conversion (OPUS_BF16_CVT_*, below)
//   features          OPUS_F_* bits, below
//
// Adding a target: its detection macro above, a row here, its line in OPUS_TARGETS and in the
// OPUS_TARGET_ID ladder (CONTRIBUTING.md, "Adding a target").

// s_waitcnt forms: one immediate with vmcnt[3:0,15:14] lgkmcnt[11:8] expcnt[6:4] (IMM_VM_SPLIT);
// one immediate with vmcnt[15:10] lgkmcnt[9:4] expcnt[2:0] (IMM_VM_HIGH); separate
// s_wait_loadcnt / _dscnt / _expcnt instructions (SEPARATE); separate counters through LLVM's
// intrinsics, no expcnt, and the vector-memory wait also waits on asynccnt (SEPARATE_ASYNC).
#define OPUS_WAITCNT_IMM_VM_SPLIT 0
#define OPUS_WAITCNT_IMM_VM_HIGH 1
#define OPUS_WAITCNT_SEPARATE 2
#define OPUS_WAITCNT_SEPARATE_ASYNC 3
// Global -> LDS copies: none (a synchronous load + LDS store stands in); buffer loads with the
// `lds` bit (M0 holds the LDS base); global_load_async_to_lds, which does no bounds check.
#define OPUS_LDS_DMA_NONE 0
#define OPUS_LDS_DMA_BUFFER 1
#define OPUS_LDS_DMA_GLOBAL_ASYNC 2
// fp32 -> bf16 by default: software truncation (SOFT); the same, with mode 3's RNE sequence in
// wave64 VALU assembly (SOFT_ASM); the native v_cvt_pk_bf16_f32 (NATIVE); the compiler's
// conversion, round to nearest even with clang >= 20 (COMPILER). Where it rounds, every mode does.
#define OPUS_BF16_CVT_SOFT 0
#define OPUS_BF16_CVT_SOFT_ASM 1
#define OPUS_BF16_CVT_NATIVE 2
#define OPUS_BF16_CVT_COMPILER 3
// Feature bits.
#define OPUS_F_FP8_CVT (1 << 0)         // packed fp32 <-> fp8/bf8 conversion instructions
#define OPUS_F_FP8_FNUZ (1 << 1)        // fp8_t / bf8_t are the FNUZ encodings (else OCP)
#define OPUS_F_FP4_CVT (1 << 2)         // scaled fp4 conversions
#define OPUS_F_FP4_PK8_CVT (1 << 3)     // scaled fp32 -> fp4, 8 values per instruction
#define OPUS_F_LDS_TR_READ (1 << 4)     // ds_read_b64_tr_b16 / _b8 / _b4
#define OPUS_F_ATOMIC_PK_F16 (1 << 5)   // buffer atomic packed f16x2 add
#define OPUS_F_ATOMIC_PK_BF16 (1 << 6)  // buffer atomic packed bf16x2 add
#define OPUS_F_DPP_ROW_BCAST (1 << 7)   // DPP row_bcast:15 / :31 (else permlanex16 / permlane64)
#define OPUS_F_CPOL_SCOPE (1 << 8)      // memory instructions take a temporal hint + scope policy
#define OPUS_F_CLUSTERS (1 << 9)        // workgroup clusters, cluster ids and barrier -3
#define OPUS_F_NAMED_BARRIERS (1 << 10) // LDS named barrier objects (s_barrier_init / _join)
#define OPUS_F_TENSOR_DMA (1 << 11)     // the tensor DMA (tensor_load_to_lds / _store_from_lds)
#define OPUS_F_TTMP8_WAVE_ID (1 << 12)  // the wave's hardware index in ttmp8[29:25]
#define OPUS_F_VALU_MIN_I64 (1 << 13)   // v_min_i64: LLVM merges a 64-bit range clamp into it
#define OPUS_F_B128_STORE_VOFF (1 << 14) // 16-byte stores take an opaque voffset (clang <= 22)

// name       id wave gfx  lds     word3        waitcnt                      lgkm  lds_dma                    dma_widths bf16                    features
#define OPUS_TARGET_ROW_gfx90a(X) \
    X(gfx90a,    0, 64,  9,   65536, 0x00020000u, OPUS_WAITCNT_IMM_VM_SPLIT,   15,   OPUS_LDS_DMA_BUFFER,       0x00016, OPUS_BF16_CVT_SOFT_ASM, \
    OPUS_F_ATOMIC_PK_F16 | OPUS_F_DPP_ROW_BCAST)
#define OPUS_TARGET_ROW_gfx942(X) \
    X(gfx942,    1, 64,  9,   65536, 0x00020000u, OPUS_WAITCNT_IMM_VM_SPLIT,   15,   OPUS_LDS_DMA_BUFFER,       0x00016, OPUS_BF16_CVT_SOFT_ASM, \
    OPUS_F_FP8_CVT | OPUS_F_FP8_FNUZ | OPUS_F_ATOMIC_PK_F16 | OPUS_F_DPP_ROW_BCAST)
#define OPUS_TARGET_ROW_gfx950(X) \
    X(gfx950,    2, 64,  9,  163840, 0x00020000u, OPUS_WAITCNT_IMM_VM_SPLIT,   15,   OPUS_LDS_DMA_BUFFER,       0x11016, OPUS_BF16_CVT_NATIVE,   \
    OPUS_F_FP8_CVT | OPUS_F_FP4_CVT | OPUS_F_LDS_TR_READ | OPUS_F_ATOMIC_PK_F16 | OPUS_F_ATOMIC_PK_BF16 | OPUS_F_DPP_ROW_BCAST)
#define OPUS_TARGET_ROW_gfx11_w32(X) \
    X(gfx11_w32, 3, 32, 11,   65536, 0x31004000u, OPUS_WAITCNT_IMM_VM_HIGH,    63,   OPUS_LDS_DMA_NONE,         0x00000, OPUS_BF16_CVT_SOFT,     \
    0)
#define OPUS_TARGET_ROW_gfx11_w64(X) \
    X(gfx11_w64, 4, 64, 11,   65536, 0x31004000u, OPUS_WAITCNT_IMM_VM_HIGH,    63,   OPUS_LDS_DMA_NONE,         0x00000, OPUS_BF16_CVT_SOFT,     \
    0)
#define OPUS_TARGET_ROW_gfx12_w32(X) \
    X(gfx12_w32, 5, 32, 12,   65536, 0x31004000u, OPUS_WAITCNT_SEPARATE,       63,   OPUS_LDS_DMA_NONE,         0x00000, OPUS_BF16_CVT_COMPILER, \
    OPUS_F_FP8_CVT | OPUS_F_ATOMIC_PK_F16 | OPUS_F_ATOMIC_PK_BF16 | OPUS_F_CPOL_SCOPE)
#define OPUS_TARGET_ROW_gfx12_w64(X) \
    X(gfx12_w64, 6, 64, 12,   65536, 0x31004000u, OPUS_WAITCNT_SEPARATE,       63,   OPUS_LDS_DMA_NONE,         0x00000, OPUS_BF16_CVT_COMPILER, \
    OPUS_F_FP8_CVT | OPUS_F_ATOMIC_PK_F16 | OPUS_F_ATOMIC_PK_BF16 | OPUS_F_CPOL_SCOPE)
#define OPUS_TARGET_ROW_gfx1250(X) \
    X(gfx1250,   7, 32, 12,  327680, 0x31004000u, OPUS_WAITCNT_SEPARATE_ASYNC, 63,   OPUS_LDS_DMA_GLOBAL_ASYNC, 0x11116, OPUS_BF16_CVT_COMPILER, \
    OPUS_F_FP8_CVT | OPUS_F_FP4_PK8_CVT | OPUS_F_ATOMIC_PK_F16 | OPUS_F_ATOMIC_PK_BF16 | OPUS_F_CPOL_SCOPE |              \
    OPUS_F_CLUSTERS | OPUS_F_NAMED_BARRIERS | OPUS_F_TENSOR_DMA | OPUS_F_TTMP8_WAVE_ID | OPUS_F_VALU_MIN_I64 |           \
    OPUS_F_B128_STORE_VOFF)
// The host pass (plain host code and the host side of HIP): no device features; fp8 is FNUZ
// only with OPUS_HOST_FP8_FNUZ=1 (host code that must match one device names the explicit types
// instead, see dtype.hpp).
#if defined(OPUS_HOST_FP8_FNUZ) && OPUS_HOST_FP8_FNUZ
#define OPUS_DETAIL_HOST_FEATURES OPUS_F_FP8_FNUZ
#else
#define OPUS_DETAIL_HOST_FEATURES 0
#endif
#define OPUS_TARGET_ROW_host(X) \
    X(host,     14, 64,  0,   65536, 0x00020000u, OPUS_WAITCNT_IMM_VM_SPLIT,   15,   OPUS_LDS_DMA_NONE,         0x00000, OPUS_BF16_CVT_SOFT,     \
    OPUS_DETAIL_HOST_FEATURES)

// OPUS_TARGETS(X): X(name, id, wave, gfx, lds, word3, waitcnt, lgkm, lds_dma, dma_widths, bf16,
// features) for every device row; opus::target and the target_* functions are made from it.
#define OPUS_TARGETS(X)                                                                          \
    OPUS_TARGET_ROW_gfx90a(X) OPUS_TARGET_ROW_gfx942(X) OPUS_TARGET_ROW_gfx950(X)                \
    OPUS_TARGET_ROW_gfx11_w32(X) OPUS_TARGET_ROW_gfx11_w64(X) OPUS_TARGET_ROW_gfx12_w32(X)       \
    OPUS_TARGET_ROW_gfx12_w64(X) OPUS_TARGET_ROW_gfx1250(X)

// The compile target of this pass: its row's name (and the row itself, OPUS_DETAIL_THIS_ROW).
#if OPUS_GFX90A
#define OPUS_TARGET_ID gfx90a
#define OPUS_DETAIL_THIS_ROW OPUS_TARGET_ROW_gfx90a
#elif OPUS_GFX942
#define OPUS_TARGET_ID gfx942
#define OPUS_DETAIL_THIS_ROW OPUS_TARGET_ROW_gfx942
#elif OPUS_GFX950
#define OPUS_TARGET_ID gfx950
#define OPUS_DETAIL_THIS_ROW OPUS_TARGET_ROW_gfx950
#elif OPUS_GFX11 && OPUS_WAVE64
#define OPUS_TARGET_ID gfx11_w64
#define OPUS_DETAIL_THIS_ROW OPUS_TARGET_ROW_gfx11_w64
#elif OPUS_GFX11
#define OPUS_TARGET_ID gfx11_w32
#define OPUS_DETAIL_THIS_ROW OPUS_TARGET_ROW_gfx11_w32
#elif OPUS_GFX1250
#define OPUS_TARGET_ID gfx1250
#define OPUS_DETAIL_THIS_ROW OPUS_TARGET_ROW_gfx1250
#elif OPUS_GFX12 && OPUS_WAVE64
#define OPUS_TARGET_ID gfx12_w64
#define OPUS_DETAIL_THIS_ROW OPUS_TARGET_ROW_gfx12_w64
#elif OPUS_GFX12
#define OPUS_TARGET_ID gfx12_w32
#define OPUS_DETAIL_THIS_ROW OPUS_TARGET_ROW_gfx12_w32
#else
#define OPUS_TARGET_ID host
#define OPUS_DETAIL_THIS_ROW OPUS_TARGET_ROW_host
#endif

// OPUS_TARGET_FACT(column): a column of this pass's row, usable in #if.
#define OPUS_TARGET_FACT(column) OPUS_DETAIL_THIS_ROW(OPUS_DETAIL_COL_##column)
#define OPUS_DETAIL_COL_id(n, i, w, g, l, r, wc, lg, d, dw, b, f) i
#define OPUS_DETAIL_COL_wave(n, i, w, g, l, r, wc, lg, d, dw, b, f) w
#define OPUS_DETAIL_COL_gfx(n, i, w, g, l, r, wc, lg, d, dw, b, f) g
#define OPUS_DETAIL_COL_lds(n, i, w, g, l, r, wc, lg, d, dw, b, f) l
#define OPUS_DETAIL_COL_word3(n, i, w, g, l, r, wc, lg, d, dw, b, f) r
#define OPUS_DETAIL_COL_waitcnt(n, i, w, g, l, r, wc, lg, d, dw, b, f) wc
#define OPUS_DETAIL_COL_lgkm(n, i, w, g, l, r, wc, lg, d, dw, b, f) lg
#define OPUS_DETAIL_COL_lds_dma(n, i, w, g, l, r, wc, lg, d, dw, b, f) d
#define OPUS_DETAIL_COL_dma_widths(n, i, w, g, l, r, wc, lg, d, dw, b, f) dw
#define OPUS_DETAIL_COL_bf16(n, i, w, g, l, r, wc, lg, d, dw, b, f) b
#define OPUS_DETAIL_COL_features(n, i, w, g, l, r, wc, lg, d, dw, b, f) (f)
// OPUS_TARGET_HAS(FEATURE): 1 if this pass's row has OPUS_F_<FEATURE>, else 0.
#define OPUS_TARGET_HAS(feature) ((OPUS_TARGET_FACT(features) & OPUS_F_##feature) != 0)

// ---- the facts other headers test, 0 or 1, evaluated once per pass ------------------------
// (a macro that expanded the row at every use would cost every #if that tests it)
#define OPUS_HAS_BUFFER_ATOMIC_FADD_F32 1
#if OPUS_TARGET_HAS(FP8_CVT)
#define OPUS_HAS_FP8_CVT 1
#else
#define OPUS_HAS_FP8_CVT 0
#endif
#if OPUS_TARGET_HAS(FP8_FNUZ)
#define OPUS_FP8_FNUZ 1
#else
#define OPUS_FP8_FNUZ 0
#endif
#if OPUS_TARGET_HAS(FP4_CVT)
#define OPUS_HAS_FP4_CVT 1
#else
#define OPUS_HAS_FP4_CVT 0
#endif
#if OPUS_TARGET_HAS(FP4_PK8_CVT)
#define OPUS_HAS_FP4_PK8_CVT 1
#else
#define OPUS_HAS_FP4_PK8_CVT 0
#endif
#if OPUS_TARGET_FACT(bf16) == OPUS_BF16_CVT_NATIVE
#define OPUS_HAS_BF16_CVT 1
#else
#define OPUS_HAS_BF16_CVT 0
#endif
#if OPUS_TARGET_FACT(bf16) == OPUS_BF16_CVT_NATIVE || (OPUS_TARGET_FACT(bf16) == OPUS_BF16_CVT_COMPILER && defined(__clang_major__) && __clang_major__ >= 20)
#define OPUS_BF16_CVT_IGNORES_MODE 1
#else
#define OPUS_BF16_CVT_IGNORES_MODE 0
#endif
#if OPUS_TARGET_FACT(bf16) == OPUS_BF16_CVT_SOFT_ASM
#define OPUS_DETAIL_BF16_CVT_SOFT_ASM 1
#else
#define OPUS_DETAIL_BF16_CVT_SOFT_ASM 0
#endif
#if OPUS_TARGET_FACT(lds_dma) == OPUS_LDS_DMA_BUFFER
#define OPUS_HAS_LDS_DMA 1
#else
#define OPUS_HAS_LDS_DMA 0
#endif
#if OPUS_TARGET_FACT(lds_dma) == OPUS_LDS_DMA_BUFFER && (OPUS_TARGET_FACT(dma_widths) & 0x10000) != 0
#define OPUS_HAS_LDS_DMA_B128 1
#else
#define OPUS_HAS_LDS_DMA_B128 0
#endif
#if OPUS_TARGET_FACT(lds_dma) == OPUS_LDS_DMA_GLOBAL_ASYNC
#define OPUS_HAS_ASYNC_LDS_DMA 1
#else
#define OPUS_HAS_ASYNC_LDS_DMA 0
#endif
#if OPUS_TARGET_HAS(LDS_TR_READ)
#define OPUS_HAS_LDS_TR_READ 1
#else
#define OPUS_HAS_LDS_TR_READ 0
#endif
#if OPUS_TARGET_HAS(ATOMIC_PK_F16)
#define OPUS_HAS_BUFFER_ATOMIC_PK_ADD_F16 1
#else
#define OPUS_HAS_BUFFER_ATOMIC_PK_ADD_F16 0
#endif
#if OPUS_TARGET_HAS(ATOMIC_PK_BF16)
#define OPUS_HAS_BUFFER_ATOMIC_PK_ADD_BF16 1
#else
#define OPUS_HAS_BUFFER_ATOMIC_PK_ADD_BF16 0
#endif
#if OPUS_TARGET_HAS(DPP_ROW_BCAST)
#define OPUS_HAS_DPP_ROW_BCAST 1
#else
#define OPUS_HAS_DPP_ROW_BCAST 0
#endif
#if OPUS_TARGET_HAS(CPOL_SCOPE)
#define OPUS_HAS_CPOL_SCOPE 1
#else
#define OPUS_HAS_CPOL_SCOPE 0
#endif
#if OPUS_TARGET_HAS(CLUSTERS)
#define OPUS_HAS_CLUSTERS 1
#else
#define OPUS_HAS_CLUSTERS 0
#endif
#if OPUS_TARGET_HAS(NAMED_BARRIERS)
#define OPUS_HAS_NAMED_BARRIERS 1
#else
#define OPUS_HAS_NAMED_BARRIERS 0
#endif
#if OPUS_TARGET_HAS(TENSOR_DMA)
#define OPUS_HAS_TENSOR_DMA 1
#else
#define OPUS_HAS_TENSOR_DMA 0
#endif
#if OPUS_TARGET_HAS(TTMP8_WAVE_ID)
#define OPUS_HAS_TTMP8_WAVE_ID 1
#else
#define OPUS_HAS_TTMP8_WAVE_ID 0
#endif
#if OPUS_TARGET_HAS(VALU_MIN_I64)
#define OPUS_HAS_VALU_MIN_I64 1
#else
#define OPUS_HAS_VALU_MIN_I64 0
#endif
#if OPUS_TARGET_HAS(B128_STORE_VOFF) && defined(__clang_major__) && __clang_major__ <= 22
#define OPUS_DETAIL_B128_STORE_OPAQUE_VOFF 1
#else
#define OPUS_DETAIL_B128_STORE_OPAQUE_VOFF 0
#endif
#define OPUS_WAITCNT_FORM OPUS_TARGET_FACT(waitcnt)
#define OPUS_LDS_BYTES OPUS_TARGET_FACT(lds)

OPUS_NAMESPACE_BEGIN

// A compile target: the rows of OPUS_TARGETS, `host` (no device target: plain host code and the
// host pass of a HIP compile), and `native`, "the target being compiled", which the MMA adaptors
// resolve per compile pass (so an adaptor's type is the same in every pass).
enum class target : int {
#define OPUS_DETAIL_TARGET_ENUM(n, i, w, g, l, r, wc, lg, d, dw, b, f) n = i,
    OPUS_TARGETS(OPUS_DETAIL_TARGET_ENUM)
#undef OPUS_DETAIL_TARGET_ENUM
    host = 14,
    native = 15,
};

// The target of this compile pass (target::host outside a device pass).
OPUS_H_D constexpr target get_target() { return target::OPUS_TARGET_ID; }

// Columns of a target's row, for any target (host / native: 64, 0, OPUS_BF16_CVT_SOFT), from one
// expansion of the rows: wave size, gfx major and bf16 conversion packed in a byte each. They
// compare the enumerator's value as an int: a comparison with an enum operand goes through
// overload resolution against every built-in operator candidate, which costs front-end time in
// every TU.
namespace detail {
OPUS_H_D constexpr index_t target_columns(target t) {
    const int id = static_cast<int>(t);
#define OPUS_DETAIL_TARGET_PACK(n, i, w, g, l, r, wc, lg, d, dw, b, f) id == i ? w | g << 8 | b << 16:
    return OPUS_TARGETS(OPUS_DETAIL_TARGET_PACK) 64 | OPUS_BF16_CVT_SOFT << 16;
#undef OPUS_DETAIL_TARGET_PACK
}
} // namespace detail
OPUS_H_D constexpr index_t target_wave_size(target t) { return detail::target_columns(t) & 0xff; }
OPUS_H_D constexpr index_t target_gfx_major(target t) { return detail::target_columns(t) >> 8 & 0xff; }
OPUS_H_D constexpr index_t target_bf16_cvt(target t) { return detail::target_columns(t) >> 16 & 0xff; }
// true for the WMMA (RDNA) targets, false for MFMA (CDNA) ones
OPUS_H_D constexpr bool target_has_wmma(target t) { return target_gfx_major(t) >= 11; }

// Wavefront size of the compile target (64 in the host pass).
OPUS_H_D constexpr index_t get_warp_size() { return OPUS_DETAIL_WAVE_SIZE; }

// Word 3 (bits 96..127) of a raw buffer resource descriptor for the compile target (its row's
// word3). Mesa's raw descriptors use FORMAT=32_FLOAT (22) and leave bit 24 (gfx10's
// RESOURCE_LEVEL) clear from gfx11 on; untyped dword accesses do not convert by the format. See
// docs/evidence.md (buffer out-of-bounds).
OPUS_H_D constexpr uint32_t buffer_rsrc_word3() { return OPUS_TARGET_FACT(word3); }

// The cache-policy operand of an atomic on targets with scoped policies (OPUS_HAS_CPOL_SCOPE;
// LLVM's CPol for gfx12: TH_ATOMIC_RETURN bit 0, TH_ATOMIC_NT bit 1, TH_ATOMIC_CASCADE bit 2,
// SCOPE bits 4..3). Declared there and in host code: gfx9's policy bits mean something else.
#if !OPUS_DEVICE_PASS || OPUS_HAS_CPOL_SCOPE
enum class atomic_scope : unsigned char { cu = 0, se = 1, dev = 2, sys = 3 };
OPUS_H_D constexpr int make_atomic_cpol(atomic_scope sc = atomic_scope::dev, bool returning = true, bool nt = false,
                                        bool cascade = false) {
    return (returning ? 1 : 0) | (nt ? 2 : 0) | (cascade ? 4 : 0) | ((static_cast<int>(sc) & 3) << 3);
}

// The cache policy of a gfx12 / gfx1250 load or store (gmem's `aux`, the tensor DMA's
// tdm_traits::cache): temporal hint th[2:0], scope[4:3], non-volatile [5] (LLVM's gfx12 CPol).
// One th encoding, two spellings: the assembler accepts only TH_LOAD_* on loads and TH_STORE_*
// on stores, and th 7 exists for stores only (TH_STORE_NT_WB).
enum class load_temporal_hint : unsigned char {
    regular = 0, non_temporal = 1, high_temporal = 2, last_use = 3,
    non_temporal_regular = 4, regular_non_temporal = 5, non_temporal_high_temporal = 6
};
enum class store_temporal_hint : unsigned char {
    regular = 0, non_temporal = 1, high_temporal = 2, write_back = 3,
    non_temporal_regular = 4, regular_non_temporal = 5, non_temporal_high_temporal = 6, non_temporal_write_back = 7
};
OPUS_H_D constexpr int make_cache_policy(load_temporal_hint th = load_temporal_hint::regular,
                                         atomic_scope sc = atomic_scope::dev, bool non_volatile = false) {
    return (static_cast<int>(th) & 7) | ((static_cast<int>(sc) & 3) << 3) | (non_volatile ? 32 : 0);
}
OPUS_H_D constexpr int make_cache_policy(store_temporal_hint th, atomic_scope sc = atomic_scope::dev,
                                         bool non_volatile = false) {
    return (static_cast<int>(th) & 7) | ((static_cast<int>(sc) & 3) << 3) | (non_volatile ? 32 : 0);
}

namespace detail {
// a - b, or 0 when b >= a, for wave-uniform a and b. On gfx1250 two SALU instructions: compilers
// select a saturating (or overflow-checked) subtract to VALU even for uniform operands, a VGPR
// live wherever the value is (test/codegen/mem/tdm_gfx1250.hip, mem_gfx1250.hip).
OPUS_H_D uint32_t uniform_sub_sat(uint32_t a, uint32_t b) {
#if OPUS_DEVICE_PASS && OPUS_GFX1250
    if (!(__builtin_constant_p(a) && __builtin_constant_p(b))) {
        uint32_t r;
        asm("s_sub_co_u32 %0, %1, %2\n\ts_cselect_b32 %0, 0, %0" : "=s"(r) : "s"(a), "s"(b) : "scc");
        return r;
    }
#endif
    return b < a ? a - b : 0u;
}
} // namespace detail
#endif

OPUS_NAMESPACE_END
