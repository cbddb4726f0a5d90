// opus/mma per-instruction throughput kernels: for every matrix-core instruction of the
// gfx942/gfx950 table, an opus kernel (make_mfma) next to a hand-written builtin twin issuing
// the same instruction. Used by the runtime benchmark (mma.hip) and the zero-overhead check
// (benchmark/isa_profile.py, CTest benchmark.mma.isa_profile).
//
// Work: every wave loads its A and B registers once and then issues `iters` x 4 independent
// MFMAs (4 accumulator chains, so back-to-back issue never waits on a result). FLOPs per
// instruction: 2 * M * N * K per wave.
//
// An instruction that the compile target does not have gets an empty body in both kernels
// (the table's `targets` column); the benchmark only runs what the device has.
#pragma once
#include <opus/hip_minimal.hpp>
#include <opus/mma.hpp>

#define OPUS_MFMA_BLOCK 256
#define OPUS_MFMA_CHAINS 4

#if defined(__gfx90a__) || defined(__gfx942__) || defined(__gfx950__)
#define OPUS_MB_9X 1
#else
#define OPUS_MB_9X 0
#endif
#if defined(__gfx942__) || defined(__gfx950__)
#define OPUS_MB_94X 1
#else
#define OPUS_MB_94X 0
#endif
#if defined(__gfx950__)
#define OPUS_MB_950 1
#else
#define OPUS_MB_950 0
#endif

namespace opus_mfma {
typedef _Float16 half4 __attribute__((ext_vector_type(4)));
typedef _Float16 half8 __attribute__((ext_vector_type(8)));
typedef __bf16 bf16x8 __attribute__((ext_vector_type(8)));
typedef short short4 __attribute__((ext_vector_type(4)));
typedef int int4v __attribute__((ext_vector_type(4)));
typedef int int8v __attribute__((ext_vector_type(8)));
typedef int int16v __attribute__((ext_vector_type(16)));
typedef float float4v __attribute__((ext_vector_type(4)));
typedef float float16v __attribute__((ext_vector_type(16)));
typedef double double4v __attribute__((ext_vector_type(4)));
typedef long i64;
typedef float f32;
typedef double f64;

// shared by both variants: operand registers from memory (lane-strided), one conditional
// store of the accumulators at the end
template <typename V>
__device__ inline V load(const void* src, int which) {
    const int lane = static_cast<int>(__builtin_amdgcn_workitem_id_x() % 64);
    return *reinterpret_cast<const V*>(static_cast<const char*>(src) + (which * 64 + lane) * sizeof(V));
}
template <typename VC>
__device__ inline void keep(const VC (&c)[OPUS_MFMA_CHAINS], float* out) {
    float s = 0;
#pragma unroll
    for (int j = 0; j < OPUS_MFMA_CHAINS; ++j) s += static_cast<float>(c[j][0]);
    if (s == -1.0f) out[__builtin_amdgcn_workitem_id_x()] = s;  // never true for the benchmark's data
}

template <bool Enabled, typename A, typename C, int M, int N, int K>
__device__ inline void opus_loop(const void* src, float* out, int iters) {
    if constexpr (Enabled) {
        using namespace opus;
        auto mma = make_mfma<A, A, C>(number<M>{}, number<N>{}, number<K>{});
        using mma_t = decltype(mma);
        const auto a = load<typename mma_t::vtype_a>(src, 0);
        const auto b = load<typename mma_t::vtype_b>(src, 1);
        typename mma_t::vtype_c c[OPUS_MFMA_CHAINS] = {};
        for (int i = 0; i < iters; ++i) {
#pragma unroll
            for (int j = 0; j < OPUS_MFMA_CHAINS; ++j) c[j] = mma(a, b, c[j]);
        }
        keep(c, out);
    } else {
        (void)src; (void)out; (void)iters;
    }
}

// F: the hand-written builtin call (a generic lambda: it is only instantiated, and its
// builtin only checked against the target, where the instruction exists)
template <bool Enabled, typename VA, typename VC, typename F>
__device__ inline void twin_loop(const void* src, float* out, int iters, F f) {
    if constexpr (Enabled) {
        const VA a = load<VA>(src, 0);
        const VA b = load<VA>(src, 1);
        VC c[OPUS_MFMA_CHAINS] = {};
        for (int i = 0; i < iters; ++i) {
#pragma unroll
            for (int j = 0; j < OPUS_MFMA_CHAINS; ++j) c[j] = f(a, b, c[j]);
        }
        keep(c, out);
    } else {
        (void)src; (void)out; (void)iters; (void)f;
    }
}
} // namespace opus_mfma

