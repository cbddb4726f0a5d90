// aiter's opus::wmma<...>{} on gfx12 (wave32): the f16 / bf16 accumulator forms (C and D in
// the 16-bit type), the fp32 form, and a tiled MMA made from a make_wmma adaptor with
// wmma_adaptor_swap_ab (which issues B as the instruction's A).
// TARGETS: gfx1201
#include <opus/hip_minimal.hpp>
#include <opus/mma.hpp>
#include <opus/mma/aiter.hpp>  // aiter's layer (what opus/opus.hpp adds)

template <typename M>
__device__ inline void run(const void* pa, const void* pb, void* pc) {
    unsigned l = opus::thread_idx_x();
    auto& c = reinterpret_cast<typename M::vtype_c*>(pc)[l];
    c = M{}(reinterpret_cast<const typename M::vtype_a*>(pa)[l], reinterpret_cast<const typename M::vtype_b*>(pb)[l], c);
}
// CHECK-LABEL: k_f16_f16:
// CHECK: v_wmma_f16_16x16x16_f16
// CHECK-NOT: v_wmma
// CHECK: s_endpgm
extern "C" __global__ __launch_bounds__(32) void k_f16_f16(const void* a, const void* b, void* c) {
    run<opus::wmma<opus::fp16_t, opus::fp16_t, opus::fp16_t, 16, 16, 16>>(a, b, c);
}
// CHECK-LABEL: k_bf16_bf16:
// CHECK: v_wmma_bf16_16x16x16_bf16
// CHECK-NOT: v_wmma
// CHECK: s_endpgm
extern "C" __global__ __launch_bounds__(32) void k_bf16_bf16(const void* a, const void* b, void* c) {
    run<opus::wmma<opus::bf16_t, opus::bf16_t, opus::bf16_t, 16, 16, 16, 32>>(a, b, c);
}
// CHECK-LABEL: k_f32_f16_k32:
// CHECK-COUNT-2: v_wmma_f32_16x16x16_f16
// CHECK-NOT: v_wmma
// CHECK: s_endpgm
extern "C" __global__ __launch_bounds__(32) void k_f32_f16_k32(const void* a, const void* b, void* c) {
    run<opus::wmma<opus::fp16_t, opus::fp16_t, opus::fp32_t, 16, 16, 32>>(a, b, c);
}
// CHECK-LABEL: k_tiled_swap:
// CHECK: v_wmma_f32_16x16x16_fp8_bf8
// CHECK-NOT: v_wmma
// CHECK: s_endpgm
extern "C" __global__ __launch_bounds__(32) void k_tiled_swap(const void* a, const void* b, void* c) {
    using namespace opus;
    auto mma = make_tiled_mma(make_wmma<bf8_t, fp8_t, fp32_t>(seq<16, 16, 16>{}, wmma_adaptor_swap_ab{}),
                              seq<1, 1, 1>{}, seq<1, 1, 1>{});
    run<decltype(mma)>(a, b, c);
}
