// aiter's partition layouts (partition_layout_a/b/c[_packed], mma/aiter.hpp) against
// AMD's register tables, by simulation: every lane loads A and B through the partition
// layouts, the instruction is executed as the table says (register (lane, e) is element
// (row, col) of the instruction's operand; swap_ab feeds B as the instruction's A), and C is
// stored through partition_layout_c. The result must be A * B^T exactly, for every
// instruction opus has (the K order inside a lane may differ from mma.layout_a's, C must not),
// and for tiled MMAs whose expansion steps use the register slices operator() / step_k use.
#include "mma_reference.hpp"
#include <opus/mma/aiter.hpp>  // aiter's layer (what opus/opus.hpp adds)

#include <catch2/catch_test_macros.hpp>

using namespace opus;

namespace {

template <typename T> constexpr int bits_of() {
    return (is_same_v<T, fp4_t> || is_same_v<T, fp6_t> || is_same_v<T, bf6_t>) ? 8 : static_cast<int>(sizeof(T) * 8);
}

using regs = std::vector<std::vector<long long>>;  // [lane][element]

// one instruction of the table on per-lane registers: c += A_hw * B_hw. Replicated lanes must
// agree (a mismatch counts as an error).
int execute(const mma_ref::instr_table& t, bool swap, const regs& ra, const regs& rb, regs& rc, int oa, int ob,
            int oc) {
    int bad = 0;
    const int M = t.a.rows, K = t.a.cols, N = t.b.cols;
    std::vector<long long> ah(M * K, 0), bh(K * N, 0);
    std::vector<int> seen_a(M * K, 0), seen_b(K * N, 0);
    const regs& ia = swap ? rb : ra;  // the instruction's A operand
    const regs& ib = swap ? ra : rb;
    if (swap) std::swap(oa, ob);
    for (auto& [key, en] : t.a.at) {
        long long v = ia[key.first][oa + key.second];
        int i = en.row * K + en.col;
        if (seen_a[i] && ah[i] != v) ++bad;
        ah[i] = v, seen_a[i] = 1;
    }
    for (auto& [key, en] : t.b.at) {
        long long v = ib[key.first][ob + key.second];
        int i = en.row * N + en.col;
        if (seen_b[i] && bh[i] != v) ++bad;
        bh[i] = v, seen_b[i] = 1;
    }
    for (auto& [key, en] : t.d.at) {
        long long s = 0;
        for (int k = 0; k < K; ++k) s += ah[en.row * K + k] * bh[k * N + en.col];
        rc[key.first][oc + key.second] += s;
    }
    return bad;
}

long long val_a(int m, int k) { return (m * 7 + k * 3) % 11 - 5; }
long long val_b(int n, int k) { return (n * 5 + k * 13) % 9 - 4; }

// instruction level: partition layouts of the adaptor itself
template <typename Mma>
int check_instr(const mma_ref::instr_table& t) {
    constexpr int W = Mma::wave_size, M = Mma::M, N = Mma::N, K = Mma::K;
    regs ra(W, std::vector<long long>(Mma::elem_a)), rb(W, std::vector<long long>(Mma::elem_b));
    regs rc(W, std::vector<long long>(Mma::elem_c, 0));
    std::vector<long long> cout(M * N, -999999);
    int bad = 0;
    for (int lane = 0; lane < W; ++lane) {
        auto ua = partition_layout_a(Mma{}, make_tuple(K, 1_I), make_tuple(lane % Mma::lane_width, lane / Mma::lane_width));
        auto ub = partition_layout_b<-1>(Mma{}, make_tuple(K, 1_I), make_tuple(lane % Mma::lane_width, lane / Mma::lane_width));
        auto uap = partition_layout_a_packed<1>(Mma{}, make_tuple(lane % Mma::lane_width, lane / Mma::lane_width));
        // the offset summed per x-dim equals the generic one of the coordinates
        if (ua.linear_offset != static_cast<int>(ua.coord_offset())) ++bad;
        if (uap.linear_offset != static_cast<int>(uap.coord_offset())) ++bad;
        for (int e = 0; e < Mma::elem_a; ++e) {
            int o = mma_ref::offset_of(ua, e);
            ra[lane][e] = val_a(o / K, o % K);
            if (mma_ref::offset_of(uap, e) != o) ++bad;
        }
        for (int e = 0; e < Mma::elem_b; ++e) {
            int o = mma_ref::offset_of(ub, e);
            rb[lane][e] = val_b(o / K, o % K);
        }
    }
    bad += execute(t, Mma::swap_ab, ra, rb, rc, 0, 0, 0);
    for (int lane = 0; lane < W; ++lane) {
        auto pc = Mma::swap_ab ? make_tuple(lane % Mma::lane_width, lane / Mma::lane_width)
                               : make_tuple(lane / Mma::lane_width, lane % Mma::lane_width);
        auto uc = partition_layout_c(Mma{}, make_tuple(N, 1_I), pc);
        auto ucp = partition_layout_c_packed<-1>(Mma{}, pc);
        for (int e = 0; e < Mma::elem_c; ++e) {
            int o = mma_ref::offset_of(uc, e);
            if (mma_ref::offset_of(ucp, e) != o) ++bad;
            cout[o] = rc[lane][e];
        }
    }
    for (int m = 0; m < M; ++m)
        for (int n = 0; n < N; ++n) {
            long long s = 0;
            for (int k = 0; k < K; ++k) s += val_a(m, k) * val_b(n, k);
            if (cout[m * N + n] != s && bad++ < 4) std::printf("  %s C[%d][%d] = %lld, want %lld\n", Mma::name(), m, n, cout[m * N + n], s);
        }
    return bad;
}

// tiled (TK = 1): every wave, every expansion step on the operator()'s register slices
template <typename T>
int check_tiled(const mma_ref::instr_table& t) {
    using Mma = typename T::mma;
    constexpr int W = Mma::wave_size;
    constexpr int BM = T::block_m, BN = T::block_n, BK = T::block_k;
    static_assert(T::tile_k == 1, "test: TK = 1");
    std::vector<long long> cout(BM * BN, -999999);
    int bad = 0;
    for (int w = 0; w < T::num_waves; ++w) {
        const int wm = w / T::tile_n, wn = w % T::tile_n;
        regs ra(W, std::vector<long long>(T::tile_a_len)), rb(W, std::vector<long long>(T::tile_b_len));
        regs rc(W, std::vector<long long>(T::tile_c_len, 0));
        for (int lane = 0; lane < W; ++lane) {
            auto ua = partition_layout_a(T{}, make_tuple(BK, 1_I), make_tuple(wm, lane % Mma::lane_width, 0_I, lane / Mma::lane_width));
            auto ub = partition_layout_b(T{}, make_tuple(BK, 1_I), make_tuple(wn, lane % Mma::lane_width, 0_I, lane / Mma::lane_width));
            for (int e = 0; e < T::tile_a_len; ++e) {
                int o = mma_ref::offset_of(ua, e);
                ra[lane][e] = val_a(o / BK, o % BK);
            }
            for (int e = 0; e < T::tile_b_len; ++e) {
                int o = mma_ref::offset_of(ub, e);
                rb[lane][e] = val_b(o / BK, o % BK);
            }
        }
        for (int ek = 0; ek < T::expand_k; ++ek)
            for (int em = 0; em < T::expand_m; ++em)
                for (int en = 0; en < T::expand_n; ++en)
                    bad += execute(t, Mma::swap_ab, ra, rb, rc, T::offset_a(em, ek), T::offset_b(en, ek),
                                   T::offset_c(em, en));
        for (int lane = 0; lane < W; ++lane) {
            auto c0 = Mma::swap_ab ? lane % Mma::lane_width : lane / Mma::lane_width;
            auto c1 = Mma::swap_ab ? lane / Mma::lane_width : lane % Mma::lane_width;
            auto uc = partition_layout_c(T{}, make_tuple(BN, 1_I), make_tuple(wm, c0, wn, c1));
            for (int e = 0; e < T::tile_c_len; ++e) cout[mma_ref::offset_of(uc, e)] = rc[lane][e];
        }
    }
    for (int m = 0; m < BM; ++m)
        for (int n = 0; n < BN; ++n) {
            long long s = 0;
            for (int k = 0; k < BK; ++k) s += val_a(m, k) * val_b(n, k);
            if (cout[m * BN + n] != s && bad++ < 4) std::printf("  tiled %s C[%d][%d] = %lld, want %lld\n", Mma::name(), m, n, cout[m * BN + n], s);
        }
    return bad;
}

template <typename A, typename B, typename C, target T, int M, int N, int K>
void check(const std::string& csv, int factor = 1) {
    using nosw = decltype(make_mfma<A, B, C, T>(number<M>{}, number<N>{}, number<K>{}));
    using sw = decltype(make_mfma<A, B, C, T>(number<M>{}, number<N>{}, number<K>{}, mfma_adaptor_swap_ab{}));
    mma_ref::instr_table t;
    if (csv.empty()) {  // no published table (gfx1250): the family's lane model
        t = mma_ref::table_from_model<nosw>();
    } else {
        auto base = mma_ref::load(csv, bits_of<A>(), bits_of<C>());
        INFO(csv << " x" << factor << " -> " << nosw::name());
        REQUIRE(base.ok);
        t = mma_ref::widen_k(base, factor, K / factor, nosw::elem_a / factor, target_has_wmma(T));
    }
    if constexpr (nosw::c_lanes_linear) CHECK(check_instr<nosw>(t) == 0);
    if constexpr (sw::c_lanes_linear) CHECK(check_instr<sw>(t) == 0);
    // tiled 2 x 2 x 2 expansion over 2 x 2 waves, both C orientations
    using tn = decltype(make_tiled_mma<A, B, C, T>(seq<2, 2, 2>{}, seq<2, 2, 1>{}, seq<M, N, K>{}));
    using ts = decltype(make_tiled_mma<A, B, C, T>(seq<2, 2, 2>{}, seq<2, 2, 1>{}, seq<M, N, K>{}, mfma_adaptor_swap_ab{}));
    if constexpr (nosw::c_lanes_linear) {
        CHECK(check_tiled<tn>(t) == 0);
        CHECK(check_tiled<ts>(t) == 0);
    }
}

} // namespace

