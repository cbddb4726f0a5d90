// Tiled MMA on the host: partition layouts against the instruction's (A, B) and AMD's tables
// (C) for every wave and lane, and
// a register-level model of the instructions (A*B+C as the tables place the registers) run
// through the tiled schedule must reproduce a reference GEMM of the block.
#include "mma_reference.hpp"

#include <catch2/catch_test_macros.hpp>

#include <cstdlib>

using namespace opus;

namespace {

template <typename T> constexpr int bits_of() { return static_cast<int>(sizeof(T) * 8); }

template <typename Tiled>
mma_ref::instr_table table_for(const std::string& csv, int factor) {
    using mma = typename Tiled::mma;
    auto base = mma_ref::load(csv, bits_of<typename mma::dtype_a>(), bits_of<typename mma::dtype_c>());
    REQUIRE(base.ok);
    return mma_ref::widen_k(base, factor, mma::K / factor, mma::elem_a / factor, target_has_wmma(mma::target));
}

template <typename Tiled>
void check_tiled_lanes(const mma_ref::instr_table& t) {
    using mma = typename Tiled::mma;
    constexpr int W = mma::wave_size, Mi = mma::M, Ni = mma::N, Ki = mma::K;
    constexpr int BK = Tiled::block_k, BN = Tiled::block_n;
    constexpr int TM = Tiled::tile_m, TN = Tiled::tile_n, TK = Tiled::tile_k;
    int bad = 0;
    for (int wave = 0; wave < Tiled::num_waves; ++wave) {
        auto wc = Tiled::wave_coord(wave);
        int wm = get<0>(wc), wn = get<1>(wc), wk = get<2>(wc);
        for (int lane = 0; lane < W; ++lane) {
            // A and B: the instruction's layouts nested in the tile (their K order pairs A and B,
            // test_mma_lanes.cpp checks it against the tables); C: the table's exactly
            auto ia = mma::layout_a(make_tuple(Ki, 1_I), mma::lane_coord_a(lane));
            auto ib = mma::layout_b(make_tuple(Ki, 1_I), mma::lane_coord_b(lane));
            auto ua = Tiled::layout_a(make_tuple(BK, 1_I), Tiled::p_coord_a(wm, wk, lane));
            auto ub = Tiled::layout_b(make_tuple(BK, 1_I), Tiled::p_coord_b(wn, wk, lane));
            auto uc = Tiled::layout_c(make_tuple(BN, 1_I), Tiled::p_coord_c(wm, wn, lane));
            for (int r = 0; r < Tiled::tile_a_len; ++r) {
                int idx = r / mma::elem_a, e = r % mma::elem_a, em = idx / Tiled::expand_k, ek = idx % Tiled::expand_k;
                REQUIRE(Tiled::offset_a(em, ek) + e == r);
                const int o = mma_ref::offset_of(ia, e);
                if (o / Ki != t.a.at.at({lane, e}).row) ++bad;
                int want = (em * TM * Mi + wm * Mi + o / Ki) * BK + ek * TK * Ki + wk * Ki + o % Ki;
                if (mma_ref::offset_of(ua, r) != want) ++bad;
            }
            for (int r = 0; r < Tiled::tile_b_len; ++r) {
                int idx = r / mma::elem_b, e = r % mma::elem_b, en = idx / Tiled::expand_k, ek = idx % Tiled::expand_k;
                const int o = mma_ref::offset_of(ib, e);
                if (o / Ki != t.b.at.at({lane, e}).col) ++bad;
                int want = (en * TN * Ni + wn * Ni + o / Ki) * BK + ek * TK * Ki + wk * Ki + o % Ki;
                if (mma_ref::offset_of(ub, r) != want) ++bad;
            }
            for (int r = 0; r < Tiled::tile_c_len; ++r) {
                int idx = r / mma::elem_c, e = r % mma::elem_c, em = idx / Tiled::expand_n, en = idx % Tiled::expand_n;
                REQUIRE(Tiled::offset_c(em, en) + e == r);
                auto d = t.d.at.at({lane, e});
                int m0 = mma::swap_ab ? d.col : d.row, n0 = mma::swap_ab ? d.row : d.col;
                int want = (em * TM * Mi + wm * Mi + m0) * BN + en * TN * Ni + wn * Ni + n0;
                if (mma_ref::offset_of(uc, r) != want) ++bad;
            }
        }
    }
    CHECK(bad == 0);
}

// Register-level model: the (possibly widened) table says which (row, col) of the
// instruction's A (M x K), B (K x N) and D each (lane, element) holds.
template <typename Tiled>
void check_tiled_gemm(const mma_ref::instr_table& t) {
    using mma = typename Tiled::mma;
    constexpr int W = mma::wave_size, BM = Tiled::block_m, BN = Tiled::block_n, BK = Tiled::block_k;
    constexpr int Mi = mma::M, Ni = mma::N, Ki = mma::K;
    // where the instruction reads A[m][k] / B[k][n] from: (lane, elem)
    std::map<std::pair<int, int>, std::pair<int, int>> a_src, b_src;
    for (auto& [key, e] : t.a.at) a_src.emplace(std::make_pair(e.row, e.col), key);
    for (auto& [key, e] : t.b.at) b_src.emplace(std::make_pair(e.row, e.col), key);

    std::vector<double> A(BM * BK), B(BN * BK), C(BM * BN, 0.0), R(BM * BN, 0.0);
    std::srand(7);
    for (auto& v : A) v = std::rand() % 7 - 3;
    for (auto& v : B) v = std::rand() % 7 - 3;
    for (int m = 0; m < BM; ++m)
        for (int n = 0; n < BN; ++n)
            for (int k = 0; k < BK; ++k) R[m * BN + n] += A[m * BK + k] * B[n * BK + k];

    for (int wave = 0; wave < Tiled::num_waves; ++wave) {
        auto wc = Tiled::wave_coord(wave);
        int wm = get<0>(wc), wn = get<1>(wc), wk = get<2>(wc);
        std::vector<std::vector<double>> ra(W), rb(W), rc(W);
        for (int lane = 0; lane < W; ++lane) {  // "bulk load" in y order
            auto ua = Tiled::layout_a(make_tuple(BK, 1_I), Tiled::p_coord_a(wm, wk, lane));
            auto ub = Tiled::layout_b(make_tuple(BK, 1_I), Tiled::p_coord_b(wn, wk, lane));
            for (int r = 0; r < Tiled::tile_a_len; ++r) ra[lane].push_back(A[mma_ref::offset_of(ua, r)]);
            for (int r = 0; r < Tiled::tile_b_len; ++r) rb[lane].push_back(B[mma_ref::offset_of(ub, r)]);
            rc[lane].assign(Tiled::tile_c_len, 0.0);
        }
        // the tiled schedule: every (ek, em, en) issues one instruction on register slices
        for (int ek = 0; ek < Tiled::expand_k; ++ek)
            for (int em = 0; em < Tiled::expand_m; ++em)
                for (int en = 0; en < Tiled::expand_n; ++en) {
                    int oa = Tiled::offset_a(em, ek), ob = Tiled::offset_b(en, ek), oc = Tiled::offset_c(em, en);
                    // swap_ab: the instruction's A operand is our B registers and vice versa
                    auto& pa = mma::swap_ab ? rb : ra;
                    auto& pb = mma::swap_ab ? ra : rb;
                    int opa = mma::swap_ab ? ob : oa, opb = mma::swap_ab ? oa : ob;
                    std::vector<std::vector<double>> out = rc;
                    for (auto& [key, d] : t.d.at) {
                        double s = 0;
                        for (int k = 0; k < Ki; ++k) {
                            auto sa = a_src.at({d.row, k});
                            auto sb = b_src.at({k, d.col});
                            s += pa[sa.first][opa + sa.second] * pb[sb.first][opb + sb.second];
                        }
                        out[key.first][oc + key.second] = rc[key.first][oc + key.second] + s;
                    }
                    rc = out;
                }
        for (int lane = 0; lane < W; ++lane) {  // store (waves along K accumulate)
            auto uc = Tiled::layout_c(make_tuple(BN, 1_I), Tiled::p_coord_c(wm, wn, lane));
            for (int r = 0; r < Tiled::tile_c_len; ++r) C[mma_ref::offset_of(uc, r)] += rc[lane][r];
        }
    }
    (void)Mi; (void)Ni;
    int bad = 0;
    for (int i = 0; i < BM * BN; ++i) bad += C[i] != R[i];
    CHECK(bad == 0);
}

template <typename Tiled>
void check_all(const std::string& csv, int factor = 1) {
    INFO(csv << " block " << Tiled::block_m << "x" << Tiled::block_n << "x" << Tiled::block_k << " swap "
              << Tiled::mma::swap_ab);
    auto t = table_for<Tiled>(csv, factor);
    check_tiled_lanes<Tiled>(t);
    check_tiled_gemm<Tiled>(t);
}

template <typename A, typename B, typename C, target T, int EM, int EN, int EK, int TM, int TN, int TK, int WM,
          int WN, int WK>
void check_both(const std::string& csv, int factor = 1) {
    using t0 = decltype(make_tiled_mma<A, B, C, T>(seq<EM, EN, EK>{}, seq<TM, TN, TK>{}, seq<WM, WN, WK>{}));
    using t1 = decltype(make_tiled_mma<A, B, C, T>(seq<EM, EN, EK>{}, seq<TM, TN, TK>{}, seq<WM, WN, WK>{},
                                                   mfma_adaptor_swap_ab{}));
    check_all<t0>(csv, factor);
    check_all<t1>(csv, factor);
}

} // namespace

