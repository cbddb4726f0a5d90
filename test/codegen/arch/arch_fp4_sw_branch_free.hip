// Codegen: the software fp4 (e2m1) conversions of targets without fp4 instructions (gfx90a,
// gfx942, gfx11, gfx12; host code too) are branch-free: fp32 -> e2m1 rounds on the integer
// bits (an add of 0x1fffff plus the kept bit, a shift, a clamp to 7) and picks the |x| < 1
// codes with two compares; e2m1 -> fp32 builds the bits from the code. The generic
// small-float algorithm they replace took data-dependent shifts and a divergent branch per
// value. Instructions for 8 values, gfx942 / gfx1201: encode 554 -> 163 / 674 -> 192, decode
// 172 -> 90 / 217 -> 112 (with the load, the scale division and the store).
// Bit-exactness: test/host/arch/cast_exhaustive.cpp (all 2^32 inputs).
// TARGETS: gfx90a gfx942 gfx1201
#include <opus/hip_minimal.hpp>
#include <opus/arch.hpp>

using namespace opus;

// CHECK-LABEL: arch_fp4_encode_x8:
// CHECK-NOT: s_and_saveexec
// CHECK-NOT: s_cbranch
// CHECK: s_endpgm
extern "C" __global__ __launch_bounds__(64) void arch_fp4_encode_x8(const fp32x8_t* in, array<fp4_t, 8>* out, float scale) {
    out[thread_idx_x()] = cast<fp4_t>(in[thread_idx_x()], scale);
}

// CHECK-LABEL: arch_fp4_decode_x8:
// CHECK-NOT: s_and_saveexec
// CHECK-NOT: s_cbranch
// CHECK: s_endpgm
extern "C" __global__ __launch_bounds__(64) void arch_fp4_decode_x8(const array<fp4_t, 8>* in, fp32x8_t* out, float scale) {
    out[thread_idx_x()] = cast<fp32_t>(in[thread_idx_x()], scale);
}