// NAME, targets, A, C, M, N, K, twin operand/accumulator register types, builtin call on (a, b, c)
#define OPUS_MFMA_BENCH(NAME, ON, A, C, M, N, K, VA, VC, CALL)                                          \
    extern "C" __global__ __launch_bounds__(OPUS_MFMA_BLOCK) void opus_mfma_##NAME(const void* src,      \
                                                                                   float* out, int iters) { \
        opus_mfma::opus_loop<ON, A, C, M, N, K>(src, out, iters);                                       \
    }                                                                                                   \
    extern "C" __global__ __launch_bounds__(OPUS_MFMA_BLOCK) void twin_mfma_##NAME(const void* src,      \
                                                                                   float* out, int iters) { \
        opus_mfma::twin_loop<ON, opus_mfma::VA, opus_mfma::VC>(src, out, iters,                         \
                                                               [](auto a, auto b, auto c) { return CALL; }); \
    }

// ---- fp16 / bf16: 32x32x8, 16x16x16 (gfx90a, gfx942, gfx950); 32x32x16, 16x16x32 (gfx950)
OPUS_MFMA_BENCH(f32_32x32x8_f16, OPUS_MB_9X, opus::fp16_t, opus::fp32_t, 32, 32, 8, half4, float16v,
                __builtin_amdgcn_mfma_f32_32x32x8f16(a, b, c, 0, 0, 0))
OPUS_MFMA_BENCH(f32_16x16x16_f16, OPUS_MB_9X, opus::fp16_t, opus::fp32_t, 16, 16, 16, half4, float4v,
                __builtin_amdgcn_mfma_f32_16x16x16f16(a, b, c, 0, 0, 0))
OPUS_MFMA_BENCH(f32_32x32x8_bf16, OPUS_MB_9X, opus::bf16_t, opus::fp32_t, 32, 32, 8, short4, float16v,
                __builtin_amdgcn_mfma_f32_32x32x8bf16_1k(a, b, c, 0, 0, 0))
OPUS_MFMA_BENCH(f32_16x16x16_bf16, OPUS_MB_9X, opus::bf16_t, opus::fp32_t, 16, 16, 16, short4, float4v,
                __builtin_amdgcn_mfma_f32_16x16x16bf16_1k(a, b, c, 0, 0, 0))
OPUS_MFMA_BENCH(f32_32x32x16_f16, OPUS_MB_950, opus::fp16_t, opus::fp32_t, 32, 32, 16, half8, float16v,
                __builtin_amdgcn_mfma_f32_32x32x16_f16(a, b, c, 0, 0, 0))
OPUS_MFMA_BENCH(f32_16x16x32_f16, OPUS_MB_950, opus::fp16_t, opus::fp32_t, 16, 16, 32, half8, float4v,
                __builtin_amdgcn_mfma_f32_16x16x32_f16(a, b, c, 0, 0, 0))
OPUS_MFMA_BENCH(f32_32x32x16_bf16, OPUS_MB_950, opus::bf16_t, opus::fp32_t, 32, 32, 16, bf16x8, float16v,
                __builtin_amdgcn_mfma_f32_32x32x16_bf16(a, b, c, 0, 0, 0))
