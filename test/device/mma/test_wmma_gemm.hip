// Device GEMM with WMMA on RDNA3 (gfx11) and RDNA4 (gfx12), wave32 (wave64: the same file built
// with -mwavefrontsize64 by test_wmma_gemm_wave64.hip), against a host reference:
// f16, bf16 and iu8 on both, fp8/bf8 (OCP, all four pairings) on gfx12; plain and swapped
// adaptors, step-K (K = 32 per tile from 16-K instructions), 2x2 and 2x1 wave tiles, the
// array-operand call. One block computes C (M x N, row-major) = A (M x K) * B^T (B stored
// N x K) through the tiled partition layouts (mma_gemm_kernel.hpp: plain pointer loads, so
// the kernels also run in an emulator without buffer instructions).
//
// The kernels are extern "C" and exist in the code object of every target; the body of a
// gfx12-only case is empty on gfx11. The host asks the running code object for its family
// (OPUS_REQUIRE_TARGET_GPU) and runs the cases of that family. The host computes the tile
// sizes itself (M = EM*TM*16, N = EN*TN*16, OPUS_TEST_WMMA_WAVE lanes per wave); the device
// pass checks them against the tiled MMA with a static_assert.
// TARGETS: gfx1100 gfx1201
#include <opus/hip_minimal.hpp>
#include <opus/mma.hpp>
#include <opus/mma/aiter.hpp>  // aiter's layer (what opus/opus.hpp adds)

#include "device_test.hpp"
#include "mma_gemm_kernel.hpp"

#include <cstdint>
#include <cstdlib>
#include <vector>

#ifndef OPUS_TEST_WMMA_WAVE
#define OPUS_TEST_WMMA_WAVE 32
#endif

OPUS_DEFINE_FAMILY_PROBE()

namespace wmma_test {

using namespace opus;

template <typename A, typename B, typename C, int EM, int EN, int TM, int TN, int WK, bool Swap>
__device__ constexpr auto make_case() {
    if constexpr (Swap)
        return make_tiled_mma<A, B, C>(seq<EM, EN, 1>{}, seq<TM, TN, 1>{}, seq<16, 16, WK>{}, wmma_adaptor_swap_ab{});
    else
        return make_tiled_mma<A, B, C>(seq<EM, EN, 1>{}, seq<TM, TN, 1>{}, seq<16, 16, WK>{});
}

// Fam: 0 = every WMMA target, 12 = gfx12 only (the body is empty elsewhere)
template <int Fam, typename A, typename B, typename C, int EM, int EN, int TM, int TN, int WK, bool Swap,
          int KSteps, bool Arr>
__device__ void run_case([[maybe_unused]] const void* a, [[maybe_unused]] const void* b, [[maybe_unused]] void* c) {
#if defined(__HIP_DEVICE_COMPILE__)
    if constexpr (Fam == 0 || (Fam == 12 && OPUS_GFX12)) {
        using T = decltype(make_case<A, B, C, EM, EN, TM, TN, WK, Swap>());
        static_assert(T::mma::wave_size == OPUS_TEST_WMMA_WAVE && T::block_size == TM * TN * OPUS_TEST_WMMA_WAVE);
        static_assert(T::block_m == EM * TM * 16 && T::block_n == EN * TN * 16 && T::block_k == WK);
        opus_mma_test::gemm_body<T, KSteps, Arr>(static_cast<const A*>(a), static_cast<const B*>(b), static_cast<C*>(c));
    }
#endif
}

} // namespace wmma_test

#define OPUS_WMMA_GEMM(name, FAM, A, B, C, EM, EN, TM, TN, WK, SWAP, KSTEPS, ARR)                    \
    extern "C" __global__ __launch_bounds__(256) void name(const void* a, const void* b, void* c) {   \
        wmma_test::run_case<FAM, opus::A, opus::B, opus::C, EM, EN, TM, TN, WK, SWAP, KSTEPS, ARR>(a, b, c); \
    }