TEST_CASE("partition_layout: aiter's split (grp / pack / rept) of the instructions", "[mma][aiter]") {
    // (aiter's member names: this layer's types over opus's adaptors, what opus/opus.hpp's make_mfma returns)
    using f16 = detail::aiter_mma<decltype(make_mfma<fp16_t, fp16_t, fp32_t, target::gfx942>(32_I, 32_I, 8_I))>;
    STATIC_REQUIRE(f16::grpm_a == 32 && f16::grpn_b == 32 && f16::grpn_c == 32);
    STATIC_REQUIRE(f16::grpk_a == 2 && f16::grpk_b == 2 && f16::grpm_c == 2);
    STATIC_REQUIRE(f16::pack_a == 4 && f16::rept_a == 1 && f16::pack_c == 4 && f16::rept_c == 4);
    STATIC_REQUIRE(f16::max_pack_a == 8 && f16::max_pack_c == 4);
    STATIC_REQUIRE(f16::wave_m == 32 && f16::wave_k == 8 && f16::warp_size == 64);
    // gfx950 fp8 f8f6f4: two 16-value K blocks per lane, [rept 2, grpk 2, pack 16]
    using f8 = detail::aiter_mma<decltype(make_mfma<fp8_t, fp8_t, fp32_t, target::gfx950>(32_I, 32_I, 64_I))>;
    STATIC_REQUIRE(f8::pack_a == 16 && f8::rept_a == 2 && f8::fmt_a == 0);
    STATIC_REQUIRE(f8::rept_pack::part_a::y_shape() == make_tuple(2_I, 16_I));
    // lane 33 (group 1), register 16: K = 32 + 16; mma.layout_a: K = 32 + 16 of the group's 32
    CHECK(partition_layout_a(f8{}, make_tuple(64, 1_I), make_tuple(1, 1))(1, 0) == 64 + 48);
    CHECK(f8::layout_a(make_tuple(64, 1_I), make_tuple(1, 1))(1, 0) == 64 + 32 + 16);
    // the two K orders are one type where they agree, two where rept > 1 over lane groups
    STATIC_REQUIRE(f8::rept_outer_differs && !is_same_v<f8::rept_pack, detail::aiter_parts_t<f8>>);
    STATIC_REQUIRE(!f16::rept_outer_differs && is_same_v<f16::rept_pack, detail::aiter_parts_t<f16>>);
    STATIC_REQUIRE(f8::rept_pack::part_a::y_shape() == detail::aiter_parts_t<f8>::part_a::y_shape());
    // y dims of extent 1 are kept: 16x16x16 fp16 C = [rept 1, grpm 4, pack 4]
    using c16 = decltype(make_mfma<fp16_t, fp16_t, fp32_t, target::gfx942>(16_I, 16_I, 16_I));
    STATIC_REQUIRE(c16::rept_pack::part_c::y_shape() == make_tuple(1_I, 4_I));
    STATIC_REQUIRE(c16::rept_pack::part_a::y_shape() == make_tuple(1_I, 4_I));
    // gfx12: C = [grpm p, rept y, pack y]
    using w12 = detail::aiter_mma<decltype(make_mfma<fp16_t, fp16_t, fp32_t, target::gfx12_w32>(16_I, 16_I, 16_I))>;
    STATIC_REQUIRE(w12::rept_c == 2 && w12::pack_c == 4 && w12::grpm_c == 2 && w12::pack_a == 8);
    STATIC_REQUIRE(!decltype(make_mfma<fp16_t, fp16_t, fp32_t, target::gfx12_w64>(16_I, 16_I, 16_I))::c_lanes_linear);
    // tiled: the instruction's names, expansion extents, lengths; every expansion dim kept
    using t = decltype(detail::make_aiter_tiled<decltype(detail::make_aiter_mma<bf16_t, bf16_t, fp32_t, target::gfx942, 32,
                                                                              32, 16, mfma_adaptor_swap_ab>()),
                                                1, 1, 8, 1, 1, 1>());
    STATIC_REQUIRE(t::grpm_a == 32 && t::grpn_c == 32 && t::expd_k == 8 && t::expd_m == 1);
    STATIC_REQUIRE(t::mma_a_len == 8 && t::mma_c_len == 16 && t::tile_a_len == 64 && t::tile_c_len == 16);
    STATIC_REQUIRE(t::rept_pack::part_a::y_shape() == make_tuple(1_I, 8_I, 1_I, 8_I));
    STATIC_REQUIRE(t::rept_pack::part_c::y_shape() == make_tuple(1_I, 1_I, 4_I, 4_I));
    STATIC_REQUIRE(is_same_v<t::mfma_type::vtype_a, t::mma::vtype_a>);
    // no lane coordinate: every dim free
    auto all = partition_layout_c(c16{}, make_tuple(16, 1_I));
    STATIC_REQUIRE(decltype(all)::num_free == 4);
    CHECK(all(0, 1, 2, 3) == (1 * 4 + 2) * 16 + 3);
}

