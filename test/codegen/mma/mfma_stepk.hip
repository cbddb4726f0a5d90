// Double-K shapes: gfx942 chains two native instructions (step-K), gfx950 issues its native
// double-K instruction once.
// TARGETS: gfx942 gfx950
#include <opus/hip_minimal.hpp>
#include <opus/mma.hpp>
#include <opus/mma/aiter.hpp>  // aiter's layer (what opus/opus.hpp adds)

template <typename Mma>
__device__ inline void run(const void* pa, const void* pb, void* pc) {
    using namespace opus;
    unsigned l = thread_idx_x();
    auto a = reinterpret_cast<const typename Mma::vtype_a*>(pa)[l];
    auto b = reinterpret_cast<const typename Mma::vtype_b*>(pb)[l];
    auto& c = reinterpret_cast<typename Mma::vtype_c*>(pc)[l];
    c = Mma{}(a, b, c);
}

// CHECK-LABEL: k_f16_32x32x16:
// CHECK-GFX942-COUNT-2: v_mfma_f32_32x32x8_f16
// CHECK-GFX950: v_mfma_f32_32x32x16_f16
// CHECK-NOT: v_mfma
// CHECK: s_endpgm
extern "C" __global__ __launch_bounds__(64) void k_f16_32x32x16(const void* a, const void* b, void* c) {
    run<opus::mfma_f32_32x32x16_f16>(a, b, c);
}
// CHECK-LABEL: k_bf16_16x16x32:
// CHECK-GFX942-COUNT-2: v_mfma_f32_16x16x16_bf16
// CHECK-GFX950: v_mfma_f32_16x16x32_bf16
// CHECK-NOT: v_mfma
// CHECK: s_endpgm
extern "C" __global__ __launch_bounds__(64) void k_bf16_16x16x32(const void* a, const void* b, void* c) {
    run<opus::mfma_f32_16x16x32_bf16>(a, b, c);
}
// CHECK-LABEL: k_f16_16x16x64:
// CHECK-GFX942-COUNT-4: v_mfma_f32_16x16x16_f16
// CHECK-GFX950-COUNT-2: v_mfma_f32_16x16x32_f16
// CHECK-NOT: v_mfma
// CHECK: s_endpgm
extern "C" __global__ __launch_bounds__(64) void k_f16_16x16x64(const void* a, const void* b, void* c) {
    using namespace opus;
    run<decltype(make_mfma<fp16_t, fp16_t, fp32_t>(16_I, 16_I, 64_I))>(a, b, c);
}
// CHECK-LABEL: k_fp8_32x32x64:
// CHECK-GFX942-COUNT-4: v_mfma_f32_32x32x16_fp8_fp8
// CHECK-GFX950: v_mfma_scale_f32_32x32x64_f8f6f4
// CHECK-NOT: v_mfma
// CHECK: s_endpgm
extern "C" __global__ __launch_bounds__(64) void k_fp8_32x32x64(const void* a, const void* b, void* c) {
    run<opus::mfma_scale_f32_32x32x64_f8f6f4>(a, b, c);
}
