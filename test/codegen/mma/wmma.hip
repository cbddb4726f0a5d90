// WMMA through the make_mfma interface, wave32 (the default wave size of gfx11 and gfx12):
// each adaptor emits exactly its v_wmma opcode once, i8 as signed x signed (neg_lo:[1,1,0]),
// step-K chains the instruction, swap_ab issues the same one, and a tiled MMA with EXPAND
// 2x1 over a 2x2 wave grid issues 2 per K step. No scratch.
// TARGETS: gfx1100 gfx1201
#include <opus/hip_minimal.hpp>
#include <opus/mma.hpp>
#include <opus/mma/aiter.hpp>  // aiter's layer (what opus/opus.hpp adds)

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
// CHECK: v_wmma_i32_16x16x16_iu8 {{.*}} neg_lo:[1,1,0]
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
// CHECK-LABEL: k_bf16_swap:
// CHECK: v_wmma_f32_16x16x16_bf16
// CHECK-NOT: v_wmma
// CHECK: s_endpgm
extern "C" __global__ __launch_bounds__(32) void k_bf16_swap(const void* a, const void* b, void* c) {
    using namespace opus;
    run<decltype(make_mfma<bf16_t, bf16_t, fp32_t>(16_I, 16_I, 16_I, mfma_adaptor_swap_ab{}))>(a, b, c);
}

using tmma_t = decltype(opus::make_tiled_mma<opus::fp16_t, opus::fp16_t, opus::fp32_t>(
    opus::seq<2, 1, 1>{}, opus::seq<2, 2, 1>{}, opus::seq<16, 16, 16>{}, opus::mfma_adaptor_swap_ab{}));
// CHECK-LABEL: k_tiled_kloop:
// CHECK-COUNT-8: v_wmma_f32_16x16x16_f16
// CHECK-NOT: v_wmma
// CHECK: s_endpgm
extern "C" __global__ __launch_bounds__(128) void k_tiled_kloop(const void* pa, const void* pb, void* pc) {
    static_assert(tmma_t::block_size == 128, "4 waves of 32");
    unsigned t = opus::thread_idx_x();
    tmma_t::vtype_c c{};
    opus::static_for<4>([&](auto k) {
        auto a = reinterpret_cast<const tmma_t::vtype_a*>(pa)[t + 128 * k.value];
        auto b = reinterpret_cast<const tmma_t::vtype_b*>(pb)[t + 128 * k.value];
        c = tmma_t{}(a, b, c);
    });
    reinterpret_cast<tmma_t::vtype_c*>(pc)[t] = c;
}
