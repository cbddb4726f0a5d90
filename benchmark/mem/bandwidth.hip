// opus/mem bandwidth microbenchmark (Google Benchmark). Every kernel is an opus kernel next
// to its hand-written builtin twin (bandwidth_kernels.hpp, lds_kernels.hpp):
//   gmem/copy, gmem/read     HBM copy and read-only streams (64 MiB and 512 MiB)
//   smem/read, smem/write    LDS bandwidth (32 KiB per block, conflict-free 16-byte accesses)
//   async/load               global -> LDS without registers (gmem::async_load), 512 MiB
//
// With an AMD GPU it reports GB/s (device-timed with HIP events after a warm-up) and
// peak_fraction against the device's HBM or LDS peak (examples/common/peak.hpp; no fraction
// for an unknown device; OPUS_PEAK_GBPS=<GB/s> overrides the HBM peak). Without a GPU it
// prints OPUS_NO_AMD_GPU and exits 0. JSON: --benchmark_format=json or --benchmark_out=F.
// The zero-overhead check of the same kernels is benchmark/isa_profile.py (CTest
// benchmark.mem.isa_profile).
#include "bandwidth_kernels.hpp"
#include "lds_kernels.hpp"
#include "../common/bench_hip.hpp"

#include <cstdint>

namespace {

using opus_bench::device;

using stream_fn = void (*)(const float*, float*, int);
using lds_fn = void (*)(float*, int);

double hbm_peak_gbps() {
    if (const char* e = std::getenv("OPUS_PEAK_GBPS")) return std::atof(e);
    return device().peak ? device().peak->hbm_gbps : 0.0;
}

// HBM streams: n floats, 1024 blocks of OPUS_BW_BLOCK threads in a grid-stride loop.
void run_stream(benchmark::State& state, stream_fn k, int block, double bytes_factor) {
    const int n = static_cast<int>(state.range(0) / sizeof(float));
    float *src = nullptr, *dst = nullptr;
    OPUS_BENCH_CHECK(hipMalloc(reinterpret_cast<void**>(&src), n * sizeof(float)));
    OPUS_BENCH_CHECK(hipMalloc(reinterpret_cast<void**>(&dst), n * sizeof(float)));
    OPUS_BENCH_CHECK(hipMemset(src, 0, n * sizeof(float)));  // zeros: the read kernels never store
    const double secs = opus_bench::run_timed(state, [&] { k<<<dim3(1024), dim3(block)>>>(src, dst, n); });
    const double bytes = static_cast<double>(n) * sizeof(float) * bytes_factor;
    state.SetBytesProcessed(static_cast<int64_t>(bytes) * state.iterations());
    opus_bench::report(state, secs, bytes, "GB/s", 1e9, hbm_peak_gbps());
    OPUS_BENCH_CHECK(hipFree(src));
    OPUS_BENCH_CHECK(hipFree(dst));
}

// LDS: 8 blocks per CU of the table (or 2048 blocks), `iters` iterations of 64 bytes per thread.
void run_lds(benchmark::State& state, lds_fn k) {
    const int iters = static_cast<int>(state.range(0));
    const int blocks = device().peak ? device().peak->cus * 8 : 2048;
    float* out = nullptr;
    OPUS_BENCH_CHECK(hipMalloc(reinterpret_cast<void**>(&out), OPUS_LDS_BLOCK * sizeof(float)));
    const double secs = opus_bench::run_timed(state, [&] { k<<<dim3(blocks), dim3(OPUS_LDS_BLOCK)>>>(out, iters); });
    const double bytes = static_cast<double>(blocks) * OPUS_LDS_BLOCK * iters * 64.0;
    state.SetBytesProcessed(static_cast<int64_t>(bytes) * state.iterations());
    opus_bench::report(state, secs, bytes, "GB/s", 1e9, device().peak ? device().peak->lds_gbps() : 0.0);
    OPUS_BENCH_CHECK(hipFree(out));
}

} // namespace

int main(int argc, char** argv) {
    if (!opus_bench::gpu_present("mem bandwidth", argc, argv)) return 0;
    opus_bench::identify();
    if (const char* e = std::getenv("OPUS_PEAK_GBPS")) std::fprintf(stderr, "HBM peak overridden: %s GB/s\n", e);
    struct stream_entry { const char* name; stream_fn k; int block; double factor; };
    const stream_entry streams[] = {
        {"gmem/copy/opus", opus_copy, OPUS_BW_BLOCK, 2}, {"gmem/copy/twin", twin_copy, OPUS_BW_BLOCK, 2},
        {"gmem/read/opus", opus_read, OPUS_BW_BLOCK, 1}, {"gmem/read/twin", twin_read, OPUS_BW_BLOCK, 1},
        {"async/load/opus", opus_async_load, OPUS_LDS_BLOCK, 1}, {"async/load/twin", twin_async_load, OPUS_LDS_BLOCK, 1}};
    const bool gfx9 = device().arch == opus::target::gfx90a || device().arch == opus::target::gfx942 ||
                      device().arch == opus::target::gfx950;
    for (const auto& e : streams) {
        const bool async = e.k == opus_async_load || e.k == twin_async_load;
        if (async && !gfx9) continue;  // LDS DMA is gfx9 only
        auto* b = benchmark::RegisterBenchmark(e.name, [e](benchmark::State& s) { run_stream(s, e.k, e.block, e.factor); });
        if (async) b->Arg(int64_t(512) << 20);
        else b->Arg(int64_t(64) << 20)->Arg(int64_t(512) << 20);
        b->UseManualTime()->Unit(benchmark::kMicrosecond);
    }
    struct lds_entry { const char* name; lds_fn k; };
    const lds_entry lds[] = {{"smem/read/opus", opus_lds_read}, {"smem/read/twin", twin_lds_read},
                             {"smem/write/opus", opus_lds_write}, {"smem/write/twin", twin_lds_write}};
    for (const auto& e : lds) {
        benchmark::RegisterBenchmark(e.name, [e](benchmark::State& s) { run_lds(s, e.k); })
            ->Arg(4096)
            ->UseManualTime()
            ->Unit(benchmark::kMicrosecond);
    }
    return opus_bench::run_all(argc, argv);
}