TEST_CASE("tiled mma: guide example 64x32x16 (EXPAND 2x1, 2x2 waves, 16x16x16, swap_ab)", "[mma][tiled]") {
    auto tmma = make_tiled_mma<fp16_t, fp16_t, fp32_t, target::gfx942>(seq<2, 1, 1>{}, seq<2, 2, 1>{},
                                                                         seq<16, 16, 16>{}, mfma_adaptor_swap_ab{});
    using T = decltype(tmma);
    STATIC_REQUIRE(T::block_m == 64);
    STATIC_REQUIRE(T::block_n == 32);
    STATIC_REQUIRE(T::block_k == 16);
    STATIC_REQUIRE(T::tile_a_len == 8);
    STATIC_REQUIRE(T::tile_b_len == 4);
    STATIC_REQUIRE(T::tile_c_len == 8);
    STATIC_REQUIRE(T::elem_a == 4);  // the instruction's, as in aiter's opus
    STATIC_REQUIRE(T::elem_c == 4);
    STATIC_REQUIRE(is_same_v<T::vtype_a, fp16x8_t>);
    STATIC_REQUIRE(is_same_v<T::atype_c, array<fp32x4_t, 2>>);
    check_all<T>("cdna3/v_mfma_f32_16x16x16_f16.csv");
}

