// Device GEMM through make_tiled_mma per dtype family, against a host reference. One block
// computes C (M x N, row-major) = A (M x K, row-major) * B^T (B stored N x K), loading the
// operands with the tiled partition layouts, looping over K in block_k steps
// (mma_gemm_kernel.hpp). fp8/bf8: test_mma_gemm_fp8.hip.
#include <opus/hip_minimal.hpp>
#include <opus/mma.hpp>

#include "device_test.hpp"
#include "mma_gemm_kernel.hpp"

#include <cstdlib>
#include <vector>

namespace {

using namespace opus;
using opus_mma_test::gemm_kernel;

template <typename Tiled, int KSteps = 2, bool UseArray = false>
void run_gemm() {
    using TA = typename Tiled::dtype_a;
    using TB = typename Tiled::dtype_b;
    using TC = typename Tiled::dtype_c;
    static_assert(Tiled::tile_k == 1, "this test stores C directly: one wave along K");
    constexpr int M = Tiled::block_m, N = Tiled::block_n, K = Tiled::block_k * KSteps;
    std::vector<TA> a(M * K);
    std::vector<TB> b(N * K);
    std::vector<double> ref(M * N, 0.0);
    std::srand(11);
    std::vector<int> ia(M * K), ib(N * K);
    for (int i = 0; i < M * K; ++i) { ia[i] = std::rand() % 5 - 2; a[i] = static_cast<TA>(ia[i]); }
    for (int i = 0; i < N * K; ++i) { ib[i] = std::rand() % 5 - 2; b[i] = static_cast<TB>(ib[i]); }
    for (int m = 0; m < M; ++m)
        for (int n = 0; n < N; ++n)
            for (int k = 0; k < K; ++k) ref[m * N + n] += double(ia[m * K + k]) * double(ib[n * K + k]);
    opus_test::device_buffer<TA> da(a);
    opus_test::device_buffer<TB> db(b);
    opus_test::device_buffer<TC> dc(static_cast<size_t>(M * N));
    gemm_kernel<Tiled, KSteps, UseArray><<<dim3(1), dim3(Tiled::block_size), 0, nullptr>>>(da.ptr, db.ptr, dc.ptr);
    OPUS_HIP_CHECK(hipGetLastError());
    OPUS_HIP_CHECK(hipDeviceSynchronize());
    auto c = dc.to_host();
    int bad = 0;
    for (int i = 0; i < M * N; ++i) bad += static_cast<double>(c[i]) != ref[i];
    CHECK(bad == 0);
}

template <typename A, typename B, typename C, int EM, int EN, int TM, int TN, int WM, int WN, int WK>
void run_family() {
    using t0 = decltype(make_tiled_mma<A, B, C>(seq<EM, EN, 1>{}, seq<TM, TN, 1>{}, seq<WM, WN, WK>{}));
    using t1 = decltype(make_tiled_mma<A, B, C>(seq<EM, EN, 1>{}, seq<TM, TN, 1>{}, seq<WM, WN, WK>{},
                                                mfma_adaptor_swap_ab{}));
    run_gemm<t0>();
    run_gemm<t1>();
    run_gemm<t1, 1, true>();
}

} // namespace

TEST_CASE("mma gemm: fp16", "[mma][device]") {
    OPUS_REQUIRE_GPU();
    run_family<fp16_t, fp16_t, fp32_t, 2, 1, 2, 2, 16, 16, 16>();
    run_family<fp16_t, fp16_t, fp32_t, 1, 2, 1, 2, 32, 32, 8>();
    // step-K on gfx942, native on gfx950: same result
    run_family<fp16_t, fp16_t, fp32_t, 1, 1, 2, 1, 32, 32, 16>();
}
TEST_CASE("mma gemm: bf16", "[mma][device]") {
    OPUS_REQUIRE_GPU();
    run_family<bf16_t, bf16_t, fp32_t, 2, 1, 1, 2, 16, 16, 16>();
    run_family<bf16_t, bf16_t, fp32_t, 1, 1, 1, 1, 16, 16, 32>();
}
TEST_CASE("mma gemm: fp32", "[mma][device]") {
    OPUS_REQUIRE_GPU();
    run_family<fp32_t, fp32_t, fp32_t, 1, 2, 2, 1, 32, 32, 2>();
    run_family<fp32_t, fp32_t, fp32_t, 2, 1, 1, 1, 16, 16, 4>();
}
TEST_CASE("mma gemm: i8", "[mma][device]") {
    OPUS_REQUIRE_GPU();
    run_family<i8_t, i8_t, i32_t, 2, 2, 1, 1, 16, 16, 32>();
}
TEST_CASE("mma gemm: fp64", "[mma][device]") {
    OPUS_REQUIRE_GPU();
    run_family<double, double, double, 1, 2, 2, 1, 16, 16, 4>();
}
