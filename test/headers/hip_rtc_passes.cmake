# hip_rtc_passes.cmake - opus/hip_minimal.hpp in a two-pass build with -D__HIPCC_RTC__ (what
# hipcc does in aiter's builds, for both passes). Run with cmake -P:
#   -DCOMPILER=clang++ -DINCLUDE=<opus include dir> -DOUT=<scratch dir> [-DTARGET=gfx942]
# 1. host pass (--cuda-host-only, clang's HIP runtime wrapper, -D__HIPCC_RTC__): a launcher
#    using dim3, hipError_t, hipStream_t, hipMalloc/hipMemcpy/hipMemset/hipFree,
#    hipLaunchKernelGGL, hipLaunchKernel, kernel<<<>>> (__hipPushCallConfiguration) and
#    opus.hpp compiles (rtc_split.hip: launchers under #ifndef __HIP_DEVICE_COMPILE__);
# 2. device pass (--cuda-device-only, -D__HIPCC_RTC__) of the same file compiles, and of a file
#    whose launch helper is not guarded (parsed in the device pass too, as in aiter's
#    rmsnorm.h: rtc_shared.hip);
# 3. with OPUS_HIP_MINIMAL_NO_HOST the device pass declares none of those names (the TU
#    declares its own entities with the same names, which would clash otherwise).
if(NOT TARGET)
  set(TARGET gfx942)
endif()
file(MAKE_DIRECTORY "${OUT}")
file(WRITE "${OUT}/rtc_split.hip" [=[
#if defined(__HIP_DEVICE_COMPILE__) && defined(OPUS_HIP_MINIMAL_NO_HOST)
#include "opus/opus.hpp"
// With OPUS_HIP_MINIMAL_NO_HOST the host-runtime names are free in the device pass.
struct dim3 { int not_hips; };
struct ihipStream_t { int not_hips; };
int hipMalloc = 1, hipMemcpy = 2, hipFree = 3, hipLaunchKernel = 4, hipGetLastError = 5;
int hipDeviceSynchronize = 6, hipSuccess = 7, hipMemcpyHostToDevice = 8;
using hipError_t = float;
using hipStream_t = double;
#ifdef hipLaunchKernelGGL
#error "hipLaunchKernelGGL defined in the device pass"
#endif
__global__ void scale(float* p, int n) {
    int i = int(opus::block_id_x() * opus::block_size_x() + opus::thread_id_x());
    if (i < n) p[i] *= 2.0f;
}
#elif defined(__HIP_DEVICE_COMPILE__)
#include "opus/opus.hpp"
__global__ void scale(float* p, int n) {
    int i = int(opus::block_id_x() * opus::block_size_x() + opus::thread_id_x());
    if (i < n) p[i] *= 2.0f;
}
#else
#include "opus/hip_minimal.hpp"
#include "opus/opus.hpp"
#include <cstdio>
__global__ void scale(float* p, int n) {}
extern "C" int run_scale(float* host, int n, hipStream_t stream) {
    float* d = nullptr;
    hipError_t e = hipMalloc(&d, n * sizeof(float));
    if (e != hipSuccess) { std::printf("%s\n", hipGetErrorString(e)); return 1; }
    (void)hipMemset(d, 0, n * sizeof(float));
    (void)hipMemcpy(d, host, n * sizeof(float), hipMemcpyHostToDevice);
    hipLaunchKernelGGL(scale, dim3((n + 255) / 256), dim3(256), 0, stream, d, n);
    scale<<<(n + 255) / 256, 256>>>(d, n);
    void* args[] = {&d, &n};
    (void)hipLaunchKernel(reinterpret_cast<const void*>(&scale), dim3(1), dim3(256), args, 0, 0);
    if (hipGetLastError() != hipSuccess || hipDeviceSynchronize() != hipSuccess) return 2;
    (void)hipMemcpy(host, d, n * sizeof(float), hipMemcpyDeviceToHost);
    return hipFree(d) == hipSuccess ? 0 : 3;
}
#endif
]=])
file(WRITE "${OUT}/rtc_shared.hip" [=[
#include "opus/hip_minimal.hpp"
#include "opus/opus.hpp"
__global__ void fill(float* p, float v) { p[opus::block_id_x() * opus::block_size_x() + opus::thread_id_x()] = v; }
inline dim3 pick_grid(int n) { return dim3(unsigned(n + 255) / 256); }
inline void launch_fill(float* p, float v, int n, hipStream_t s) {
    hipLaunchKernelGGL(fill, pick_grid(n), dim3(256), 0, s, p, v);
}
]=])
function(compile_pass pass file result output)
  if(pass STREQUAL "host")
    set(flags --cuda-host-only -include __clang_hip_runtime_wrapper.h)
  elseif(pass STREQUAL "device")
    set(flags --cuda-device-only -include opus/hip_minimal.hpp)
  else()
    set(flags --cuda-device-only -DOPUS_HIP_MINIMAL_NO_HOST -include opus/hip_minimal.hpp)
  endif()
  execute_process(COMMAND "${COMPILER}" -x hip --offload-arch=${TARGET} -nogpulib -nogpuinc
                          -std=c++17 -O3 -D__HIPCC_RTC__ ${flags} -I${INCLUDE} -Wall -Wextra
                          -Werror -Wno-unused-parameter -fsyntax-only "${OUT}/${file}"
                  RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
  set(${result} ${rc} PARENT_SCOPE)
  set(${output} "${out}${err}" PARENT_SCOPE)
endfunction()
compile_pass(host rtc_split.hip rc out)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "host pass with -D__HIPCC_RTC__ does not compile:\n${out}")
endif()
foreach(file rtc_split.hip rtc_shared.hip)
  compile_pass(device ${file} rc out)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "device pass with -D__HIPCC_RTC__ of ${file} does not compile:\n${out}")
  endif()
endforeach()
compile_pass(device_nohost rtc_split.hip rc out)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "device pass with -D__HIPCC_RTC__ -DOPUS_HIP_MINIMAL_NO_HOST still sees host declarations of opus/hip_minimal.hpp (or fails otherwise):\n${out}")
endif()
message(STATUS "hip_minimal.hpp under -D__HIPCC_RTC__: host runtime subset in both passes, none with OPUS_HIP_MINIMAL_NO_HOST")