//             name                  fam A       B       C      EM EN TM TN WK swap   ksteps array
OPUS_WMMA_GEMM(wmma_f16,              0, fp16_t, fp16_t, fp32_t, 2, 1, 2, 2, 16, false, 2, false)
OPUS_WMMA_GEMM(wmma_f16_swap,         0, fp16_t, fp16_t, fp32_t, 2, 1, 2, 2, 16, true,  2, false)
OPUS_WMMA_GEMM(wmma_f16_swap_array,   0, fp16_t, fp16_t, fp32_t, 2, 1, 2, 2, 16, true,  1, true)
OPUS_WMMA_GEMM(wmma_f16_stepk,        0, fp16_t, fp16_t, fp32_t, 1, 1, 2, 1, 32, false, 2, false)
OPUS_WMMA_GEMM(wmma_f16_stepk_swap,   0, fp16_t, fp16_t, fp32_t, 1, 2, 1, 2, 32, true,  1, false)
OPUS_WMMA_GEMM(wmma_bf16,             0, bf16_t, bf16_t, fp32_t, 1, 2, 2, 1, 16, false, 2, false)
OPUS_WMMA_GEMM(wmma_bf16_swap,        0, bf16_t, bf16_t, fp32_t, 2, 2, 1, 1, 16, true,  2, false)
OPUS_WMMA_GEMM(wmma_bf16_stepk,       0, bf16_t, bf16_t, fp32_t, 1, 1, 2, 2, 32, false, 2, false)
OPUS_WMMA_GEMM(wmma_iu8,              0, i8_t,   i8_t,   i32_t,  2, 1, 2, 2, 16, false, 2, false)
OPUS_WMMA_GEMM(wmma_iu8_swap,         0, i8_t,   i8_t,   i32_t,  1, 2, 1, 2, 16, true,  2, false)
OPUS_WMMA_GEMM(wmma_fp8_fp8,         12, fp8_t,  fp8_t,  fp32_t, 2, 1, 2, 2, 16, false, 2, false)
OPUS_WMMA_GEMM(wmma_fp8_bf8,         12, fp8_t,  bf8_t,  fp32_t, 1, 2, 1, 2, 16, false, 2, false)
OPUS_WMMA_GEMM(wmma_bf8_fp8,         12, bf8_t,  fp8_t,  fp32_t, 1, 1, 2, 1, 16, true,  2, false)
OPUS_WMMA_GEMM(wmma_bf8_bf8,         12, bf8_t,  bf8_t,  fp32_t, 2, 2, 1, 1, 16, false, 2, false)
OPUS_WMMA_GEMM(wmma_fp8_fp8_swap,    12, fp8_t,  fp8_t,  fp32_t, 2, 1, 2, 2, 16, true,  1, true)

namespace {

using namespace opus;
using kernel_t = void (*)(const void*, const void*, void*);

enum class kind { f16, bf16, i8, fp8, bf8 };

struct gemm_case {
    const char* name;
    kernel_t kernel;
    kind a, b;
    int em, en, tm, tn, wk, ksteps;
};

// operand bytes of one value, encoded on the host; `val` is the exact value it encodes
void encode(kind k, int i, float x, std::vector<uint8_t>& bytes, float& val) {
    switch (k) {
    case kind::f16: { fp16_t h = static_cast<fp16_t>(x); __builtin_memcpy(&bytes[2 * i], &h, 2); val = static_cast<float>(h); break; }
    case kind::bf16: { bf16_t h = static_cast<bf16_t>(x); __builtin_memcpy(&bytes[2 * i], &h, 2); val = static_cast<float>(h); break; }
    case kind::i8: bytes[i] = static_cast<uint8_t>(static_cast<int8_t>(x)); val = x; break;
    case kind::fp8: bytes[i] = cast<fp8_e4m3fn_t>(x).data; val = cast<float>(fp8_e4m3fn_t{bytes[i]}); break;
    case kind::bf8: bytes[i] = cast<bf8_e5m2_t>(x).data; val = cast<float>(bf8_e5m2_t{bytes[i]}); break;
    }
}
int bytes_of(kind k) { return k == kind::f16 || k == kind::bf16 ? 2 : 1; }

void run(const gemm_case& g) {
    const int M = g.em * g.tm * 16, N = g.en * g.tn * 16, K = g.wk * g.ksteps, threads = g.tm * g.tn * OPUS_TEST_WMMA_WAVE;
    INFO("wmma gemm " << g.name << " " << M << "x" << N << "x" << K << ", " << threads << " threads");
    std::vector<uint8_t> a(size_t(M) * K * bytes_of(g.a)), b(size_t(N) * K * bytes_of(g.b));
    std::vector<float> fa(size_t(M) * K), fb(size_t(N) * K);
    const bool f8 = g.a == kind::fp8 || g.a == kind::bf8;
    std::srand(17);
    // integers in [-2, 2]; fp8/bf8: multiples of 1/4 in [-3, 3] (exact, no subnormals); every
    // product and sum is exact in fp32 / i32
    auto draw = [&] { return f8 ? static_cast<float>(std::rand() % 25 - 12) * 0.25f : static_cast<float>(std::rand() % 5 - 2); };
    for (int i = 0; i < M * K; ++i) encode(g.a, i, draw(), a, fa[i]);
    for (int i = 0; i < N * K; ++i) encode(g.b, i, draw(), b, fb[i]);
    std::vector<double> ref(size_t(M) * N, 0.0);
    for (int m = 0; m < M; ++m)
        for (int n = 0; n < N; ++n)
            for (int k = 0; k < K; ++k) ref[m * N + n] += double(fa[m * K + k]) * double(fb[n * K + k]);
    opus_test::device_buffer<uint8_t> da(a), db(b);
    opus_test::device_buffer<uint32_t> dc(std::vector<uint32_t>(size_t(M) * N, 0x7fc00000u));  // NaN / garbage
    g.kernel<<<dim3(1), dim3(threads), 0, nullptr>>>(da.ptr, db.ptr, dc.ptr);
    OPUS_HIP_CHECK(hipGetLastError());
    OPUS_HIP_CHECK(hipDeviceSynchronize());
    const auto c = dc.to_host();
    int bad = 0;
    for (int i = 0; i < M * N; ++i) {
        double got;
        if (g.a == kind::i8) got = static_cast<double>(static_cast<int32_t>(c[i]));
        else { float f; __builtin_memcpy(&f, &c[i], 4); got = f; }
        if (got != ref[i] && bad++ < 4) std::printf("  %s: C[%d][%d] = %g, reference %g\n", g.name, i / N, i % N, got, ref[i]);
    }
    CHECK(bad == 0);
}

#define CASE(name, A, B, EM, EN, TM, TN, WK, KS) gemm_case{#name, name, kind::A, kind::B, EM, EN, TM, TN, WK, KS}

} // namespace

