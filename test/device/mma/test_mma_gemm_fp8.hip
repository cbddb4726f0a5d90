// Device GEMM on fp8/bf8 operands (all four A/B pairings) against a host reference.
//
// fp8_t / bf8_t are encoded like the GPU that runs the code object: FNUZ (e4m3fnuz/e5m2fnuz)
// on gfx942, OCP (e4m3fn/e5m2) on gfx950. The host asks the device which (a kernel returns
// OPUS_FP8_FNUZ of its own compile pass; fp8_device.hpp), encodes the inputs with opus's host
// conversions to that format (cast<fp8_e4m3fnuz_t> / cast<fp8_e4m3fn_t> ...) and builds the reference
// from the decoded values (cast<float>), so rounding is the host's and the MFMA must give
// exactly sum(a*b): inputs are multiples of 1/4 in [-3, 3], whose products and sums are exact
// in fp32. Encoding the inputs in the wrong family halves or doubles them and fails.
// Shapes: 16x16x32 / 32x32x16 (native on both), 32x32x64 / 16x16x128 (gfx942: step-K of the
// 16-K / 32-K instruction; gfx950: the scaled f8f6f4 instruction with scale 1).
#include <opus/hip_minimal.hpp>
#include <opus/mma.hpp>

#include "device_test.hpp"
#include "fp8_device.hpp"
#include "mma_gemm_kernel.hpp"

#include <cstdint>
#include <cstdlib>
#include <vector>

namespace {

using namespace opus;
using opus_mma_test::gemm_kernel;
using opus_test::f8_host;

template <typename Tiled, int KSteps = 2, bool UseArray = false>
void run_gemm_f8(bool fnuz) {
    using TA = typename Tiled::dtype_a;
    using TB = typename Tiled::dtype_b;
    static_assert(sizeof(TA) == 1 && sizeof(TB) == 1, "fp8/bf8 operands");
    static_assert(Tiled::tile_k == 1, "this test stores C directly: one wave along K");
    constexpr int M = Tiled::block_m, N = Tiled::block_n, K = Tiled::block_k * KSteps;
    INFO("fp8 gemm " << Tiled::mma::name() << " block " << M << "x" << N << "x" << K << " swap "
                     << Tiled::mma::swap_ab << " array " << UseArray << " fnuz " << fnuz);
    std::vector<uint8_t> a(M * K), b(N * K);
    std::vector<double> ref(M * N, 0.0);
    std::vector<float> fa(M * K), fb(N * K);
    std::srand(13);
    int nonzero = 0;
    for (int i = 0; i < M * K; ++i) {
        a[i] = f8_host<TA>::enc(static_cast<float>(std::rand() % 25 - 12) * 0.25f, fnuz);
        fa[i] = f8_host<TA>::dec(a[i], fnuz);
        nonzero += fa[i] != 0.0f;
    }
    for (int i = 0; i < N * K; ++i) {
        b[i] = f8_host<TB>::enc(static_cast<float>(std::rand() % 25 - 12) * 0.25f, fnuz);
        fb[i] = f8_host<TB>::dec(b[i], fnuz);
    }
    REQUIRE(nonzero > M * K / 2);  // the inputs are not degenerate
    for (int m = 0; m < M; ++m)
        for (int n = 0; n < N; ++n)
            for (int k = 0; k < K; ++k) ref[m * N + n] += double(fa[m * K + k]) * double(fb[n * K + k]);
    opus_test::device_buffer<uint8_t> da(a);
    opus_test::device_buffer<uint8_t> db(b);
    opus_test::device_buffer<fp32_t> dc(static_cast<size_t>(M * N));
    gemm_kernel<Tiled, KSteps, UseArray><<<dim3(1), dim3(Tiled::block_size), 0, nullptr>>>(
        reinterpret_cast<const TA*>(da.ptr), reinterpret_cast<const TB*>(db.ptr), dc.ptr);
    OPUS_HIP_CHECK(hipGetLastError());
    OPUS_HIP_CHECK(hipDeviceSynchronize());
    auto c = dc.to_host();
    int bad = 0;
    for (int i = 0; i < M * N; ++i) {
        if (static_cast<double>(c[i]) != ref[i] && bad++ < 4)
            std::printf("  C[%d][%d] = %g, reference %g\n", i / N, i % N, static_cast<double>(c[i]), ref[i]);
    }
    CHECK(bad == 0);
}

template <typename A, typename B, int EM, int EN, int TM, int TN, int WM, int WN, int WK>
void run_family_f8(bool fnuz) {
    using t0 = decltype(make_tiled_mma<A, B, fp32_t>(seq<EM, EN, 1>{}, seq<TM, TN, 1>{}, seq<WM, WN, WK>{}));
    using t1 = decltype(make_tiled_mma<A, B, fp32_t>(seq<EM, EN, 1>{}, seq<TM, TN, 1>{}, seq<WM, WN, WK>{},
                                                     mfma_adaptor_swap_ab{}));
    run_gemm_f8<t0>(fnuz);
    run_gemm_f8<t1>(fnuz);
    run_gemm_f8<t1, 1, true>(fnuz);
}

} // namespace

TEST_CASE("mma gemm: fp8/bf8, native K (FNUZ on gfx942, OCP on gfx950)", "[mma][device][fp8]") {
    OPUS_REQUIRE_GPU();
    const bool fnuz = opus_test::device_fp8_fnuz();
    run_family_f8<fp8_t, fp8_t, 2, 1, 2, 2, 16, 16, 32>(fnuz);
    run_family_f8<fp8_t, bf8_t, 1, 2, 1, 2, 32, 32, 16>(fnuz);
    run_family_f8<bf8_t, fp8_t, 1, 1, 2, 1, 16, 16, 32>(fnuz);
    run_family_f8<bf8_t, bf8_t, 2, 2, 1, 1, 32, 32, 16>(fnuz);
}

TEST_CASE("mma gemm: fp8/bf8, long K (step-K on gfx942, scaled f8f6f4 on gfx950)", "[mma][device][fp8]") {
    OPUS_REQUIRE_GPU();
    const bool fnuz = opus_test::device_fp8_fnuz();
    run_family_f8<fp8_t, fp8_t, 1, 1, 2, 1, 32, 32, 64>(fnuz);
    run_family_f8<bf8_t, fp8_t, 1, 2, 1, 1, 16, 16, 128>(fnuz);
    run_family_f8<fp8_t, bf8_t, 1, 1, 1, 1, 16, 16, 128>(fnuz);
}
