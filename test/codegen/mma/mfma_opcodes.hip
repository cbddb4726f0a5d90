// Every make_mfma of the gfx942/gfx950 table emits exactly its v_mfma opcode, once, with the
// accumulator kept in registers (no scratch).
// TARGETS: gfx942 gfx950
#include <opus/hip_minimal.hpp>
#include <opus/mma.hpp>

template <typename Mma>
__device__ inline void run(const void* pa, const void* pb, void* pc) {
    using namespace opus;
    unsigned l = thread_idx_x();
    auto a = reinterpret_cast<const typename Mma::vtype_a*>(pa)[l];
    auto b = reinterpret_cast<const typename Mma::vtype_b*>(pb)[l];
    auto& c = reinterpret_cast<typename Mma::vtype_c*>(pc)[l];
    c = Mma{}(a, b, c);
}
#define K(name, A, B, C, M, N, KK)                                                                     \
    extern "C" __global__ __launch_bounds__(64) void name(const void* a, const void* b, void* c) {    \
        using namespace opus;                                                                        \
        run<decltype(make_mfma<A, B, C>(number<M>{}, number<N>{}, number<KK>{}))>(a, b, c);          \
    }

// CHECK-LABEL: k_f32_32x32x2:
// CHECK: v_mfma_f32_32x32x2_f32
// CHECK-NOT: v_mfma
// CHECK: s_endpgm
K(k_f32_32x32x2, fp32_t, fp32_t, fp32_t, 32, 32, 2)
// CHECK-LABEL: k_f32_16x16x4:
// CHECK: v_mfma_f32_16x16x4_f32
// CHECK-NOT: v_mfma
// CHECK: s_endpgm
K(k_f32_16x16x4, fp32_t, fp32_t, fp32_t, 16, 16, 4)
// CHECK-LABEL: k_f16_32x32x8:
// CHECK: v_mfma_f32_32x32x8_f16
// CHECK-NOT: v_mfma
// CHECK: s_endpgm
K(k_f16_32x32x8, fp16_t, fp16_t, fp32_t, 32, 32, 8)
// CHECK-LABEL: k_f16_16x16x16:
// CHECK: v_mfma_f32_16x16x16_f16
// CHECK-NOT: v_mfma
// CHECK: s_endpgm
K(k_f16_16x16x16, fp16_t, fp16_t, fp32_t, 16, 16, 16)
// CHECK-LABEL: k_bf16_32x32x8:
// CHECK: v_mfma_f32_32x32x8_bf16
// CHECK-NOT: v_mfma
// CHECK: s_endpgm
K(k_bf16_32x32x8, bf16_t, bf16_t, fp32_t, 32, 32, 8)
// CHECK-LABEL: k_bf16_16x16x16:
// CHECK: v_mfma_f32_16x16x16_bf16
// CHECK-NOT: v_mfma
// CHECK: s_endpgm
K(k_bf16_16x16x16, bf16_t, bf16_t, fp32_t, 16, 16, 16)
// CHECK-LABEL: k_i8_32x32x16:
// CHECK: v_mfma_i32_32x32x16_i8
// CHECK-NOT: v_mfma
// CHECK: s_endpgm
K(k_i8_32x32x16, i8_t, i8_t, i32_t, 32, 32, 16)
// CHECK-LABEL: k_i8_16x16x32:
// CHECK: v_mfma_i32_16x16x32_i8
// CHECK-NOT: v_mfma
// CHECK: s_endpgm
K(k_i8_16x16x32, i8_t, i8_t, i32_t, 16, 16, 32)
// CHECK-LABEL: k_f64_16x16x4:
// CHECK: v_mfma_f64_16x16x4_f64
// CHECK-NOT: v_mfma
// CHECK: s_endpgm
K(k_f64_16x16x4, double, double, double, 16, 16, 4)
// CHECK-LABEL: k_fp8_fp8_32:
// CHECK: v_mfma_f32_32x32x16_fp8_fp8
// CHECK-NOT: v_mfma
// CHECK: s_endpgm
K(k_fp8_fp8_32, fp8_t, fp8_t, fp32_t, 32, 32, 16)
// CHECK-LABEL: k_fp8_bf8_32:
// CHECK: v_mfma_f32_32x32x16_fp8_bf8
// CHECK-NOT: v_mfma
// CHECK: s_endpgm
K(k_fp8_bf8_32, fp8_t, bf8_t, fp32_t, 32, 32, 16)
// CHECK-LABEL: k_bf8_fp8_32:
// CHECK: v_mfma_f32_32x32x16_bf8_fp8
// CHECK-NOT: v_mfma
// CHECK: s_endpgm
K(k_bf8_fp8_32, bf8_t, fp8_t, fp32_t, 32, 32, 16)
// CHECK-LABEL: k_bf8_bf8_32:
// CHECK: v_mfma_f32_32x32x16_bf8_bf8
// CHECK-NOT: v_mfma
// CHECK: s_endpgm
K(k_bf8_bf8_32, bf8_t, bf8_t, fp32_t, 32, 32, 16)
// CHECK-LABEL: k_fp8_fp8_16:
// CHECK: v_mfma_f32_16x16x32_fp8_fp8
// CHECK-NOT: v_mfma
// CHECK: s_endpgm
K(k_fp8_fp8_16, fp8_t, fp8_t, fp32_t, 16, 16, 32)
// CHECK-LABEL: k_fp8_bf8_16:
// CHECK: v_mfma_f32_16x16x32_fp8_bf8
// CHECK-NOT: v_mfma
// CHECK: s_endpgm
K(k_fp8_bf8_16, fp8_t, bf8_t, fp32_t, 16, 16, 32)
// CHECK-LABEL: k_bf8_fp8_16:
// CHECK: v_mfma_f32_16x16x32_bf8_fp8
// CHECK-NOT: v_mfma
// CHECK: s_endpgm
K(k_bf8_fp8_16, bf8_t, fp8_t, fp32_t, 16, 16, 32)
// CHECK-LABEL: k_bf8_bf8_16:
// CHECK: v_mfma_f32_16x16x32_bf8_bf8
// CHECK-NOT: v_mfma
// CHECK: s_endpgm
K(k_bf8_bf8_16, bf8_t, bf8_t, fp32_t, 16, 16, 32)
// swap_ab issues the same instruction
// CHECK-LABEL: k_f16_swap:
// CHECK: v_mfma_f32_32x32x8_f16
// CHECK-NOT: v_mfma
// CHECK: s_endpgm
extern "C" __global__ __launch_bounds__(64) void k_f16_swap(const void* a, const void* b, void* c) {
    using namespace opus;
    run<decltype(make_mfma<fp16_t, fp16_t, fp32_t>(seq<32, 32, 8>{}, mfma_adaptor_swap_ab{}))>(a, b, c);
}
// swap_ab with mixed operand types issues the (B, A) form: the instruction's A is our B
// CHECK-LABEL: k_fp8_bf8_swap:
// CHECK: v_mfma_f32_32x32x16_bf8_fp8
// CHECK-NOT: v_mfma
// CHECK: s_endpgm
extern "C" __global__ __launch_bounds__(64) void k_fp8_bf8_swap(const void* a, const void* b, void* c) {
    using namespace opus;
    run<decltype(make_mfma<fp8_t, bf8_t, fp32_t>(seq<32, 32, 16>{}, mfma_adaptor_swap_ab{}))>(a, b, c);
}
// CHECK-LABEL: k_bf8_fp8_swap:
// CHECK: v_mfma_f32_16x16x32_fp8_bf8
// CHECK-NOT: v_mfma
// CHECK: s_endpgm
extern "C" __global__ __launch_bounds__(64) void k_bf8_fp8_swap(const void* a, const void* b, void* c) {
    using namespace opus;
    run<decltype(make_mfma<bf8_t, fp8_t, fp32_t>(seq<16, 16, 32>{}, mfma_adaptor_swap_ab{}))>(a, b, c);
}
