// WMMA through the make_mfma interface (gfx11 wave32, gfx12 wave32); runs when those targets
// are configured.
// TARGETS: gfx1100 gfx1201
#include <opus/hip_minimal.hpp>
#include <opus/mma.hpp>

template <typename Mma>
__device__ inline void run(const void* pa, const void* pb, void* pc) {
    unsigned l = opus::thread_idx_x();
    auto& c = reinterpret_cast<typename Mma::vtype_c*>(pc)[l];
    c = Mma{}(reinterpret_cast<const typename Mma::vtype_a*>(pa)[l], reinterpret_cast<const typename Mma::vtype_b*>(pb)[l], c);
}
// CHECK-LABEL: k_f16:
// CHECK: v_wmma_f32_16x16x16_f16
// CHECK-NOT: v_wmma
// CHECK: s_endpgm
extern "C" __global__ __launch_bounds__(32) void k_f16(const void* a, const void* b, void* c) { run<opus::wmma_f32_16x16x16_f16>(a, b, c); }
// CHECK-LABEL: k_bf16:
// CHECK: v_wmma_f32_16x16x16_bf16
// CHECK-NOT: v_wmma
// CHECK: s_endpgm
extern "C" __global__ __launch_bounds__(32) void k_bf16(const void* a, const void* b, void* c) { run<opus::wmma_f32_16x16x16_bf16>(a, b, c); }
// CHECK-LABEL: k_iu8:
// CHECK: v_wmma_i32_16x16x16_iu8
// CHECK-NOT: v_wmma
// CHECK: s_endpgm
extern "C" __global__ __launch_bounds__(32) void k_iu8(const void* a, const void* b, void* c) { run<opus::wmma_i32_16x16x16_iu8>(a, b, c); }
// CHECK-LABEL: k_stepk:
// CHECK-COUNT-2: v_wmma_f32_16x16x16_f16
// CHECK-NOT: v_wmma
// CHECK: s_endpgm
extern "C" __global__ __launch_bounds__(32) void k_stepk(const void* a, const void* b, void* c) {
    using namespace opus;
    run<decltype(make_mfma<fp16_t, fp16_t, fp32_t>(16_I, 16_I, 32_I))>(a, b, c);
}
