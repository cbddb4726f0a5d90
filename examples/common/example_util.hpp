// Helpers shared by the opus examples: GPU presence, the ISA summary the build wrote for
// the example's kernels, device timing and the peak numbers used for "fraction of peak".
#pragma once
#include <opus/hip_minimal.hpp>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>

#ifndef OPUS_EXAMPLE_ISA_SUMMARY  // set by examples/CMakeLists.txt for the executables
#define OPUS_EXAMPLE_ISA_SUMMARY ""
#endif

namespace example {

#define EX_HIP_CHECK(expr)                                                                   \
    do {                                                                                     \
        hipError_t e_ = (expr);                                                              \
        if (e_ != hipSuccess) {                                                              \
            std::fprintf(stderr, "%s:%d: %s failed: %s\n", __FILE__, __LINE__, #expr,        \
                         hipGetErrorString(e_));                                             \
            std::exit(1);                                                                    \
        }                                                                                    \
    } while (0)

// Prints the static ISA profile of this example's kernels (written at build time).
inline void print_isa_summary(const char* title) {
    std::printf("== %s: ISA summary per kernel and target (static, from the compiler)\n", title);
    FILE* f = std::fopen(OPUS_EXAMPLE_ISA_SUMMARY, "r");
    if (!f) {
        std::printf("   (summary file %s not found; build the example_*_isa targets)\n",
                    OPUS_EXAMPLE_ISA_SUMMARY);
        return;
    }
    char line[512];
    while (std::fgets(line, sizeof line, f)) std::printf("   %s", line);
    std::fclose(f);
}

// True if an AMD GPU is usable; otherwise prints why, in the fixed form the test and demo
// scripts recognise.
inline bool have_gpu() {
    int n = 0;
    hipError_t e = hipGetDeviceCount(&n);
    if (e != hipSuccess || n == 0) {
        std::printf("OPUS_NO_AMD_GPU: no AMD GPU present (%s): kernels were compiled, not run\n",
                    e != hipSuccess ? hipGetErrorString(e) : "0 devices");
        return false;
    }
    return true;
}

// Device-timed execution of `launch` (after `warmup` untimed runs); milliseconds per run.
template <typename F>
float time_ms(F&& launch, int warmup = 3, int iters = 20) {
    for (int i = 0; i < warmup; ++i) launch();
    hipEvent_t a, b;
    EX_HIP_CHECK(hipEventCreate(&a));
    EX_HIP_CHECK(hipEventCreate(&b));
    EX_HIP_CHECK(hipEventRecord(a, nullptr));
    for (int i = 0; i < iters; ++i) launch();
    EX_HIP_CHECK(hipEventRecord(b, nullptr));
    EX_HIP_CHECK(hipEventSynchronize(b));
    float ms = 0;
    EX_HIP_CHECK(hipEventElapsedTime(&ms, a, b));
    (void)hipEventDestroy(a);
    (void)hipEventDestroy(b);
    return ms / iters;
}

// Max relative error between two float arrays (relative to max(|ref|, 1)).
inline double max_rel_err(const float* got, const float* ref, size_t n) {
    double worst = 0;
    for (size_t i = 0; i < n; ++i) {
        double d = std::fabs(double(got[i]) - double(ref[i])) / std::fmax(1.0, std::fabs(double(ref[i])));
        if (!(d <= worst)) worst = d;  // also catches NaN
    }
    return worst;
}

template <typename T>
T* device_copy(const T* host, size_t n) {
    T* d = nullptr;
    EX_HIP_CHECK(hipMalloc(reinterpret_cast<void**>(&d), n * sizeof(T)));
    if (host) EX_HIP_CHECK(hipMemcpy(d, host, n * sizeof(T), hipMemcpyHostToDevice));
    return d;
}

template <typename T>
void to_host(T* host, const T* dev, size_t n) {
    EX_HIP_CHECK(hipMemcpy(host, dev, n * sizeof(T), hipMemcpyDeviceToHost));
}

} // namespace example
