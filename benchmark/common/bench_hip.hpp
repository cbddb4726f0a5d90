// benchmark/common/bench_hip.hpp - what every opus runtime benchmark shares: the GPU check
// (OPUS_NO_AMD_GPU skip), device identification for the peak table, device-timed runs with
// warm-up, and Google Benchmark counters with the fraction of peak. The HIP error check
// (OPUS_BENCH_CHECK) and the arch probe kernel come from hip_common.hpp, which the
// examples use too.
//
// Include after the module's kernels header (which includes <opus/hip_minimal.hpp>); one
// benchmark program = one translation unit.
#pragma once

#include <opus/hip_minimal.hpp>
#include <opus/arch.hpp>
#include <benchmark/benchmark.h>

#include "../../examples/common/hip_common.hpp"  // OPUS_BENCH_CHECK, arch_name, the arch probe kernel
#include "../../examples/common/peak.hpp"

#include <cstdio>
#include <cstdlib>
#include <string>

namespace opus_bench {

struct device_info {
    opus::target arch = opus::target::host;
    std::string arch_str = "unknown";
    std::string name = "unknown";
    const device_peak* peak = nullptr;  // nullptr: unknown device, no fractions
};

inline device_info& device() {
    static device_info d;
    return d;
}

// True when an AMD GPU is usable; otherwise prints the skip token and the reason (to stdout,
// or to stderr with an empty JSON report on stdout when --benchmark_format=json asks for
// JSON there; --benchmark_out=FILE also gets the empty JSON report).
inline bool gpu_present(const char* what, int argc, char** argv) {
    int n = 0;
    const hipError_t e = hipGetDeviceCount(&n);
    if (e == hipSuccess && n > 0) return true;
    char msg[512];
    std::snprintf(msg, sizeof msg,
                  "OPUS_NO_AMD_GPU: no AMD GPU present (%s); skipping the %s benchmark (the ISA comparison "
                  "with the builtin twins runs as a CTest without a GPU)",
                  e != hipSuccess ? hipGetErrorString(e) : "0 devices", what);
    bool json = false;
    const char* out = nullptr;
    for (int i = 1; i < argc; ++i) {
        const std::string a = argv[i];
        if (a == "--benchmark_format=json") json = true;
        if (a.rfind("--benchmark_out=", 0) == 0) out = argv[i] + 16;
    }
    const std::string report = std::string("{\"context\": {\"opus_skipped\": \"") + msg + "\"}, \"benchmarks\": []}\n";
    if (json) {
        std::fprintf(stderr, "%s\n", msg);
        std::fputs(report.c_str(), stdout);
    } else {
        std::printf("%s\n", msg);
    }
    if (out) {
        if (FILE* f = std::fopen(out, "w")) {
            std::fputs(report.c_str(), f);
            std::fclose(f);
        }
    }
    return false;
}

// Identifies device 0 (arch through a probe kernel, name through the runtime) and looks up
// its peaks; prints one line saying what it found (stderr, and the JSON context).
inline const device_info& identify() {
    device_info& d = device();
    d.arch = probe_arch();
    d.arch_str = arch_name(d.arch);
    char name[256] = {0};
    if (hipDeviceGetName(name, sizeof(name) - 1, 0) == hipSuccess && name[0]) d.name = name;
    d.peak = find_peak(d.arch_str.c_str(), d.name.c_str());
    // on stderr (stdout may be JSON), and into the report's context
    char line[512];
    if (d.peak) {
        std::snprintf(line, sizeof line, "%s (%s) -> peak table %s: %d CUs, %.0f MHz, %.0f GB/s HBM, %.0f GB/s LDS",
                      d.name.c_str(), d.arch_str.c_str(), d.peak->key, d.peak->cus, d.peak->clock_mhz,
                      d.peak->hbm_gbps, d.peak->lds_gbps());
    } else {
        std::snprintf(line, sizeof line,
                      "%s (%s) is not in examples/common/peak.hpp: no fraction of peak is printed (set "
                      "OPUS_DEVICE=<key> to use an entry)",
                      d.name.c_str(), d.arch_str.c_str());
    }
    std::fprintf(stderr, "device: %s\n", line);
    benchmark::AddCustomContext("opus_device", line);
    return d;
}

// Device-timed execution inside a Google Benchmark loop: one untimed warm-up launch, then
// every iteration is timed with HIP events around `launch()` (manual time). Returns the
// total device seconds of the timed iterations.
template <typename Launch>
double run_timed(benchmark::State& state, Launch&& launch, int warmup = 2) {
    for (int i = 0; i < warmup; ++i) launch();
    OPUS_BENCH_CHECK(hipGetLastError());
    OPUS_BENCH_CHECK(hipDeviceSynchronize());
    hipEvent_t t0, t1;
    OPUS_BENCH_CHECK(hipEventCreate(&t0));
    OPUS_BENCH_CHECK(hipEventCreate(&t1));
    double total = 0;
    for (auto _ : state) {
        OPUS_BENCH_CHECK(hipEventRecord(t0, nullptr));
        launch();
        OPUS_BENCH_CHECK(hipEventRecord(t1, nullptr));
        OPUS_BENCH_CHECK(hipEventSynchronize(t1));
        float ms = 0;
        OPUS_BENCH_CHECK(hipEventElapsedTime(&ms, t0, t1));
        state.SetIterationTime(ms * 1e-3);
        total += ms * 1e-3;
    }
    OPUS_BENCH_CHECK(hipGetLastError());
    OPUS_BENCH_CHECK(hipEventDestroy(t0));
    OPUS_BENCH_CHECK(hipEventDestroy(t1));
    return total;
}

// Counters: `rate_name` = work / seconds / scale (e.g. "TFLOP/s" with scale 1e12) and, when
// peak > 0 (same unit as the rate), "peak_fraction". Plain values (not Google Benchmark
// rates), so the numbers are exactly work over device time.
inline void report(benchmark::State& state, double seconds, double work_per_iter, const char* rate_name,
                   double scale, double peak) {
    if (seconds <= 0 || state.iterations() == 0) return;
    const double rate = work_per_iter * static_cast<double>(state.iterations()) / seconds / scale;
    state.counters[rate_name] = rate;
    if (peak > 0) state.counters["peak_fraction"] = rate / peak;
}

// Runs the registered benchmarks (Google Benchmark handles --benchmark_format=json,
// --benchmark_out=FILE, --benchmark_filter=...).
inline int run_all(int argc, char** argv) {
    benchmark::Initialize(&argc, argv);
    if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 1;
    benchmark::RunSpecifiedBenchmarks();
    benchmark::Shutdown();
    return 0;
}

} // namespace opus_bench
