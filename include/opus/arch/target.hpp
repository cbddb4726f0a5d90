// SPDX-License-Identifier: MIT
// opus/arch/target.hpp - the ONE place that looks at the compiler's GPU target macros.
//
// Every macro below is always defined, to 0 or 1, so both `#if OPUS_GFX950` and
// `if constexpr (OPUS_GFX950)` work without `defined()`:
//
//   OPUS_DEVICE_PASS  1 while compiling amdgcn device code (from core/config.hpp)
//   OPUS_HOST_PASS    1 otherwise (plain host compilers and the host side of HIP)
//   OPUS_GFX90A OPUS_GFX942 OPUS_GFX950        one gfx9 target each
//   OPUS_GFX9                                   any of the three above
//   OPUS_GFX11 OPUS_GFX12                       any gfx11xx target (RDNA3) / gfx1200, gfx1201
//                                               (RDNA4)
//   OPUS_GFX1250                                gfx1250 / gfx1251: its own family (clang also
//                                               defines __GFX12__ there; OPUS_GFX12 is 0)
//   OPUS_WAVE64 / OPUS_WARP_SIZE                wavefront size (64 on gfx9; 32 by default on
//                                               gfx11/gfx12, 64 with -mwavefrontsize64; 32
//                                               on gfx1250)
//   OPUS_HAS_FP8_CVT     packed fp32<->fp8/bf8 conversion instructions (gfx942, gfx950, gfx12,
//                        gfx1250)
//   OPUS_FP8_FNUZ        fp8_t/bf8_t use the FNUZ encodings (gfx942) instead of OCP
//   OPUS_HAS_FP4_CVT     scaled fp4 conversions (gfx950)
//   OPUS_HAS_FP4_PK8_CVT scaled fp32 -> fp4, 8 values per instruction (gfx1250)
//   OPUS_HAS_BF16_CVT    native fp32->bf16 conversion (gfx950)
//   OPUS_BF16_CVT_IGNORES_MODE  fp32->bf16 rounds to nearest even for every mode (gfx950, gfx12,
//                               gfx1250)
//
//   OPUS_TARGETS(X)      the targets as rows; opus::target (the one target enum), get_target(),
//                        target_wave_size / target_gfx_major / target_has_wmma are made from it
//   OPUS_TARGET_ID       the row of this device pass (host otherwise)
//
// A device pass for any other target stops with a static_assert naming the target and the
// supported ones. Other modules ask these macros (or the constexpr functions at the end);
// they never test __gfxNNN__ themselves.
#pragma once

#include <opus/core/config.hpp>

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
#define OPUS_WARP_SIZE_DETECTED 64
#elif OPUS_GFX9
#define OPUS_WARP_SIZE_DETECTED 64
#elif OPUS_GFX1250
#define OPUS_WARP_SIZE_DETECTED 32
#else
#if defined(__clang__)
#pragma clang diagnostic push
#pragma clang diagnostic ignored "-Wdeprecated-pragma"
#endif
#if defined(__AMDGCN_WAVEFRONT_SIZE__)
#define OPUS_WARP_SIZE_DETECTED __AMDGCN_WAVEFRONT_SIZE__
#elif defined(__has_builtin)
#if __has_builtin(__builtin_amdgcn_wmma_f32_16x16x16_f16_w64) ||                        \
    __has_builtin(__builtin_amdgcn_wmma_f32_16x16x16_f16_w64_gfx12)
#define OPUS_WARP_SIZE_DETECTED 64
#else
#define OPUS_WARP_SIZE_DETECTED 32
#endif
#else
#define OPUS_WARP_SIZE_DETECTED 32
#endif
#if defined(__clang__)
#pragma clang diagnostic pop
#endif
#endif

#if defined(OPUS_WAVE_SIZE)
#define OPUS_WARP_SIZE OPUS_WAVE_SIZE
#else
#define OPUS_WARP_SIZE OPUS_WARP_SIZE_DETECTED
#endif
#if OPUS_WARP_SIZE == 64
#define OPUS_WAVE64 1
#elif OPUS_WARP_SIZE == 32
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

