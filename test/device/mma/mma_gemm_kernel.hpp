// Shared kernel of the device GEMM tests: one block computes C (M x N, row-major) =
// A (M x K, row-major) * B^T (B stored N x K) with a tiled MMA, loading the operands through
// the tiled partition layouts and looping over K in block_k steps.
#pragma once
#include <opus/hip_minimal.hpp>
#include <opus/mma.hpp>

namespace opus_mma_test {

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
__device__ void gemm_body(const typename Tiled::dtype_a* A, const typename Tiled::dtype_b* B,
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
    static_for<Tiled::tile_c_len>([&](auto r) {
        C[uc(y_index<decltype(r)::value, ys>(make_index_seq<tuple_size_v<ys>>{}))] = c[r.value];
    });
}

template <typename Tiled, int KSteps, bool UseArray>
__global__ __launch_bounds__(Tiled::block_size) void gemm_kernel(const typename Tiled::dtype_a* A,
                                                                 const typename Tiled::dtype_b* B,
                                                                 typename Tiled::dtype_c* C) {
    gemm_body<Tiled, KSteps, UseArray>(A, B, C);
}

} // namespace opus_mma_test
