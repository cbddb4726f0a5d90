// opus/arch conversion kernels: packed casts through opus::cast next to hand-written builtin
// twins doing exactly the same work. Used by the runtime benchmark (cast.hip) and the
// zero-overhead check (benchmark/isa_profile.py, CTest benchmark.arch.isa_profile).
//
// Work: every lane holds 16 fp32 values and converts them `iters` times down to the narrow
// type and back (fp32 -> T -> fp32), one down-cast and one up-cast per element and
// iteration on 16 independent chains. The round trip is followed by a multiply with the
// runtime factor k (1.0 in the benchmark; packed v_pk_mul_f32, half a VALU instruction per
// element): without it the compiler proves fp32 -> fp16 -> fp32 idempotent and removes the
// loop. cvt_fp4 uses k as its scale instead (its instructions are not folded).
//   cvt_f16   fp32 <-> fp16                    every target
//   cvt_bf16  fp32 <-> bf16 (opus's default rounding: RNE v_cvt_pk_bf16_f32 on gfx950,
//             truncation elsewhere; see opus/arch/cast.hpp)
//   cvt_fp8   fp32 <-> fp8 packed, saturating  gfx942 (FNUZ), gfx950 (OCP)
//   cvt_bf8   fp32 <-> bf8 packed, saturating  gfx942, gfx950
//   cvt_fp4   fp32 <-> fp4 packed, scaled (MX)  gfx950
// On targets without the instructions both bodies are empty and the benchmark skips them.
#pragma once
#include <opus/hip_minimal.hpp>
#include <opus/arch.hpp>

#define OPUS_CAST_BLOCK 256

namespace opus_cast {
typedef float f16v __attribute__((ext_vector_type(16)));
typedef float f2 __attribute__((ext_vector_type(2)));
typedef _Float16 h16v __attribute__((ext_vector_type(16)));
typedef unsigned u4 __attribute__((ext_vector_type(4)));
typedef unsigned u2 __attribute__((ext_vector_type(2)));

// shared by both variants: 16 floats per lane in, one conditional store out
__device__ inline f16v load(const float* in) {
    const int t = static_cast<int>(__builtin_amdgcn_workitem_id_x());
    return *reinterpret_cast<const f16v*>(in + (t % 64) * 16);
}
__device__ inline void keep(const f16v& v, float* out) {
    float s = 0.f;
#pragma unroll
    for (int i = 0; i < 16; ++i) s += v[i];
    if (s == -1.0f) out[__builtin_amdgcn_workitem_id_x()] = s;  // never true for the benchmark's data
}
} // namespace opus_cast

#if defined(__gfx942__) || defined(__gfx950__)
#define OPUS_CAST_FP8 1
#else
#define OPUS_CAST_FP8 0
#endif
#if defined(__gfx950__)
#define OPUS_CAST_FP4 1
#else
#define OPUS_CAST_FP4 0
#endif

// ---------------------------------------------------------------------------- opus
namespace opus_cast {
template <typename T>
__device__ inline void opus_round_trip(const float* in, float* out, int iters, float k) {
    using namespace opus;
    vector_t<float, 16> v = load(in);
    for (int i = 0; i < iters; ++i) v = cast<fp32_t>(cast<T>(v)) * k;
    keep(v, out);
}
} // namespace opus_cast

