// aiter's spellings of one instruction on gfx950: opus::mfma<...>{} called on any register
// container of the operand's size (an i32x8 of 32 fp8 values), the scaled call with its
// scales and scale byte selectors (op_sel of the scale operands), fp4 operands in the full 8
// registers, and tiled step_k issuing only the instructions of one K step.
// TARGETS: gfx950
#include <opus/hip_minimal.hpp>
#include <opus/mma.hpp>
#include <opus/mma/aiter.hpp>  // aiter's layer (what opus/opus.hpp adds)

using i32x8 = int __attribute__((ext_vector_type(8)));

// CHECK-LABEL: k_mxfp8:
// CHECK: v_mfma_scale_f32_32x32x64_f8f6f4 {{.*}} op_sel:[1,0,0] op_sel_hi:[0,1,0]
// CHECK-NOT: v_mfma
// CHECK: s_endpgm
extern "C" __global__ __launch_bounds__(64) void k_mxfp8(const i32x8* a, const i32x8* b, opus::fp32x16_t* c, int sa,
                                                          int sb) {
    using namespace opus;
    unsigned l = thread_idx_x();
    c[l] = mfma<fp8_t, fp8_t, fp32_t, 32, 32, 64>{}(a[l], b[l], c[l], sa, sb, 1_I, 2_I);
}
// CHECK-LABEL: k_mxfp4:
// CHECK: v_mfma_scale_f32_16x16x128_f8f6f4 {{.*}} cbsz:4 blgp:4
// CHECK-NOT: v_mfma
// CHECK: s_endpgm
extern "C" __global__ __launch_bounds__(64) void k_mxfp4(const i32x8* a, const i32x8* b, opus::fp32x4_t* c, int sa,
                                                          int sb) {
    using namespace opus;
    unsigned l = thread_idx_x();
    c[l] = mfma<fp4_t, fp4_t, fp32_t, 16, 16, 128>{}(a[l], b[l], c[l], sa, sb);
}
// fp4 in the 8 registers of an i32x8: the low 4 go to the instruction as they are (no
// byte masks or permutes; the compiler loads only those 4 dwords of each operand)
// CHECK-LABEL: k_mxfp4_32x32:
// CHECK-NOT: v_perm_b32
// CHECK-NOT: v_and_b32
// CHECK-NOT: v_or_b32
// CHECK: v_mfma_scale_f32_32x32x64_f8f6f4 {{.*}} cbsz:4 blgp:4
// CHECK-NOT: v_mfma
// CHECK: s_endpgm
extern "C" __global__ __launch_bounds__(64) void k_mxfp4_32x32(const i32x8* a, const i32x8* b, opus::fp32x16_t* c,
                                                                int sa, int sb) {
    using namespace opus;
    unsigned l = thread_idx_x();
    c[l] = mfma<fp4_t, fp4_t, fp32_t, 32, 32, 64>{}(a[l], b[l], c[l], sa, sb);
}
// CHECK-LABEL: k_plain:
// CHECK: v_mfma_f32_32x32x16_f16
// CHECK-NOT: v_mfma
// CHECK: s_endpgm
extern "C" __global__ __launch_bounds__(64) void k_plain(const opus::fp16x8_t* a, const opus::fp16x8_t* b,
                                                          opus::fp32x16_t* c) {
    using namespace opus;
    unsigned l = thread_idx_x();
    c[l] = mfma<fp16_t, fp16_t, fp32_t, 32, 32, 16>{}(a[l], b[l], c[l]);
}
// step_k(1): the EM x EN = 2 instructions of K step 1 only
// CHECK-LABEL: k_step_k:
// CHECK-COUNT-2: v_mfma_f32_16x16x32_bf16
// CHECK-NOT: v_mfma
// CHECK: s_endpgm
extern "C" __global__ __launch_bounds__(64) void k_step_k(const void* pa, const void* pb, void* pc) {
    using namespace opus;
    auto mma = make_tiled_mma<bf16_t, bf16_t, fp32_t>(seq<2, 1, 4>{}, seq<1, 1, 1>{}, seq<16, 16, 32>{},
                                                      mfma_adaptor_swap_ab{});
    using M = decltype(mma);
    unsigned l = thread_idx_x();
    auto& c = reinterpret_cast<typename M::vtype_c*>(pc)[l];
    c = mma.step_k(1_I, reinterpret_cast<const typename M::vtype_a*>(pa)[l],
                   reinterpret_cast<const typename M::vtype_b*>(pb)[l], c);
}
// opus::mfma<...>::vtype_b of an fp4 operand is aiter's 8-register image (32 bytes: the 32
// values packed from byte 0, the rest zero), filled by bit_cast as aiter's a8w4 MoE kernels
// do; a one-instruction tiled MMA takes it with its scales and selectors (the adaptor's own
// vtype_b is the dense 16-byte packed_vector)
using field_a8w4 = opus::mfma<opus::fp8_t, opus::fp4_t, opus::fp32_t, 16, 16, 128>;
static_assert(sizeof(field_a8w4::vtype_b) == 32 && sizeof(field_a8w4::vtype_a) == 32,
              "aiter's register images: 8 registers per operand");
