// Codegen: launch-position queries under aiter's names (thread_id_*, block_id_*,
// block_size_*, grid_size_* = threads in the grid), get_smem_size, OPUS_LDS_ADDR, warp_all,
// shfl with a width, and s_waitcnt counts above the counter maximum (saturated, not masked).
#include <opus/hip_minimal.hpp>
#include <opus/arch.hpp>

using namespace opus;

static_assert(get_smem_size() == (OPUS_GFX950 ? 163840 : OPUS_GFX1250 ? 327680 : 65536), "LDS bytes per workgroup");

// CHECK-LABEL: arch_wg_ids:
// thread_id_y/z come from v0 (packed ids on gfx90a+/gfx11+) or v1/v2; block ids are SGPRs
// CHECK: s_endpgm
extern "C" __global__ __launch_bounds__(256) void arch_wg_ids(int* p) {
    const int t = thread_id_x() + 1000 * thread_id_y() + 1000000 * thread_id_z();
    p[t] = block_id_x() + 7 * block_id_y() + 13 * block_id_z();
}

// block_size_* and grid_size_* are loads (dispatch packet / implicit kernel arguments):
// grid_size_x (threads, not workgroups: no division) is the dword at 0xc of the packet.
// CHECK-LABEL: arch_wg_sizes:
// CHECK-DAG: s_load_{{dword|b32}} {{s[0-9]+}}, {{s\[[0-9]+:[0-9]+\]}}, 0xc
// CHECK-DAG: s_and_b32 {{s[0-9]+}}, {{s[0-9]+}}, 0xffff
// CHECK-NOT: v_rcp
// CHECK: s_endpgm
extern "C" __global__ __launch_bounds__(256) void arch_wg_sizes(int* p) {
    p[thread_id_x()] = block_size_x() + grid_size_x();
}

// CHECK-LABEL: arch_lds_addr:
// CHECK: ds_{{write|store}}_b32
// CHECK-NOT: flat_store
// CHECK: s_endpgm
extern "C" __global__ __launch_bounds__(64) void arch_lds_addr(float* p) {
    __shared__ float s[64];
    OPUS_LDS_ADDR float* l = reinterpret_cast<OPUS_LDS_ADDR float*>(reinterpret_cast<__UINTPTR_TYPE__>(s));
    l[thread_id_x()] = p[thread_id_x()];
    sync_threads();
    p[thread_id_x()] = l[63 - thread_id_x()];
}

// CHECK-LABEL: arch_warp_all:
// CHECK: v_cmp_{{.*}}
// CHECK: s_endpgm
extern "C" __global__ __launch_bounds__(64) void arch_warp_all(int* p) {
    p[thread_id_x()] = warp_all(p[thread_id_x()] > 3);
}

// width 16: lane (src & 15) of the caller's group of 16 -> the byte address is masked and
// offset by the group base before ds_bpermute
// CHECK-LABEL: arch_shfl_width:
// CHECK: v_mbcnt_lo_u32_b32
// CHECK: ds_bpermute_b32
// CHECK: s_endpgm
extern "C" __global__ __launch_bounds__(64) void arch_shfl_width(float* p, int src) {
    p[thread_id_x()] = shfl(p[thread_id_x()], src, 16);
}

// lgkmcnt 16 / vmcnt 70 exceed the gfx9 counters (15 / 63): no wait on that counter,
// not a masked count (16 & 15 = 0 would be a full wait). gfx11/gfx12 count LDS up to 63.
// CHECK-LABEL: arch_waitcnt_lgkm16:
// CHECK-GFX1250: s_wait_loadcnt 0x2{{$}}
// CHECK-GFX1250-NEXT: s_wait_asynccnt 0x2{{$}}
// CHECK-GFX1250-NEXT: s_wait_dscnt 0x10{{$}}
// CHECK-GFX9: s_waitcnt vmcnt(2){{$}}
// CHECK-GFX1100: s_waitcnt vmcnt(2) lgkmcnt(16){{$}}
// CHECK-GFX1201: s_wait_loadcnt 2{{$}}
// CHECK-GFX1201: s_wait_dscnt 16{{$}}
// CHECK: s_endpgm
extern "C" __global__ __launch_bounds__(64) void arch_waitcnt_lgkm16() { s_waitcnt(2_I, 16_I); }

// Asking only for lgkmcnt 16 on gfx9 waits for nothing, but the call still emits its
// instruction (every count at its maximum), as aiter's opus does: the wait stays a point the
// scheduler does not move memory operations across. Between two LDS reads here, it keeps the
// second read after it (without the instruction both reads are issued first).
// CHECK-LABEL: arch_waitcnt_lgkm16_only:
// CHECK-GFX1250: ds_load_b32
// CHECK-GFX1250-NEXT: s_wait_dscnt 0x10{{$}}
// CHECK-GFX1250-NEXT: ds_load_b32
// CHECK-GFX9: ds_read
// CHECK-GFX9-NEXT: s_waitcnt vmcnt(63) expcnt(7) lgkmcnt(15){{$}}
// CHECK-GFX9-NEXT: ds_read
// CHECK-GFX1100: s_waitcnt lgkmcnt(16){{$}}
// CHECK-GFX1201: s_wait_dscnt 16{{$}}
// CHECK: s_endpgm
extern "C" __global__ __launch_bounds__(64) void arch_waitcnt_lgkm16_only(float* p) {
    __shared__ float lds[128];
    lds[thread_id_x()] = p[thread_id_x()];
    lds[thread_id_x() + 64] = p[thread_id_x() + 64];
    const float a = lds[thread_id_x() ^ 1];
    s_waitcnt_lgkmcnt(16_I);
    const float b = lds[(thread_id_x() + 64) ^ 1];
    p[thread_id_x()] = a + b;
}

// CHECK-LABEL: arch_waitcnt_vm70:
// CHECK-GFX1250-NOT: s_wait_loadcnt
// CHECK-GFX1250: s_wait_dscnt 0x3{{$}}
// CHECK-GFX9: s_waitcnt lgkmcnt(3){{$}}
// CHECK-GFX1100: s_waitcnt lgkmcnt(3){{$}}
// CHECK-GFX1201: s_wait_dscnt 3{{$}}
// CHECK: s_endpgm
extern "C" __global__ __launch_bounds__(64) void arch_waitcnt_vm70() { s_waitcnt(70_I, 3_I); }

// expcnt (third count) in the gfx9 / gfx11 encoding, s_wait_expcnt on gfx12; on gfx1250 (no
// expcnt) the vm count waits for LOADcnt and ASYNCcnt
// CHECK-LABEL: arch_waitcnt_exp:
// CHECK-GFX1250: s_wait_loadcnt 0x1{{$}}
// CHECK-GFX1250-NEXT: s_wait_asynccnt 0x1{{$}}
// CHECK-GFX1250-NEXT: s_wait_dscnt 0x0{{$}}
// CHECK-GFX9: s_waitcnt vmcnt(1) expcnt(2) lgkmcnt(0)
// CHECK-GFX1100: s_waitcnt vmcnt(1) expcnt(2) lgkmcnt(0)
// CHECK-GFX1201: s_wait_expcnt 2
// CHECK: s_endpgm
// (gfx1250 has no expcnt: test/diagnostics/arch/arch_waitcnt_expcnt_gfx1250.hip)
extern "C" __global__ __launch_bounds__(64) void arch_waitcnt_exp() {
#if OPUS_GFX1250
    s_waitcnt(1_I, 0_I);
#else
    s_waitcnt(1_I, 0_I, 2_I);
#endif
}