TEST_CASE("partition_layout: C = A * B through aiter's layouts, CDNA2/3/4", "[mma][aiter]") {
    check<fp32_t, fp32_t, fp32_t, target::gfx90a, 32, 32, 2>("cdna2/v_mfma_f32_32x32x2f32.csv");
    check<i8_t, i8_t, i32_t, target::gfx90a, 16, 16, 16>("cdna2/v_mfma_i32_16x16x16i8.csv");
    check<double, double, double, target::gfx90a, 16, 16, 4>("cdna2/v_mfma_f64_16x16x4f64.csv");
    check<fp32_t, fp32_t, fp32_t, target::gfx942, 16, 16, 4>("cdna3/v_mfma_f32_16x16x4_f32.csv");
    check<fp16_t, fp16_t, fp32_t, target::gfx942, 32, 32, 8>("cdna3/v_mfma_f32_32x32x8_f16.csv");
    check<fp16_t, fp16_t, fp32_t, target::gfx942, 16, 16, 16>("cdna3/v_mfma_f32_16x16x16_f16.csv");
    check<bf16_t, bf16_t, fp32_t, target::gfx942, 32, 32, 16>("cdna3/v_mfma_f32_32x32x8_bf16.csv", 2);
    check<bf16_t, bf16_t, fp32_t, target::gfx942, 16, 16, 32>("cdna3/v_mfma_f32_16x16x16_bf16.csv", 2);
    check<fp8_t, fp8_t, fp32_t, target::gfx942, 32, 32, 16>("cdna3/v_mfma_f32_32x32x16_fp8_fp8.csv");
    check<fp8_t, bf8_t, fp32_t, target::gfx942, 16, 16, 32>("cdna3/v_mfma_f32_16x16x32_fp8_bf8.csv");
    check<i8_t, i8_t, i32_t, target::gfx942, 32, 32, 16>("cdna3/v_mfma_i32_32x32x16_i8.csv");
    check<fp16_t, fp16_t, fp32_t, target::gfx950, 32, 32, 16>("cdna3/v_mfma_f32_32x32x8_f16.csv", 2);
    check<bf16_t, bf16_t, fp32_t, target::gfx950, 16, 16, 32>("cdna3/v_mfma_f32_16x16x16_bf16.csv", 2);
    check<i8_t, i8_t, i32_t, target::gfx950, 16, 16, 64>("cdna3/v_mfma_i32_16x16x32_i8.csv", 2);
    check<fp8_t, fp8_t, fp32_t, target::gfx950, 32, 32, 64>("cdna3/v_mfma_f32_32x32x16_fp8_fp8.csv", 4);
    check<fp8_t, fp8_t, fp32_t, target::gfx950, 16, 16, 128>("cdna3/v_mfma_f32_16x16x32_fp8_fp8.csv", 4);
    check<fp4_t, fp4_t, fp32_t, target::gfx950, 32, 32, 64>("cdna3/v_mfma_f32_32x32x16_fp8_fp8.csv", 4);
    check<fp8_t, fp4_t, fp32_t, target::gfx950, 16, 16, 128>("cdna3/v_mfma_f32_16x16x32_fp8_fp8.csv", 4);
}