static_assert(sizeof(decltype(opus::make_mfma<opus::fp8_t, opus::fp4_t, opus::fp32_t>(
                  opus::number<16>{}, opus::number<16>{}, opus::number<128>{}))::vtype_b) == 16,
              "opus's own fp4 operand container stays dense");
using u32x4 = unsigned __attribute__((ext_vector_type(4)));
using u32x8 = unsigned __attribute__((ext_vector_type(8)));
// (swap_ab issues B, the fp4 operand, as src0: cbsz:4)
// CHECK-LABEL: k_a8w4_image:
// CHECK: v_mfma_scale_f32_16x16x128_f8f6f4 {{.*}} cbsz:4
// CHECK-NOT: v_mfma
// CHECK: s_endpgm
extern "C" __global__ __launch_bounds__(64) void k_a8w4_image(const i32x8* a, const u32x4* b, opus::fp32x4_t* c,
                                                               int sa, int sb) {
    using namespace opus;
    auto mma = make_tiled_mma<fp8_t, fp4_t, fp32_t>(seq<1, 1, 1>{}, seq<1, 1, 1>{}, seq<16, 16, 128>{},
                                                    mfma_adaptor_swap_ab{});
    using V_A = typename mfma<fp8_t, fp4_t, fp32_t, 16, 16, 128>::vtype_a;  // (aiter's register images)
    using V_B = typename mfma<fp8_t, fp4_t, fp32_t, 16, 16, 128>::vtype_b;
    unsigned l = thread_idx_x();
    const u32x4 raw = b[l];
    const V_B rb = __builtin_bit_cast(V_B, u32x8{raw[0], raw[1], raw[2], raw[3], 0, 0, 0, 0});
    const V_A ra = __builtin_bit_cast(V_A, a[l]);
    c[l] = mma(ra, rb, c[l], sa, sb, 0_I, 1_I);
}
// the same without C (C = 0): scales after A and B
// CHECK-LABEL: k_a8w4_image_no_c:
// CHECK: v_mfma_scale_f32_16x16x128_f8f6f4 {{.*}} cbsz:4
// CHECK-NOT: v_mfma
// CHECK: s_endpgm
extern "C" __global__ __launch_bounds__(64) void k_a8w4_image_no_c(const i32x8* a, const u32x4* b,
                                                                    opus::fp32x4_t* c, int sa, int sb) {
    using namespace opus;
    auto mma = make_tiled_mma<fp8_t, fp4_t, fp32_t>(seq<1, 1, 1>{}, seq<1, 1, 1>{}, seq<16, 16, 128>{},
                                                    mfma_adaptor_swap_ab{});
    using V_A = typename mfma<fp8_t, fp4_t, fp32_t, 16, 16, 128>::vtype_a;  // (aiter's register images)
    using V_B = typename mfma<fp8_t, fp4_t, fp32_t, 16, 16, 128>::vtype_b;
    unsigned l = thread_idx_x();
    const u32x4 raw = b[l];
    const V_B rb = __builtin_bit_cast(V_B, u32x8{raw[0], raw[1], raw[2], raw[3], 0, 0, 0, 0});
    c[l] = mma(__builtin_bit_cast(V_A, a[l]), rb, sa, sb);
}
