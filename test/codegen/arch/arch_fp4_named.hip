// Codegen: aiter's named fp4 conversions and the bit-packed fp4 containers. gfx950: one
// v_cvt_scalef32_pk_* per pair of values, the packed array goes in and out of the
// instructions as one dword (no byte shuffling, no scratch). gfx942 (no fp4 instructions):
// the software conversion compiles, without scratch.
// TARGETS: gfx942 gfx950
#include <opus/hip_minimal.hpp>
#include <opus/arch.hpp>
#include <opus/arch/aiter.hpp>  // aiter's layer (what opus/opus.hpp adds)

using namespace opus;

// CHECK-LABEL: fp4_pack_x8:
// CHECK-GFX950-COUNT-4: v_cvt_scalef32_pk_fp4_f32
// CHECK-GFX950-NOT: v_cvt_scalef32
// CHECK-GFX950-NOT: v_perm_b32
// CHECK-GFX942-NOT: v_cvt_scalef32
// CHECK: global_store_dword v
// CHECK: s_endpgm
extern "C" __global__ __launch_bounds__(64) void fp4_pack_x8(const fp32x8_t* in, unsigned* out, float s) {
    out[thread_idx_x()] = __builtin_bit_cast(unsigned, fp32_to_fp4_packed_x8(in[thread_idx_x()], s));
}

// CHECK-LABEL: fp4_unpack_x8:
// CHECK-GFX950-COUNT-4: v_cvt_scalef32_pk_f32_fp4
// CHECK-GFX950-NOT: v_cvt_scalef32
// CHECK: s_endpgm
extern "C" __global__ __launch_bounds__(64) void fp4_unpack_x8(const unsigned* in, fp32x8_t* out, float s) {
    out[thread_idx_x()] = fp4_to_fp32_packed_x8(__builtin_bit_cast(array<fp4_t, 8>, in[thread_idx_x()]), s);
}

// CHECK-LABEL: fp4_bf16_pairs:
// CHECK-GFX950: v_cvt_scalef32_pk_fp4_bf16
// CHECK-GFX950: v_cvt_scalef32_pk_bf16_fp4
// CHECK-GFX950-NOT: v_cvt_scalef32
// CHECK: s_endpgm
extern "C" __global__ __launch_bounds__(64) void fp4_bf16_pairs(const bf16x2_t* in, bf16x2_t* out, unsigned char* q, float s) {
    const auto p = bf16_to_fp4_packed_x2(in[thread_idx_x()], s);
    q[thread_idx_x()] = __builtin_bit_cast(unsigned char, p);
    out[thread_idx_x()] = fp4_to_bf16_packed_x2(p, s);
}

// one fp4_t: its byte is the pair
// CHECK-LABEL: fp4_unpack_one:
// CHECK-GFX950-COUNT-1: v_cvt_scalef32_pk_f32_fp4
// CHECK-GFX950-NOT: v_cvt_scalef32
// CHECK: s_endpgm
extern "C" __global__ __launch_bounds__(64) void fp4_unpack_one(const fp4_t* in, fp32x2_t* out) {
    out[thread_idx_x()] = cast<fp32_t>(in[thread_idx_x()]);
}

// cast<fp4_t>(fp32x8) -> array<fp4_t, 8> -> cast<fp32_t>: aiter's round trip
// CHECK-LABEL: fp4_cast_roundtrip:
// CHECK-GFX950-COUNT-4: v_cvt_scalef32_pk_fp4_f32
// CHECK-GFX950-COUNT-4: v_cvt_scalef32_pk_f32_fp4
// CHECK-GFX950-NOT: v_cvt_scalef32
// CHECK: s_endpgm
extern "C" __global__ __launch_bounds__(64) void fp4_cast_roundtrip(const fp32x8_t* in, fp32x8_t* out) {
    const auto q = cast<fp4_t>(in[thread_idx_x()]);
    out[thread_idx_x()] = cast<fp32_t>(q);
}

// proxy writes in a loop build the packed dword in registers
// CHECK-LABEL: fp4_proxy_pack:
// CHECK-NOT: scratch
// CHECK: global_store_dword v
// CHECK: s_endpgm
extern "C" __global__ __launch_bounds__(64) void fp4_proxy_pack(const unsigned char* codes, unsigned* out) {
    array<fp4_t, 8> a;
    for (int i = 0; i < 8; ++i) a[i] = fp4_t{codes[thread_idx_x() * 8 + i]};
    out[thread_idx_x()] = __builtin_bit_cast(unsigned, a);
}
