// Host model of the gfx950 scaled MFMA (v_mfma_scale_f32_32x32x64_f8f6f4 and 16x16x128) with
// MIXED operand formats (fp8 A x fp4 B) and per-block (32 K) e8m0 scales, computed from the
// per-lane register contents opus's layout_a / layout_b produce (issue 16 item 5, see
// docs/evidence.md). The model's hardware semantic: register element e of an A lane is
// multiplied with register element e of the B lane of the same K group (a lane holds 32
// values of one row / column), and the lane's single scale multiplies all 32 of its values.
// That reproduces the plain block-scaled GEMM only if, for every format, a lane's register
// element e holds the same K in A and in B and a lane's 32 values are one aligned 32-K block.
// The same model fed with the other candidate order (fp8: two 16-value K blocks per lane, fp4:
// 32 consecutive K) must fail - checked below.
#include "mma_reference.hpp"

#include <catch2/catch_test_macros.hpp>

#include <vector>

using namespace opus;

namespace {

// K of register element e of lane `lane` for the "two 16-value blocks" order of fp8 operands
// (groups = K / 32 lane groups): K 16*g + e for e < 16, 16*groups + 16*g + (e - 16) after.
int k_two_blocks(int lane, int e, int rows, int groups) {
    const int g = lane / rows;
    return e < 16 ? 16 * g + e : 16 * groups + 16 * g + (e - 16);
}

// Runs the model; alt_a: use the two-16-blocks order for A's K instead of opus's layout_a.
// Returns the number of C elements that differ from the reference GEMM.
template <int M, int N, int K> int run_model(bool alt_a) {
    using Mma = decltype(make_mfma<fp8_t, fp4_t, fp32_t, target::gfx950>(number<M>{}, number<N>{}, number<K>{}));
    static_assert(Mma::elem_a == 32 && Mma::elem_b == 32 && Mma::wave_size == 64);
    constexpr int W = 64, E = 32, G = W / M, KB = K / 32;  // G lane groups along K, KB scale blocks
    static_assert(M == N && G * E == K);
    // data: small integers and power-of-two scales, so every sum is exact in float
    std::vector<float> a(M * K), b(K * N), sa(M * KB), sb(KB * N);
    for (int i = 0; i < M * K; ++i) a[i] = float((i * 7 + 3) % 5 - 2);
    for (int i = 0; i < K * N; ++i) b[i] = float((i * 11 + 1) % 7 - 3) * 0.5f;  // fp4 values (e2m1)
    for (int i = 0; i < M * KB; ++i) sa[i] = float(1 << ((i * 5) % 4));
    for (int i = 0; i < KB * N; ++i) sb[i] = 1.0f / float(1 << ((i * 3) % 3));
    // registers as opus's layouts load them: (lane, e) -> (row, k)
    std::vector<int> ka(W * E), ra(W * E), kb(W * E), cb(W * E);
    for (int lane = 0; lane < W; ++lane) {
        auto ua = Mma::layout_a(make_tuple(K, 1_I), Mma::lane_coord_a(lane));
        auto ub = Mma::layout_b(make_tuple(K, 1_I), Mma::lane_coord_b(lane));  // B addressed N x K
        for (int e = 0; e < E; ++e) {
            const int oa = mma_ref::offset_of(ua, e), ob = mma_ref::offset_of(ub, e);
            ra[lane * E + e] = oa / K;
            ka[lane * E + e] = alt_a ? k_two_blocks(lane, e, M, G) : oa % K;
            cb[lane * E + e] = ob / K;
            kb[lane * E + e] = ob % K;
        }
    }
    // a lane's scale: the kernel loads the scale of the block its first value lies in
    auto lane_sa = [&](int lane) { return sa[ra[lane * E] * KB + ka[lane * E] / 32]; };
    auto lane_sb = [&](int lane) { return sb[(kb[lane * E] / 32) * N + cb[lane * E]]; };
    int bad = 0;
    for (int i = 0; i < M; ++i)
        for (int j = 0; j < N; ++j) {
            float hw = 0.f, ref = 0.f;
            for (int g = 0; g < G; ++g) {
                const int la = i + M * g, lb = j + N * g;  // the hardware's row / column lanes
                REQUIRE(ra[la * E] == i);
                REQUIRE(cb[lb * E] == j);
                for (int e = 0; e < E; ++e)
                    hw += a[i * K + ka[la * E + e]] * lane_sa(la) * b[kb[lb * E + e] * N + j] * lane_sb(lb);
            }
            for (int k = 0; k < K; ++k) ref += a[i * K + k] * sa[i * KB + k / 32] * b[k * N + j] * sb[(k / 32) * N + j];
            if (hw != ref) ++bad;
        }
    return bad;
}

} // namespace

TEST_CASE("scaled f8f6f4 model: fp8 A x fp4 B, per-block scales, opus layouts", "[mma][f8f6f4]") {
    CHECK(run_model<32, 32, 64>(false) == 0);
    CHECK(run_model<16, 16, 128>(false) == 0);
}

TEST_CASE("scaled f8f6f4 model: the two-16-block fp8 order does not reproduce the GEMM", "[mma][f8f6f4]") {
    CHECK(run_model<32, 32, 64>(true) > 0);
    CHECK(run_model<16, 16, 128>(true) > 0);
}
