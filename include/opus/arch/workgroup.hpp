// SPDX-License-Identifier: MIT
// opus/arch/workgroup.hpp - where a thread is in the launch, the LDS size of the target, the
// LDS pointer qualifier, sync_threads / warp_all, and a cross-workgroup counter
// (workgroup_barrier) for stream-K style reductions.
//
// The names are the ones of aiter's single-header opus (thread_id_x, block_id_x,
// block_size_x, grid_size_x, ...). The same queries under HIP-like names (thread_idx_x,
// block_idx_x, block_dim_x, grid_dim_x) come from opus/hip_minimal.hpp. Note the units:
//   block_size_x()  threads per workgroup in x            (HIP blockDim.x)
//   grid_size_x()   THREADS in the whole grid in x         (HIP gridDim.x * blockDim.x)
//   grid_dim_x()    workgroups in the grid in x            (HIP gridDim.x, hip_minimal.hpp)
// Device-only functions (OPUS_D); in the host pass they exist so that host+device code
// parses, and return 0 / do nothing there.
#pragma once

#include "launch.hpp"
#include "target.hpp"
#include "../core/config.hpp"
#include "../core/meta.hpp"


OPUS_NAMESPACE_BEGIN

// LDS bytes one workgroup can allocate on the compile target (its row's lds column; 64 KiB in the
// host pass).
OPUS_H_D constexpr index_t get_smem_size() { return OPUS_LDS_BYTES; }

// ---- position in the launch ---------------------------------------------------------------
#if OPUS_DEVICE_PASS
#define OPUS_WG_Q_(name, hip_name, builtin, per) \
    OPUS_D index_t name() { return index_t(builtin()); }
#else
#define OPUS_WG_Q_(name, hip_name, builtin, per) \
    OPUS_D index_t name() { return 0; }
#endif
OPUS_DETAIL_LAUNCH_QUERIES(OPUS_WG_Q_)
#undef OPUS_WG_Q_

// ---- clusters (OPUS_HAS_CLUSTERS) ------------------------------------------------------------------
// A cluster is a group of workgroups launched together (the kernel's __cluster_dims__, gfx1250):
//   cluster_id_x()               the cluster's index in the grid (x; _y, _z likewise)
//   cluster_workgroup_id_x()     the workgroup's index inside its cluster (_y, _z)
//   cluster_workgroup_flat_id()  the same, flattened
//   sync_cluster()               a barrier over the cluster's workgroups that also orders memory
//                                (release, s_barrier_signal / wait -3, acquire; cluster scope)
// On targets without clusters every workgroup is a cluster of one: cluster_id_* is block_id_*,
// cluster_workgroup_* is 0 and sync_cluster() is sync_threads() (test/codegen/arch/arch_gfx1250.hip).
#if OPUS_HAS_CLUSTERS
#define OPUS_CLUSTER_Q_(name, builtin, other) \
    OPUS_D index_t name() { return index_t(builtin()); }
#else
#define OPUS_CLUSTER_Q_(name, builtin, other) \
    OPUS_D index_t name() { return other; }
#endif
OPUS_CLUSTER_Q_(cluster_id_x, __builtin_amdgcn_cluster_id_x, block_id_x())
OPUS_CLUSTER_Q_(cluster_id_y, __builtin_amdgcn_cluster_id_y, block_id_y())
OPUS_CLUSTER_Q_(cluster_id_z, __builtin_amdgcn_cluster_id_z, block_id_z())
OPUS_CLUSTER_Q_(cluster_workgroup_id_x, __builtin_amdgcn_cluster_workgroup_id_x, 0)
OPUS_CLUSTER_Q_(cluster_workgroup_id_y, __builtin_amdgcn_cluster_workgroup_id_y, 0)
OPUS_CLUSTER_Q_(cluster_workgroup_id_z, __builtin_amdgcn_cluster_workgroup_id_z, 0)
OPUS_CLUSTER_Q_(cluster_workgroup_flat_id, __builtin_amdgcn_cluster_workgroup_flat_id, 0)
#undef OPUS_CLUSTER_Q_

// waveid_in_workgroup(): the wave's index in its workgroup as the hardware numbers it, uniform
// (OPUS_HAS_TTMP8_WAVE_ID: bits 29..25 of ttmp8, the pattern compilers emit for it; a
// static_assert on other targets, where wave_id() gives the index along x).
template <typename Unused = void>
OPUS_D unsigned int waveid_in_workgroup() {
#if OPUS_HAS_TTMP8_WAVE_ID
    unsigned int w;
    asm("s_bfe_u32 %0, ttmp8, 0x50019" : "=s"(w));
    return w;
#else
    static_assert(!OPUS_DEVICE_PASS || detail::always_false<Unused>,
                  "opus::waveid_in_workgroup: gfx1250 only (the hardware wave id); use opus::wave_id() elsewhere");
    return 0;
#endif
}

