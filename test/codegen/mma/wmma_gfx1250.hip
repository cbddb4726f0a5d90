// Codegen: gfx1250's WMMA family (opus/mma/family/wmma_gfx1250.hpp): every row issues its
// instruction with the operand widths of the row (16-bit and f32 forms with the negation /
// format / reuse operands, 8-bit forms without), a K multiple runs as a step-K chain, and a
// tiled MMA issues one instruction per expansion step. The f8f6f4 forms: fp4 / fp6 pairs
// unscaled (the plain f8f6f4 instruction, 8 / 12 registers with their format codes) and scaled
// with 32-bit (v_wmma_scale_*) or 64-bit (v_wmma_scale16_*) scales, the scale lane selector as
// matrix_*_scale:MATRIX_SCALE_ROW1, swap_ab exchanging the operands with their scales.
// TARGETS: gfx1250
#include <opus/hip_minimal.hpp>
#include <opus/mma.hpp>
#include <opus/mma/aiter.hpp>  // aiter's layer (what opus/opus.hpp adds)

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

// fp6 x fp4 without scales: the plain f8f6f4 instruction, 12 and 8 registers
// CHECK-LABEL: w_f8f6f4_fp6_fp4:
// CHECK: v_wmma_f32_16x16x128_f8f6f4 v[{{[0-9]+}}:{{[0-9]+}}], v[{{[0-9]+}}:{{[0-9]+}}], v[{{[0-9]+}}:{{[0-9]+}}], {{0|v\[[0-9]+:[0-9]+\]}} matrix_a_fmt:MATRIX_FMT_FP6 matrix_b_fmt:MATRIX_FMT_FP4{{$}}
// CHECK: s_endpgm
OPUS_T(w_f8f6f4_fp6_fp4, fp6_t, fp4_t, fp32_t, 128)

// fp8 x fp8 with 32-bit scales, A's taken from lanes 16-31
// CHECK-LABEL: w_scale_fp8:
// CHECK: v_wmma_scale_f32_16x16x128_f8f6f4 v[{{[0-9]+}}:{{[0-9]+}}], v[{{[0-9]+}}:{{[0-9]+}}], v[{{[0-9]+}}:{{[0-9]+}}], {{0|v\[[0-9]+:[0-9]+\]}}, s{{[0-9]+}}, s{{[0-9]+}} matrix_a_scale:MATRIX_SCALE_ROW1{{$}}
// CHECK: s_endpgm
extern "C" __global__ __launch_bounds__(32) void w_scale_fp8(const fp8x64_t* a, fp32x8_t* c, int sa, int sb) {
    auto mma = make_wmma<fp8_t, fp8_t, fp32_t>(16_I, 16_I, 128_I);
    c[0] = mma.scaled(a[0], a[1], c[0], sa, sb, number<1>{}, number<0>{});
}

// fp4 x bf6 with 64-bit scales (16 K per scale byte), spelled as aiter's call with C omitted
// CHECK-LABEL: w_scale16_fp4_bf6:
// CHECK: v_wmma_scale16_f32_16x16x128_f8f6f4 v[{{[0-9]+}}:{{[0-9]+}}], v[{{[0-9]+}}:{{[0-9]+}}], v[{{[0-9]+}}:{{[0-9]+}}], 0, s[{{[0-9]+}}:{{[0-9]+}}], s[{{[0-9]+}}:{{[0-9]+}}] matrix_a_fmt:MATRIX_FMT_FP4 matrix_b_fmt:MATRIX_FMT_BF6{{$}}
// CHECK: s_endpgm
extern "C" __global__ __launch_bounds__(32) void w_scale16_fp4_bf6(const fp4x64_t* a, const i32x16_t* b, fp32x8_t* c,
                                                                   long sa, long sb) {
    auto mma = make_wmma<fp4_t, bf6_t, fp32_t>(16_I, 16_I, 128_I);
    c[0] = mma(a[0], b[0], sa, sb);
}

