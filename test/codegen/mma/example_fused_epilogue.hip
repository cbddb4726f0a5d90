// examples/04_fused_epilogue.hip: the fused kernel keeps its epilogue in registers. After
// the K loop (no stores inside it) it stores the fp16 output tile exactly once (16 x
// 8-byte buffer stores per lane), then one partial sum of squares per row (2 dword stores);
// SiLU uses the hardware exp/rcp (no IEEE divide sequence) and nothing spills.
// TARGETS: gfx942 gfx950
// MAX-VGPR: 160
#define OPUS_EXAMPLE_ISA_ONLY  // the example alone, without its helper (arch probe) kernel
#include "../../../examples/04_fused_epilogue.hip"

// CHECK-LABEL: gemm_fused_epilogue:
// CHECK-NOT: {{v_div_scale|buffer_store}}
// CHECK: Inner Loop Header
// CHECK-NOT: {{v_div_scale|buffer_store}}
// CHECK-COUNT-16: buffer_store_dwordx2
// CHECK-NOT: {{v_div_scale|buffer_store_dwordx2}}
// CHECK-COUNT-2: buffer_store_dword v
// CHECK-NOT: {{v_div_scale|buffer_store}}
// CHECK: s_endpgm
// CHECK-LABEL: gemm_plain:
