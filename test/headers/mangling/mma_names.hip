// A kernel templated on aiter's named instructions, compiled through the second include path of
// code written for aiter's single header (-I include/opus, "opus.hpp"): its symbols must be the
// ones the reference gives (mma_names.<target>.txt, derived once by compiling this file against
// aiter's csrc/include/opus/opus.hpp; headers.mma_mangling compares them).
#include "hip_minimal.hpp"
#include "opus.hpp"
template <typename Mma>
__global__ void named_mma(float* p) { p[0] = float(Mma::elem_c); }
#if defined(__gfx942__)
template __global__ void named_mma<opus::mfma_f32_32x32x8_f16>(float*);
template __global__ void named_mma<opus::mfma_f32_16x16x16_bf16>(float*);
template __global__ void named_mma<opus::mfma_f32_32x32x16_fp8_fp8>(float*);
template __global__ void named_mma<opus::mfma_f32_16x16x32_bf8_bf8>(float*);
template __global__ void named_mma<opus::mfma_f32_32x32x2_f32>(float*);
template __global__ void named_mma<opus::mfma<opus::fp16_t, opus::fp16_t, opus::fp32_t, 16, 16, 16>>(float*);
#elif defined(__gfx1201__)
template __global__ void named_mma<opus::wmma_f32_16x16x16_f16>(float*);
template __global__ void named_mma<opus::wmma_f32_16x16x16_bf16>(float*);
template __global__ void named_mma<opus::wmma_f16_16x16x16_f16>(float*);
template __global__ void named_mma<opus::wmma_f32_16x16x16_fp8_bf8>(float*);
template __global__ void named_mma<opus::wmma_f32_16x16x32_f16>(float*);
#elif defined(__gfx1250__)
template __global__ void named_mma<opus::wmma_f32_16x16x32_f16>(float*);
template __global__ void named_mma<opus::wmma_f32_16x16x4_f32>(float*);
template __global__ void named_mma<opus::wmma_f32_16x16x64_fp8_bf8>(float*);
template __global__ void named_mma<opus::wmma_f16_16x16x128_bf8_bf8>(float*);
template __global__ void named_mma<opus::wmma_scale_f32_16x16x128_fp4_fp4>(float*);
template __global__ void named_mma<opus::wmma_scale_f32_32x16x128_fp4_fp4>(float*);
#endif

