// Codegen: get_target() names the compile target's OPUS_TARGETS row in every device pass, its
// facts agree with the wave size and the family macros, and the value reaches the code (the
// examples' and benchmarks' arch probe stores it: 0 gfx90a, 1 gfx942, 2 gfx950, 3 gfx11 wave32,
// 5 gfx12 wave32; the wave64 rows: arch_target_id_wave64.hip).
// TARGETS: gfx90a gfx942 gfx950 gfx1100 gfx1201
#include <opus/hip_minimal.hpp>
#include <opus/arch.hpp>

using namespace opus;

static_assert(get_target() != target::host && get_target() != target::native, "a device pass has a target row");
static_assert(target_wave_size(get_target()) == get_warp_size(), "the row's wave size is the pass's");
static_assert(target_gfx_major(get_target()) == (OPUS_GFX9 ? 9 : OPUS_GFX11 ? 11 : 12), "the row's gfx major");
static_assert(target_has_wmma(get_target()) == (OPUS_GFX11 || OPUS_GFX12), "WMMA on gfx11 / gfx12 only");
static_assert(OPUS_HAS_LDS_DMA == OPUS_GFX9 && OPUS_HAS_LDS_DMA_B128 == OPUS_GFX950 &&
                  OPUS_HAS_LDS_TR_READ == OPUS_GFX950,
              "memory features of the target");

// the other columns and feature bits of the row, as the derived macros give them
static_assert(get_smem_size() == (OPUS_GFX950 ? 163840 : 65536), "LDS bytes");
static_assert(waitcnt_lgkm_max == (OPUS_GFX9 ? 15 : 63), "lgkm / ds counter limit");
static_assert(OPUS_WAITCNT_FORM == (OPUS_GFX9 ? OPUS_WAITCNT_IMM_VM_SPLIT : OPUS_GFX11 ? OPUS_WAITCNT_IMM_VM_HIGH
                                                                                        : OPUS_WAITCNT_SEPARATE),
              "s_waitcnt form");
static_assert(buffer_rsrc_word3() == (OPUS_GFX9 ? 0x00020000u : 0x31004000u), "descriptor word 3");
static_assert(OPUS_HAS_DPP_ROW_BCAST == OPUS_GFX9 && OPUS_HAS_CPOL_SCOPE == OPUS_GFX12 && !OPUS_HAS_ASYNC_LDS_DMA &&
                  !OPUS_HAS_CLUSTERS && !OPUS_HAS_NAMED_BARRIERS && !OPUS_HAS_TENSOR_DMA && !OPUS_HAS_TTMP8_WAVE_ID &&
                  !OPUS_HAS_VALU_MIN_I64,
              "feature bits");
static_assert(OPUS_HAS_BF16_CVT == OPUS_GFX950 && OPUS_FP8_FNUZ == OPUS_GFX942 &&
                  OPUS_HAS_FP8_CVT == (OPUS_GFX942 || OPUS_GFX950 || OPUS_GFX12) &&
                  OPUS_HAS_BUFFER_ATOMIC_PK_ADD_BF16 == (OPUS_GFX950 || OPUS_GFX12),
              "conversion and memory features");

// CHECK-LABEL: arch_target_id:
// CHECK-GFX90A: v_mov_b32_e32 v{{[0-9]+}}, 0{{$}}
// CHECK-GFX942: v_mov_b32_e32 v{{[0-9]+}}, 1{{$}}
// CHECK-GFX950: v_mov_b32_e32 v{{[0-9]+}}, 2{{$}}
// CHECK-GFX1100: v_{{(dual_)?}}mov_b32{{.*}} 3{{$}}
// CHECK-GFX1201: v_{{(dual_)?}}mov_b32{{.*}} 5{{$}}
// CHECK: s_endpgm
extern "C" __global__ __launch_bounds__(64) void arch_target_id(int* out) {
    out[0] = static_cast<int>(get_target());
}
