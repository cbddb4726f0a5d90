// examples/common/peak.hpp - per-device peak numbers for "fraction of peak" in the opus
// benchmarks (and anything else that wants them: plain C++17, no HIP needed).
//
//   const opus_bench::device_peak* p = opus_bench::find_peak("gfx942", "AMD Instinct MI300X");
//   if (p) frac = achieved_tflops / p->tflops(opus_bench::dtype::fp16);
//   // unknown device -> nullptr -> print no fraction
//
// Lookup: the device name reported by the runtime (hipDeviceGetName: "AMD Instinct MI300X",
// ...) must contain the entry's key AND the arch (gcnArchName without feature suffixes, or
// what the device reports through opus::get_target) must match. A device that matches
// no entry gets no fraction; the environment variable OPUS_DEVICE=<key> (e.g. MI300X)
// forces an entry for a device whose name the runtime does not report.
//
// Numbers are per device as the vendor publishes them (peak engine clock, dense matrix
// math, no sparsity); every derived peak is cus * clock * per-CU-per-clock rate, and the
// host self-test (benchmark/common/peak_selftest.cpp) checks that product against the
// vendor's headline figures below.
//
// Sources:
//  [specs]  ROCm "AMD GPU specifications" (CUs, LDS per CU, LLVM target):
//           https://rocm.docs.amd.com/en/latest/reference/gpu-specs.html
//  [mi300x] AMD Instinct MI300X product page / data sheet: 304 CUs, 2100 MHz peak engine
//           clock, 5.3 TB/s HBM3, dense FP16/BF16 1307.4 TFLOP/s, FP8 2614.9, INT8 2614.9
//           TOPS, FP32 matrix 163.4, FP64 matrix 163.4:
//           https://www.amd.com/en/products/accelerators/instinct/mi300/mi300x.html
//  [mi325x] AMD Instinct MI325X product page: same CDNA3 compute as MI300X (304 CUs,
//           2100 MHz, 1307.4 dense FP16 TFLOP/s), 6.0 TB/s HBM3E:
//           https://www.amd.com/en/products/accelerators/instinct/mi300/mi325x.html
//  [mi300a] AMD Instinct MI300A product page: 228 CUs, 2100 MHz, 5.3 TB/s, 980.6 dense FP16:
//           https://www.amd.com/en/products/accelerators/instinct/mi300/mi300a.html
//  [mi355x] AMD Instinct MI355X product page: 256 CUs, 2400 MHz, 8 TB/s HBM3E, dense
//           FP16/BF16 2.5 PFLOP/s (2516.6), FP8 5.0 (5033.2), MXFP4 10.1 (10066.3), INT8 5.0
//           POPS, FP32 157.3, FP64 matrix 78.6:
//           https://www.amd.com/en/products/accelerators/instinct/mi350/mi355x.html
//           (per-CU FP8 rate 8192 FLOP/clk, twice CDNA3's 4096: AMD's ISSCC 2026 MI355X paper)
//  [mi350x] AMD Instinct MI350X product page: as MI355X at 2200 MHz peak engine clock:
//           https://www.amd.com/en/products/accelerators/instinct/mi350/mi350x.html
//  [mi250x] AMD Instinct MI250X / MI210 data sheets (CDNA2; gfx90a; one MI250X GCD = half of
//           220 CUs and of 3.2 TB/s): 1700 MHz, dense FP16 383 TFLOP/s per MI250X (181 MI210):
//           https://www.amd.com/en/products/accelerators/instinct/mi200/mi250x.html
//  [lds]    LDS peak 128 bytes/clk/CU: ROCm Compute Profiler's "Theoretical LDS Bandwidth"
//           speed-of-light (max_sclk * CUs * 0.128 GB/s) in its gfx90a, gfx942 and gfx950
//           analysis configs (github.com/ROCm/rocprofiler-compute,
//           src/rocprof_compute_soc/analysis_configs/gfx9xx/0200_system-speed-of-light.yaml).
//  [valu]   VALU issue: 4 SIMDs x 16 lanes = 64 lane-operations per clock per CU on CDNA.
#pragma once

#include <cstdlib>
#include <cstring>

