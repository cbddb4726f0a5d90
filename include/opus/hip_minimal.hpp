// SPDX-License-Identifier: MIT
// opus/hip_minimal.hpp - the few HIP declarations a kernel needs, without <hip/hip_runtime.h>.
//
// <hip/hip_runtime.h> preprocesses to tens of thousands of lines (docs/compile-time.md); a
// kernel written with opus needs only the attribute macros, the thread/block index builtins
// and, in the host pass, a handful of runtime entry points. This header provides exactly
// those, so that
//
//     clang++ -x hip -nogpuinc -nogpulib --offload-arch=gfx942 -include opus/hip_minimal.hpp
//
// (or hipcc/amdclang++ with -D__HIPCC_RTC__ / --genco) builds kernels and launchers that
// link against libamdhip64. When the real HIP runtime header was included first, this
// header only adds opus's index helpers.
#pragma once

#if !defined(__HIP__) && !defined(__HIPCC_RTC__)
#error "opus/hip_minimal.hpp is for HIP compiles (clang -x hip, hipcc or amdclang++); plain C++ code needs only <opus/core.hpp>"
#endif

#if !defined(__HIP_INCLUDE_HIP_RUNTIME_H__) && !defined(HIP_INCLUDE_HIP_HIP_RUNTIME_H) && \
    !defined(HIP_INCLUDE_HIP_HIP_RUNTIME_API_H)
#define OPUS_HIP_MINIMAL 1

// ---------------------------------------------------------------- attribute macros
// Spelled exactly like HIP's host_defines.h so a later real header redefines them
// identically (no macro-redefinition warning).
#ifndef __host__
#define __host__ __attribute__((host))
#endif
#ifndef __device__
#define __device__ __attribute__((device))
#endif
#ifndef __global__
#define __global__ __attribute__((global))
#endif
#ifndef __shared__
#define __shared__ __attribute__((shared))
#endif
#ifndef __constant__
#define __constant__ __attribute__((constant))
#endif
#ifndef __align__
#define __align__(x) __attribute__((aligned(x)))
#endif
#ifndef __noinline__
#define __noinline__ __attribute__((noinline))
#endif
#ifndef __forceinline__
#define __forceinline__ inline __attribute__((always_inline))
#endif
#if !defined(__cluster_dims__) && defined(__has_attribute)
#if __has_attribute(cluster_dims)
// __cluster_dims__(x[, y, z]): the kernel's cluster shape (gfx1250; other targets reject it)
#define __cluster_dims__(...) __attribute__((cluster_dims(__VA_ARGS__)))
#endif
#endif
#ifndef __launch_bounds__
// __launch_bounds__(max_threads) or __launch_bounds__(max_threads, min_waves_per_eu)
#define OPUS_LB_1_(t) __attribute__((amdgpu_flat_work_group_size(1, t)))
#define OPUS_LB_2_(t, w) __attribute__((amdgpu_flat_work_group_size(1, t), amdgpu_waves_per_eu(w)))
#define OPUS_LB_PICK_(_1, _2, name, ...) name
#define __launch_bounds__(...) OPUS_LB_PICK_(__VA_ARGS__, OPUS_LB_2_, OPUS_LB_1_, unused)(__VA_ARGS__)
#endif

// Device-side malloc/free, declared as the HIP runtime wrapper does: clang's <new> wrapper
// for device code refers to them. (Calling them needs the device libraries.)
extern "C" {
__attribute__((device)) void* malloc(__SIZE_TYPE__ size);
__attribute__((device)) void free(void* ptr);
}

#ifndef INFINITY
#define INFINITY __builtin_huge_valf()
#endif
#ifndef NAN
#define NAN __builtin_nanf("")
#endif

