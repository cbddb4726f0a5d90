// Host check (plain C++, no GPU) that the GEMM benchmark's builtin twin computes what the
// opus kernel computes: for every thread of a block, the twin's hand-written A/B/C offsets
// (gemm_index.hpp) equal the opus tiled layouts' offsets for every register element on
// gfx942 and gfx950, and the wave coordinates agree. Together with the same MFMA order
// (ek, em, en) this is why the runtime benchmark can demand bit-identical outputs.
#include "gemm_index.hpp"
#include <opus/mma.hpp>
#include <cstdio>

namespace {
template <typename U, opus::index_t... I>
int offset_impl(const U& u, int e, opus::seq<I...>) {  // register element e -> offset
    constexpr int n = sizeof...(I);
    auto ys = u.y_shape();
    int ext[n + 1] = {static_cast<int>(opus::get<I>(ys))..., 1};
    int idx[n + 1] = {};
    for (int d = n - 1; d >= 0; --d) {
        idx[d] = e % ext[d];
        e /= ext[d];
    }
    return static_cast<int>(u(idx[I]...));
}
template <typename U> int offset(const U& u, int e) { return offset_impl(u, e, opus::make_index_seq<U::num_free>{}); }
} // namespace

int main() {
    using namespace opus;
    int bad = 0, checked = 0;
    const int k = 4096, n = 3072;  // any leading dimensions
    {
        auto check = [&](auto mma) {
            using T = decltype(mma);
            static_assert(T::block_m == OPUS_GEMM_TILE && T::block_n == OPUS_GEMM_TILE && T::block_k == OPUS_GEMM_KSTEP, "");
            for (int t = 0; t < OPUS_GEMM_BLOCK; ++t) {
                const int lane = t % 64, wave = t / 64, wm = wave / 2, wn = wave % 2;
                auto w = T::wave_coord(wave);
                bad += get<0>(w) != wm || get<1>(w) != wn || get<2>(w) != 0;
                auto ua = T::layout_a(make_tuple(k, 1_I), T::p_coord_a(get<0>(w), get<2>(w), lane));
                auto ub = T::layout_b(make_tuple(k, 1_I), T::p_coord_b(get<1>(w), get<2>(w), lane));
                auto uc = T::layout_c(make_tuple(n, 1_I), T::p_coord_c(get<0>(w), get<1>(w), lane));
                for (int e = 0; e < 2; ++e)
                    for (int ek = 0; ek < 2; ++ek)
                        for (int j = 0; j < 4; ++j) {
                            const int r = (e * 2 + ek) * 4 + j;  // the twin's va[e][ek][j] / vb[e][ek][j]
                            bad += offset(ua, r) != opus_gemm::twin_ab_offset(lane, wm, e, ek, k) + j;
                            bad += offset(ub, r) != opus_gemm::twin_ab_offset(lane, wn, e, ek, k) + j;
                            checked += 2;
                        }
                for (int em = 0; em < 2; ++em)
                    for (int en = 0; en < 2; ++en)
                        for (int r = 0; r < 16; ++r) {  // the twin's acc[em][en][r]
                            const int want = opus_gemm::twin_c_row(lane, wm, em, r) * n + opus_gemm::twin_c_col(lane, wn, en);
                            bad += offset(uc, (em * 2 + en) * 16 + r) != want;
                            ++checked;
                        }
            }
        };
        check(make_tiled_mma<fp16_t, fp16_t, fp32_t, target::gfx942>(seq<2, 2, 2>{}, seq<2, 2, 1>{}, seq<32, 32, 8>{}));
        check(make_tiled_mma<fp16_t, fp16_t, fp32_t, target::gfx950>(seq<2, 2, 2>{}, seq<2, 2, 1>{}, seq<32, 32, 8>{}));
    }
    std::printf("gemm twin vs opus layouts (gfx942, gfx950): %d offsets checked, %d mismatches\n", checked, bad);
    return bad != 0;
}
