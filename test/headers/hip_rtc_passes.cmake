# hip_rtc_passes.cmake - opus/hip_minimal.hpp in a two-pass build with -D__HIPCC_RTC__ (what
# hipcc does for .cu files that keep their kernels under #ifdef __HIP_DEVICE_COMPILE__ and
# their launchers in the #else branch). Run with cmake -P:
#   -DCOMPILER=clang++ -DINCLUDE=<opus include dir> -DOUT=<scratch dir> [-DTARGET=gfx942]
# 1. host pass (--cuda-host-only, clang's HIP runtime wrapper, -D__HIPCC_RTC__): a launcher
#    using dim3, hipError_t, hipStream_t, hipMalloc/hipMemcpy/hipMemset/hipFree,
#    hipLaunchKernelGGL, kernel<<<>>> (__hipPushCallConfiguration) and opus.hpp compiles;
# 2. device pass (--cuda-device-only, -D__HIPCC_RTC__): none of those host names is declared
#    (the TU declares its own entities with the same names, which would clash otherwise).
if(NOT TARGET)
  set(TARGET gfx942)
endif()
file(MAKE_DIRECTORY "${OUT}")
file(WRITE "${OUT}/rtc.hip" [=[
#ifdef __HIP_DEVICE_COMPILE__
#include "opus/opus.hpp"
// Host-runtime names must be free in the device pass of a runtime-compilation build.
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
function(compile_pass pass result output)
  if(pass STREQUAL "host")
    set(flags --cuda-host-only -include __clang_hip_runtime_wrapper.h)
  else()
    set(flags --cuda-device-only -include opus/hip_minimal.hpp)
  endif()
  execute_process(COMMAND "${COMPILER}" -x hip --offload-arch=${TARGET} -nogpulib -nogpuinc
                          -std=c++17 -O3 -D__HIPCC_RTC__ ${flags} -I${INCLUDE} -Wall -Wextra
                          -Werror -Wno-unused-parameter -fsyntax-only "${OUT}/rtc.hip"
                  RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
  set(${result} ${rc} PARENT_SCOPE)
  set(${output} "${out}${err}" PARENT_SCOPE)
endfunction()
compile_pass(host rc out)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "host pass with -D__HIPCC_RTC__ does not compile:\n${out}")
endif()
compile_pass(device rc out)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "device pass with -D__HIPCC_RTC__ sees host declarations of opus/hip_minimal.hpp (or fails otherwise):\n${out}")
endif()
message(STATUS "hip_minimal.hpp under -D__HIPCC_RTC__: host pass declares the runtime subset, device pass does not")
