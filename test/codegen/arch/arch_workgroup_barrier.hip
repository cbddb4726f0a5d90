// Codegen: workgroup_barrier orders memory for a stream-K style hand-off between workgroups.
//   inc():  workgroup barrier, then ONE agent-scope release atomic add (gfx942/gfx950 write
//           back the L2 - buffer_wbl2 sc1 - and wait for the stores before the atomic);
//   wait_eq / wait_lt: agent-scope polling loads that bypass L1 (sc1 / glc / SCOPE_DEV), an
//           acquire (L1 invalidate: buffer_inv sc1 / buffer_wbinvl1_vol / global_inv) after
//           the loop, then the workgroup barrier - before the consumer's data loads.
#include <opus/hip_minimal.hpp>
#include <opus/arch.hpp>

using namespace opus;

// CHECK-LABEL: arch_wb_producer:
// CHECK: global_store_{{dword|b32}}
// CHECK: s_barrier
// CHECK-GFX942: buffer_wbl2 sc1
// CHECK-GFX950: buffer_wbl2 sc1
// CHECK-GFX9: s_waitcnt vmcnt(0)
// CHECK-GFX1201: s_wait_loadcnt 0x0
// CHECK-GFX9-NEXT: global_atomic_add v{{[0-9]+}}, v{{[0-9]+}}, s[{{[0-9]+:[0-9]+}}]{{$}}
// CHECK-GFX1100: global_atomic_add_u32
// CHECK-GFX1201-NEXT: global_atomic_add_u32 {{.*}} scope:SCOPE_DEV
// CHECK: s_endpgm
extern "C" __global__ __launch_bounds__(256) void arch_wb_producer(float* ws, unsigned* sem) {
    ws[block_id_x() * 256 + thread_id_x()] = 1.0f;
    workgroup_barrier wb{sem};
    wb.inc();
}

// CHECK-LABEL: arch_wb_consumer:
// CHECK: [[LOOP:.LBB[0-9_]+]]:
// CHECK-GFX942: global_load_dword {{.*}} sc1
// CHECK-GFX950: global_load_dword {{.*}} sc1
// CHECK-GFX90A: global_load_dword {{.*}} glc
// CHECK-GFX1100: global_load_b32 {{.*}} glc
// CHECK-GFX1201: global_load_b32 {{.*}} scope:SCOPE_DEV
// CHECK: s_cbranch_vccnz [[LOOP]]
// CHECK-GFX942: buffer_inv sc1
// CHECK-GFX950: buffer_inv sc1
// CHECK-GFX90A: buffer_wbinvl1_vol
// CHECK-GFX1100: buffer_gl1_inv
// CHECK-GFX1201: global_inv scope:SCOPE_DEV
// CHECK: s_barrier
// CHECK: global_load_{{dword|b32}}
// CHECK: s_endpgm
extern "C" __global__ __launch_bounds__(256) void arch_wb_consumer(const float* ws, unsigned* sem, float* out,
                                                                   unsigned n) {
    workgroup_barrier wb{sem};
    wb.wait_eq(n);
    out[thread_id_x()] = ws[thread_id_x()];
}

// wait_lt(v) waits while the counter is below v: the loop exits on counter >= v
// CHECK-LABEL: arch_wb_wait_lt:
// CHECK: [[LOOP:.LBB[0-9_]+]]:
// CHECK: v_cmp_{{gt|lt|le|ge}}_u32
// CHECK: s_cbranch_vccnz [[LOOP]]
// CHECK-GFX942: buffer_inv sc1
// CHECK: s_barrier
// CHECK: s_endpgm
extern "C" __global__ __launch_bounds__(256) void arch_wb_wait_lt(unsigned* sem, unsigned* out) {
    workgroup_barrier wb{sem};
    wb.wait_lt(block_id_x(), 1);
    out[thread_id_x()] = wb.ld(1);
}
