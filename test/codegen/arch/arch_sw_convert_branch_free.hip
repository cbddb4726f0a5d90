// Codegen: the software small-float conversions are branch-free. They serve the targets
// without the instructions - fp4 (e2m1) on gfx90a, gfx942, gfx11, gfx12; fp8 / bf8 on gfx90a
// and gfx11 - and host code (opus/arch/convert.hpp):
//   * encode: the normal code is formed on the integer bits (round to nearest even at the
//     format's mantissa width, rebias), the subnormal code with one fp32 addition, and one is
//     selected; saturation, Inf and NaN are selects too;
//   * decode: the normal and the subnormal value are formed and one is selected.
// The shift-and-compare forms they replace took a divergent branch per value. Instructions
// for 8 values (with the load, the store and, for fp4, the scale division), before -> now:
// fp4 encode 554 -> 165 (gfx942), 674 -> 184 (gfx1201); fp4 decode 172 -> 112 (gfx942),
// 217 -> 118 (gfx1201); fp8 encode 508 -> 166, bf8 encode 548 -> 182, fp8 decode 241 -> 134
// (gfx90a). On gfx942 and gfx1201 fp8 / bf8 use the hardware conversions; the checks hold
// there too. Bit-exactness: test/host/arch/cast_exhaustive.cpp (all 2^32 inputs of every
// format).
// TARGETS: gfx90a gfx942 gfx1100 gfx1201
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

// CHECK-LABEL: arch_fp8_encode_x8:
// CHECK-NOT: s_and_saveexec
// CHECK-NOT: s_cbranch
// CHECK: s_endpgm
extern "C" __global__ __launch_bounds__(64) void arch_fp8_encode_x8(const fp32x8_t* in, fp8x8_t* out) {
    out[thread_idx_x()] = cast<fp8_t>(in[thread_idx_x()]);
}

// CHECK-LABEL: arch_bf8_encode_x8:
// CHECK-NOT: s_and_saveexec
// CHECK-NOT: s_cbranch
// CHECK: s_endpgm
extern "C" __global__ __launch_bounds__(64) void arch_bf8_encode_x8(const fp32x8_t* in, bf8x8_t* out) {
    out[thread_idx_x()] = cast<bf8_t>(in[thread_idx_x()]);
}

// CHECK-LABEL: arch_fp8_decode_x8:
// CHECK-NOT: s_and_saveexec
// CHECK-NOT: s_cbranch
// CHECK: s_endpgm
extern "C" __global__ __launch_bounds__(64) void arch_fp8_decode_x8(const fp8x8_t* in, fp32x8_t* out) {
    out[thread_idx_x()] = cast<fp32_t>(in[thread_idx_x()]);
}
