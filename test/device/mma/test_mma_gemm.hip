// Device GEMM through make_tiled_mma per dtype family, against a host reference. One block
// computes C (M x N, row-major) = A (M x K, row-major) * B^T (B stored N x K), loading the
// operands with the tiled partition layouts, looping over K in block_k steps.
#include <opus/hip_minimal.hpp>
#include <opus/mma.hpp>

#include "device_test.hpp"

#include <cstdlib>
#include <vector>

namespace {

using namespace opus;

// element `R` (row-major over the layout's y dims) of layout u
template <index_t R, typename YS, index_t... I>
OPUS_H_D constexpr auto y_index(seq<I...>) {
    constexpr index_t n = sizeof...(I);
    constexpr index_t ext[n + 1] = {remove_cvref_t<decltype(get<I>(YS{}))>::value..., 1};
    struct idx_t { index_t v[n + 1]; };
    constexpr idx_t idx = [&] {
        idx_t r{};
        index_t e = R;
        for (index_t d = n - 1; d >= 0; --d) { r.v[d] = e % ext[d]; e /= ext[d]; }
        return r;
    }();
    return make_tuple(number<idx.v[I]>{}...);
}

template <typename V, typename U, typename T>
__device__ V gather(const U& u, const T* p) {
    constexpr index_t n = vector_traits<V>::size;
    using ys = remove_cvref_t<decltype(u.y_shape())>;
    V v{};
    static_for<n>([&](auto r) {
        v[r.value] = p[u(y_index<decltype(r)::value, ys>(make_index_seq<tuple_size_v<ys>>{}))];
    });
    return v;
}

template <typename Tiled, int KSteps, bool UseArray>
__global__ __launch_bounds__(Tiled::block_size) void gemm_kernel(const typename Tiled::dtype_a* A,
                                                                 const typename Tiled::dtype_b* B,
                                                                 typename Tiled::dtype_c* C) {
    constexpr int K = Tiled::block_k * KSteps;
    constexpr int W = Tiled::mma::wave_size;
    int tid = thread_idx_x();
    auto wc = Tiled::wave_coord(tid / W);
    int lane = tid % W;
    auto ua = Tiled::layout_a(make_tuple(K, 1_I), Tiled::p_coord_a(get<0>(wc), get<2>(wc), lane));
    auto ub = Tiled::layout_b(make_tuple(K, 1_I), Tiled::p_coord_b(get<1>(wc), get<2>(wc), lane));
    auto uc = Tiled::layout_c(make_tuple(Tiled::block_n, 1_I), Tiled::p_coord_c(get<0>(wc), get<1>(wc), lane));
    typename Tiled::vtype_c c{};
    for (int s = 0; s < KSteps; ++s) {
        auto a = gather<typename Tiled::vtype_a>(ua, A + s * Tiled::block_k);
        auto b = gather<typename Tiled::vtype_b>(ub, B + s * Tiled::block_k);
        if constexpr (UseArray) {
            typename Tiled::atype_a aa;
            typename Tiled::atype_b ab;
            typename Tiled::atype_c ac;
            __builtin_memcpy(&aa, &a, sizeof(a));
            __builtin_memcpy(&ab, &b, sizeof(b));
            __builtin_memcpy(&ac, &c, sizeof(c));
            ac = Tiled{}(aa, ab, ac);
            __builtin_memcpy(&c, &ac, sizeof(c));
        } else {
            c = Tiled{}(a, b, c);
        }
    }
    using ys = remove_cvref_t<decltype(uc.y_shape())>;
    static_for<Tiled::elem_c>([&](auto r) {
        C[uc(y_index<decltype(r)::value, ys>(make_index_seq<tuple_size_v<ys>>{}))] = c[r.value];
    });
}

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
