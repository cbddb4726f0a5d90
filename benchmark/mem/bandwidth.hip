// opus/mem device-bandwidth microbenchmark (Google Benchmark): copy and read-only kernels
// built with opus gmem next to hand-written builtin twins (bandwidth_kernels.hpp).
//
// On an AMD GPU it reports, per kernel and size, the achieved GB/s (device-timed with HIP
// events, manual time) and the fraction of the device's peak DRAM bandwidth (a table per
// target, or OPUS_PEAK_GBPS=<GB/s> to override). Without a GPU it prints OPUS_NO_AMD_GPU
// and exits 0. The static ISA profile of the same kernels (instructions, VGPR, SGPR) is
// printed by isa_profile.py, which the build also runs as a test.
#include "bandwidth_kernels.hpp"
#include <benchmark/benchmark.h>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

extern "C" __global__ __launch_bounds__(64) void opus_bw_arch(int* out) {
    if (opus::thread_idx_x() == 0) *out = static_cast<int>(opus::get_arch_family());
}

namespace {

using kernel_fn = void (*)(const float*, float*, int);

struct device_info {
    int arch = 0;
    double peak_gbps = 0;  // DRAM peak of the device
    const char* name = "unknown";
};

#define BW_CHECK(expr)                                                                        \
    do {                                                                                      \
        hipError_t e_ = (expr);                                                               \
        if (e_ != hipSuccess) {                                                               \
            std::fprintf(stderr, "%s failed: %s\n", #expr, hipGetErrorString(e_));            \
            std::exit(1);                                                                     \
        }                                                                                     \
    } while (0)

device_info query_device() {
    device_info d;
    int* p = nullptr;
    BW_CHECK(hipMalloc(reinterpret_cast<void**>(&p), sizeof(int)));
    opus_bw_arch<<<dim3(1), dim3(64)>>>(p);
    BW_CHECK(hipGetLastError());
    BW_CHECK(hipMemcpy(&d.arch, p, sizeof(int), hipMemcpyDeviceToHost));
    BW_CHECK(hipFree(p));
    // vendor-published peak HBM bandwidth of the flagship part of each target (one GCD for
    // gfx90a); override with OPUS_PEAK_GBPS for other SKUs.
    switch (static_cast<opus::arch_family>(d.arch)) {
    case opus::arch_family::gfx90a: d.peak_gbps = 1638.4; d.name = "gfx90a (MI250X GCD)"; break;
    case opus::arch_family::gfx942: d.peak_gbps = 5300.0; d.name = "gfx942 (MI300X)"; break;
    case opus::arch_family::gfx950: d.peak_gbps = 8000.0; d.name = "gfx950 (MI355X)"; break;
    default: break;
    }
    if (const char* e = std::getenv("OPUS_PEAK_GBPS")) d.peak_gbps = std::atof(e);
    return d;
}

device_info g_dev;

void run(benchmark::State& state, kernel_fn k, bool copy) {
    const int n = static_cast<int>(state.range(0) / sizeof(float));
    float *src = nullptr, *dst = nullptr;
    BW_CHECK(hipMalloc(reinterpret_cast<void**>(&src), n * sizeof(float)));
    BW_CHECK(hipMalloc(reinterpret_cast<void**>(&dst), n * sizeof(float)));
    BW_CHECK(hipMemset(src, 0, n * sizeof(float)));  // zeros: the read kernels never store
    const int block = OPUS_BW_BLOCK;
    const int grid = 1024;  // a few waves per CU; the grid-stride loop covers the rest
    hipEvent_t t0, t1;
    BW_CHECK(hipEventCreate(&t0));
    BW_CHECK(hipEventCreate(&t1));
    k<<<dim3(grid), dim3(block)>>>(src, dst, n);  // warm-up
    BW_CHECK(hipDeviceSynchronize());
    for (auto _ : state) {
        BW_CHECK(hipEventRecord(t0, nullptr));
        k<<<dim3(grid), dim3(block)>>>(src, dst, n);
        BW_CHECK(hipEventRecord(t1, nullptr));
        BW_CHECK(hipEventSynchronize(t1));
        float ms = 0;
        BW_CHECK(hipEventElapsedTime(&ms, t0, t1));
        state.SetIterationTime(ms / 1e3);
    }
    const double bytes_per_iter = static_cast<double>(n) * sizeof(float) * (copy ? 2 : 1);
    state.SetBytesProcessed(static_cast<int64_t>(bytes_per_iter * state.iterations()));
    state.counters["GB/s"] = benchmark::Counter(bytes_per_iter * 1e-9, benchmark::Counter::kIsIterationInvariantRate);
    if (g_dev.peak_gbps > 0)
        state.counters["peak_fraction"] =
            benchmark::Counter(bytes_per_iter * 1e-9 / g_dev.peak_gbps, benchmark::Counter::kIsIterationInvariantRate);
    BW_CHECK(hipEventDestroy(t0));
    BW_CHECK(hipEventDestroy(t1));
    BW_CHECK(hipFree(src));
    BW_CHECK(hipFree(dst));
}

} // namespace

int main(int argc, char** argv) {
    int count = 0;
    if (hipGetDeviceCount(&count) != hipSuccess || count == 0) {
        std::printf("OPUS_NO_AMD_GPU: no AMD GPU present; skipping the bandwidth benchmark "
                    "(static ISA profile: benchmark/mem/isa_profile.py)\n");
        return 0;
    }
    g_dev = query_device();
    std::printf("device: %s, peak %.0f GB/s\n", g_dev.name, g_dev.peak_gbps);
    struct entry { const char* name; kernel_fn k; bool copy; };
    const entry entries[] = {{"copy/opus", opus_copy, true}, {"copy/twin", twin_copy, true},
                             {"read/opus", opus_read, false}, {"read/twin", twin_read, false}};
    for (const auto& e : entries) {
        benchmark::RegisterBenchmark(e.name, [e](benchmark::State& s) { run(s, e.k, e.copy); })
            ->Arg(int64_t(64) << 20)
            ->Arg(int64_t(512) << 20)
            ->UseManualTime()
            ->Unit(benchmark::kMicrosecond);
    }
    benchmark::Initialize(&argc, argv);
    benchmark::RunSpecifiedBenchmarks();
    benchmark::Shutdown();
    return 0;
}