// ---- conversion capabilities -------------------------------------------------------------
#define OPUS_HAS_FP8_CVT (OPUS_GFX942 || OPUS_GFX950 || OPUS_GFX12 || OPUS_GFX1250)
#define OPUS_HAS_FP4_CVT OPUS_GFX950
#define OPUS_HAS_FP4_PK8_CVT OPUS_GFX1250
#define OPUS_HAS_BF16_CVT OPUS_GFX950
// fp32_to_bf16 / cast<bf16_t> round to nearest even whatever the requested mode: gfx950 has the
// native v_cvt_pk_bf16_f32; on gfx12 (clang >= 20) the compiler's conversion is used, as the
// reference header does; gfx1250 has the native conversion too.
#if OPUS_GFX950 || OPUS_GFX1250 || (OPUS_GFX12 && defined(__clang_major__) && __clang_major__ >= 20)
#define OPUS_BF16_CVT_IGNORES_MODE 1
#else
#define OPUS_BF16_CVT_IGNORES_MODE 0
#endif

// ---- memory features ---------------------------------------------------------------------
// OPUS_HAS_LDS_DMA: buffer loads can write straight to LDS (the `lds` bit of MUBUF loads), 1, 2
// and 4 bytes per lane (gfx9); OPUS_HAS_LDS_DMA_B128 adds 12 and 16 (gfx950). gfx11/gfx12: none.
#define OPUS_HAS_LDS_DMA OPUS_GFX9
#define OPUS_HAS_LDS_DMA_B128 OPUS_GFX950
// OPUS_HAS_LDS_TR_READ: the transposing LDS reads ds_read_b64_tr_b16 / _b8 / _b4 (gfx950)
#define OPUS_HAS_LDS_TR_READ OPUS_GFX950
// Buffer atomics the target has natively (others: a compare-and-swap loop): f32 add
// everywhere, packed f16x2 add on gfx9, gfx12 and gfx1250, packed bf16x2 add on gfx950, gfx12
// and gfx1250.
#define OPUS_HAS_BUFFER_ATOMIC_FADD_F32 1
#define OPUS_HAS_BUFFER_ATOMIC_PK_ADD_F16 (OPUS_GFX9 || OPUS_GFX12 || OPUS_GFX1250)
#define OPUS_HAS_BUFFER_ATOMIC_PK_ADD_BF16 (OPUS_GFX950 || OPUS_GFX12 || OPUS_GFX1250)

// Pointer qualifier of LDS (__shared__) memory: `OPUS_LDS_ADDR float* p`. Address space 3 in
// the device pass, nothing in the host pass (which has no LDS address space).
#if OPUS_DEVICE_PASS
#define OPUS_LDS_ADDR __attribute__((address_space(3)))
#else
#define OPUS_LDS_ADDR
#endif

// fp8_t / bf8_t encoding: FNUZ on gfx942, OCP (e4m3fn / e5m2) everywhere else. The host
// pass has no target; it uses OCP unless the user defines OPUS_HOST_FP8_FNUZ=1 (host code
// that must match one particular device names the explicit types instead, see dtype.hpp).
#if OPUS_DEVICE_PASS
#define OPUS_FP8_FNUZ OPUS_GFX942
#elif defined(OPUS_HOST_FP8_FNUZ)
#define OPUS_FP8_FNUZ OPUS_HOST_FP8_FNUZ
#else
#define OPUS_FP8_FNUZ 0
#endif

// Name of the compile target, for diagnostics.
#if OPUS_DEVICE_PASS && defined(__amdgcn_processor__)
#define OPUS_TARGET_NAME __amdgcn_processor__
#elif OPUS_DEVICE_PASS
#define OPUS_TARGET_NAME "amdgcn"
#else
#define OPUS_TARGET_NAME "host"
#endif

// ---- the targets: one row each ----------------------------------------------------------
// X(name, value, wavefront size, gfx major): every compile target opus tells apart. RDNA
// targets are one row per wavefront size, because their WMMA lane layouts differ between wave32
// and wave64. Adding a target: a row here, its detection macro above and
// its facts below (CONTRIBUTING.md, "Adding a target").
#define OPUS_TARGETS(X)                                                                        \
    X(gfx90a, 0, 64, 9)                                                                        \
    X(gfx942, 1, 64, 9)                                                                        \
    X(gfx950, 2, 64, 9)                                                                        \
    X(gfx11_w32, 3, 32, 11)                                                                    \
    X(gfx11_w64, 4, 64, 11)                                                                    \
    X(gfx12_w32, 5, 32, 12)                                                                    \
    X(gfx12_w64, 6, 64, 12)                                                                    \
    X(gfx1250, 7, 32, 12)

