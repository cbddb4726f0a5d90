// Codegen smoke test: a trivial kernel compiled through opus/hip_minimal.hpp produces the
// expected instructions on every target: a global load, a packed-free f32 multiply and a
// global store, no scratch, a handful of VGPRs.
// MAX-VGPR: 8
#include <opus/hip_minimal.hpp>
#include <opus/core.hpp>

// CHECK-LABEL: opus_smoke_scale:
// CHECK: global_load_dword
// CHECK: v_mul_f32
// CHECK: global_store_dword
// CHECK: s_endpgm
// CHECK-GFX942: .amdhsa_next_free_vgpr
// CHECK-GFX950: .amdhsa_next_free_vgpr
extern "C" __global__ __launch_bounds__(64) void opus_smoke_scale(float* p, float s) {
    p[opus::thread_idx_x()] *= s;
}
