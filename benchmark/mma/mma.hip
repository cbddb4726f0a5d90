// opus/mma microbenchmark (Google Benchmark):
//   mfma/<instruction>/{opus,twin}   per-instruction matrix-core throughput (mfma_kernels.hpp):
//                                    4 independent accumulator chains per wave, 8 blocks of 4
//                                    waves per CU; TFLOP/s (TOP/s for i8) and peak_fraction
//                                    against the device's dense peak for the operand type
//   gemm/f16/{opus,twin}             the tiled GEMM (gemm_kernels.hpp), M = N = K = 4096, fp16
//                                    in, fp32 out; opus and twin outputs must match bit for bit
//                                    and sampled entries must match a host reference
// Device-timed with HIP events after a warm-up; peaks from examples/common/peak.hpp (no
// fraction for an unknown device). Without a GPU it prints OPUS_NO_AMD_GPU and exits 0.
// JSON: --benchmark_format=json or --benchmark_out=FILE.
#include "mfma_kernels.hpp"
#include "gemm_kernels.hpp"
#include "../common/bench_hip.hpp"

#include <cstring>
#include <vector>

namespace {

using opus_bench::device;
using opus_bench::dtype;
using opus::target;
using mfma_fn = void (*)(const void*, float*, int);

enum : unsigned { T90A = 1u, T942 = 2u, T950 = 4u, T9X = 7u, T94X = 6u };

unsigned arch_bit(target a) {
    switch (a) {
    case target::gfx90a: return T90A;
    case target::gfx942: return T942;
    case target::gfx950: return T950;
    default: return 0;
    }
}

struct mfma_case {
    const char* name;
    mfma_fn opus_k, twin_k;
    int m, n, k;
    dtype type;
    unsigned targets;
};

#define OPUS_MFMA_CASE(NAME, M, N, K, TYPE, TARGETS) \
    {#NAME, opus_mfma_##NAME, twin_mfma_##NAME, M, N, K, dtype::TYPE, TARGETS}
const mfma_case kMfma[] = {
    OPUS_MFMA_CASE(f32_32x32x8_f16, 32, 32, 8, fp16, T9X),
    OPUS_MFMA_CASE(f32_16x16x16_f16, 16, 16, 16, fp16, T9X),
    OPUS_MFMA_CASE(f32_32x32x16_f16, 32, 32, 16, fp16, T950),
    OPUS_MFMA_CASE(f32_16x16x32_f16, 16, 16, 32, fp16, T950),
    OPUS_MFMA_CASE(f32_32x32x8_bf16, 32, 32, 8, bf16, T9X),
    OPUS_MFMA_CASE(f32_16x16x16_bf16, 16, 16, 16, bf16, T9X),
    OPUS_MFMA_CASE(f32_32x32x16_bf16, 32, 32, 16, bf16, T950),
    OPUS_MFMA_CASE(f32_16x16x32_bf16, 16, 16, 32, bf16, T950),
    OPUS_MFMA_CASE(f32_32x32x16_fp8_fp8, 32, 32, 16, fp8, T94X),
    OPUS_MFMA_CASE(f32_16x16x32_fp8_fp8, 16, 16, 32, fp8, T94X),
    OPUS_MFMA_CASE(scale_f32_32x32x64_f8f6f4, 32, 32, 64, fp8, T950),
    OPUS_MFMA_CASE(scale_f32_16x16x128_f8f6f4, 16, 16, 128, fp8, T950),
    OPUS_MFMA_CASE(i32_32x32x16_i8, 32, 32, 16, i8, T94X),
    OPUS_MFMA_CASE(i32_16x16x32_i8, 16, 16, 32, i8, T94X),
    OPUS_MFMA_CASE(i32_32x32x32_i8, 32, 32, 32, i8, T950),
    OPUS_MFMA_CASE(i32_16x16x64_i8, 16, 16, 64, i8, T950),
    OPUS_MFMA_CASE(f32_32x32x2_f32, 32, 32, 2, fp32, T9X),
    OPUS_MFMA_CASE(f32_16x16x4_f32, 16, 16, 4, fp32, T9X),
    OPUS_MFMA_CASE(f64_16x16x4_f64, 16, 16, 4, fp64, T9X),
};
#undef OPUS_MFMA_CASE

constexpr int kMfmaIters = 1024;

double peak_tflops(dtype t) { return device().peak ? device().peak->tflops(t) : 0.0; }

void run_mfma(benchmark::State& state, const mfma_case& c, bool twin) {
    const int blocks = device().peak ? device().peak->cus * 8 : 2048;
    void* src = nullptr;
    float* out = nullptr;
    OPUS_BENCH_CHECK(hipMalloc(&src, 2 * 64 * 64));  // A and B registers: up to 32 bytes per lane each
    OPUS_BENCH_CHECK(hipMalloc(reinterpret_cast<void**>(&out), OPUS_MFMA_BLOCK * sizeof(float)));
    OPUS_BENCH_CHECK(hipMemset(src, 0x3c, 2 * 64 * 64));  // small finite values in every dtype
    const mfma_fn k = twin ? c.twin_k : c.opus_k;
    const double secs = opus_bench::run_timed(
        state, [&] { k<<<dim3(blocks), dim3(OPUS_MFMA_BLOCK)>>>(src, out, kMfmaIters); });
    const double waves = static_cast<double>(blocks) * (OPUS_MFMA_BLOCK / 64);
    const double flops = waves * kMfmaIters * OPUS_MFMA_CHAINS * 2.0 * c.m * c.n * c.k;
    opus_bench::report(state, secs, flops, c.type == dtype::i8 ? "TOP/s" : "TFLOP/s", 1e12, peak_tflops(c.type));
    OPUS_BENCH_CHECK(hipFree(src));
    OPUS_BENCH_CHECK(hipFree(out));
}

// ---- GEMM -------------------------------------------------------------------------------
constexpr int kGemm = 4096;  // M = N = K
using gemm_fn = void (*)(const opus::fp16_t*, const opus::fp16_t*, float*, int, int);

struct gemm_data {
    opus::fp16_t *a = nullptr, *b = nullptr;
    float *c_opus = nullptr, *c_twin = nullptr;
    std::vector<opus::fp16_t> ha, hb;
};

// small integers: every product and sum is exact in fp16 inputs / fp32 accumulation
float a_val(int i, int k) { return static_cast<float>((i + 2 * k) % 5 - 2); }
float b_val(int j, int k) { return static_cast<float>((3 * j + k) % 7 - 3); }

gemm_data& gemm() {
    static gemm_data d;
    if (d.a) return d;
    const size_t nn = static_cast<size_t>(kGemm) * kGemm;
    d.ha.resize(nn);
    d.hb.resize(nn);
    for (int i = 0; i < kGemm; ++i)
        for (int k = 0; k < kGemm; ++k) {
            d.ha[static_cast<size_t>(i) * kGemm + k] = static_cast<opus::fp16_t>(a_val(i, k));
            d.hb[static_cast<size_t>(i) * kGemm + k] = static_cast<opus::fp16_t>(b_val(i, k));
        }
    OPUS_BENCH_CHECK(hipMalloc(reinterpret_cast<void**>(&d.a), nn * sizeof(opus::fp16_t)));
    OPUS_BENCH_CHECK(hipMalloc(reinterpret_cast<void**>(&d.b), nn * sizeof(opus::fp16_t)));
    OPUS_BENCH_CHECK(hipMalloc(reinterpret_cast<void**>(&d.c_opus), nn * sizeof(float)));
    OPUS_BENCH_CHECK(hipMalloc(reinterpret_cast<void**>(&d.c_twin), nn * sizeof(float)));
    OPUS_BENCH_CHECK(hipMemcpy(d.a, d.ha.data(), nn * sizeof(opus::fp16_t), hipMemcpyHostToDevice));
    OPUS_BENCH_CHECK(hipMemcpy(d.b, d.hb.data(), nn * sizeof(opus::fp16_t), hipMemcpyHostToDevice));
    return d;
}

// 64 sampled entries of `c` against the host; and, once both variants have run, opus vs twin
// bit for bit
const char* gemm_check(const float* c_dev, bool compare) {
    gemm_data& d = gemm();
    const size_t nn = static_cast<size_t>(kGemm) * kGemm;
    std::vector<float> got(nn);
    OPUS_BENCH_CHECK(hipMemcpy(got.data(), c_dev, nn * sizeof(float), hipMemcpyDeviceToHost));
    for (int s = 0; s < 64; ++s) {
        const int i = (s * 977) % kGemm, j = (s * 1531 + 7) % kGemm;
        double ref = 0;
        for (int k = 0; k < kGemm; ++k) ref += static_cast<double>(a_val(i, k)) * b_val(j, k);
        if (static_cast<double>(got[static_cast<size_t>(i) * kGemm + j]) != ref) return "GEMM output differs from the host reference";
    }
    if (compare) {
        std::vector<float> other(nn);
        OPUS_BENCH_CHECK(hipMemcpy(other.data(), c_dev == d.c_opus ? d.c_twin : d.c_opus, nn * sizeof(float),
                                   hipMemcpyDeviceToHost));
        if (std::memcmp(got.data(), other.data(), nn * sizeof(float)) != 0) return "opus and twin GEMM outputs differ";
    }
    return nullptr;
}

void run_gemm(benchmark::State& state, bool twin) {
    static bool ran[2] = {false, false};
    gemm_data& d = gemm();
    const gemm_fn k = twin ? twin_gemm_f16 : opus_gemm_f16;
    float* c = twin ? d.c_twin : d.c_opus;
    const dim3 grid(kGemm / OPUS_GEMM_TILE, kGemm / OPUS_GEMM_TILE);
    const double secs = opus_bench::run_timed(state, [&] { k<<<grid, dim3(OPUS_GEMM_BLOCK)>>>(d.a, d.b, c, kGemm, kGemm); });
    const double flops = 2.0 * kGemm * static_cast<double>(kGemm) * kGemm;
    opus_bench::report(state, secs, flops, "TFLOP/s", 1e12, peak_tflops(dtype::fp16));
    ran[twin] = true;
    if (const char* err = gemm_check(c, ran[!twin])) state.SkipWithError(err);
}

} // namespace

int main(int argc, char** argv) {
    if (!opus_bench::gpu_present("mma", argc, argv)) return 0;
    const auto& dev = opus_bench::identify();
    const unsigned bit = arch_bit(dev.arch);
    for (const auto& c : kMfma) {
        if (!(c.targets & bit)) continue;
        for (int twin = 0; twin < 2; ++twin) {
            const std::string name = std::string("mfma/") + c.name + (twin ? "/twin" : "/opus");
            const mfma_case* pc = &c;
            benchmark::RegisterBenchmark(name.c_str(), [pc, twin](benchmark::State& s) { run_mfma(s, *pc, twin != 0); })
                ->UseManualTime()
                ->Unit(benchmark::kMicrosecond);
        }
    }
    if (bit) {
        for (int twin = 0; twin < 2; ++twin) {
            benchmark::RegisterBenchmark(twin ? "gemm/f16/twin" : "gemm/f16/opus",
                                         [twin](benchmark::State& s) { run_gemm(s, twin != 0); })
                ->UseManualTime()
                ->Unit(benchmark::kMillisecond);
        }
    } else {
        std::fprintf(stderr, "mma: %s has no MFMA instructions; nothing to run\n", dev.arch_str.c_str());
    }
    return opus_bench::run_all(argc, argv);
}
