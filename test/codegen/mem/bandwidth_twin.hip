// The bandwidth benchmark's kernels (benchmark/mem/bandwidth_kernels.hpp): opus gmem and the
// hand-written builtin twins compile to the same memory instructions, no scratch. The
// instruction/VGPR comparison (opus <= twin) is benchmark/mem/isa_profile.py --check
// (CTest benchmark.mem.isa_profile); here FileCheck pins the shape of each kernel and that
// both copies use the same number of VGPRs.
// Runs on every codegen target (gfx9, gfx11, gfx12): where the ISAs name the same instruction
// differently the check lists both spellings, gfx9 first ({{dwordx4|b128}}, ds_{{read|load}},
// soffset {{0|null}}); each ISA has only one of them.
// MAX-VGPR: 48
#include "../../../benchmark/mem/bandwidth_kernels.hpp"

// CHECK-LABEL: opus_copy:
// CHECK-COUNT-4: buffer_load_{{dwordx4|b128}}
// CHECK-COUNT-4: buffer_store_{{dwordx4|b128}}
// CHECK: s_cbranch_{{scc|vcc|exec}}{{n?z}}
// CHECK: s_endpgm
// CHECK: ; NumVgprs: [[#OPUS_COPY_VGPR:]]
// CHECK-LABEL: opus_read:
// CHECK-COUNT-4: buffer_load_{{dwordx4|b128}}
// CHECK-NOT: buffer_store
// CHECK: s_endpgm
// CHECK-LABEL: twin_copy:
// CHECK-COUNT-4: buffer_load_{{dwordx4|b128}}
// CHECK-COUNT-4: buffer_store_{{dwordx4|b128}}
// CHECK: s_endpgm
// CHECK: ; NumVgprs: [[#OPUS_COPY_VGPR]]
// CHECK-LABEL: twin_read:
// CHECK-COUNT-4: buffer_load_{{dwordx4|b128}}
// CHECK: s_endpgm
