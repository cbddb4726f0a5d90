// SPDX-License-Identifier: MIT
// opus/arch/launch.hpp - the launch queries and the workgroup barrier, written once as macros:
// opus/arch/workgroup.hpp expands them with opus's names (thread_id_x .. grid_size_z, index_t),
// opus/hip_minimal.hpp with its HIP-like ones (thread_idx_x .. grid_dim_z, unsigned, as aiter's
// opus has them). Macros only, no other header: hip_minimal.hpp stands alone and may come
// before any of opus's headers.
#pragma once

// X(opus's name, HIP-like name, builtin, divisor of the HIP-like value) per query and axis:
// grid_dim_* counts workgroups (grid size / workgroup size), grid_size_* threads
#define OPUS_DETAIL_LAUNCH_QUERIES(X) \
    X(thread_id_x, thread_idx_x, __builtin_amdgcn_workitem_id_x, 1u) \
    X(thread_id_y, thread_idx_y, __builtin_amdgcn_workitem_id_y, 1u) \
    X(thread_id_z, thread_idx_z, __builtin_amdgcn_workitem_id_z, 1u) \
    X(block_id_x, block_idx_x, __builtin_amdgcn_workgroup_id_x, 1u) \
    X(block_id_y, block_idx_y, __builtin_amdgcn_workgroup_id_y, 1u) \
    X(block_id_z, block_idx_z, __builtin_amdgcn_workgroup_id_z, 1u) \
    X(block_size_x, block_dim_x, __builtin_amdgcn_workgroup_size_x, 1u) \
    X(block_size_y, block_dim_y, __builtin_amdgcn_workgroup_size_y, 1u) \
    X(block_size_z, block_dim_z, __builtin_amdgcn_workgroup_size_z, 1u) \
    X(grid_size_x, grid_dim_x, __builtin_amdgcn_grid_size_x, __builtin_amdgcn_workgroup_size_x()) \
    X(grid_size_y, grid_dim_y, __builtin_amdgcn_grid_size_y, __builtin_amdgcn_workgroup_size_y()) \
    X(grid_size_z, grid_dim_z, __builtin_amdgcn_grid_size_z, __builtin_amdgcn_workgroup_size_z())

// sync_threads()'s body, __syncthreads(): a workgroup barrier that also orders LDS and global
// memory around it (release fence, s_barrier, acquire fence at workgroup scope). aiter's
// version is a bare s_barrier, which does not order memory by itself.
#define OPUS_DETAIL_SYNC_THREADS_BODY                       \
    __builtin_amdgcn_fence(__ATOMIC_RELEASE, "workgroup"); \
    __builtin_amdgcn_s_barrier();                          \
    __builtin_amdgcn_fence(__ATOMIC_ACQUIRE, "workgroup");
