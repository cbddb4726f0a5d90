// Codegen: under -ffast-math (-ffinite-math-only) the compiler folds `x != x` to false, so
// software round-to-nearest-even fp32 -> bf16 tests the NaN bits instead (v_and +
// v_cmp_lt_u32): a NaN input still becomes a quiet NaN, as with aiter's opus, and the
// conversion stays branch-free. Without the flag: arch_bf16_rne_branch_free.hip.
// TARGETS: gfx942
// FLAGS: -ffast-math
#include <opus/hip_minimal.hpp>
#include <opus/arch.hpp>

using namespace opus;

// CHECK-LABEL: arch_bf16_rne_fast_math:
// CHECK-NOT: s_cbranch
// CHECK: v_and_b32{{.*}}0x7fffffff
// CHECK: v_cmp_lt_u32
// CHECK: v_cndmask_b32
// CHECK: s_endpgm
extern "C" __global__ __launch_bounds__(64) void arch_bf16_rne_fast_math(const float* in, bf16_t* out) {
    out[thread_idx_x()] = fp32_to_bf16<0>(in[thread_idx_x()] * 3.0f);
}