extern "C" __global__ __launch_bounds__(OPUS_CAST_BLOCK) void opus_cvt_f16(const float* in, float* out, int iters, float k) {
    opus_cast::opus_round_trip<opus::fp16_t>(in, out, iters, k);
}
extern "C" __global__ __launch_bounds__(OPUS_CAST_BLOCK) void opus_cvt_bf16(const float* in, float* out, int iters, float k) {
    opus_cast::opus_round_trip<opus::bf16_t>(in, out, iters, k);
}
extern "C" __global__ __launch_bounds__(OPUS_CAST_BLOCK) void opus_cvt_fp8(const float* in, float* out, int iters, float k) {
#if OPUS_CAST_FP8
    opus_cast::opus_round_trip<opus::fp8_t>(in, out, iters, k);
#else
    (void)in; (void)out; (void)iters; (void)k;
#endif
}
extern "C" __global__ __launch_bounds__(OPUS_CAST_BLOCK) void opus_cvt_bf8(const float* in, float* out, int iters, float k) {
#if OPUS_CAST_FP8
    opus_cast::opus_round_trip<opus::bf8_t>(in, out, iters, k);
#else
    (void)in; (void)out; (void)iters; (void)k;
#endif
}
extern "C" __global__ __launch_bounds__(OPUS_CAST_BLOCK) void opus_cvt_fp4(const float* in, float* out, int iters, float scale) {
#if OPUS_CAST_FP4
    using namespace opus;
    vector_t<float, 16> v = opus_cast::load(in);
    for (int i = 0; i < iters; ++i) v = cast<fp32_t>(cast<fp4_t>(v, scale), scale);
    opus_cast::keep(v, out);
#else
    (void)in; (void)out; (void)iters; (void)scale;
#endif
}

// ---------------------------------------------------------------------------- builtin twins
extern "C" __global__ __launch_bounds__(OPUS_CAST_BLOCK) void twin_cvt_f16(const float* in, float* out, int iters, float k) {
    opus_cast::f16v v = opus_cast::load(in);
    for (int i = 0; i < iters; ++i)
        v = __builtin_convertvector(__builtin_convertvector(v, opus_cast::h16v), opus_cast::f16v) * k;
    opus_cast::keep(v, out);
}

extern "C" __global__ __launch_bounds__(OPUS_CAST_BLOCK) void twin_cvt_bf16(const float* in, float* out, int iters, float k) {
    opus_cast::f16v v = opus_cast::load(in);
    for (int i = 0; i < iters; ++i) {
#if defined(__gfx950__)
        typedef __bf16 b16v __attribute__((ext_vector_type(16)));
        typedef unsigned short s16v __attribute__((ext_vector_type(16)));
        const s16v b = __builtin_bit_cast(s16v, __builtin_convertvector(v, b16v));  // v_cvt_pk_bf16_f32, RNE
#pragma unroll
        for (int e = 0; e < 16; ++e) v[e] = __builtin_bit_cast(float, unsigned(b[e]) << 16);
#else
#pragma unroll
        for (int e = 0; e < 16; ++e) {  // truncation, as opus's default on targets without the instruction
            // (copy the element first: clang's __builtin_bit_cast of a vector element lvalue
            // reads element 0, llvm/llvm-project#95673)
            const float x = v[e];
            const unsigned short b = static_cast<unsigned short>(__builtin_bit_cast(unsigned, x) >> 16);
            v[e] = __builtin_bit_cast(float, unsigned(b) << 16);
        }
#endif
        v *= k;
    }
    opus_cast::keep(v, out);
}

#if OPUS_CAST_FP8
namespace opus_cast {
// fp8/bf8 max finite: FNUZ on gfx942 (e4m3 240, e5m2 57344), OCP on gfx950 (e4m3fn 448, e5m2 57344)
#if defined(__gfx942__)
constexpr float fp8_max = 240.0f;
#else
constexpr float fp8_max = 448.0f;
#endif
constexpr float bf8_max = 57344.0f;
__device__ inline float sat(float x, float mx) { return __builtin_isfinite(x) ? __builtin_amdgcn_fmed3f(x, mx, -mx) : x; }

template <bool Bf8>
__device__ inline f16v twin_fp8_round_trip(f16v v) {
    constexpr float mx = Bf8 ? bf8_max : fp8_max;
    u4 w;
#pragma unroll
    for (int j = 0; j < 4; ++j) {  // 4 elements per dword: two packed converts into word 0 and 1
        const float a = sat(v[4 * j], mx), b = sat(v[4 * j + 1], mx);
        const float c = sat(v[4 * j + 2], mx), d = sat(v[4 * j + 3], mx);
        int r = Bf8 ? __builtin_amdgcn_cvt_pk_bf8_f32(a, b, 0, false) : __builtin_amdgcn_cvt_pk_fp8_f32(a, b, 0, false);
        r = Bf8 ? __builtin_amdgcn_cvt_pk_bf8_f32(c, d, r, true) : __builtin_amdgcn_cvt_pk_fp8_f32(c, d, r, true);
        w[j] = static_cast<unsigned>(r);
    }
    f16v r;
#pragma unroll
    for (int j = 0; j < 4; ++j) {
        const int s = static_cast<int>(w[j]);
        const f2 lo = Bf8 ? __builtin_amdgcn_cvt_pk_f32_bf8(s, false) : __builtin_amdgcn_cvt_pk_f32_fp8(s, false);
        const f2 hi = Bf8 ? __builtin_amdgcn_cvt_pk_f32_bf8(s, true) : __builtin_amdgcn_cvt_pk_f32_fp8(s, true);
        r[4 * j] = lo[0];
        r[4 * j + 1] = lo[1];
        r[4 * j + 2] = hi[0];
        r[4 * j + 3] = hi[1];
    }
    return r;
}
} // namespace opus_cast
#endif

