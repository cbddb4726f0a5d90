// opus/arch conversion-throughput microbenchmark (Google Benchmark): packed casts through
// opus::cast next to hand-written builtin twins (cast_kernels.hpp).
//   cvt/f16, cvt/bf16            every target
//   cvt/fp8, cvt/bf8             gfx942, gfx950 (packed v_cvt_pk_* with opus's saturation)
//   cvt/fp4                      gfx950 (scaled MX conversion)
// Each element makes a round trip fp32 -> T -> fp32 per iteration. Reported: Gelem/s (round
// trips) and peak_fraction = achieved rate / conversion-only bound, where the bound is the
// device's VALU issue rate (64 lane-operations per clock per CU, peak.hpp) over the fewest
// conversion instructions a round trip needs on the target (1 per element and direction, 1/2
// for packed instructions). The loop's multiply (1/2 instruction per element) and, for
// fp8/bf8, opus's saturation (3 VALU per element) count against it.
//
// Device-timed with HIP events after a warm-up; without a GPU it prints OPUS_NO_AMD_GPU and
// exits 0. JSON: --benchmark_format=json or --benchmark_out=FILE.
#include "cast_kernels.hpp"
#include "../common/bench_hip.hpp"

namespace {

using opus_bench::device;
using cast_fn = void (*)(const float*, float*, int, float);
using opus::target;

struct cast_case {
    const char* name;
    cast_fn opus_k, twin_k;
    bool (*available)(target);
    double (*instr_per_elem)(target);  // fewest conversion instructions per round trip
};

bool any_target(target) { return true; }
bool fp8_targets(target a) { return a == target::gfx942 || a == target::gfx950; }
bool fp4_targets(target a) { return a == target::gfx950; }
// fp16: v_cvt_f16_f32 + v_cvt_f32_f16 (gfx950: packed v_cvt_pk_f16_f32 down)
double f16_ipe(target a) { return a == target::gfx950 ? 1.5 : 2.0; }
// bf16: gfx950 v_cvt_pk_bf16_f32 down + a shift up; elsewhere one bit operation each way
double bf16_ipe(target a) { return a == target::gfx950 ? 1.5 : 2.0; }
// fp8/bf8/fp4: packed both ways (2 elements per instruction)
double packed_ipe(target) { return 1.0; }

constexpr int kIters = 1024;
constexpr int kElems = 16;  // per lane

void run(benchmark::State& state, cast_fn k, double ipe) {
    const int blocks = device().peak ? device().peak->cus * 8 : 2048;
    float *in = nullptr, *out = nullptr;
    OPUS_BENCH_CHECK(hipMalloc(reinterpret_cast<void**>(&in), 64 * kElems * sizeof(float)));
    OPUS_BENCH_CHECK(hipMalloc(reinterpret_cast<void**>(&out), OPUS_CAST_BLOCK * sizeof(float)));
    OPUS_BENCH_CHECK(hipMemset(in, 0x3e, 64 * kElems * sizeof(float)));  // 0x3e3e3e3e ~ 0.186f
    const double secs = opus_bench::run_timed(
        state, [&] { k<<<dim3(blocks), dim3(OPUS_CAST_BLOCK)>>>(in, out, kIters, 1.0f); });
    const double elems = static_cast<double>(blocks) * OPUS_CAST_BLOCK * kElems * kIters;
    const double peak = device().peak ? device().peak->valu_lane_ops_per_s() / ipe * 1e-9 : 0.0;
    opus_bench::report(state, secs, elems, "Gelem/s", 1e9, peak);
    OPUS_BENCH_CHECK(hipFree(in));
    OPUS_BENCH_CHECK(hipFree(out));
}

} // namespace

int main(int argc, char** argv) {
    if (!opus_bench::gpu_present("arch conversion", argc, argv)) return 0;
    const auto& dev = opus_bench::identify();
    const cast_case cases[] = {
        {"cvt/f16", opus_cvt_f16, twin_cvt_f16, any_target, f16_ipe},
        {"cvt/bf16", opus_cvt_bf16, twin_cvt_bf16, any_target, bf16_ipe},
        {"cvt/fp8", opus_cvt_fp8, twin_cvt_fp8, fp8_targets, packed_ipe},
        {"cvt/bf8", opus_cvt_bf8, twin_cvt_bf8, fp8_targets, packed_ipe},
        {"cvt/fp4", opus_cvt_fp4, twin_cvt_fp4, fp4_targets, packed_ipe},
    };
    for (const auto& c : cases) {
        if (!c.available(dev.arch)) {
            std::fprintf(stderr, "%s: not available on %s, skipped\n", c.name, dev.arch_str.c_str());
            continue;
        }
        const double ipe = c.instr_per_elem(dev.arch);
        for (int twin = 0; twin < 2; ++twin) {
            const std::string name = std::string(c.name) + (twin ? "/twin" : "/opus");
            const cast_fn k = twin ? c.twin_k : c.opus_k;
            benchmark::RegisterBenchmark(name.c_str(), [k, ipe](benchmark::State& s) { run(s, k, ipe); })
                ->UseManualTime()
                ->Unit(benchmark::kMicrosecond);
        }
    }
    return opus_bench::run_all(argc, argv);
}
