// gfx90a (CDNA2) table: every make_mfma of the gfx90a table emits exactly its v_mfma opcode
// once (CDNA2 spellings: no underscore before the type, bf16 as the "_1k" forms), step-K
// chains the native instruction, swap_ab issues the same instruction; accumulators stay in
// registers (no scratch).
// TARGETS: gfx90a
#include <opus/hip_minimal.hpp>
#include <opus/mma.hpp>
#include <opus/mma/aiter.hpp>  // aiter's layer (what opus/opus.hpp adds)

template <typename Mma>
__device__ inline void run(const void* pa, const void* pb, void* pc) {
    unsigned l = opus::thread_idx_x();
    auto& c = reinterpret_cast<typename Mma::vtype_c*>(pc)[l];
    c = Mma{}(reinterpret_cast<const typename Mma::vtype_a*>(pa)[l], reinterpret_cast<const typename Mma::vtype_b*>(pb)[l], c);
}
#define K(name, A, B, C, M, N, KK, ...)                                                                \
    extern "C" __global__ __launch_bounds__(64) void name(const void* a, const void* b, void* c) {    \
        using namespace opus;                                                                        \
        run<decltype(make_mfma<A, B, C>(number<M>{}, number<N>{}, number<KK>{} __VA_ARGS__))>(a, b, c); \
    }

// CHECK-LABEL: k_f32_32x32x2:
// CHECK: v_mfma_f32_32x32x2f32
// CHECK-NOT: v_mfma
// CHECK: s_endpgm
K(k_f32_32x32x2, fp32_t, fp32_t, fp32_t, 32, 32, 2)
// CHECK-LABEL: k_f32_16x16x4:
// CHECK: v_mfma_f32_16x16x4f32
// CHECK-NOT: v_mfma
// CHECK: s_endpgm
K(k_f32_16x16x4, fp32_t, fp32_t, fp32_t, 16, 16, 4)
// CHECK-LABEL: k_f16_32x32x8:
// CHECK: v_mfma_f32_32x32x8f16
// CHECK-NOT: v_mfma
// CHECK: s_endpgm
K(k_f16_32x32x8, fp16_t, fp16_t, fp32_t, 32, 32, 8)
// CHECK-LABEL: k_f16_16x16x16:
// CHECK: v_mfma_f32_16x16x16f16
// CHECK-NOT: v_mfma
// CHECK: s_endpgm
K(k_f16_16x16x16, fp16_t, fp16_t, fp32_t, 16, 16, 16)
// CHECK-LABEL: k_bf16_32x32x8:
// CHECK: v_mfma_f32_32x32x8bf16_1k
// CHECK-NOT: v_mfma
// CHECK: s_endpgm
K(k_bf16_32x32x8, bf16_t, bf16_t, fp32_t, 32, 32, 8)
// CHECK-LABEL: k_bf16_16x16x16:
// CHECK: v_mfma_f32_16x16x16bf16_1k
// CHECK-NOT: v_mfma
// CHECK: s_endpgm
K(k_bf16_16x16x16, bf16_t, bf16_t, fp32_t, 16, 16, 16)
// CHECK-LABEL: k_i8_32x32x8:
// CHECK: v_mfma_i32_32x32x8i8
// CHECK-NOT: v_mfma
// CHECK: s_endpgm
K(k_i8_32x32x8, i8_t, i8_t, i32_t, 32, 32, 8)
// CHECK-LABEL: k_i8_16x16x16:
// CHECK: v_mfma_i32_16x16x16i8
// CHECK-NOT: v_mfma
// CHECK: s_endpgm
K(k_i8_16x16x16, i8_t, i8_t, i32_t, 16, 16, 16)
// CHECK-LABEL: k_f64_16x16x4:
// CHECK: v_mfma_f64_16x16x4f64
// CHECK-NOT: v_mfma
// CHECK: s_endpgm
K(k_f64_16x16x4, double, double, double, 16, 16, 4)
// step-K: 16x16x8 f32 = 2 x 16x16x4, 32x32x32 i8 = 4 x 32x32x8
// CHECK-LABEL: k_f32_stepk:
// CHECK-COUNT-2: v_mfma_f32_16x16x4f32
// CHECK-NOT: v_mfma
// CHECK: s_endpgm
K(k_f32_stepk, fp32_t, fp32_t, fp32_t, 16, 16, 8)
// CHECK-LABEL: k_i8_stepk:
// CHECK-COUNT-4: v_mfma_i32_32x32x8i8
// CHECK-NOT: v_mfma
// CHECK: s_endpgm
K(k_i8_stepk, i8_t, i8_t, i32_t, 32, 32, 32)
// swap_ab issues the same instruction
// CHECK-LABEL: k_bf16_swap:
// CHECK: v_mfma_f32_32x32x8bf16_1k
// CHECK-NOT: v_mfma
// CHECK: s_endpgm
K(k_bf16_swap, bf16_t, bf16_t, fp32_t, 32, 32, 8, , mfma_adaptor_swap_ab{})
// the named aliases resolve to the gfx90a table too
// CHECK-LABEL: k_alias_f16:
// CHECK: v_mfma_f32_32x32x8f16
// CHECK-NOT: v_mfma
// CHECK: s_endpgm
extern "C" __global__ __launch_bounds__(64) void k_alias_f16(const void* a, const void* b, void* c) { run<opus::mfma_f32_32x32x8_f16>(a, b, c); }
