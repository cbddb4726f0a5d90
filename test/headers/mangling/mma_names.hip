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
#endif
