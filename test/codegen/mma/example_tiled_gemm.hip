// The K loop of examples/03_tiled_gemm.hip (128x128x32 block tile, 2x2 waves, EXPAND 2x2x2
// of 32x32x16 f16): per K tile every wave issues the 4 global loads of the next tile first,
// then exactly 8 MFMAs of 32x32x16 (gfx950; 16 of 32x32x8 on gfx942, opus's step-K), then
// the 4 LDS writes and one barrier. Guards the MFMA count per K step and the prefetch order
// (the example's sched_barriers) against regressions in opus or the compiler.
// TARGETS: gfx942 gfx950
// MAX-VGPR: 128
#define OPUS_EXAMPLE_ISA_ONLY  // the example alone, without its helper (arch probe) kernel
#include "../../../examples/03_tiled_gemm.hip"

// CHECK-LABEL: tiled_gemm:
// CHECK: Inner Loop Header
// CHECK-NOT: {{v_mfma|ds_read|s_barrier}}
// CHECK-COUNT-4: buffer_load_dwordx4
// CHECK-NOT: {{v_mfma|buffer_load|s_barrier}}
// CHECK: ds_read_b128
// CHECK-GFX942-COUNT-16: v_mfma_f32_32x32x8_f16
// CHECK-GFX950-COUNT-8: v_mfma_f32_32x32x16_f16
// CHECK-NOT: {{v_mfma|buffer_load|s_barrier}}
// CHECK-COUNT-4: ds_write_b128
// CHECK-NOT: {{v_mfma|buffer_load|ds_}}
// CHECK: s_barrier
// CHECK-NOT: {{v_mfma|buffer_load|ds_}}
// CHECK: s_cbranch_scc0