// aiter's spelling: opus::wmma<fp4_t, ...> takes the 16-register image of an fp4 operand
// CHECK-LABEL: w_scale_aiter_fp4:
// CHECK: v_wmma_scale_f32_16x16x128_f8f6f4 v[{{[0-9]+}}:{{[0-9]+}}], v[{{[0-9]+}}:{{[0-9]+}}], v[{{[0-9]+}}:{{[0-9]+}}], {{0|v\[[0-9]+:[0-9]+\]}}, s{{[0-9]+}}, s{{[0-9]+}} matrix_a_fmt:MATRIX_FMT_FP4 matrix_b_fmt:MATRIX_FMT_FP4{{$}}
// CHECK: s_endpgm
extern "C" __global__ __launch_bounds__(32) void w_scale_aiter_fp4(const i32x16_t* a, fp32x8_t* c, int sa, int sb) {
    c[0] = wmma<fp4_t, fp4_t, fp32_t, 16, 16, 128>{}(a[0], a[1], c[0], sa, sb);
}

// a tiled MMA with swap_ab, the selectors as number<> arguments (aiter's tiled scaled call):
// the instruction's A is our B, with B's scale and selector
// CHECK-LABEL: w_scale_tiled_swap:
// CHECK-COUNT-2: v_wmma_scale_f32_16x16x128_f8f6f4 v[{{[0-9]+}}:{{[0-9]+}}], v[{{[0-9]+}}:{{[0-9]+}}], v[{{[0-9]+}}:{{[0-9]+}}], 0, s{{[0-9]+}}, s{{[0-9]+}} matrix_a_fmt:MATRIX_FMT_BF8 matrix_a_scale:MATRIX_SCALE_ROW1{{$}}
// CHECK-NOT: v_wmma
// CHECK: s_endpgm
extern "C" __global__ __launch_bounds__(64) void w_scale_tiled_swap(const fp8_t* a, const bf8_t* b, float* c, int sa,
                                                                    int sb) {
    auto t = make_tiled_mma(make_wmma<fp8_t, bf8_t, fp32_t>(seq<16, 16, 128>{}, wmma_adaptor_swap_ab{}),
                            seq<1, 2, 1>{}, seq<2, 1, 1>{});
    using T = decltype(t);
    const int lane = static_cast<int>(thread_idx_x()) % 32;
    typename T::vtype_a va;
    typename T::vtype_b vb;
    __builtin_memcpy(&va, a + lane * sizeof(va), sizeof(va));
    __builtin_memcpy(&vb, b + lane * sizeof(vb), sizeof(vb));
    const auto vc = t(va, vb, sa, sb, number<0>{}, number<1>{});
    __builtin_memcpy(c + static_cast<int>(thread_idx_x()) * T::tile_c_len, &vc, sizeof(vc));
}

// 32x16x128 fp4 (aiter's opus::wmma, i32x16 A and i32x8 B): unscaled, 32-bit scales, 64-bit
// scales with B's taken from lanes 16-31
// CHECK-LABEL: w_f4_32x16:
// CHECK: v_wmma_f32_32x16x128_f4 v[{{[0-9]+}}:{{[0-9]+}}], v[{{[0-9]+}}:{{[0-9]+}}], v[{{[0-9]+}}:{{[0-9]+}}], v[{{[0-9]+}}:{{[0-9]+}}]{{$}}
// CHECK: v_wmma_scale_f32_32x16x128_f4 v[{{[0-9]+}}:{{[0-9]+}}], v[{{[0-9]+}}:{{[0-9]+}}], v[{{[0-9]+}}:{{[0-9]+}}], v[{{[0-9]+}}:{{[0-9]+}}], s{{[0-9]+}}, s{{[0-9]+}}{{$}}
// CHECK: v_wmma_scale16_f32_32x16x128_f4 v[{{[0-9]+}}:{{[0-9]+}}], v[{{[0-9]+}}:{{[0-9]+}}], v[{{[0-9]+}}:{{[0-9]+}}], v[{{[0-9]+}}:{{[0-9]+}}], s[{{[0-9]+}}:{{[0-9]+}}], s[{{[0-9]+}}:{{[0-9]+}}] matrix_b_scale:MATRIX_SCALE_ROW1{{$}}
// CHECK: s_endpgm
extern "C" __global__ __launch_bounds__(32) void w_f4_32x16(const i32x16_t* a, const i32x8_t* b, fp32x16_t* c, int sa,
                                                            int sb, long la, long lb) {
    using W = wmma<fp4_t, fp4_t, fp32_t, 32, 16, 128>;
    static_assert(is_same_v<W::vtype_a, i32x16_t> && is_same_v<W::vtype_b, i32x8_t>, "aiter's register images");
    c[0] = W{}(a[0], b[0], c[0]);
    c[1] = W{}(a[0], b[0], c[1], sa, sb);
    c[2] = W{}(a[0], b[0], c[2], la, lb, number<0>{}, number<1>{});
}

