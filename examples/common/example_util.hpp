// Helpers shared by the opus examples: GPU presence, the ISA summary the build wrote for
// the example's kernels, device timing and the peak numbers used for "fraction of peak".
#pragma once
#include <opus/hip_minimal.hpp>
#include <opus/arch.hpp>
#ifdef OPUS_EXAMPLE_ISA_ONLY  // the ISA summary lists the example's own kernels, not the probe
#define OPUS_BENCH_NO_ARCH_PROBE
#endif
// next to this file (the benchmarks use them too): OPUS_BENCH_CHECK (HIP error check),
// the arch probe kernel, the peak table
#include "hip_common.hpp"
#include "peak.hpp"
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>

#ifndef OPUS_EXAMPLE_ISA_SUMMARY  // set by examples/CMakeLists.txt for the executables
#define OPUS_EXAMPLE_ISA_SUMMARY ""
#endif

namespace example {

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
    // Under opus-emulate (OPUS_EMULATE_TARGET set) a run takes seconds and its time means
    // nothing: one timed run.
    if (std::getenv("OPUS_EMULATE_TARGET")) warmup = 0, iters = 1;
    for (int i = 0; i < warmup; ++i) launch();
    hipEvent_t a, b;
    OPUS_BENCH_CHECK(hipEventCreate(&a));
    OPUS_BENCH_CHECK(hipEventCreate(&b));
    OPUS_BENCH_CHECK(hipEventRecord(a, nullptr));
    for (int i = 0; i < iters; ++i) launch();
    OPUS_BENCH_CHECK(hipEventRecord(b, nullptr));
    OPUS_BENCH_CHECK(hipEventSynchronize(b));
    float ms = 0;
    OPUS_BENCH_CHECK(hipEventElapsedTime(&ms, a, b));
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

// Peak numbers for "fraction of peak": the table the benchmarks use (one source of truth,
// with its references: examples/common/peak.hpp), looked up like the benchmarks do - the
// arch the device runs (the probe kernel of examples/common/hip_common.hpp) and the name
// the runtime reports (hipDeviceGetName). OPUS_DEVICE=<key> forces an entry, e.g.
// OPUS_DEVICE=MI300X.
struct device_id {
    char name[256] = "unknown device";
    const char* arch = "unknown";
    const opus_bench::device_peak* peak = nullptr;  // nullptr: not in the table
};

inline const device_id& identify_device() {
    static const device_id d = [] {
        device_id r;
#ifndef OPUS_EXAMPLE_ISA_ONLY
        r.arch = opus_bench::arch_name(opus_bench::probe_arch());
#endif
        char name[256] = {0};
        if (hipDeviceGetName(name, static_cast<int>(sizeof name) - 1, 0) == hipSuccess && name[0])
            std::snprintf(r.name, sizeof r.name, "%s", name);
        r.peak = opus_bench::find_peak(r.arch, r.name);
        return r;
    }();
    return d;
}

// "   what   1.234 ms   567.8 TFLOP/s  (43.4% of the 1307.4 TFLOP/s fp16 peak of MI300X)"
inline void print_tflops(const char* what, double flops, float ms) {
    const device_id& d = identify_device();
    const double tf = flops / (double(ms) * 1e-3) / 1e12;
    std::printf("   %-24s %9.3f ms %8.1f TFLOP/s", what, double(ms), tf);
    if (d.peak) {
        const double peak = d.peak->tflops(opus_bench::dtype::fp16);
        std::printf("  (%.1f%% of the %.1f TFLOP/s dense fp16 peak of %s, %s)\n", 100.0 * tf / peak, peak,
                    d.peak->key, d.arch);
    } else {
        std::printf("  (%s, %s: not in the peak table; OPUS_DEVICE=<key> picks an entry)\n", d.name, d.arch);
    }
}

// "   what   1.234 ms   4321.0 GB/s  (81.5% of the 5300 GB/s HBM peak of MI300X)"
inline void print_gbps(const char* what, double bytes, float ms) {
    const device_id& d = identify_device();
    const double gbs = bytes / (double(ms) * 1e-3) / 1e9;
    std::printf("   %-24s %9.3f ms %8.1f GB/s", what, double(ms), gbs);
    if (d.peak)
        std::printf("  (%.1f%% of the %.0f GB/s HBM peak of %s, %s)\n", 100.0 * gbs / d.peak->hbm_gbps,
                    d.peak->hbm_gbps, d.peak->key, d.arch);
    else
        std::printf("  (%s, %s: not in the peak table; OPUS_DEVICE=<key> picks an entry)\n", d.name, d.arch);
}

template <typename T>
T* device_copy(const T* host, size_t n) {
    T* d = nullptr;
    OPUS_BENCH_CHECK(hipMalloc(reinterpret_cast<void**>(&d), n * sizeof(T)));
    if (host) OPUS_BENCH_CHECK(hipMemcpy(d, host, n * sizeof(T), hipMemcpyHostToDevice));
    return d;
}

template <typename T>
void to_host(T* host, const T* dev, size_t n) {
    OPUS_BENCH_CHECK(hipMemcpy(host, dev, n * sizeof(T), hipMemcpyDeviceToHost));
}

} // namespace example
