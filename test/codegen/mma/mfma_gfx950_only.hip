// gfx950-only instructions: double-K i8, scaled f8f6f4 with explicit scales.
// TARGETS: gfx950
#include <opus/hip_minimal.hpp>
#include <opus/mma.hpp>

// CHECK-LABEL: k_i8_32x32x32:
// CHECK: v_mfma_i32_32x32x32_i8
// CHECK-NOT: v_mfma
// CHECK: s_endpgm
extern "C" __global__ __launch_bounds__(64) void k_i8_32x32x32(const void* pa, const void* pb, void* pc) {
    using M = opus::mfma_i32_32x32x32_i8;
    unsigned l = opus::thread_idx_x();
    auto& c = reinterpret_cast<M::vtype_c*>(pc)[l];
    c = M{}(reinterpret_cast<const M::vtype_a*>(pa)[l], reinterpret_cast<const M::vtype_b*>(pb)[l], c);
}
// CHECK-LABEL: k_i8_16x16x64:
// CHECK: v_mfma_i32_16x16x64_i8
// CHECK-NOT: v_mfma
// CHECK: s_endpgm
extern "C" __global__ __launch_bounds__(64) void k_i8_16x16x64(const void* pa, const void* pb, void* pc) {
    using M = opus::mfma_i32_16x16x64_i8;
    unsigned l = opus::thread_idx_x();
    auto& c = reinterpret_cast<M::vtype_c*>(pc)[l];
    c = M{}(reinterpret_cast<const M::vtype_a*>(pa)[l], reinterpret_cast<const M::vtype_b*>(pb)[l], c);
}
// CHECK-LABEL: k_scale_16x16x128:
// CHECK: v_mfma_scale_f32_16x16x128_f8f6f4
// CHECK-NOT: v_mfma
// CHECK: s_endpgm
extern "C" __global__ __launch_bounds__(64) void k_scale_16x16x128(const void* pa, const void* pb, void* pc, int sa,
                                                                   int sb) {
    using namespace opus;
    using M = decltype(make_mfma<bf8_t, fp8_t, fp32_t>(16_I, 16_I, 128_I));
    unsigned l = thread_idx_x();
    auto& c = reinterpret_cast<M::vtype_c*>(pc)[l];
    c = M{}.scaled(reinterpret_cast<const M::vtype_a*>(pa)[l], reinterpret_cast<const M::vtype_b*>(pb)[l], c, sa, sb);
}