// Every name the reference declares in the pass, by its type alone (naming a name instantiates
// nothing, so gfx950's fp4 names on gfx942, a wave64 one in a wave32 pass and gfx1250's in a
// gfx1201 pass are named too): its symbol pins the name to its type (tag_<name> keeps two names
// of one type apart), and a name opus lacks does not compile.
template <typename Mma, typename Tag>
__global__ void named_alias(float* p) { p[0] = 0.f; }
#define OPUS_TEST_NAME(N) struct tag_##N; template __global__ void named_alias<opus::N, tag_##N>(float*);
#if defined(__gfx942__)
OPUS_TEST_NAME(mfma_f32_16x16x128_fp4_fp4)
OPUS_TEST_NAME(mfma_f32_16x16x128_fp8_fp8)
OPUS_TEST_NAME(mfma_f32_16x16x16_bf16)
OPUS_TEST_NAME(mfma_f32_16x16x16_f16)
OPUS_TEST_NAME(mfma_f32_16x16x32_bf16)
OPUS_TEST_NAME(mfma_f32_16x16x32_bf8_bf8)
OPUS_TEST_NAME(mfma_f32_16x16x32_f16)
OPUS_TEST_NAME(mfma_f32_16x16x32_fp8_fp8)
OPUS_TEST_NAME(mfma_f32_16x16x4_f32)
OPUS_TEST_NAME(mfma_f32_32x32x16_bf16)
OPUS_TEST_NAME(mfma_f32_32x32x16_bf8_bf8)
OPUS_TEST_NAME(mfma_f32_32x32x16_f16)
OPUS_TEST_NAME(mfma_f32_32x32x16_fp8_fp8)
OPUS_TEST_NAME(mfma_f32_32x32x2_f32)
OPUS_TEST_NAME(mfma_f32_32x32x64_fp4_fp4)
OPUS_TEST_NAME(mfma_f32_32x32x64_fp8_fp8)
OPUS_TEST_NAME(mfma_f32_32x32x8_bf16)
OPUS_TEST_NAME(mfma_f32_32x32x8_f16)
OPUS_TEST_NAME(mfma_scale_f32_16x16x128_fp4_fp4)
OPUS_TEST_NAME(mfma_scale_f32_16x16x128_fp8_fp8)
OPUS_TEST_NAME(mfma_scale_f32_32x32x64_fp4_fp4)
OPUS_TEST_NAME(mfma_scale_f32_32x32x64_fp8_fp8)
#elif defined(__gfx1201__) || defined(__gfx1250__)
OPUS_TEST_NAME(wmma_bf16_16x16x16_bf16)
OPUS_TEST_NAME(wmma_bf16_16x16x16_bf16_w64)
OPUS_TEST_NAME(wmma_bf16_16x16x32_bf16)
OPUS_TEST_NAME(wmma_bf16_16x16x32_bf16_w32)
OPUS_TEST_NAME(wmma_bf16_16x16x32_bf16_w64)
OPUS_TEST_NAME(wmma_f16_16x16x128_bf8_bf8)
OPUS_TEST_NAME(wmma_f16_16x16x128_bf8_fp8)
OPUS_TEST_NAME(wmma_f16_16x16x128_fp8_bf8)
OPUS_TEST_NAME(wmma_f16_16x16x128_fp8_fp8)
OPUS_TEST_NAME(wmma_f16_16x16x16_f16)
OPUS_TEST_NAME(wmma_f16_16x16x16_f16_w64)
OPUS_TEST_NAME(wmma_f16_16x16x32_f16)
OPUS_TEST_NAME(wmma_f16_16x16x32_f16_w32)
OPUS_TEST_NAME(wmma_f16_16x16x32_f16_w64)
OPUS_TEST_NAME(wmma_f16_16x16x64_bf8_bf8)
OPUS_TEST_NAME(wmma_f16_16x16x64_bf8_fp8)
OPUS_TEST_NAME(wmma_f16_16x16x64_fp8_bf8)
OPUS_TEST_NAME(wmma_f16_16x16x64_fp8_fp8)
OPUS_TEST_NAME(wmma_f32_16x16x128_bf8_bf8)
OPUS_TEST_NAME(wmma_f32_16x16x128_bf8_fp8)
OPUS_TEST_NAME(wmma_f32_16x16x128_fp8_bf8)
OPUS_TEST_NAME(wmma_f32_16x16x128_fp8_fp8)
OPUS_TEST_NAME(wmma_f32_16x16x16_bf16)
OPUS_TEST_NAME(wmma_f32_16x16x16_bf16_w64)
OPUS_TEST_NAME(wmma_f32_16x16x16_bf8_bf8)
OPUS_TEST_NAME(wmma_f32_16x16x16_bf8_fp8)
OPUS_TEST_NAME(wmma_f32_16x16x16_f16)
OPUS_TEST_NAME(wmma_f32_16x16x16_f16_w64)
OPUS_TEST_NAME(wmma_f32_16x16x16_fp8_bf8)
OPUS_TEST_NAME(wmma_f32_16x16x16_fp8_fp8)
OPUS_TEST_NAME(wmma_f32_16x16x32_bf16)
OPUS_TEST_NAME(wmma_f32_16x16x32_bf16_w32)
OPUS_TEST_NAME(wmma_f32_16x16x32_bf16_w64)
OPUS_TEST_NAME(wmma_f32_16x16x32_f16)
OPUS_TEST_NAME(wmma_f32_16x16x32_f16_w32)
OPUS_TEST_NAME(wmma_f32_16x16x32_f16_w64)
OPUS_TEST_NAME(wmma_f32_16x16x4_f32)
OPUS_TEST_NAME(wmma_f32_16x16x64_bf8_bf8)
OPUS_TEST_NAME(wmma_f32_16x16x64_bf8_fp8)
OPUS_TEST_NAME(wmma_f32_16x16x64_fp8_bf8)
OPUS_TEST_NAME(wmma_f32_16x16x64_fp8_fp8)
OPUS_TEST_NAME(wmma_scale_f32_16x16x128_fp4_fp4)
OPUS_TEST_NAME(wmma_scale_f32_16x16x128_fp8_fp8)
OPUS_TEST_NAME(wmma_scale_f32_32x16x128_fp4_fp4)
#endif
