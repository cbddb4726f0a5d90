// Codegen: on targets without clusters every workgroup is a cluster of one: cluster_id_x is the
// workgroup id, cluster_workgroup_* are 0, sync_cluster is sync_threads.
// TARGETS: gfx942 gfx1201
#include <opus/hip_minimal.hpp>
#include <opus/arch.hpp>

using namespace opus;

// CHECK-LABEL: cluster_portable:
// CHECK-NOT: ttmp8
// CHECK-GFX942: s_barrier
// CHECK-GFX1201: s_barrier_signal -1
// CHECK: s_endpgm
extern "C" __global__ __launch_bounds__(256) void cluster_portable(int* out) {
    const int i = static_cast<int>(thread_idx_x());
    out[i] = static_cast<int>(cluster_id_x() - block_id_x() + cluster_workgroup_id_x() + cluster_workgroup_flat_id());
    sync_cluster();
    out[i + 64] = 1;
}
