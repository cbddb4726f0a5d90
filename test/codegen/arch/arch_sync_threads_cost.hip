// Codegen: what sync_threads() costs over aiter's bare s_barrier. It is __syncthreads():
// a workgroup-scope release fence, s_barrier, an acquire fence. On gfx9 that is exactly ONE
// s_waitcnt lgkmcnt(0) before the barrier (the LDS writes must be complete before another
// wave reads them) and nothing after it: no vmcnt wait for pending global stores, no cache
// write-back (buffer_wbl2) or invalidate (buffer_inv / buffer_wbinvl1) - those belong to
// agent scope. aiter's rmsnorm kernels pay exactly this: +1 s_waitcnt per barrier.
// gfx11 (WGP mode) adds the vscnt wait for pending stores and buffer_gl0_inv; gfx12 the
// combined storecnt/dscnt wait and global_inv at SE scope (what __syncthreads() does there).
#include <opus/hip_minimal.hpp>
#include <opus/arch.hpp>

using namespace opus;

// CHECK-LABEL: arch_sync_threads_lds:
// CHECK-GFX9: ds_write_b32
// CHECK-GFX9-NEXT: s_waitcnt lgkmcnt(0){{$}}
// CHECK-GFX9-NEXT: s_barrier
// CHECK-GFX9-NEXT: ds_read_b32
// CHECK-GFX1100: ds_store_b32
// CHECK-GFX1100-NEXT: s_waitcnt lgkmcnt(0){{$}}
// CHECK-GFX1100-NEXT: s_barrier
// CHECK-GFX1100-NEXT: buffer_gl0_inv
// CHECK-GFX1100-NEXT: ds_load_b32
// CHECK-GFX1201: ds_store_b32
// CHECK-GFX1201: s_wait_dscnt 0x0
// CHECK-GFX1201-NEXT: s_barrier_signal -1
// CHECK-GFX1201-NEXT: s_barrier_wait -1
// CHECK-GFX1201-NEXT: global_inv scope:SCOPE_SE
// CHECK-GFX1201-NEXT: ds_load_b32
// CHECK: s_endpgm
extern "C" __global__ __launch_bounds__(256) void arch_sync_threads_lds(const float* in, float* out) {
    __shared__ float s[256];
    const unsigned t = thread_id_x();
    s[t] = in[t];
    sync_threads();
    out[t] = s[255 - t] + s[t ^ 1];
}

// a global store still in flight at the barrier is not waited for on gfx9 (workgroup scope)
// CHECK-LABEL: arch_sync_threads_pending_store:
// CHECK-GFX9: global_store_dword
// CHECK-GFX9: ds_write_b32
// CHECK-GFX9-NEXT: s_waitcnt lgkmcnt(0){{$}}
// CHECK-GFX9-NEXT: s_barrier
// CHECK-GFX9-NEXT: ds_read_b32
// CHECK-GFX1100: s_waitcnt_vscnt null, 0x0
// CHECK-GFX1100-NEXT: s_barrier
// CHECK-GFX1201: s_wait_storecnt_dscnt 0x0
// CHECK: s_endpgm
extern "C" __global__ __launch_bounds__(256) void arch_sync_threads_pending_store(float* out) {
    __shared__ float s[256];
    const unsigned t = thread_id_x();
    out[t + 256] = 1.0f;
    s[t] = out[t];
    sync_threads();
    out[t] = s[255 - t];
}
