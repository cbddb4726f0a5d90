// gfx12 (RDNA4) fp8/bf8 WMMA, wave32: all four A/B pairings emit their opcode once, and
// step-K chains it.
// TARGETS: gfx1201
#include <opus/hip_minimal.hpp>
#include <opus/mma.hpp>

template <typename Mma>
__device__ inline void run(const void* pa, const void* pb, void* pc) {
    unsigned l = opus::thread_idx_x();
    auto& c = reinterpret_cast<typename Mma::vtype_c*>(pc)[l];
    c = Mma{}(reinterpret_cast<const typename Mma::vtype_a*>(pa)[l], reinterpret_cast<const typename Mma::vtype_b*>(pb)[l], c);
}
#define K(name, A, B, KK)                                                                              \
    extern "C" __global__ __launch_bounds__(32) void name(const void* a, const void* b, void* c) {    \
        using namespace opus;                                                                        \
        run<decltype(make_mfma<A, B, fp32_t>(16_I, 16_I, number<KK>{}))>(a, b, c);                   \
    }
// CHECK-LABEL: k_fp8_fp8:
// CHECK: v_wmma_f32_16x16x16_fp8_fp8
// CHECK-NOT: v_wmma
// CHECK: s_endpgm
K(k_fp8_fp8, fp8_t, fp8_t, 16)
// CHECK-LABEL: k_fp8_bf8:
// CHECK: v_wmma_f32_16x16x16_fp8_bf8
// CHECK-NOT: v_wmma
// CHECK: s_endpgm
K(k_fp8_bf8, fp8_t, bf8_t, 16)
// CHECK-LABEL: k_bf8_fp8:
// CHECK: v_wmma_f32_16x16x16_bf8_fp8
// CHECK-NOT: v_wmma
// CHECK: s_endpgm
K(k_bf8_fp8, bf8_t, fp8_t, 16)
// CHECK-LABEL: k_bf8_bf8:
// CHECK: v_wmma_f32_16x16x16_bf8_bf8
// CHECK-NOT: v_wmma
// CHECK: s_endpgm
K(k_bf8_bf8, bf8_t, bf8_t, 16)
// CHECK-LABEL: k_fp8_stepk:
// CHECK-COUNT-4: v_wmma_f32_16x16x16_fp8_fp8
// CHECK-NOT: v_wmma
// CHECK: s_endpgm
K(k_fp8_stepk, fp8_t, fp8_t, 64)
// swap_ab with mixed types issues the (B, A) form
// CHECK-LABEL: k_fp8_bf8_swap:
// CHECK: v_wmma_f32_16x16x16_bf8_fp8
// CHECK-NOT: v_wmma
// CHECK: s_endpgm
extern "C" __global__ __launch_bounds__(32) void k_fp8_bf8_swap(const void* a, const void* b, void* c) {
    using namespace opus;
    run<decltype(make_mfma<fp8_t, bf8_t, fp32_t>(16_I, 16_I, 16_I, mfma_adaptor_swap_ab{}))>(a, b, c);
}
