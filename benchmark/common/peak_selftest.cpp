// Host self-test of examples/common/peak.hpp: every derived peak (CUs x clock x per-CU
// rate) must reproduce the vendor's headline figure within 0.1%, and the lookup must pick
// the right entry (or none) for typical runtime names. Exit 1 on any mismatch.
#include "../../examples/common/peak.hpp"
#include <cmath>
#include <cstdio>
#include <cstdlib>

namespace {
int failures = 0;

void expect_near(const char* what, double got, double want) {
    const double rel = std::fabs(got - want) / want;
    std::printf("%-44s %12.1f  (published %10.1f)  %s\n", what, got, want, rel <= 1e-3 ? "ok" : "MISMATCH");
    if (rel > 1e-3) ++failures;
}

const opus_bench::device_peak& get(const char* arch, const char* name) {
    const opus_bench::device_peak* p = opus_bench::find_peak(arch, name);
    if (!p) {
        std::printf("lookup (%s, %s): no entry\n", arch, name);
        std::exit(1);
    }
    return *p;
}

void expect_lookup(const char* arch, const char* name, const char* key) {
    const opus_bench::device_peak* p = opus_bench::find_peak(arch, name);
    const bool ok = key ? (p && std::strcmp(p->key, key) == 0) : (p == nullptr);
    std::printf("lookup (%-24s, %-24s) -> %-8s %s\n", arch, name, p ? p->key : "none", ok ? "ok" : "WRONG");
    if (!ok) ++failures;
}
} // namespace

int main() {
    using opus_bench::dtype;
    if (std::getenv("OPUS_DEVICE")) {
        std::printf("OPUS_DEVICE is set; the lookup checks need it unset\n");
        return 1;
    }
    const auto& x300 = get("gfx942", "AMD Instinct MI300X");
    expect_near("MI300X dense fp16 TFLOP/s", x300.tflops(dtype::fp16), 1307.4);
    expect_near("MI300X dense bf16 TFLOP/s", x300.tflops(dtype::bf16), 1307.4);
    expect_near("MI300X dense fp8 TFLOP/s", x300.tflops(dtype::fp8), 2614.9);
    expect_near("MI300X int8 TOP/s", x300.tflops(dtype::i8), 2614.9);
    expect_near("MI300X fp32 matrix TFLOP/s", x300.tflops(dtype::fp32), 163.4);
    expect_near("MI300X fp64 matrix TFLOP/s", x300.tflops(dtype::fp64), 163.4);
    expect_near("MI300X HBM GB/s", x300.hbm_gbps, 5300);
    const auto& x325 = get("gfx942", "AMD Instinct MI325X");
    expect_near("MI325X dense fp16 TFLOP/s", x325.tflops(dtype::fp16), 1307.4);
    expect_near("MI325X HBM GB/s", x325.hbm_gbps, 6000);
    const auto& a300 = get("gfx942", "AMD Instinct MI300A");
    expect_near("MI300A dense fp16 TFLOP/s", a300.tflops(dtype::fp16), 980.6);
    const auto& x355 = get("gfx950", "AMD Instinct MI355X");
    expect_near("MI355X dense fp16 TFLOP/s", x355.tflops(dtype::fp16), 2516.6);
    expect_near("MI355X dense fp8 TFLOP/s", x355.tflops(dtype::fp8), 5033.2);
    expect_near("MI355X dense fp4 TFLOP/s", x355.tflops(dtype::fp4), 10066.3);
    expect_near("MI355X int8 TOP/s", x355.tflops(dtype::i8), 5033.2);
    expect_near("MI355X fp32 matrix TFLOP/s", x355.tflops(dtype::fp32), 157.3);
    expect_near("MI355X fp64 matrix TFLOP/s", x355.tflops(dtype::fp64), 78.6);
    expect_near("MI355X HBM GB/s", x355.hbm_gbps, 8000);
    const auto& x350 = get("gfx950", "AMD Instinct MI350X");
    expect_near("MI350X dense fp16 TFLOP/s", x350.tflops(dtype::fp16), 2306.9);
    const auto& x250 = get("gfx90a", "AMD Instinct MI250X");
    expect_near("MI250X (two GCDs) dense fp16 TFLOP/s", 2 * x250.tflops(dtype::fp16), 383.0);
    expect_near("MI250X (two GCDs) fp64 matrix TFLOP/s", 2 * x250.tflops(dtype::fp64), 95.7);
    const auto& x210 = get("gfx90a", "AMD Instinct MI210");
    expect_near("MI210 dense fp16 TFLOP/s", x210.tflops(dtype::fp16), 181.0);
    expect_near("MI300X LDS GB/s (128 B/clk/CU)", x300.lds_gbps(), 304 * 2.1e9 * 128 * 1e-9);

    expect_lookup("gfx942:sramecc+:xnack-", "AMD Instinct MI300X", "MI300X");
    expect_lookup("gfx942", "AMD Instinct MI300X VF", "MI300X");
    expect_lookup("gfx90a", "AMD Instinct MI250X/MI250", "MI250X");
    expect_lookup("gfx950", "AMD Instinct MI300X", nullptr);   // arch disagrees with the name
    expect_lookup("gfx942", "AMD Radeon Graphics", nullptr);   // unknown name
    expect_lookup("gfx1100", "AMD Radeon RX 7900 XTX", nullptr);
    if (failures) {
        std::printf("FAILED: %d check(s)\n", failures);
        return 1;
    }
    std::printf("OK: peak table reproduces the published figures\n");
    return 0;
}