TEST_CASE("tiled mma: non-square expand/tile, both swap modes, MFMA", "[mma][tiled]") {
    check_both<fp16_t, fp16_t, fp32_t, target::gfx942, 2, 3, 1, 1, 2, 1, 32, 32, 8>("cdna3/v_mfma_f32_32x32x8_f16.csv");
    check_both<fp16_t, fp16_t, fp32_t, target::gfx942, 1, 2, 2, 2, 1, 1, 16, 16, 16>("cdna3/v_mfma_f32_16x16x16_f16.csv");
    check_both<bf16_t, bf16_t, fp32_t, target::gfx942, 2, 1, 2, 1, 1, 2, 16, 16, 32>("cdna3/v_mfma_f32_16x16x16_bf16.csv", 2);
    check_both<fp16_t, fp16_t, fp32_t, target::gfx950, 1, 2, 1, 2, 1, 1, 32, 32, 16>("cdna3/v_mfma_f32_32x32x8_f16.csv", 2);
    check_both<i8_t, i8_t, i32_t, target::gfx90a, 2, 2, 1, 1, 1, 1, 32, 32, 8>("cdna2/v_mfma_i32_32x32x8i8.csv");
    check_both<double, double, double, target::gfx942, 1, 2, 1, 2, 1, 1, 16, 16, 4>("cdna3/v_mfma_f64_16x16x4_f64.csv");
    check_both<fp8_t, bf8_t, fp32_t, target::gfx942, 2, 1, 1, 1, 2, 1, 16, 16, 32>("cdna3/v_mfma_f32_16x16x32_fp8_bf8.csv");
}

TEST_CASE("tiled mma: WMMA", "[mma][tiled]") {
    check_both<fp16_t, fp16_t, fp32_t, target::gfx11_w32, 2, 1, 1, 1, 2, 1, 16, 16, 16>("rdna3/v_wmma_f32_16x16x16_f16.csv");
    check_both<i8_t, i8_t, i32_t, target::gfx11_w64, 1, 2, 2, 2, 1, 1, 16, 16, 16>("rdna3/v_wmma_i32_16x16x16_iu8_w64.csv");
    check_both<fp16_t, fp16_t, fp32_t, target::gfx12_w32, 2, 2, 1, 1, 1, 2, 16, 16, 32>("rdna4/v_wmma_f32_16x16x16_f16.csv", 2);
    check_both<fp8_t, fp8_t, fp32_t, target::gfx12_w32, 1, 2, 1, 2, 1, 1, 16, 16, 16>("rdna4/v_wmma_f32_16x16x16_fp8_fp8.csv");
    check_both<fp16_t, fp16_t, fp32_t, target::gfx12_w64, 2, 1, 1, 1, 2, 1, 16, 16, 32>("rdna4/v_wmma_f32_16x16x16_f16_w64.csv", 2);
    check_both<bf8_t, fp8_t, fp32_t, target::gfx12_w64, 1, 2, 2, 2, 1, 1, 16, 16, 16>("rdna4/v_wmma_f32_16x16x16_bf8_fp8_w64.csv");
}