// The compile target of a device pass, a row of OPUS_TARGETS (host: none).
#if OPUS_GFX90A
#define OPUS_TARGET_ID gfx90a
#elif OPUS_GFX942
#define OPUS_TARGET_ID gfx942
#elif OPUS_GFX950
#define OPUS_TARGET_ID gfx950
#elif OPUS_GFX11 && OPUS_WAVE64
#define OPUS_TARGET_ID gfx11_w64
#elif OPUS_GFX11
#define OPUS_TARGET_ID gfx11_w32
#elif OPUS_GFX1250
#define OPUS_TARGET_ID gfx1250
#elif OPUS_GFX12 && OPUS_WAVE64
#define OPUS_TARGET_ID gfx12_w64
#elif OPUS_GFX12
#define OPUS_TARGET_ID gfx12_w32
#else
#define OPUS_TARGET_ID host
#endif

OPUS_NAMESPACE_BEGIN

// A compile target: the rows of OPUS_TARGETS, `host` (no device target: plain host code and the
// host pass of a HIP compile), and `native`, "the target being compiled", which the MMA adaptors
// resolve per compile pass (so an adaptor's type is the same in every pass).
enum class target : int {
#define OPUS_DETAIL_TARGET_ENUM(N, V, W, G) N = V,
    OPUS_TARGETS(OPUS_DETAIL_TARGET_ENUM)
#undef OPUS_DETAIL_TARGET_ENUM
    host = 14,
    native = 15,
};

// The target of this compile pass (target::host outside a device pass).
OPUS_H_D constexpr target get_target() { return target::OPUS_TARGET_ID; }

// Facts of a target row (host / native: 64, 0). They compare the enumerator's value as an int:
// a comparison with an enum operand goes through overload resolution against every built-in
// operator candidate, which costs front-end time in every TU.
OPUS_H_D constexpr index_t target_wave_size(target t) {
#define OPUS_DETAIL_TARGET_WAVE(N, V, W, G) static_cast<int>(t) == V ? W:
    return OPUS_TARGETS(OPUS_DETAIL_TARGET_WAVE) 64;
#undef OPUS_DETAIL_TARGET_WAVE
}
OPUS_H_D constexpr index_t target_gfx_major(target t) {
#define OPUS_DETAIL_TARGET_GFX(N, V, W, G) static_cast<int>(t) == V ? G:
    return OPUS_TARGETS(OPUS_DETAIL_TARGET_GFX) 0;
#undef OPUS_DETAIL_TARGET_GFX
}
// true for the WMMA (RDNA) targets, false for MFMA (CDNA) ones
OPUS_H_D constexpr bool target_has_wmma(target t) { return target_gfx_major(t) >= 11; }

// Wavefront size of the compile target (64 in the host pass).
OPUS_H_D constexpr index_t get_warp_size() { return OPUS_WARP_SIZE; }

// Word 3 (bits 96..127) of a raw buffer resource descriptor: dst_sel/num/data format and
// out-of-bounds mode for an untyped dword buffer. The layout differs per generation:
//   gfx9 (gfx90a/gfx942/gfx950): DATA_FORMAT=4 (32 bits; bits 15..18)      -> 0x00020000
//   gfx11/gfx12: OOB_SELECT=3 (raw: checked against num_records, bits 28..29), bit 24 set,
//                FORMAT=4 (bits 12..18)                                     -> 0x31004000
//   gfx1250: the gfx11/gfx12 value, as aiter's opus passes; clang-22 builds gfx1250's own
//                descriptor format from it and keeps only its low 4 bits (0), at bits 124..127
//                (test/codegen/mem/mem_gfx1250.hip; docs/evidence.md).
// These are ck_tile's values (CK_TILE_BUFFER_RESOURCE_3RD_DWORD). Mesa's raw descriptors use
// FORMAT=32_FLOAT (22) and leave bit 24 (gfx10's RESOURCE_LEVEL) clear from gfx11 on; untyped
// dword accesses do not convert by the format. See docs/evidence.md (buffer out-of-bounds).
OPUS_H_D constexpr uint32_t buffer_rsrc_word3()
{
#if OPUS_GFX11 || OPUS_GFX12 || OPUS_GFX1250
    return 0x31004000u;
#else
    return 0x00020000u;
#endif
}

// The cache-policy operand of a gfx12 / gfx1250 atomic (LLVM's CPol for gfx12: TH_ATOMIC_RETURN
// bit 0, TH_ATOMIC_NT bit 1, TH_ATOMIC_CASCADE bit 2, SCOPE bits 4..3). Declared in gfx12 /
// gfx1250 passes and host code: gfx9's policy bits mean something else.
#if !OPUS_DEVICE_PASS || OPUS_GFX12 || OPUS_GFX1250
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