TEST_CASE("partition_layout: C = A * B through aiter's layouts, RDNA3/4", "[mma][aiter]") {
    check<fp16_t, fp16_t, fp32_t, target::gfx11_w32, 16, 16, 16>("rdna3/v_wmma_f32_16x16x16_f16.csv");
    check<fp16_t, fp16_t, fp32_t, target::gfx11_w64, 16, 16, 16>("rdna3/v_wmma_f32_16x16x16_f16_w64.csv");
    check<i8_t, i8_t, i32_t, target::gfx11_w32, 16, 16, 16>("rdna3/v_wmma_i32_16x16x16_iu8.csv");
    check<fp16_t, fp16_t, fp32_t, target::gfx12_w32, 16, 16, 16>("rdna4/v_wmma_f32_16x16x16_f16.csv");
    check<bf16_t, bf16_t, fp32_t, target::gfx12_w32, 16, 16, 32>("rdna4/v_wmma_f32_16x16x16_bf16.csv", 2);
    check<fp8_t, bf8_t, fp32_t, target::gfx12_w32, 16, 16, 16>("rdna4/v_wmma_f32_16x16x16_fp8_bf8.csv");
    check<i8_t, i8_t, i32_t, target::gfx12_w32, 16, 16, 16>("rdna4/v_wmma_i32_16x16x16_iu8.csv");
    check<fp16_t, fp16_t, fp16_t, target::gfx12_w32, 16, 16, 16>("rdna4/v_wmma_f16_16x16x16_f16.csv");
}