// a tiled MMA of the 32x16 instruction (1 x 2 expansion, 2 x 1 waves): two scaled instructions
// CHECK-LABEL: w_f4_32x16_tiled:
// CHECK-COUNT-2: v_wmma_scale_f32_32x16x128_f4
// CHECK-NOT: v_wmma
// CHECK: s_endpgm
extern "C" __global__ __launch_bounds__(64) void w_f4_32x16_tiled(const u8_t* a, const u8_t* b, float* c, int sa,
                                                                  int sb) {
    auto t = make_tiled_mma(make_wmma<fp4_t, fp4_t, fp32_t>(seq<32, 16, 128>{}), seq<1, 2, 1>{}, seq<2, 1, 1>{});
    using T = decltype(t);
    static_assert(T::block_m == 64 && T::block_n == 32 && T::tile_c_len == 32);
    const int lane = static_cast<int>(thread_idx_x()) % 32;
    typename T::vtype_a va;
    typename T::vtype_b vb;
    __builtin_memcpy(&va, a + lane * sizeof(va), sizeof(va));
    __builtin_memcpy(&vb, b + lane * sizeof(vb), sizeof(vb));
    const auto vc = t(va, vb, sa, sb);
    __builtin_memcpy(c + static_cast<int>(thread_idx_x()) * T::tile_c_len, &vc, sizeof(vc));
}

// fp8 x fp4 (16 and 8 registers), scaled; swapped, the instruction's A is the fp4 operand
// CHECK-LABEL: w_scale_fp8_fp4:
// CHECK: v_wmma_scale_f32_16x16x128_f8f6f4 v[{{[0-9]+}}:{{[0-9]+}}], v[{{[0-9]+}}:{{[0-9]+}}], v[{{[0-9]+}}:{{[0-9]+}}], {{0|v\[[0-9]+:[0-9]+\]}}, s{{[0-9]+}}, s{{[0-9]+}} matrix_b_fmt:MATRIX_FMT_FP4{{$}}
// CHECK: v_wmma_scale_f32_16x16x128_f8f6f4 v[{{[0-9]+}}:{{[0-9]+}}], v[{{[0-9]+}}:{{[0-9]+}}], v[{{[0-9]+}}:{{[0-9]+}}], {{0|v\[[0-9]+:[0-9]+\]}}, s{{[0-9]+}}, s{{[0-9]+}} matrix_a_fmt:MATRIX_FMT_FP4{{$}}
// CHECK: s_endpgm
extern "C" __global__ __launch_bounds__(32) void w_scale_fp8_fp4(const fp8x64_t* a, const fp4x64_t* b, fp32x8_t* c,
                                                                 int sa, int sb) {
    auto m = make_wmma<fp8_t, fp4_t, fp32_t>(16_I, 16_I, 128_I);
    auto s = make_wmma<fp8_t, fp4_t, fp32_t>(16_I, 16_I, 128_I, wmma_adaptor_swap_ab{});
    static_assert(decltype(m)::pack_a == 16 && decltype(m)::pack_b == 32, "each operand's own K run");
    c[0] = m.scaled(a[0], b[0], c[0], sa, sb);
    c[1] = s.scaled(a[0], b[0], c[1], sa, sb);
}
