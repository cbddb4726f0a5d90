// aiter's names of the raw buffer intrinsics (opus::llvm_amdgcn_raw_buffer_atomic_*), which
// code written for aiter's opus calls with a descriptor it builds as an i32x4_t (aiter's a8w4 MoE stage-2
// epilogue): the packed bf16 add where the target has it (gfx950), f32 add everywhere.
// TARGETS: gfx942 gfx950
#include <opus/hip_minimal.hpp>
#include <opus/mem.hpp>
#include <opus/mem/aiter.hpp>  // aiter's layer (what opus/opus.hpp adds)
using namespace opus;

OPUS_D i32x4_t raw_rsrc(const void* p, unsigned bytes) {
    const auto bits = reinterpret_cast<__UINTPTR_TYPE__>(p);
    return i32x4_t{static_cast<int>(static_cast<unsigned>(bits)), static_cast<int>((bits >> 32) & 0xffffu),
                   static_cast<int>(bytes), static_cast<int>(buffer_default_config())};
}

// CHECK-LABEL: raw_f32_add:
// CHECK: buffer_atomic_add_f32 {{v[0-9]+}}, {{v[0-9]+}}, s[{{[0-9]+:[0-9]+}}], 0 offen
// CHECK: s_endpgm
extern "C" __global__ __launch_bounds__(64) void raw_f32_add(float* out, float v) {
    llvm_amdgcn_raw_buffer_atomic_fadd_f32(v, raw_rsrc(out, 256), static_cast<int>(thread_idx_x()) * 4, 0, 0);
}

#if defined(__gfx950__)
// CHECK-GFX950-LABEL: raw_bf16x2_add:
// CHECK-GFX950: buffer_atomic_pk_add_bf16 {{v[0-9]+}}, {{v[0-9]+}}, s[{{[0-9]+:[0-9]+}}], 0 offen
// CHECK-GFX950: s_endpgm
extern "C" __global__ __launch_bounds__(64) void raw_bf16x2_add(bf16_t* out, bf16x2_t v) {
    llvm_amdgcn_raw_buffer_atomic_fadd_v2bf16(v, raw_rsrc(out, 256), static_cast<int>(thread_idx_x()) * 4, 0, 0);
}
#endif