extern "C" __global__ __launch_bounds__(OPUS_CAST_BLOCK) void twin_cvt_fp8(const float* in, float* out, int iters, float k) {
#if OPUS_CAST_FP8
    opus_cast::f16v v = opus_cast::load(in);
    for (int i = 0; i < iters; ++i) v = opus_cast::twin_fp8_round_trip<false>(v) * k;
    opus_cast::keep(v, out);
#else
    (void)in; (void)out; (void)iters; (void)k;
#endif
}

extern "C" __global__ __launch_bounds__(OPUS_CAST_BLOCK) void twin_cvt_bf8(const float* in, float* out, int iters, float k) {
#if OPUS_CAST_FP8
    opus_cast::f16v v = opus_cast::load(in);
    for (int i = 0; i < iters; ++i) v = opus_cast::twin_fp8_round_trip<true>(v) * k;
    opus_cast::keep(v, out);
#else
    (void)in; (void)out; (void)iters; (void)k;
#endif
}

extern "C" __global__ __launch_bounds__(OPUS_CAST_BLOCK) void twin_cvt_fp4(const float* in, float* out, int iters, float scale) {
#if OPUS_CAST_FP4
    opus_cast::f16v v = opus_cast::load(in);
    for (int i = 0; i < iters; ++i) {
        opus_cast::u2 w = {0u, 0u};  // 8 fp4 per dword: four packed converts, byte select 0..3
#pragma unroll
        for (int j = 0; j < 2; ++j) {
            unsigned d = 0;
            d = __builtin_amdgcn_cvt_scalef32_pk_fp4_f32(d, v[8 * j + 0], v[8 * j + 1], scale, 0);
            d = __builtin_amdgcn_cvt_scalef32_pk_fp4_f32(d, v[8 * j + 2], v[8 * j + 3], scale, 1);
            d = __builtin_amdgcn_cvt_scalef32_pk_fp4_f32(d, v[8 * j + 4], v[8 * j + 5], scale, 2);
            d = __builtin_amdgcn_cvt_scalef32_pk_fp4_f32(d, v[8 * j + 6], v[8 * j + 7], scale, 3);
            w[j] = d;
        }
#pragma unroll
        for (int j = 0; j < 2; ++j) {
            const opus_cast::f2 p0 = __builtin_amdgcn_cvt_scalef32_pk_f32_fp4(w[j], scale, 0);
            const opus_cast::f2 p1 = __builtin_amdgcn_cvt_scalef32_pk_f32_fp4(w[j], scale, 1);
            const opus_cast::f2 p2 = __builtin_amdgcn_cvt_scalef32_pk_f32_fp4(w[j], scale, 2);
            const opus_cast::f2 p3 = __builtin_amdgcn_cvt_scalef32_pk_f32_fp4(w[j], scale, 3);
            v[8 * j + 0] = p0[0]; v[8 * j + 1] = p0[1];
            v[8 * j + 2] = p1[0]; v[8 * j + 3] = p1[1];
            v[8 * j + 4] = p2[0]; v[8 * j + 5] = p2[1];
            v[8 * j + 6] = p3[0]; v[8 * j + 7] = p3[1];
        }
    }
    opus_cast::keep(v, out);
#else
    (void)in; (void)out; (void)iters; (void)scale;
#endif
}
