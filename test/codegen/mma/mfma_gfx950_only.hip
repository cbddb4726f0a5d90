// gfx950-only instructions: double-K i8; the scaled f8f6f4 forms with every operand format:
// the format codes (cbsz for A, blgp for B: fp8 0 (not printed), bf8 1, fp6 2, bf6 3, fp4 4)
// follow from the types, the operand registers are 8 (fp8/bf8), 6 (fp6/bf6) or 4 (fp4) VGPRs,
// swap_ab exchanges the codes; explicit scales; step-K and a tiled MMA on fp4.
// TARGETS: gfx950
#include <opus/hip_minimal.hpp>
#include <opus/mma.hpp>
#include <opus/mma/aiter.hpp>  // aiter's layer (what opus/opus.hpp adds)

template <typename M>
__device__ inline void run(const void* pa, const void* pb, void* pc) {
    unsigned l = opus::thread_idx_x();
    auto& c = reinterpret_cast<typename M::vtype_c*>(pc)[l];
    c = M{}(reinterpret_cast<const typename M::vtype_a*>(pa)[l], reinterpret_cast<const typename M::vtype_b*>(pb)[l], c);
}
#define K(name, A, B, MM, NN, KK, ...)                                                                \
    extern "C" __global__ __launch_bounds__(64) void name(const void* a, const void* b, void* c) {    \
        using namespace opus;                                                                        \
        run<decltype(make_mfma<A, B, fp32_t>(number<MM>{}, number<NN>{}, number<KK>{} __VA_ARGS__))>(a, b, c); \
    }

// CHECK-LABEL: k_i8_32x32x32:
// CHECK: v_mfma_i32_32x32x32_i8
// CHECK-NOT: v_mfma
// CHECK: s_endpgm
extern "C" __global__ __launch_bounds__(64) void k_i8_32x32x32(const void* a, const void* b, void* c) {
    run<opus::mfma_i32_32x32x32_i8>(a, b, c);
}
// CHECK-LABEL: k_i8_16x16x64:
// CHECK: v_mfma_i32_16x16x64_i8
// CHECK-NOT: v_mfma
// CHECK: s_endpgm
extern "C" __global__ __launch_bounds__(64) void k_i8_16x16x64(const void* a, const void* b, void* c) {
    run<opus::mfma_i32_16x16x64_i8>(a, b, c);
}
// explicit scales (e8m0 per lane), bf8 x fp8
// CHECK-LABEL: k_scale_16x16x128:
// CHECK: v_mfma_scale_f32_16x16x128_f8f6f4 v[{{[0-9]+:[0-9]+}}], v{{\[}}[[#A:]]
// CHECK-SAME: :[[#A+7]]{{\]}}, v{{\[}}[[#B:]]
// CHECK-SAME: :[[#B+7]]{{\]}}, v[{{[0-9]+:[0-9]+}}], v{{[0-9]+}}, v{{[0-9]+}} op_sel_hi:[0,0,0] cbsz:1{{$}}
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
// CHECK-LABEL: k_fp4_fp4:
// CHECK: v_mfma_scale_f32_32x32x64_f8f6f4 v[{{[0-9]+:[0-9]+}}], v{{\[}}[[#A:]]
// CHECK-SAME: :[[#A+3]]{{\]}}, v{{\[}}[[#B:]]
// CHECK-SAME: :[[#B+3]]{{\]}}, {{.*}} cbsz:4 blgp:4{{$}}
// CHECK-NOT: v_mfma
// CHECK: s_endpgm
K(k_fp4_fp4, fp4_t, fp4_t, 32, 32, 64)
// CHECK-LABEL: k_fp6_bf6:
// CHECK: v_mfma_scale_f32_16x16x128_f8f6f4 v[{{[0-9]+:[0-9]+}}], v{{\[}}[[#A:]]
// CHECK-SAME: :[[#A+5]]{{\]}}, v{{\[}}[[#B:]]
// CHECK-SAME: :[[#B+5]]{{\]}}, {{.*}} cbsz:2 blgp:3{{$}}
// CHECK-NOT: v_mfma
// CHECK: s_endpgm
K(k_fp6_bf6, fp6_t, bf6_t, 16, 16, 128)
// CHECK-LABEL: k_fp8_fp4:
// CHECK: v_mfma_scale_f32_32x32x64_f8f6f4 v[{{[0-9]+:[0-9]+}}], v{{\[}}[[#A:]]
// CHECK-SAME: :[[#A+7]]{{\]}}, v{{\[}}[[#B:]]
// CHECK-SAME: :[[#B+3]]{{\]}}, {{.*}} op_sel_hi:[0,0,0] blgp:4{{$}}
// CHECK-NOT: v_mfma
// CHECK: s_endpgm
K(k_fp8_fp4, fp8_t, fp4_t, 32, 32, 64)
// swap_ab: the instruction's A is our B (fp4: 4 registers, cbsz:4), its B our A (bf6, blgp:3)
// CHECK-LABEL: k_bf6_fp4_swap:
// CHECK: v_mfma_scale_f32_16x16x128_f8f6f4 v[{{[0-9]+:[0-9]+}}], v{{\[}}[[#A:]]
// CHECK-SAME: :[[#A+3]]{{\]}}, v{{\[}}[[#B:]]
// CHECK-SAME: :[[#B+5]]{{\]}}, {{.*}} cbsz:4 blgp:3{{$}}
// CHECK-NOT: v_mfma
// CHECK: s_endpgm
K(k_bf6_fp4_swap, bf6_t, fp4_t, 16, 16, 128, , mfma_adaptor_swap_ab{})
// step-K: 32x32x128 fp4 x bf8 = 2 instructions
// CHECK-LABEL: k_fp4_bf8_stepk:
// CHECK-COUNT-2: v_mfma_scale_f32_32x32x64_f8f6f4 {{.*}} cbsz:4 blgp:1{{$}}
// CHECK-NOT: v_mfma
// CHECK: s_endpgm
K(k_fp4_bf8_stepk, fp4_t, bf8_t, 32, 32, 128)

// tiled MMA on packed fp4 operands: EXPAND 2x1 over 2x2 waves, 2 MFMAs per K step
using tmma_t = decltype(opus::make_tiled_mma<opus::fp4_t, opus::fp4_t, opus::fp32_t>(
    opus::seq<2, 1, 1>{}, opus::seq<2, 2, 1>{}, opus::seq<16, 16, 128>{}));
// CHECK-LABEL: k_tiled_fp4:
// CHECK-COUNT-2: v_mfma_scale_f32_16x16x128_f8f6f4 {{.*}} cbsz:4 blgp:4{{$}}
// CHECK-NOT: v_mfma
// CHECK: s_endpgm
extern "C" __global__ __launch_bounds__(256) void k_tiled_fp4(const void* pa, const void* pb, void* pc) {
    static_assert(sizeof(tmma_t::vtype_a) == 32, "2 x 32 fp4 values");
    unsigned t = opus::thread_idx_x();
    auto& c = reinterpret_cast<tmma_t::vtype_c*>(pc)[t];
    c = tmma_t{}(reinterpret_cast<const tmma_t::vtype_a*>(pa)[t], reinterpret_cast<const tmma_t::vtype_b*>(pb)[t], c);
}