// sync_threads(): __syncthreads() (opus/arch/launch.hpp), defined here or by
// opus/hip_minimal.hpp, whichever comes first (hip_minimal.hpp stands alone, before any
// configuration, so it defines its own from the same body).
#ifndef OPUS_SYNC_THREADS_DECLARED
#define OPUS_SYNC_THREADS_DECLARED 1
OPUS_D void sync_threads() {
#if OPUS_DEVICE_PASS
    OPUS_DETAIL_SYNC_THREADS_BODY
#endif
}
#endif
OPUS_D void barrier() { sync_threads(); }  // the same barrier, opus's other spelling

OPUS_D void sync_cluster() {
#if OPUS_HAS_CLUSTERS
    __builtin_amdgcn_fence(__ATOMIC_RELEASE, "cluster");
    __builtin_amdgcn_s_barrier_signal(-3);
    __builtin_amdgcn_s_barrier_wait(-3);
    __builtin_amdgcn_fence(__ATOMIC_ACQUIRE, "cluster");
#else
    sync_threads();
#endif
}

// warp_all(p): nonzero iff p is nonzero in every active lane of the wave (uniform result).
OPUS_D int warp_all(int predicate) {
#if OPUS_DEVICE_PASS && OPUS_WAVE64
    return __builtin_amdgcn_ballot_w64(predicate == 0) == 0;
#elif OPUS_DEVICE_PASS
    return __builtin_amdgcn_ballot_w32(predicate == 0) == 0;
#else
    return predicate != 0;
#endif
}

// ---- workgroup_barrier ----------------------------------------------------------------------
// A counter in global memory that workgroups of one grid use to wait for each other, e.g. the
// partial-tile producers and the reducing workgroup of a stream-K GEMM:
//
//     producer: write partial results; wb.inc();         // publish
//     consumer: wb.wait_eq(n_producers); read them;      // all n published before
//
// The counter (base_ptr[offset]) must be zeroed before the launch and is only ever increased.
// Memory ordering, agent (device) scope:
//   inc():       every thread's earlier global/LDS writes happen before the increment: a
//                workgroup barrier (sync_threads), then thread x == 0 increments with a
//                release atomic at agent scope (waits for the stores, writes back caches).
//   wait_eq/lt:  thread x == 0 polls with relaxed agent-scope loads (which bypass the
//                non-coherent L1), then an agent-scope acquire fence (invalidates it), then a
//                workgroup barrier: every thread of the workgroup sees what the incrementing
//                workgroups wrote before their inc().
//   ld():        one relaxed agent-scope load (no ordering).
// Every workgroup that waits must be resident together with those it waits for (a grid no
// larger than the GPU holds at once, or producers ordered before consumers).
// In multi-dimensional workgroups the polling / incrementing thread is every thread with
// thread_id_x() == 0 (as in aiter's opus): inc() then adds block_size_y * block_size_z.
// (aiter's opus: relaxed atomics with no fences, so the data published before inc() is not
// guaranteed to be visible after wait_*().)
struct workgroup_barrier {
    OPUS_D workgroup_barrier(unsigned int* ptr) : base_ptr(ptr) {}

    OPUS_D unsigned int ld(unsigned int offset = 0) const {
#if OPUS_DEVICE_PASS
        return __hip_atomic_load(base_ptr + offset, __ATOMIC_RELAXED, __HIP_MEMORY_SCOPE_AGENT);
#else
        return base_ptr[offset];
#endif
    }
    // wait until base_ptr[offset] == value
    OPUS_D void wait_eq(unsigned int value, unsigned int offset = 0) const { wait_while(false, value, offset); }
    // wait while base_ptr[offset] < value (until it is at least value)
    OPUS_D void wait_lt(unsigned int value, unsigned int offset = 0) const { wait_while(true, value, offset); }
    // base_ptr[offset] += 1 once per workgroup, after all of its threads got here
    OPUS_D void inc(unsigned int offset = 0) const {
#if OPUS_DEVICE_PASS
        sync_threads();
        if (__builtin_amdgcn_workitem_id_x() == 0)
            __hip_atomic_fetch_add(base_ptr + offset, 1u, __ATOMIC_RELEASE, __HIP_MEMORY_SCOPE_AGENT);
#else
        (void)offset;
#endif
    }

  private:
    // thread 0 spins while the value differs from (less: is below) `value`, then the workgroup
    // syncs; the acquire fence makes what the producers published before inc() visible
    OPUS_D void wait_while(bool less, unsigned int value, unsigned int offset) const {
#if OPUS_DEVICE_PASS
        if (__builtin_amdgcn_workitem_id_x() == 0) {
            while (less ? ld(offset) < value : ld(offset) != value) {
            }
            __builtin_amdgcn_fence(__ATOMIC_ACQUIRE, "agent");
        }
        sync_threads();
#else
        (void)less;
        (void)value;
        (void)offset;
#endif
    }

  public:
    unsigned int* base_ptr;
};

OPUS_NAMESPACE_END
