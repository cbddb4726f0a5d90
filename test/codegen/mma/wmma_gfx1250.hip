// Codegen: gfx1250's WMMA family (opus/mma/family/wmma_gfx1250.hpp): every row issues its
// instruction with the operand widths of the row (16-bit and f32 forms with the negation /
// format / reuse operands, 8-bit forms without), a K multiple runs as a step-K chain, and a
// tiled MMA issues one instruction per expansion step.
// TARGETS: gfx1250
#include <opus/hip_minimal.hpp>
#include <opus/mma.hpp>

using namespace opus;

template <typename A, typename B, typename C, index_t K>
__device__ void one(const void* a, const void* b, void* c) {
    auto mma = make_wmma<A, B, C>(16_I, 16_I, number<K>{});
    using M = decltype(mma);
    static_assert(M::wave_size == 32 && M::elem_c == 8, "wave32, 8 C values per lane");
    auto* pc = static_cast<typename M::vtype_c*>(c);
    pc[0] = mma(static_cast<const typename M::vtype_a*>(a)[0], static_cast<const typename M::vtype_b*>(b)[0], pc[0]);
}

#define OPUS_T(name, A, B, C, K)                                                                             \
    extern "C" __global__ __launch_bounds__(32) void name(const void* a, const void* b, void* c) { one<A, B, C, K>(a, b, c); }

// CHECK-LABEL: w_f32_f16:
// CHECK: v_wmma_f32_16x16x32_f16 v[{{[0-9]+}}:{{[0-9]+}}], v[{{[0-9]+}}:{{[0-9]+}}], v[{{[0-9]+}}:{{[0-9]+}}], v[{{[0-9]+}}:{{[0-9]+}}]{{$}}
OPUS_T(w_f32_f16, fp16_t, fp16_t, fp32_t, 32)
// CHECK-LABEL: w_f16_f16:
// CHECK: v_wmma_f16_16x16x32_f16
OPUS_T(w_f16_f16, fp16_t, fp16_t, fp16_t, 32)
// CHECK-LABEL: w_f32_bf16:
// CHECK: v_wmma_f32_16x16x32_bf16
OPUS_T(w_f32_bf16, bf16_t, bf16_t, fp32_t, 32)
// CHECK-LABEL: w_bf16_bf16:
// CHECK: v_wmma_bf16_16x16x32_bf16
OPUS_T(w_bf16_bf16, bf16_t, bf16_t, bf16_t, 32)
// CHECK-LABEL: w_f32_f32:
// CHECK: v_wmma_f32_16x16x4_f32 v[{{[0-9]+}}:{{[0-9]+}}], v[{{[0-9]+}}:{{[0-9]+}}], v[{{[0-9]+}}:{{[0-9]+}}], v[{{[0-9]+}}:{{[0-9]+}}]
OPUS_T(w_f32_f32, fp32_t, fp32_t, fp32_t, 4)
// CHECK-LABEL: w_f32_fp8_fp8_64:
// CHECK: v_wmma_f32_16x16x64_fp8_fp8
OPUS_T(w_f32_fp8_fp8_64, fp8_t, fp8_t, fp32_t, 64)
// CHECK-LABEL: w_f32_fp8_bf8_64:
// CHECK: v_wmma_f32_16x16x64_fp8_bf8
OPUS_T(w_f32_fp8_bf8_64, fp8_t, bf8_t, fp32_t, 64)
// CHECK-LABEL: w_f32_bf8_fp8_64:
// CHECK: v_wmma_f32_16x16x64_bf8_fp8
OPUS_T(w_f32_bf8_fp8_64, bf8_t, fp8_t, fp32_t, 64)
// CHECK-LABEL: w_f32_bf8_bf8_64:
// CHECK: v_wmma_f32_16x16x64_bf8_bf8
OPUS_T(w_f32_bf8_bf8_64, bf8_t, bf8_t, fp32_t, 64)
// CHECK-LABEL: w_f16_fp8_fp8_64:
// CHECK: v_wmma_f16_16x16x64_fp8_fp8
OPUS_T(w_f16_fp8_fp8_64, fp8_t, fp8_t, fp16_t, 64)
// CHECK-LABEL: w_f16_fp8_bf8_64:
// CHECK: v_wmma_f16_16x16x64_fp8_bf8
OPUS_T(w_f16_fp8_bf8_64, fp8_t, bf8_t, fp16_t, 64)
// CHECK-LABEL: w_f16_bf8_fp8_64:
// CHECK: v_wmma_f16_16x16x64_bf8_fp8
OPUS_T(w_f16_bf8_fp8_64, bf8_t, fp8_t, fp16_t, 64)
// CHECK-LABEL: w_f16_bf8_bf8_64:
// CHECK: v_wmma_f16_16x16x64_bf8_bf8
OPUS_T(w_f16_bf8_bf8_64, bf8_t, bf8_t, fp16_t, 64)
// CHECK-LABEL: w_f32_fp8_fp8_128:
// CHECK: v_wmma_f32_16x16x128_fp8_fp8 v[{{[0-9]+}}:{{[0-9]+}}], v[{{[0-9]+}}:{{[0-9]+}}], v[{{[0-9]+}}:{{[0-9]+}}], v[{{[0-9]+}}:{{[0-9]+}}]
OPUS_T(w_f32_fp8_fp8_128, fp8_t, fp8_t, fp32_t, 128)
// CHECK-LABEL: w_f32_fp8_bf8_128:
// CHECK: v_wmma_f32_16x16x128_fp8_bf8
OPUS_T(w_f32_fp8_bf8_128, fp8_t, bf8_t, fp32_t, 128)
// CHECK-LABEL: w_f32_bf8_fp8_128:
// CHECK: v_wmma_f32_16x16x128_bf8_fp8
OPUS_T(w_f32_bf8_fp8_128, bf8_t, fp8_t, fp32_t, 128)
// CHECK-LABEL: w_f32_bf8_bf8_128:
// CHECK: v_wmma_f32_16x16x128_bf8_bf8
OPUS_T(w_f32_bf8_bf8_128, bf8_t, bf8_t, fp32_t, 128)
// CHECK-LABEL: w_f16_fp8_fp8_128:
// CHECK: v_wmma_f16_16x16x128_fp8_fp8
OPUS_T(w_f16_fp8_fp8_128, fp8_t, fp8_t, fp16_t, 128)
// CHECK-LABEL: w_f16_fp8_bf8_128:
// CHECK: v_wmma_f16_16x16x128_fp8_bf8
OPUS_T(w_f16_fp8_bf8_128, fp8_t, bf8_t, fp16_t, 128)
// CHECK-LABEL: w_f16_bf8_fp8_128:
// CHECK: v_wmma_f16_16x16x128_bf8_fp8
OPUS_T(w_f16_bf8_fp8_128, bf8_t, fp8_t, fp16_t, 128)
// CHECK-LABEL: w_f16_bf8_bf8_128:
// CHECK: v_wmma_f16_16x16x128_bf8_bf8
OPUS_T(w_f16_bf8_bf8_128, bf8_t, bf8_t, fp16_t, 128)

