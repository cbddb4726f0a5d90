// Codegen smoke test: a trivial kernel compiled through opus/hip_minimal.hpp produces the
// expected instructions on every target: a global load, a packed-free f32 multiply and a
// global store, no scratch, a handful of VGPRs.
// Runs on every codegen target (gfx9, gfx11, gfx12): where the ISAs name the same instruction
// differently the check lists both spellings, gfx9 first ({{dwordx4|b128}}, ds_{{read|load}},
// soffset {{0|null}}); each ISA has only one of them.
// MAX-VGPR: 8
#include <opus/hip_minimal.hpp>
#include <opus/core.hpp>

// CHECK-LABEL: opus_smoke_scale:
// CHECK: global_load_{{dword|b32}}
// CHECK: v_mul_f32
// CHECK: global_store_{{dword|b32}}
// CHECK: s_endpgm
// CHECK-GFX942: .amdhsa_next_free_vgpr
// CHECK-GFX950: .amdhsa_next_free_vgpr
extern "C" __global__ __launch_bounds__(64) void opus_smoke_scale(float* p, float s) {
    p[opus::thread_idx_x()] *= s;
}