#define OPUS_WMMA_NAME(s) "wmma gemm w" OPUS_WMMA_STR(OPUS_TEST_WMMA_WAVE) ": " s
#define OPUS_WMMA_STR(x) OPUS_WMMA_STR2(x)
#define OPUS_WMMA_STR2(x) #x

TEST_CASE(OPUS_WMMA_NAME("f16, bf16, iu8 (gfx11, gfx12)"), "[mma][device][wmma]") {
    OPUS_REQUIRE_TARGET_GPU(family);
    REQUIRE((family == 11 || family == 12));
    for (const auto& g : {CASE(wmma_f16, f16, f16, 2, 1, 2, 2, 16, 2), CASE(wmma_f16_swap, f16, f16, 2, 1, 2, 2, 16, 2),
                          CASE(wmma_f16_swap_array, f16, f16, 2, 1, 2, 2, 16, 1),
                          CASE(wmma_bf16, bf16, bf16, 1, 2, 2, 1, 16, 2), CASE(wmma_bf16_swap, bf16, bf16, 2, 2, 1, 1, 16, 2),
                          CASE(wmma_iu8, i8, i8, 2, 1, 2, 2, 16, 2), CASE(wmma_iu8_swap, i8, i8, 1, 2, 1, 2, 16, 2)})
        run(g);
}

TEST_CASE(OPUS_WMMA_NAME("step-K, K = 32 from 16-K instructions (gfx11, gfx12)"), "[mma][device][wmma]") {
    OPUS_REQUIRE_TARGET_GPU(family);
    REQUIRE((family == 11 || family == 12));
    for (const auto& g : {CASE(wmma_f16_stepk, f16, f16, 1, 1, 2, 1, 32, 2), CASE(wmma_f16_stepk_swap, f16, f16, 1, 2, 1, 2, 32, 1),
                          CASE(wmma_bf16_stepk, bf16, bf16, 1, 1, 2, 2, 32, 2)})
        run(g);
}

TEST_CASE(OPUS_WMMA_NAME("fp8/bf8 OCP, all four pairings (gfx12)"), "[mma][device][wmma][fp8]") {
    OPUS_REQUIRE_TARGET_GPU(family);
    if (family != 12) {
        std::printf("OPUS_NO_TARGET_GPU: fp8/bf8 WMMA is gfx12 only; skipping\n");
        SKIP("OPUS_NO_TARGET_GPU: fp8/bf8 WMMA is gfx12 only");
    }
    for (const auto& g : {CASE(wmma_fp8_fp8, fp8, fp8, 2, 1, 2, 2, 16, 2), CASE(wmma_fp8_bf8, fp8, bf8, 1, 2, 1, 2, 16, 2),
                          CASE(wmma_bf8_fp8, bf8, fp8, 1, 1, 2, 1, 16, 2), CASE(wmma_bf8_bf8, bf8, bf8, 2, 2, 1, 1, 16, 2),
                          CASE(wmma_fp8_fp8_swap, fp8, fp8, 2, 1, 2, 2, 16, 1)})
        run(g);
}