// K = 64 from the 32-K f16 instruction: two in a chain
// CHECK-LABEL: w_stepk:
// CHECK: v_wmma_f32_16x16x32_f16
// CHECK: v_wmma_f32_16x16x32_f16
// CHECK-NOT: v_wmma
// CHECK: s_endpgm
OPUS_T(w_stepk, fp16_t, fp16_t, fp32_t, 64)

// a tiled MMA (2 x 2 expansion, 2 x 1 waves) loading A and B through its layouts: four
// instructions, swapped C stored as 16-byte runs
// CHECK-LABEL: w_tiled:
// CHECK-COUNT-4: v_wmma_f32_16x16x32_bf16
// CHECK-NOT: v_wmma
// CHECK: s_endpgm
extern "C" __global__ __launch_bounds__(64) void w_tiled(const bf16_t* a, const bf16_t* b, float* c) {
    auto t = make_tiled_mma<bf16_t, bf16_t, fp32_t>(seq<2, 2, 1>{}, seq<2, 1, 1>{}, seq<16, 16, 32>{},
                                                   mfma_adaptor_swap_ab{});
    using T = decltype(t);
    static_assert(T::block_m == 64 && T::block_n == 32 && T::block_k == 32);
    const int lane = static_cast<int>(thread_idx_x()) % 32, wave = static_cast<int>(thread_idx_x()) / 32;
    const auto wc = T::wave_coord(wave);
    auto ua = T::layout_a(make_tuple(32, 1_I), T::p_coord_a(get<0>(wc), get<2>(wc), lane));
    auto ub = T::layout_b(make_tuple(32, 1_I), T::p_coord_b(get<1>(wc), get<2>(wc), lane));
    auto uc = T::layout_c(make_tuple(32, 1_I), T::p_coord_c(get<0>(wc), get<1>(wc), lane));
    typename T::vtype_a va;
    typename T::vtype_b vb;
    for (int i = 0; i < T::tile_a_len; ++i) va[i] = a[ua(i / 16, 0, i % 16 / 8, i % 8)];
    for (int i = 0; i < T::tile_b_len; ++i) vb[i] = b[ub(i / 16, 0, i % 16 / 8, i % 8)];
    const auto vc = t(va, vb);
    for (int i = 0; i < T::tile_c_len; ++i) c[uc(i / 16, i / 8 % 2, i % 8 / 4, i % 4)] = vc[i];
}

// aiter's instruction names in a gfx1250 pass (opus/mma/aiter.hpp), e.g. the one its mhc kernels use
// CHECK-LABEL: w_aiter_name:
// CHECK: v_wmma_f32_16x16x32_bf16
// CHECK: v_wmma_f32_16x16x128_fp8_bf8
// CHECK: s_endpgm
extern "C" __global__ __launch_bounds__(32) void w_aiter_name(const bf16x16_t* a, const i32x16_t* f, fp32x8_t* c) {
    c[0] = wmma_f32_16x16x32_bf16{}(a[0], a[1], c[0]);
    c[1] = wmma_f32_16x16x128_fp8_bf8{}(f[0], f[1], c[1]);
}
