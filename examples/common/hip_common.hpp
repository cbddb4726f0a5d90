// examples/common/hip_common.hpp - the HIP plumbing the examples (example_util.hpp) and the
// benchmarks (benchmark/common/bench_hip.hpp) share, defined once: the HIP error check
// OPUS_BENCH_CHECK, the arch names, and the probe kernel that asks the device which arch
// it runs. No Google Benchmark here: the examples include it too.
//
// Define OPUS_BENCH_NO_ARCH_PROBE before including it to leave the probe kernel (and
// probe_arch()) out, e.g. for an ISA listing that should show only a program's own kernels.
#pragma once

#include <opus/hip_minimal.hpp>
#include <opus/arch.hpp>

#include <cstdio>
#include <cstdlib>

// Evaluates a HIP runtime call once; on failure prints file:line, the call and the
// runtime's message to stderr and exits with status 1.
#define OPUS_BENCH_CHECK(expr)                                                                \
    do {                                                                                      \
        hipError_t e_ = (expr);                                                               \
        if (e_ != hipSuccess) {                                                               \
            std::fprintf(stderr, "%s:%d: %s failed: %s\n", __FILE__, __LINE__, #expr,         \
                         hipGetErrorString(e_));                                              \
            std::exit(1);                                                                     \
        }                                                                                     \
    } while (0)

namespace opus_bench {

inline const char* arch_name(opus::target a) {
    switch (a) {
    case opus::target::gfx90a: return "gfx90a";
    case opus::target::gfx942: return "gfx942";
    case opus::target::gfx950: return "gfx950";
    case opus::target::gfx11_w32: return "gfx11 (wave32)";
    case opus::target::gfx11_w64: return "gfx11 (wave64)";
    case opus::target::gfx12_w32: return "gfx12 (wave32)";
    case opus::target::gfx12_w64: return "gfx12 (wave64)";
    default: return "unknown";
    }
}

} // namespace opus_bench

#ifndef OPUS_BENCH_NO_ARCH_PROBE
// The arch the device actually runs (the code object the runtime picked). The fake HIP
// runtime of the driver smoke tests (fake_hip_runtime.cpp) answers it by this name.
extern "C" __global__ __launch_bounds__(64) void opus_bench_arch_probe(int* out) {
    if (opus::thread_idx_x() == 0) *out = static_cast<int>(opus::get_target());
}

namespace opus_bench {

// Runs the probe kernel on the current device (one wave) and returns what it reported.
inline opus::target probe_arch() {
    int* p = nullptr;
    OPUS_BENCH_CHECK(hipMalloc(reinterpret_cast<void**>(&p), sizeof(int)));
    opus_bench_arch_probe<<<dim3(1), dim3(64)>>>(p);
    OPUS_BENCH_CHECK(hipGetLastError());
    int a = 0;
    OPUS_BENCH_CHECK(hipMemcpy(&a, p, sizeof(int), hipMemcpyDeviceToHost));
    OPUS_BENCH_CHECK(hipFree(p));
    return static_cast<opus::target>(a);
}

} // namespace opus_bench
#endif