namespace opus_bench {

// Data types of the per-CU matrix rate table (FLOP or integer OP per clock per CU, dense).
enum class dtype : int { fp16 = 0, bf16, fp8, fp4, fp32, fp64, i8, count_ };

inline const char* dtype_name(dtype t) {
    static const char* const names[] = {"fp16", "bf16", "fp8", "fp4", "fp32", "fp64", "i8"};
    return names[static_cast<int>(t)];
}

struct device_peak {
    const char* key;           // substring of the runtime's device name, e.g. "MI300X"
    const char* arch;          // LLVM target, e.g. "gfx942"
    int cus;                   // compute units
    double clock_mhz;          // peak engine clock
    double hbm_gbps;           // peak DRAM bandwidth, GB/s (1e9 bytes/s)
    double lds_bytes_clk_cu;   // LDS bytes per clock per CU  [lds]
    double valu_lanes_clk_cu;  // VALU lane-operations per clock per CU  [valu]
    double mma_ops_clk_cu[static_cast<int>(dtype::count_)];  // dense matrix ops / clk / CU (0: none)

    double clock_hz() const { return clock_mhz * 1e6; }
    // dense matrix peak in TFLOP/s (TOP/s for i8); 0 when the device has no such MMA
    double tflops(dtype t) const { return cus * clock_hz() * mma_ops_clk_cu[static_cast<int>(t)] * 1e-12; }
    double lds_gbps() const { return cus * clock_hz() * lds_bytes_clk_cu * 1e-9; }
    // lane-operations per second of the whole device's VALU (one instruction = 1 per lane)
    double valu_lane_ops_per_s() const { return cus * clock_hz() * valu_lanes_clk_cu; }
};

inline const device_peak* peak_table(int* n) {
    // key, arch, CUs, MHz, HBM GB/s, LDS B/clk/CU, VALU lanes/clk/CU,
    // matrix ops/clk/CU: fp16, bf16, fp8, fp4, fp32, fp64, i8
    static const device_peak table[] = {
        {"MI300X", "gfx942", 304, 2100, 5300, 128, 64, {2048, 2048, 4096, 0, 256, 256, 4096}},   // [mi300x]
        {"MI325X", "gfx942", 304, 2100, 6000, 128, 64, {2048, 2048, 4096, 0, 256, 256, 4096}},   // [mi325x]
        {"MI300A", "gfx942", 228, 2100, 5300, 128, 64, {2048, 2048, 4096, 0, 256, 256, 4096}},   // [mi300a]
        {"MI355X", "gfx950", 256, 2400, 8000, 128, 64, {4096, 4096, 8192, 16384, 256, 128, 8192}},  // [mi355x]
        {"MI350X", "gfx950", 256, 2200, 8000, 128, 64, {4096, 4096, 8192, 16384, 256, 128, 8192}},  // [mi350x]
        {"MI250X", "gfx90a", 110, 1700, 1638.4, 128, 64, {1024, 1024, 0, 0, 256, 256, 1024}},    // [mi250x] one GCD
        {"MI250", "gfx90a", 104, 1700, 1638.4, 128, 64, {1024, 1024, 0, 0, 256, 256, 1024}},     // one GCD
        {"MI210", "gfx90a", 104, 1700, 1638.4, 128, 64, {1024, 1024, 0, 0, 256, 256, 1024}},     // [mi250x]
    };
    *n = static_cast<int>(sizeof(table) / sizeof(table[0]));
    return table;
}

// "gfx942:sramecc+:xnack-" -> compares only the part before ':'
inline bool arch_equal(const char* a, const char* b) {
    while (*a && *a != ':' && *b && *b != ':') {
        if (*a++ != *b++) return false;
    }
    return (*a == 0 || *a == ':') && (*b == 0 || *b == ':');
}

// Entry whose key is contained in `name` (longest key wins: "MI250X" before "MI250") and
// whose arch equals `arch`; OPUS_DEVICE=<key> overrides the name. nullptr: unknown device.
inline const device_peak* find_peak(const char* arch, const char* name) {
    const char* forced = std::getenv("OPUS_DEVICE");
    if (forced && *forced) name = forced;
    if (!arch || !name) return nullptr;
    int n = 0;
    const device_peak* t = peak_table(&n);
    const device_peak* best = nullptr;
    for (int i = 0; i < n; ++i) {
        if (!arch_equal(t[i].arch, arch) || !std::strstr(name, t[i].key)) continue;
        if (!best || std::strlen(t[i].key) > std::strlen(best->key)) best = &t[i];
    }
    return best;
}

} // namespace opus_bench