OPUS_MFMA_BENCH(f32_16x16x32_bf16, OPUS_MB_950, opus::bf16_t, opus::fp32_t, 16, 16, 32, bf16x8, float4v,
                __builtin_amdgcn_mfma_f32_16x16x32_bf16(a, b, c, 0, 0, 0))
// ---- fp8 (FNUZ on gfx942, OCP on gfx950): 32x32x16, 16x16x32; gfx950 scaled f8f6f4 with fp8 operands
OPUS_MFMA_BENCH(f32_32x32x16_fp8_fp8, OPUS_MB_94X, opus::fp8_t, opus::fp32_t, 32, 32, 16, i64, float16v,
                __builtin_amdgcn_mfma_f32_32x32x16_fp8_fp8(a, b, c, 0, 0, 0))
OPUS_MFMA_BENCH(f32_16x16x32_fp8_fp8, OPUS_MB_94X, opus::fp8_t, opus::fp32_t, 16, 16, 32, i64, float4v,
                __builtin_amdgcn_mfma_f32_16x16x32_fp8_fp8(a, b, c, 0, 0, 0))
OPUS_MFMA_BENCH(scale_f32_32x32x64_f8f6f4, OPUS_MB_950, opus::fp8_t, opus::fp32_t, 32, 32, 64, int8v, float16v,
                __builtin_amdgcn_mfma_scale_f32_32x32x64_f8f6f4(a, b, c, 0, 0, 0, 127, 0, 127))
OPUS_MFMA_BENCH(scale_f32_16x16x128_f8f6f4, OPUS_MB_950, opus::fp8_t, opus::fp32_t, 16, 16, 128, int8v, float4v,
                __builtin_amdgcn_mfma_scale_f32_16x16x128_f8f6f4(a, b, c, 0, 0, 0, 127, 0, 127))
// ---- int8: 32x32x16, 16x16x32 (gfx942, gfx950); 32x32x32, 16x16x64 (gfx950)
OPUS_MFMA_BENCH(i32_32x32x16_i8, OPUS_MB_94X, opus::i8_t, opus::i32_t, 32, 32, 16, i64, int16v,
                __builtin_amdgcn_mfma_i32_32x32x16_i8(a, b, c, 0, 0, 0))
OPUS_MFMA_BENCH(i32_16x16x32_i8, OPUS_MB_94X, opus::i8_t, opus::i32_t, 16, 16, 32, i64, int4v,
                __builtin_amdgcn_mfma_i32_16x16x32_i8(a, b, c, 0, 0, 0))
OPUS_MFMA_BENCH(i32_32x32x32_i8, OPUS_MB_950, opus::i8_t, opus::i32_t, 32, 32, 32, int4v, int16v,
                __builtin_amdgcn_mfma_i32_32x32x32_i8(a, b, c, 0, 0, 0))
OPUS_MFMA_BENCH(i32_16x16x64_i8, OPUS_MB_950, opus::i8_t, opus::i32_t, 16, 16, 64, int4v, int4v,
                __builtin_amdgcn_mfma_i32_16x16x64_i8(a, b, c, 0, 0, 0))
// ---- fp32 and fp64
OPUS_MFMA_BENCH(f32_32x32x2_f32, OPUS_MB_9X, opus::fp32_t, opus::fp32_t, 32, 32, 2, f32, float16v,
                __builtin_amdgcn_mfma_f32_32x32x2f32(a, b, c, 0, 0, 0))
OPUS_MFMA_BENCH(f32_16x16x4_f32, OPUS_MB_9X, opus::fp32_t, opus::fp32_t, 16, 16, 4, f32, float4v,
                __builtin_amdgcn_mfma_f32_16x16x4f32(a, b, c, 0, 0, 0))
OPUS_MFMA_BENCH(f64_16x16x4_f64, OPUS_MB_9X, double, double, 16, 16, 4, f64, double4v,
                __builtin_amdgcn_mfma_f64_16x16x4f64(a, b, c, 0, 0, 0))
