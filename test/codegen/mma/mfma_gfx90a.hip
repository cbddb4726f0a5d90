// gfx90a (CDNA2) table: plain-name builtins and the bf16 "_1k" forms; runs when gfx90a is a
// configured target.
// TARGETS: gfx90a
#include <opus/hip_minimal.hpp>
#include <opus/mma.hpp>

template <typename Mma>
__device__ inline void run(const void* pa, const void* pb, void* pc) {
    unsigned l = opus::thread_idx_x();
    auto& c = reinterpret_cast<typename Mma::vtype_c*>(pc)[l];
    c = Mma{}(reinterpret_cast<const typename Mma::vtype_a*>(pa)[l], reinterpret_cast<const typename Mma::vtype_b*>(pb)[l], c);
}
// CHECK-LABEL: k_f16:
// CHECK: v_mfma_f32_32x32x8f16
// CHECK-NOT: v_mfma
// CHECK: s_endpgm
extern "C" __global__ __launch_bounds__(64) void k_f16(const void* a, const void* b, void* c) { run<opus::mfma_f32_32x32x8_f16>(a, b, c); }
// CHECK-LABEL: k_bf16:
// CHECK: v_mfma_f32_16x16x16bf16_1k
// CHECK-NOT: v_mfma
// CHECK: s_endpgm
extern "C" __global__ __launch_bounds__(64) void k_bf16(const void* a, const void* b, void* c) { run<opus::mfma_f32_16x16x16_bf16>(a, b, c); }
// CHECK-LABEL: k_i8:
// CHECK: v_mfma_i32_32x32x8i8
// CHECK-NOT: v_mfma
// CHECK: s_endpgm
extern "C" __global__ __launch_bounds__(64) void k_i8(const void* a, const void* b, void* c) { run<opus::mfma_i32_32x32x8_i8>(a, b, c); }
// CHECK-LABEL: k_f64:
// CHECK: v_mfma_f64_16x16x4f64
// CHECK-NOT: v_mfma
// CHECK: s_endpgm
extern "C" __global__ __launch_bounds__(64) void k_f64(const void* a, const void* b, void* c) { run<opus::mfma_f64_16x16x4_f64>(a, b, c); }
// CHECK-LABEL: k_f32_stepk:
// CHECK-COUNT-2: v_mfma_f32_16x16x4f32
// CHECK-NOT: v_mfma
// CHECK: s_endpgm
extern "C" __global__ __launch_bounds__(64) void k_f32_stepk(const void* a, const void* b, void* c) {
    using namespace opus;
    run<decltype(make_mfma<fp32_t, fp32_t, fp32_t>(16_I, 16_I, 8_I))>(a, b, c);
}