// ---------------------------------------------------------------- host runtime subset
// Declared in both passes, also in runtime-compilation mode (-D__HIPCC_RTC__, which hipcc
// builds such as aiter's pass to both the host and the device pass): the host pass has to
// launch the kernels, and clang parses host functions in the device pass too (launch
// helpers in headers shared by both passes use dim3, hipStream_t, hipLaunchKernelGGL).
// Define OPUS_HIP_MINIMAL_NO_HOST to leave them out (e.g. a hipRTC or --genco source that
// declares such names itself).
// With the real HIP headers: include <hip/hip_runtime.h> first (then this header adds only
// what it lacks: nothing), or define OPUS_HIP_MINIMAL_NO_HOST if the real header comes later
// in the same translation unit - otherwise its types are redefined, and the compiler's
// "previous definition" note points at the lines below, which say so.
#if !defined(OPUS_HIP_MINIMAL_NO_HOST)
typedef __SIZE_TYPE__ opus_hip_size_t_;
struct dim3 {  // redefined? include <hip/hip_runtime.h> before opus/hip_minimal.hpp, or define OPUS_HIP_MINIMAL_NO_HOST
    unsigned int x, y, z;
    constexpr dim3(unsigned int x_ = 1, unsigned int y_ = 1, unsigned int z_ = 1) : x(x_), y(y_), z(z_) {}
};
enum hipError_t {  // redefined? include <hip/hip_runtime.h> before opus/hip_minimal.hpp, or define OPUS_HIP_MINIMAL_NO_HOST
    hipSuccess = 0,
    hipErrorInvalidValue = 1,
    hipErrorOutOfMemory = 2,
    hipErrorNoDevice = 100,
    hipErrorInvalidDevice = 101,
    hipErrorUnknown = 999
};
enum hipMemcpyKind {
    hipMemcpyHostToHost = 0,
    hipMemcpyHostToDevice = 1,
    hipMemcpyDeviceToHost = 2,
    hipMemcpyDeviceToDevice = 3,
    hipMemcpyDefault = 4
};
enum hipDeviceAttribute_t : int; // values are those of the HIP runtime in use
typedef struct ihipStream_t* hipStream_t;
typedef struct ihipEvent_t* hipEvent_t;
extern "C" {
hipError_t hipGetDeviceCount(int* count);
hipError_t hipGetDevice(int* device);
hipError_t hipSetDevice(int device);
hipError_t hipDeviceSynchronize();
hipError_t hipGetLastError();
hipError_t hipPeekAtLastError();
const char* hipGetErrorString(hipError_t error);
const char* hipGetErrorName(hipError_t error);
hipError_t hipMalloc(void** ptr, opus_hip_size_t_ size);
hipError_t hipFree(void* ptr);
hipError_t hipMemcpy(void* dst, const void* src, opus_hip_size_t_ bytes, hipMemcpyKind kind);
hipError_t hipMemset(void* dst, int value, opus_hip_size_t_ bytes);
hipError_t hipDeviceGetAttribute(int* value, hipDeviceAttribute_t attr, int device);
hipError_t hipDeviceGetName(char* name, int len, int device);  // device: hipDevice_t (int)
hipError_t hipEventCreate(hipEvent_t* event);
hipError_t hipEventRecord(hipEvent_t event, hipStream_t stream = nullptr);
hipError_t hipEventSynchronize(hipEvent_t event);
hipError_t hipEventElapsedTime(float* ms, hipEvent_t start, hipEvent_t stop);
hipError_t hipEventDestroy(hipEvent_t event);
hipError_t hipLaunchKernel(const void* function, dim3 grid, dim3 block, void** args,
                           opus_hip_size_t_ shared_bytes, hipStream_t stream);
// What clang's kernel<<<grid, block, shared, stream>>>(...) lowers to.
hipError_t __hipPushCallConfiguration(dim3 grid, dim3 block, opus_hip_size_t_ shared_bytes = 0,
                                      hipStream_t stream = nullptr);
hipError_t __hipPopCallConfiguration(dim3* grid, dim3* block, opus_hip_size_t_* shared_bytes,
                                     hipStream_t* stream);
}
// hipMalloc(&typed_ptr, bytes), as the C++ API of the HIP runtime allows
template <typename T> inline hipError_t hipMalloc(T** ptr, opus_hip_size_t_ size) {
    return hipMalloc(reinterpret_cast<void**>(ptr), size);
}
// hipLaunchKernelGGL(kernel, grid, block, shared_bytes, stream, args...)
#define hipLaunchKernelGGL(kernel, grid, block, shared, stream, ...) \
    kernel<<<(grid), (block), (shared), (stream)>>>(__VA_ARGS__)
#endif // host runtime subset
#endif // no real HIP runtime header

// ---------------------------------------------------------------- index helpers (device)
// Builtin-based replacements for threadIdx/blockIdx/blockDim/gridDim/__syncthreads, from the
// one list of opus/arch/launch.hpp (macros only: this header still needs no other of opus's).
#include "arch/launch.hpp"
namespace opus {  // (no configuration tag: nothing here depends on one, and it may come first)
// One list for both passes: the host pass of a HIP compile parses device function bodies
// (and knows the device target's builtins) but never emits them.
#define OPUS_HM_D_ __attribute__((device)) inline __attribute__((always_inline))
#define OPUS_HM_Q_(opus_name, name, builtin, per) \
    OPUS_HM_D_ unsigned name() { return builtin() / per; }
OPUS_DETAIL_LAUNCH_QUERIES(OPUS_HM_Q_)
#undef OPUS_HM_Q_
// (also defined by opus/arch/workgroup.hpp; whichever header comes first defines it)
#ifndef OPUS_SYNC_THREADS_DECLARED
#define OPUS_SYNC_THREADS_DECLARED 1
OPUS_HM_D_ void sync_threads() { OPUS_DETAIL_SYNC_THREADS_BODY }
#endif
#undef OPUS_HM_D_
} // namespace opus
