// Codegen: opus::sched_barrier<Mask>() reaches the backend as a scheduling fence with exactly
// that mask (the assembly prints it as a "; sched_barrier mask(0x...)" comment, no
// instruction), and the scheduler honours the mask: with Mask = 0 a global load written
// after the fence stays after it; with Mask = 0x0020 (VMEM reads may cross) the same load is
// hoisted above the VALU chain, as it is without a fence. Every target, clang-19 and 22.
#include <opus/hip_minimal.hpp>
#include <opus/arch.hpp>

using namespace opus;

// a VALU chain on one load, the fence, then a second, independent load
template <index_t Mask>
__device__ void load_after_fence(const float* p, const float* q, float* out) {
    const index_t i = lane_id();
    float a = p[i];
    a = a * a + 1.f;
    a = a * a + 2.f;
    a = a * a + 3.f;
    a = a * a + 4.f;
    sched_barrier<Mask>();
    out[i] = a + q[i];
}

// Mask 0: nothing crosses - the second load is the first instruction after the fence.
// CHECK-LABEL: arch_sched_barrier_none:
// CHECK: global_load
// CHECK-NOT: global_load
// CHECK: ; sched_barrier mask(0x{{0*}})
// CHECK-NEXT: global_load
// CHECK: s_endpgm
extern "C" __global__ __launch_bounds__(64) void arch_sched_barrier_none(const float* p, const float* q,
                                                                         float* out) {
    load_after_fence<0>(p, q, out);
}

// Mask 0x20: VMEM reads may cross - both loads are issued before the fence.
// CHECK-LABEL: arch_sched_barrier_vmem_read:
// CHECK: global_load
// CHECK: global_load
// CHECK-NOT: global_load
// CHECK: ; sched_barrier mask(0x{{0*}}20)
// CHECK-NOT: global_load
// CHECK: s_endpgm
extern "C" __global__ __launch_bounds__(64) void arch_sched_barrier_vmem_read(const float* p, const float* q,
                                                                              float* out) {
    load_after_fence<0x0020>(p, q, out);
}

// The default mask is 0 and masks pass through unchanged (MFMA 0x8; VALU|SALU|TRANS 0x406;
// DS read 0x100). In any order: fences are not ordered among themselves (LLVM moves the
// 0x406 fence below the add, which may cross it, and so below the 0x100 fence).
// CHECK-LABEL: arch_sched_barrier_masks:
// CHECK-DAG: ; sched_barrier mask(0x{{0*}})
// CHECK-DAG: ; sched_barrier mask(0x{{0*}}8)
// CHECK-DAG: ; sched_barrier mask(0x{{0*}}406)
// CHECK-DAG: ; sched_barrier mask(0x{{0*}}100)
// CHECK: s_endpgm
extern "C" __global__ __launch_bounds__(64) void arch_sched_barrier_masks(float* out) {
    const float v = out[lane_id()];
    sched_barrier();
    sched_barrier<0x0008>();
    sched_barrier<0x0406>();
    sched_barrier<0x0100>();
    out[lane_id()] = v + 1.f;
}