TEST_CASE("partition_layout: C = A * B through aiter's layouts, gfx1250 (its lane model)", "[mma][aiter]") {
    check<fp16_t, fp16_t, fp32_t, target::gfx1250, 16, 16, 32>("");
    check<bf16_t, bf16_t, bf16_t, target::gfx1250, 16, 16, 32>("");
    check<fp32_t, fp32_t, fp32_t, target::gfx1250, 16, 16, 4>("");
    check<fp8_t, bf8_t, fp32_t, target::gfx1250, 16, 16, 64>("");
    check<fp8_t, fp8_t, fp16_t, target::gfx1250, 16, 16, 128>("");
}

// (what opus/opus.hpp's make_mfma / make_tiled_mma return; this plain C++ test includes opus's
// umbrella and the layer file, where the factories are opus's own)
TEST_CASE("aiter names: make_mfma's trailing wave size, aiter's instruction aliases", "[mma][aiter]") {
    using a = decltype(detail::make_aiter_mma<fp16_t, fp16_t, fp32_t, target::gfx942, 16, 16, 16, mfma_adaptor_swap_ab,
                                              number<64>>());
    STATIC_REQUIRE(a::swap_ab && a::warp_size == 64);
    STATIC_REQUIRE(is_same_v<a, detail::aiter_mma<decltype(make_mfma<fp16_t, fp16_t, fp32_t, target::gfx942>(
                                    16_I, 16_I, 16_I, mfma_adaptor_swap_ab{}))>>);
    using w = decltype(detail::make_aiter_mma<fp16_t, fp16_t, fp32_t, target::gfx12_w32, 16, 16, 16, wmma_adaptor_swap_ab>());
    STATIC_REQUIRE(w::swap_ab && w::grpk_a == 2 && w::rept_c == 2);
    STATIC_REQUIRE(is_same_v<mfma_f32_32x32x64_fp8_fp8::adaptor, mfma_f32_32x32x64_fp8_fp8::mfma_type::adaptor>);
    STATIC_REQUIRE(mfma_scale_f32_16x16x128_fp4_fp4::fmt_a == 4 && mfma_f32_32x32x64_fp8_fp8::pack_a == 16);
    // a tiled MMA of aiter's layer: opus's tile of the instruction, the instruction as MMA
    using t1 = decltype(detail::make_aiter_tiled<a, 2, 1, 1, 1, 2, 1>());
    using t3 = decltype(make_tiled_mma<fp16_t, fp16_t, fp32_t, target::gfx942>(seq<2, 1, 1>{}, seq<1, 2, 1>{},
                                                                                    seq<16, 16, 16>{}, mfma_adaptor_swap_ab{}));
    STATIC_REQUIRE(is_same_v<t1, detail::aiter_tiled_mma<t3, a>>);
    STATIC_REQUIRE(is_same_v<t1::MMA, a> && t1::expd_m == 2 && t1::tile_n == 2);
}
