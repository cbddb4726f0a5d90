// WMMA in wave64 (-mwavefrontsize64) on gfx11 and gfx12: the wave64 builtins are selected
// (the kernel's wavefront size is 64), each adaptor emits its opcode once; on gfx12 also the
// fp8/bf8 forms. A tiled MMA over 2x2 waves of 64 issues 2 per K step.
// TARGETS: gfx1100 gfx1201
// FLAGS: -mwavefrontsize64
#include <opus/hip_minimal.hpp>
#include <opus/mma.hpp>
#include <opus/mma/aiter.hpp>  // aiter's layer (what opus/opus.hpp adds)

static_assert(opus::wmma_f32_16x16x16_f16::wave_size == 64, "wave64 build selects the wave64 table");

template <typename Mma>
__device__ inline void run(const void* pa, const void* pb, void* pc) {
    unsigned l = opus::thread_idx_x();
    auto& c = reinterpret_cast<typename Mma::vtype_c*>(pc)[l];
    c = Mma{}(reinterpret_cast<const typename Mma::vtype_a*>(pa)[l], reinterpret_cast<const typename Mma::vtype_b*>(pb)[l], c);
}
#define K(name, A, B, C, KK)                                                                           \
    extern "C" __global__ __launch_bounds__(64) void name(const void* a, const void* b, void* c) {    \
        using namespace opus;                                                                        \
        run<decltype(make_mfma<A, B, C>(16_I, 16_I, number<KK>{}))>(a, b, c);                        \
    }
// CHECK-LABEL: k_f16:
// CHECK: v_wmma_f32_16x16x16_f16
// CHECK-NOT: v_wmma
// CHECK: s_endpgm
K(k_f16, fp16_t, fp16_t, fp32_t, 16)
// CHECK-LABEL: k_bf16:
// CHECK: v_wmma_f32_16x16x16_bf16
// CHECK-NOT: v_wmma
// CHECK: s_endpgm
K(k_bf16, bf16_t, bf16_t, fp32_t, 16)
// CHECK-LABEL: k_iu8:
// CHECK: v_wmma_i32_16x16x16_iu8 {{.*}} neg_lo:[1,1,0]
// CHECK-NOT: v_wmma
// CHECK: s_endpgm
K(k_iu8, i8_t, i8_t, i32_t, 16)
// CHECK-LABEL: k_f16_stepk:
// CHECK-COUNT-2: v_wmma_f32_16x16x16_f16
// CHECK-NOT: v_wmma
// CHECK: s_endpgm
K(k_f16_stepk, fp16_t, fp16_t, fp32_t, 32)
#if OPUS_GFX12
// CHECK-GFX12-LABEL: k_fp8_bf8:
// CHECK-GFX12: v_wmma_f32_16x16x16_fp8_bf8
// CHECK-GFX12-NOT: v_wmma
// CHECK-GFX12: s_endpgm
K(k_fp8_bf8, fp8_t, bf8_t, fp32_t, 16)
// CHECK-GFX12-LABEL: k_bf8_bf8_stepk:
// CHECK-GFX12-COUNT-2: v_wmma_f32_16x16x16_bf8_bf8
// CHECK-GFX12-NOT: v_wmma
// CHECK-GFX12: s_endpgm
K(k_bf8_bf8_stepk, bf8_t, bf8_t, fp32_t, 32)
#endif

using tmma_t = decltype(opus::make_tiled_mma<opus::fp16_t, opus::fp16_t, opus::fp32_t>(
    opus::seq<2, 1, 1>{}, opus::seq<2, 2, 1>{}, opus::seq<16, 16, 16>{}));
// CHECK-LABEL: k_tiled:
// CHECK-COUNT-2: v_wmma_f32_16x16x16_f16
// CHECK-NOT: v_wmma
// CHECK: s_endpgm
// CHECK: .wavefront_size: 64
extern "C" __global__ __launch_bounds__(256) void k_tiled(const void* pa, const void* pb, void* pc) {
    static_assert(tmma_t::block_size == 256, "4 waves of 64");
    unsigned t = opus::thread_idx_x();
    auto& c = reinterpret_cast<tmma_t::vtype_c*>(pc)[t];
    c = tmma_t{}(reinterpret_cast<const tmma_t::vtype_a*>(pa)[t], reinterpret_cast<const tmma_t::vtype_b*>(pb)[t], c);
}
