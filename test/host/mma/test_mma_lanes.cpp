// Lane model of every matrix-core instruction in opus/mma against AMD's register layout
// tables (shared/reference/matrix-layouts):
// - the instruction's lane model (mma_ref::lane_model of its descriptor, with and without
//   mfma_adaptor_swap_ab)
//   must address exactly the element the table places at every lane and register element;
// - the adaptor's layout_c likewise;
// - the adaptor's layout_a / layout_b ([rept, pack], lane-consecutive K) must place A and B
//   rows as the table does and their K through one bijection f of the table's K, the same for
//   A and B (then C = A * B); f is the identity for the scaled f8f6f4 instructions (a lane's
//   registers are the table's, one MX scale block).
#include "mma_reference.hpp"

#include <catch2/catch_test_macros.hpp>

using namespace opus;

namespace {

// element width used to read a reference table: the fp4/fp6/bf6 operands of the scaled
// f8f6f4 instructions are checked against the fp8 tables (same element layout, the CDNA4 rule)
template <typename T> constexpr int bits_of() {
    return (is_same_v<T, fp4_t> || is_same_v<T, fp6_t> || is_same_v<T, bf6_t>) ? 8 : static_cast<int>(sizeof(T) * 8);
}

template <typename Mma> constexpr bool is_scaled() { return Mma::native::scaled; }

// Checks one adaptor against a (possibly widened) reference table. Returns mismatches.
template <typename Mma>
int check_adaptor(const mma_ref::instr_table& t) {
    constexpr int W = Mma::wave_size;
    constexpr int M = Mma::M, N = Mma::N, K = Mma::K;
    using model = mma_ref::lane_model<typename Mma::desc>;
    using model_c = conditional_t<Mma::swap_ab, typename model::part_c_swap, typename model::part_c>;
    int bad = 0;
    auto report = [&](const char* what, int lane, int e, int got, int want) {
        if (bad++ < 8)
            std::printf("  %s %s lane %d elem %d: layout gives %d, table says %d\n", Mma::name(), what, lane, e,
                        got, want);
    };
    // the tables must cover exactly wave x elem entries
    if (static_cast<int>(t.a.at.size()) != W * Mma::elem_a) report("A size", -1, -1, (int)t.a.at.size(), W * Mma::elem_a);
    if (static_cast<int>(t.b.at.size()) != W * Mma::elem_b) report("B size", -1, -1, (int)t.b.at.size(), W * Mma::elem_b);
    if (static_cast<int>(t.d.at.size()) != W * Mma::elem_c) report("C size", -1, -1, (int)t.d.at.size(), W * Mma::elem_c);
    // elem_* are counted from the descriptor's numbers; the partitions must hold as many
    if (model::part_a::elems != Mma::elem_a) report("A model elems", -1, -1, model::part_a::elems, Mma::elem_a);
    if (model::part_b::elems != Mma::elem_b) report("B model elems", -1, -1, model::part_b::elems, Mma::elem_b);
    if (model_c::elems != Mma::elem_c) report("C model elems", -1, -1, model_c::elems, Mma::elem_c);
    if (Mma::rept_pack::part_a::elems != Mma::elem_a) report("A rept_pack part elems", -1, -1, Mma::rept_pack::part_a::elems, Mma::elem_a);
    if (Mma::rept_pack::part_b::elems != Mma::elem_b) report("B rept_pack part elems", -1, -1, Mma::rept_pack::part_b::elems, Mma::elem_b);
    if (Mma::rept_pack::part_c::elems != Mma::elem_c) report("C rept_pack part elems", -1, -1, Mma::rept_pack::part_c::elems, Mma::elem_c);
    if (t.a.rows != M || t.a.cols != K || t.b.rows != K || t.b.cols != N || t.d.rows != M || t.d.cols != N)
        report("shape", -1, -1, t.a.cols, K);
    std::vector<int> f(K, -1);  // table K -> layout K
    auto pair_k = [&](const char* what, int lane, int e, int k_table, int k_layout) {
        if (f[k_table] < 0) f[k_table] = k_layout;
        else if (f[k_table] != k_layout) report(what, lane, e, k_layout, f[k_table]);
    };
    for (int lane = 0; lane < W; ++lane) {
        auto ma = model::part_a::layout(make_tuple(K, 1_I), Mma::lane_coord_a(lane));
        auto mb = model::part_b::layout(make_tuple(K, 1_I), Mma::lane_coord_b(lane));
        auto mc = model_c::layout(make_tuple(N, 1_I), Mma::lane_coord_c(lane));
        auto ua = Mma::layout_a(make_tuple(K, 1_I), Mma::lane_coord_a(lane));
        auto ub = Mma::layout_b(make_tuple(K, 1_I), Mma::lane_coord_b(lane));
        auto uc = Mma::layout_c(make_tuple(N, 1_I), Mma::lane_coord_c(lane));
        auto uap = Mma::layout_a_packed(Mma::lane_coord_a(lane));
        auto ucp = Mma::layout_c_packed(Mma::lane_coord_c(lane));
        // the plain (recomputing) layout variant, and the offset layout_linear precomputes for
        // its fixed coordinates against the one the generic layout code derives from them
        auto uar = Mma::template layout_a<-1>(make_tuple(K, 1_I), Mma::lane_coord_a(lane));
        auto ucr = Mma::template layout_c<-1>(make_tuple(N, 1_I), Mma::lane_coord_c(lane));
        if (ua.linear_offset != static_cast<int>(ua.coord_offset()))
            report("A linear_offset", lane, -1, ua.linear_offset, static_cast<int>(ua.coord_offset()));
        if (ub.linear_offset != static_cast<int>(ub.coord_offset()))
            report("B linear_offset", lane, -1, ub.linear_offset, static_cast<int>(ub.coord_offset()));
        if (uc.linear_offset != static_cast<int>(uc.coord_offset()))
            report("C linear_offset", lane, -1, uc.linear_offset, static_cast<int>(uc.coord_offset()));
        for (int e = 0; e < Mma::elem_a; ++e) {
            auto it = t.a.at.find({lane, e});
            if (it == t.a.at.end()) { report("A (no table entry)", lane, e, -1, -1); continue; }
            const int row = it->second.row, col = it->second.col;
            if (mma_ref::offset_of(ma, e) != row * K + col) report("A model", lane, e, mma_ref::offset_of(ma, e), row * K + col);
            const int got = mma_ref::offset_of(ua, e);
            if (got / K != row) report("A row", lane, e, got / K, row);
            pair_k("A K", lane, e, col, got % K);
            if (mma_ref::offset_of(uap, e) != got) report("A packed", lane, e, mma_ref::offset_of(uap, e), got);
            if (mma_ref::offset_of(uar, e) != got) report("A plain layout", lane, e, mma_ref::offset_of(uar, e), got);
        }
        for (int e = 0; e < Mma::elem_b; ++e) {  // B addressed as N x K
            auto it = t.b.at.find({lane, e});
            if (it == t.b.at.end()) { report("B (no table entry)", lane, e, -1, -1); continue; }
            const int n = it->second.col, k = it->second.row;
            if (mma_ref::offset_of(mb, e) != n * K + k) report("B model", lane, e, mma_ref::offset_of(mb, e), n * K + k);
            const int got = mma_ref::offset_of(ub, e);
            if (got / K != n) report("B column", lane, e, got / K, n);
            pair_k("B K", lane, e, k, got % K);
        }
        for (int e = 0; e < Mma::elem_c; ++e) {
            auto it = t.d.at.find({lane, e});
            int want = -1;
            if (it != t.d.at.end()) {
                // swapped: the instruction computes C^T (its rows are our N)
                want = Mma::swap_ab ? it->second.col * N + it->second.row : it->second.row * N + it->second.col;
            }
            if (mma_ref::offset_of(mc, e) != want) report("C model", lane, e, mma_ref::offset_of(mc, e), want);
            int got = mma_ref::offset_of(uc, e);
            if (got != want) report("C", lane, e, got, want);
            if (mma_ref::offset_of(ucp, e) != want) report("C packed", lane, e, mma_ref::offset_of(ucp, e), want);
            if (mma_ref::offset_of(ucr, e) != want) report("C plain layout", lane, e, mma_ref::offset_of(ucr, e), want);
        }
    }
    // f must be a bijection of [0, K) (the identity for the scaled instructions)
    std::vector<int> hit(K, 0);
    for (int k = 0; k < K; ++k) {
        if (f[k] < 0 || f[k] >= K || hit[f[k]]++) report("K pairing not a bijection", -1, k, f[k], -1);
        else if (is_scaled<Mma>() && f[k] != k) report("scaled K not the table's", -1, k, f[k], k);
    }
    return bad;
}

template <typename A, typename B, typename C, target T, int M, int N, int K>
void check(const std::string& csv, int factor = 1) {
    using nosw = decltype(make_mfma<A, B, C, T>(number<M>{}, number<N>{}, number<K>{}));
    using sw = decltype(make_mfma<A, B, C, T>(number<M>{}, number<N>{}, number<K>{}, mfma_adaptor_swap_ab{}));
    constexpr int bc = bits_of<C>();
    auto base = mma_ref::load(csv, bits_of<A>(), bc);
    INFO(csv << " x" << factor << " -> " << nosw::name() << " steps " << nosw::steps);
    REQUIRE(base.ok);
    auto t = mma_ref::widen_k(base, factor, K / factor, nosw::elem_a / factor, target_has_wmma(T));
    CHECK(check_adaptor<nosw>(t) == 0);
    CHECK(check_adaptor<sw>(t) == 0);
}

} // namespace

TEST_CASE("mma lanes: gfx90a (CDNA2 tables)", "[mma][lanes]") {
    check<fp32_t, fp32_t, fp32_t, target::gfx90a, 32, 32, 2>("cdna2/v_mfma_f32_32x32x2f32.csv");
    check<fp32_t, fp32_t, fp32_t, target::gfx90a, 16, 16, 4>("cdna2/v_mfma_f32_16x16x4f32.csv");
    check<fp16_t, fp16_t, fp32_t, target::gfx90a, 32, 32, 8>("cdna2/v_mfma_f32_32x32x8f16.csv");
    check<fp16_t, fp16_t, fp32_t, target::gfx90a, 16, 16, 16>("cdna2/v_mfma_f32_16x16x16f16.csv");
    check<bf16_t, bf16_t, fp32_t, target::gfx90a, 32, 32, 8>("cdna2/v_mfma_f32_32x32x8bf16_1k.csv");
    check<bf16_t, bf16_t, fp32_t, target::gfx90a, 16, 16, 16>("cdna2/v_mfma_f32_16x16x16bf16_1k.csv");
    check<i8_t, i8_t, i32_t, target::gfx90a, 32, 32, 8>("cdna2/v_mfma_i32_32x32x8i8.csv");
    check<i8_t, i8_t, i32_t, target::gfx90a, 16, 16, 16>("cdna2/v_mfma_i32_16x16x16i8.csv");
    check<double, double, double, target::gfx90a, 16, 16, 4>("cdna2/v_mfma_f64_16x16x4f64.csv");
    // step-K
    check<fp16_t, fp16_t, fp32_t, target::gfx90a, 32, 32, 16>("cdna2/v_mfma_f32_32x32x8f16.csv", 2);
    check<i8_t, i8_t, i32_t, target::gfx90a, 16, 16, 32>("cdna2/v_mfma_i32_16x16x16i8.csv", 2);
}

template <target T>
void check_cdna3_common() {
    check<fp32_t, fp32_t, fp32_t, T, 32, 32, 2>("cdna3/v_mfma_f32_32x32x2_f32.csv");
    check<fp32_t, fp32_t, fp32_t, T, 16, 16, 4>("cdna3/v_mfma_f32_16x16x4_f32.csv");
    check<fp16_t, fp16_t, fp32_t, T, 32, 32, 8>("cdna3/v_mfma_f32_32x32x8_f16.csv");
    check<fp16_t, fp16_t, fp32_t, T, 16, 16, 16>("cdna3/v_mfma_f32_16x16x16_f16.csv");
    check<bf16_t, bf16_t, fp32_t, T, 32, 32, 8>("cdna3/v_mfma_f32_32x32x8_bf16.csv");
    check<bf16_t, bf16_t, fp32_t, T, 16, 16, 16>("cdna3/v_mfma_f32_16x16x16_bf16.csv");
    check<i8_t, i8_t, i32_t, T, 32, 32, 16>("cdna3/v_mfma_i32_32x32x16_i8.csv");
    check<i8_t, i8_t, i32_t, T, 16, 16, 32>("cdna3/v_mfma_i32_16x16x32_i8.csv");
    check<double, double, double, T, 16, 16, 4>("cdna3/v_mfma_f64_16x16x4_f64.csv");
    check<fp8_t, fp8_t, fp32_t, T, 32, 32, 16>("cdna3/v_mfma_f32_32x32x16_fp8_fp8.csv");
    check<fp8_t, bf8_t, fp32_t, T, 32, 32, 16>("cdna3/v_mfma_f32_32x32x16_fp8_bf8.csv");
    check<bf8_t, fp8_t, fp32_t, T, 32, 32, 16>("cdna3/v_mfma_f32_32x32x16_bf8_fp8.csv");
    check<bf8_t, bf8_t, fp32_t, T, 32, 32, 16>("cdna3/v_mfma_f32_32x32x16_bf8_bf8.csv");
    check<fp8_t, fp8_t, fp32_t, T, 16, 16, 32>("cdna3/v_mfma_f32_16x16x32_fp8_fp8.csv");
    check<fp8_t, bf8_t, fp32_t, T, 16, 16, 32>("cdna3/v_mfma_f32_16x16x32_fp8_bf8.csv");
    check<bf8_t, fp8_t, fp32_t, T, 16, 16, 32>("cdna3/v_mfma_f32_16x16x32_bf8_fp8.csv");
    check<bf8_t, bf8_t, fp32_t, T, 16, 16, 32>("cdna3/v_mfma_f32_16x16x32_bf8_bf8.csv");
    // double K: step-K on gfx942, native on gfx950 -- the same lane layout either way
    check<fp16_t, fp16_t, fp32_t, T, 32, 32, 16>("cdna3/v_mfma_f32_32x32x8_f16.csv", 2);
    check<fp16_t, fp16_t, fp32_t, T, 16, 16, 32>("cdna3/v_mfma_f32_16x16x16_f16.csv", 2);
    check<bf16_t, bf16_t, fp32_t, T, 32, 32, 16>("cdna3/v_mfma_f32_32x32x8_bf16.csv", 2);
    check<bf16_t, bf16_t, fp32_t, T, 16, 16, 32>("cdna3/v_mfma_f32_16x16x16_bf16.csv", 2);
    check<i8_t, i8_t, i32_t, T, 32, 32, 32>("cdna3/v_mfma_i32_32x32x16_i8.csv", 2);
    check<i8_t, i8_t, i32_t, T, 16, 16, 64>("cdna3/v_mfma_i32_16x16x32_i8.csv", 2);
    check<fp32_t, fp32_t, fp32_t, T, 32, 32, 8>("cdna3/v_mfma_f32_32x32x2_f32.csv", 4);
    check<fp8_t, bf8_t, fp32_t, T, 32, 32, 64>("cdna3/v_mfma_f32_32x32x16_fp8_bf8.csv", 4);
    check<bf8_t, fp8_t, fp32_t, T, 16, 16, 128>("cdna3/v_mfma_f32_16x16x32_bf8_fp8.csv", 4);
}

TEST_CASE("mma lanes: gfx942 (CDNA3 tables)", "[mma][lanes]") {
    check_cdna3_common<target::gfx942>();
    using s = decltype(make_mfma<fp16_t, fp16_t, fp32_t, target::gfx942>(32_I, 32_I, 16_I));
    STATIC_REQUIRE(s::steps == 2);
    STATIC_REQUIRE(decltype(make_mfma<fp8_t, fp8_t, fp32_t, target::gfx942>(32_I, 32_I, 64_I))::steps == 4);
}

TEST_CASE("mma lanes: gfx950 (CDNA3 tables, CDNA4 double-K rule)", "[mma][lanes]") {
    check_cdna3_common<target::gfx950>();
    STATIC_REQUIRE(decltype(make_mfma<fp16_t, fp16_t, fp32_t, target::gfx950>(32_I, 32_I, 16_I))::steps == 1);
    STATIC_REQUIRE(decltype(make_mfma<bf16_t, bf16_t, fp32_t, target::gfx950>(16_I, 16_I, 32_I))::steps == 1);
    STATIC_REQUIRE(decltype(make_mfma<i8_t, i8_t, i32_t, target::gfx950>(16_I, 16_I, 64_I))::steps == 1);
    using sc = decltype(make_mfma<fp8_t, bf8_t, fp32_t, target::gfx950>(32_I, 32_I, 64_I));
    STATIC_REQUIRE(sc::steps == 1);
    STATIC_REQUIRE(sc::native::scaled);
}

TEST_CASE("mma lanes: gfx11 WMMA (RDNA3 tables, wave32 and wave64)", "[mma][lanes]") {
    check<fp16_t, fp16_t, fp32_t, target::gfx11_w32, 16, 16, 16>("rdna3/v_wmma_f32_16x16x16_f16.csv");
    check<fp16_t, fp16_t, fp32_t, target::gfx11_w64, 16, 16, 16>("rdna3/v_wmma_f32_16x16x16_f16_w64.csv");
    check<bf16_t, bf16_t, fp32_t, target::gfx11_w32, 16, 16, 16>("rdna3/v_wmma_f32_16x16x16_bf16.csv");
    check<bf16_t, bf16_t, fp32_t, target::gfx11_w64, 16, 16, 16>("rdna3/v_wmma_f32_16x16x16_bf16_w64.csv");
    check<i8_t, i8_t, i32_t, target::gfx11_w32, 16, 16, 16>("rdna3/v_wmma_i32_16x16x16_iu8.csv");
    check<i8_t, i8_t, i32_t, target::gfx11_w64, 16, 16, 16>("rdna3/v_wmma_i32_16x16x16_iu8_w64.csv");
    check<fp16_t, fp16_t, fp32_t, target::gfx11_w32, 16, 16, 32>("rdna3/v_wmma_f32_16x16x16_f16.csv", 2);
}

TEST_CASE("mma lanes: gfx12 WMMA wave32 (RDNA4 tables)", "[mma][lanes]") {
    check<fp16_t, fp16_t, fp32_t, target::gfx12_w32, 16, 16, 16>("rdna4/v_wmma_f32_16x16x16_f16.csv");
    check<bf16_t, bf16_t, fp32_t, target::gfx12_w32, 16, 16, 16>("rdna4/v_wmma_f32_16x16x16_bf16.csv");
    check<i8_t, i8_t, i32_t, target::gfx12_w32, 16, 16, 16>("rdna4/v_wmma_i32_16x16x16_iu8.csv");
    check<fp8_t, fp8_t, fp32_t, target::gfx12_w32, 16, 16, 16>("rdna4/v_wmma_f32_16x16x16_fp8_fp8.csv");
    check<fp8_t, bf8_t, fp32_t, target::gfx12_w32, 16, 16, 16>("rdna4/v_wmma_f32_16x16x16_fp8_bf8.csv");
    check<bf8_t, fp8_t, fp32_t, target::gfx12_w32, 16, 16, 16>("rdna4/v_wmma_f32_16x16x16_bf8_fp8.csv");
    check<bf8_t, bf8_t, fp32_t, target::gfx12_w32, 16, 16, 16>("rdna4/v_wmma_f32_16x16x16_bf8_bf8.csv");
    check<fp16_t, fp16_t, fp32_t, target::gfx12_w32, 16, 16, 32>("rdna4/v_wmma_f32_16x16x16_f16.csv", 2);
}

// wave64: C (and 8-bit A/B) take the lane groups in the order 0, 2, 1, 3; lane_coord_* swizzle.
TEST_CASE("mma lanes: gfx12 WMMA wave64 (RDNA4 _w64 tables)", "[mma][lanes]") {
    check<fp16_t, fp16_t, fp32_t, target::gfx12_w64, 16, 16, 16>("rdna4/v_wmma_f32_16x16x16_f16_w64.csv");
    check<bf16_t, bf16_t, fp32_t, target::gfx12_w64, 16, 16, 16>("rdna4/v_wmma_f32_16x16x16_bf16_w64.csv");
    check<i8_t, i8_t, i32_t, target::gfx12_w64, 16, 16, 16>("rdna4/v_wmma_i32_16x16x16_iu8_w64.csv");
    check<fp8_t, fp8_t, fp32_t, target::gfx12_w64, 16, 16, 16>("rdna4/v_wmma_f32_16x16x16_fp8_fp8_w64.csv");
    check<fp8_t, bf8_t, fp32_t, target::gfx12_w64, 16, 16, 16>("rdna4/v_wmma_f32_16x16x16_fp8_bf8_w64.csv");
    check<bf8_t, fp8_t, fp32_t, target::gfx12_w64, 16, 16, 16>("rdna4/v_wmma_f32_16x16x16_bf8_fp8_w64.csv");
    check<bf8_t, bf8_t, fp32_t, target::gfx12_w64, 16, 16, 16>("rdna4/v_wmma_f32_16x16x16_bf8_bf8_w64.csv");
    check<fp16_t, fp16_t, fp32_t, target::gfx12_w64, 16, 16, 32>("rdna4/v_wmma_f32_16x16x16_f16_w64.csv", 2);
    check<fp8_t, fp8_t, fp32_t, target::gfx12_w64, 16, 16, 64>("rdna4/v_wmma_f32_16x16x16_fp8_fp8_w64.csv", 4);
    // the swizzle itself: lane 16 holds C rows 8..11, lane 32 rows 4..7
    using m = decltype(make_mfma<fp16_t, fp16_t, fp32_t, target::gfx12_w64>(16_I, 16_I, 16_I));
    STATIC_REQUIRE(m::lane_coord_c(16_I) == make_tuple(2_I, 0_I));
    STATIC_REQUIRE(m::lane_coord_c(33_I) == make_tuple(1_I, 1_I));
    STATIC_REQUIRE(m::lane_coord_a(33_I) == make_tuple(1_I, 2_I));  // 16-bit A: not swizzled
    using m8 = decltype(make_mfma<fp8_t, fp8_t, fp32_t, target::gfx12_w64>(16_I, 16_I, 16_I));
    STATIC_REQUIRE(m8::lane_coord_a(33_I) == make_tuple(1_I, 1_I));  // 8-bit A: swizzled
    CHECK(m::layout_c_packed(m::lane_coord_c(16)).coord_offset() == 8 * 16);
}

// gfx1250: no published tables; opus's layouts against the family's lane model (inferred)
template <typename A, typename B, typename C, int K>
void check_model() {
    using nosw = decltype(make_mfma<A, B, C, target::gfx1250>(16_I, 16_I, number<K>{}));
    using sw = decltype(make_mfma<A, B, C, target::gfx1250>(16_I, 16_I, number<K>{}, mfma_adaptor_swap_ab{}));
    const auto t = mma_ref::table_from_model<nosw>();
    INFO(nosw::name() << " steps " << nosw::steps);
    CHECK(check_adaptor<nosw>(t) == 0);
    CHECK(check_adaptor<sw>(t) == 0);
}

TEST_CASE("mma lanes: gfx1250 WMMA (its lane model)", "[mma][lanes]") {
    check_model<fp16_t, fp16_t, fp32_t, 32>();
    check_model<fp16_t, fp16_t, fp16_t, 32>();
    check_model<bf16_t, bf16_t, fp32_t, 32>();
    check_model<bf16_t, bf16_t, bf16_t, 32>();
    check_model<fp32_t, fp32_t, fp32_t, 4>();
    check_model<fp8_t, bf8_t, fp32_t, 64>();
    check_model<bf8_t, fp8_t, fp16_t, 64>();
    check_model<fp8_t, fp8_t, fp32_t, 128>();
    check_model<bf8_t, bf8_t, fp16_t, 128>();
    check_model<fp16_t, fp16_t, fp32_t, 64>();  // step-K
    using m = decltype(make_mfma<fp16_t, fp16_t, fp32_t, target::gfx1250>(16_I, 16_I, 32_I));
    STATIC_REQUIRE(m::wave_size == 32 && m::elem_a == 16 && m::elem_c == 8 && m::steps == 1);
    STATIC_REQUIRE(m::pack_a == 8 && m::rept_a == 2 && m::pack_c == 4 && m::rept_c == 2 && m::rept_outer_differs);
    STATIC_REQUIRE(decltype(make_mfma<fp16_t, fp16_t, fp32_t, target::gfx1250>(16_I, 16_I, 64_I))::steps == 2);
}

TEST_CASE("mma: element counts and shapes of the guide", "[mma]") {
    using m32 = decltype(make_mfma<fp16_t, fp16_t, fp32_t, target::gfx942>(32_I, 32_I, 8_I));
    using m16 = decltype(make_mfma<fp16_t, fp16_t, fp32_t, target::gfx942>(seq<16, 16, 16>{}));
    STATIC_REQUIRE(m32::elem_a == 4);
    STATIC_REQUIRE(m32::elem_b == 4);
    STATIC_REQUIRE(m32::elem_c == 16);
    STATIC_REQUIRE(m16::elem_a == 4);
    STATIC_REQUIRE(m16::elem_c == 4);
    STATIC_REQUIRE(is_same_v<m32::vtype_a, fp16x4_t>);
    STATIC_REQUIRE(is_same_v<m32::vtype_c, fp32x16_t>);
    STATIC_REQUIRE(m32::p_shape_a() == make_tuple(32_I, 2_I));
    // [rept, pack]: every y dim kept, extent 1 too
    STATIC_REQUIRE(m32::y_shape_a() == make_tuple(1_I, 4_I));
    STATIC_REQUIRE(m32::p_shape_c() == make_tuple(2_I, 32_I));
    STATIC_REQUIRE(m32::y_shape_c() == make_tuple(4_I, 4_I));
    STATIC_REQUIRE(m16::y_shape_c() == make_tuple(1_I, 4_I));
    // docs/walkthrough.md's manual offset for A: (lane / 32 * 4) + (lane % 32 * stride_a)
    for (int lane = 0; lane < 64; ++lane) {
        auto u = m32::layout_a(make_tuple(40, 1_I), m32::lane_coord_a(lane));
        CHECK(u(0, 0) == lane / 32 * 4 + lane % 32 * 40);
    }
    // static lane -> static offset (zero instructions)
    constexpr auto u = m32::layout_a(make_tuple(64_I, 1_I), m32::lane_coord_a(33_I));
    STATIC_REQUIRE(is_number_v<decltype(u.coord_offset())>);
}

// gfx950 scaled f8f6f4 with every operand format: the element layout is fp8's (32 consecutive
// K per lane: the CDNA3 fp8 tables widened 4x); the format codes (cbsz / blgp) follow from the
// types, swapped with swap_ab; the register container holds 32 values of the format's width.
template <typename T> constexpr int f8f6f4_code() {
    return is_same_v<T, fp8_t> ? 0 : is_same_v<T, bf8_t> ? 1 : is_same_v<T, fp6_t> ? 2 : is_same_v<T, bf6_t> ? 3 : 4;
}
template <typename A, typename B>
void check_f8f6f4() {
    check<A, B, fp32_t, target::gfx950, 32, 32, 64>("cdna3/v_mfma_f32_32x32x16_fp8_fp8.csv", 4);
    check<A, B, fp32_t, target::gfx950, 16, 16, 128>("cdna3/v_mfma_f32_16x16x32_fp8_fp8.csv", 4);
    using m = decltype(make_mfma<A, B, fp32_t, target::gfx950>(32_I, 32_I, 64_I));
    using s = decltype(make_mfma<A, B, fp32_t, target::gfx950>(16_I, 16_I, 128_I, mfma_adaptor_swap_ab{}));
    STATIC_REQUIRE(m::steps == 1);
    STATIC_REQUIRE(m::native::scaled);
    STATIC_REQUIRE(m::issued::format_a == f8f6f4_code<A>());
    STATIC_REQUIRE(m::issued::format_b == f8f6f4_code<B>());
    STATIC_REQUIRE(s::issued::format_a == f8f6f4_code<B>());  // the instruction's A is our B
    STATIC_REQUIRE(s::issued::format_b == f8f6f4_code<A>());
    STATIC_REQUIRE(m::elem_a == 32);
    STATIC_REQUIRE(sizeof(typename m::vtype_a) == 32 * detail::mma_value_bits<A> / 8);
    STATIC_REQUIRE(sizeof(typename m::vtype_b) == 32 * detail::mma_value_bits<B> / 8);
    // 2 x K: step-K of the scaled instruction
    STATIC_REQUIRE(decltype(make_mfma<A, B, fp32_t, target::gfx950>(32_I, 32_I, 128_I))::steps == 2);
}
template <typename A>
void check_f8f6f4_row() {
    check_f8f6f4<A, fp8_t>();
    check_f8f6f4<A, bf8_t>();
    check_f8f6f4<A, fp6_t>();
    check_f8f6f4<A, bf6_t>();
    check_f8f6f4<A, fp4_t>();
}
TEST_CASE("mma lanes: gfx950 scaled f8f6f4, every A/B format (fp8, bf8, fp6, bf6, fp4)", "[mma][lanes]") {
    check_f8f6f4_row<fp8_t>();
    check_f8f6f4_row<bf8_t>();
    check_f8f6f4_row<fp6_t>();
    check_f8f6f4_row<bf6_t>();
    check_f8f6f4_row<fp4_t>();
    STATIC_REQUIRE(is_same_v<decltype(make_mfma<fp4_t, fp6_t, fp32_t, target::gfx950>(32_I, 32_I, 64_I))::vtype_a,
                             packed_vector<fp4_t, 32>>);
    STATIC_REQUIRE(is_same_v<decltype(make_mfma<fp4_t, fp6_t, fp32_t, target::gfx950>(32_I, 32_I, 64_I))::vtype_b,
                             packed6_vector<fp6_t, 32>>);
}

// gfx1250 16x16x128 f8f6f4 (and the dense fp8 / bf8 one with f32 C, which shares its layout):
// the layout that Triton (LinearLayoutConversions.cpp, kWidth 16 for the scaled dot),
// composable_kernel (test/mx_wmma_op/mx_wmma_op.hpp register tables) and ROCm's hip-fpsan
// (probed on the hardware) use, written here as formulas of the lane half h = lane / 16:
//   fp8 / bf8 byte b of lane l:       row / column l % 16, k = b % 16 + 16 h + 32 (b / 16)
//   fp4 / fp6 / bf6 value q of lane l: row / column l % 16, k = q % 32 + 32 h + 64 (q / 32)
//   C element e of lane l:            row e + 8 h, column l % 16
// K is exact (a scaled instruction): byte j of a lane's scale scales K [32j, 32j + 32).
// K of element e of a lane in half h of the wave: 8-bit runs of 16, 4- / 6-bit runs of 32
int gfx1250_f8f6f4_k(bool byte, int e, int h) { return byte ? e % 16 + 16 * h + 32 * (e / 16) : e % 32 + 32 * h + 64 * (e / 32); }

template <typename A, typename B>
void check_gfx1250_f8f6f4() {
    using nosw = decltype(make_mfma<A, B, fp32_t, target::gfx1250>(16_I, 16_I, 128_I));
    using sw = decltype(make_mfma<A, B, fp32_t, target::gfx1250>(16_I, 16_I, 128_I, mfma_adaptor_swap_ab{}));
    STATIC_REQUIRE(nosw::native::scaled);
    STATIC_REQUIRE(nosw::issued::format_a == f8f6f4_code<A>() && nosw::issued::format_b == f8f6f4_code<B>());
    STATIC_REQUIRE(sw::issued::format_a == f8f6f4_code<B>() && sw::issued::format_b == f8f6f4_code<A>());
    STATIC_REQUIRE(nosw::elem_a == 64 && nosw::elem_c == 8 && nosw::steps == 1);
    STATIC_REQUIRE(sizeof(typename nosw::vtype_a) == 64 * detail::mma_value_bits<A> / 8);
    STATIC_REQUIRE(sizeof(typename nosw::vtype_b) == 64 * detail::mma_value_bits<B> / 8);
    constexpr bool byte_a = detail::mma_value_bits<A> == 8, byte_b = detail::mma_value_bits<B> == 8;
    mma_ref::instr_table t;
    t.ok = true;
    t.a.rows = 16, t.a.cols = 128, t.b.rows = 128, t.b.cols = 16, t.d.rows = 16, t.d.cols = 16;
    for (int lane = 0; lane < 32; ++lane) {
        const int h = lane / 16, i = lane % 16;
        for (int e = 0; e < 64; ++e) {
            t.a.at[{lane, e}] = mma_ref::entry{i, gfx1250_f8f6f4_k(byte_a, e, h)};
            t.b.at[{lane, e}] = mma_ref::entry{gfx1250_f8f6f4_k(byte_b, e, h), i};
        }
        for (int e = 0; e < 8; ++e) t.d.at[{lane, e}] = mma_ref::entry{e + 8 * h, i};
    }
    INFO(nosw::name());
    CHECK(check_adaptor<nosw>(t) == 0);
    CHECK(check_adaptor<sw>(t) == 0);
    const auto m = mma_ref::table_from_model<nosw>();
    auto same = [](const auto& x, const auto& y) {
        if (x.size() != y.size()) return false;
        for (const auto& [key, e] : x) {
            const auto it = y.find(key);
            if (it == y.end() || it->second.row != e.row || it->second.col != e.col) return false;
        }
        return true;
    };
    CHECK(same(m.a.at, t.a.at));
    CHECK(same(m.d.at, t.d.at));
}

TEST_CASE("mma lanes: gfx1250 f8f6f4, the published layouts (scaled and not)", "[mma][lanes]") {
    check_gfx1250_f8f6f4<fp8_t, fp8_t>();
    check_gfx1250_f8f6f4<fp8_t, bf8_t>();
    check_gfx1250_f8f6f4<bf8_t, fp8_t>();
    check_gfx1250_f8f6f4<bf8_t, bf8_t>();
    check_gfx1250_f8f6f4<fp4_t, fp4_t>();
    check_gfx1250_f8f6f4<fp4_t, fp6_t>();
    check_gfx1250_f8f6f4<bf6_t, fp4_t>();
    check_gfx1250_f8f6f4<fp6_t, bf6_t>();
    CHECK(std::string(decltype(make_mfma<fp8_t, fp8_t, fp32_t, target::gfx1250>(16_I, 16_I, 128_I))::name()) ==
          "v_wmma_f32_16x16x128_fp8_fp8");
    CHECK(std::string(decltype(make_mfma<fp4_t, fp6_t, fp32_t, target::gfx1250>(16_I, 16_I, 128_I))::name()) ==
          "v_wmma_f32_16x16x128_f8f6f4");
    // fp8 / bf8 with a 4- or 6-bit operand: each operand with its own K runs (16 and 32)
    check_gfx1250_f8f6f4<fp8_t, fp4_t>();
    check_gfx1250_f8f6f4<fp6_t, bf8_t>();
    check_gfx1250_f8f6f4<bf8_t, bf6_t>();
    check_gfx1250_f8f6f4<fp4_t, fp8_t>();
    // 32x16x128 fp4: A's rows 16-31 in registers 8-15 (byte q of A: row l % 16 + 16 (q / 64), K of
    // value q % 64 by the fp4 formula), B as the 16x16 fp4 form, C 16 registers: row r % 8 +
    // 8 (l / 16) + 16 (r / 8) (Triton: "32x16 is two 16x16 stacked"; composable_kernel's
    // 32x16x128 register table; rocjitsu's two-instruction split of it)
    {
        using m = decltype(make_mfma<fp4_t, fp4_t, fp32_t, target::gfx1250>(32_I, 16_I, 128_I));
        STATIC_REQUIRE(m::native::scaled && m::elem_a == 128 && m::elem_b == 64 && m::elem_c == 16);
        STATIC_REQUIRE(sizeof(m::vtype_a) == 64 && sizeof(m::vtype_b) == 32);
        mma_ref::instr_table t;
        t.ok = true;
        t.a.rows = 32, t.a.cols = 128, t.b.rows = 128, t.b.cols = 16, t.d.rows = 32, t.d.cols = 16;
        for (int lane = 0; lane < 32; ++lane) {
            const int h = lane / 16, i = lane % 16;
            for (int q = 0; q < 128; ++q)
                t.a.at[{lane, q}] = mma_ref::entry{i + 16 * (q / 64), gfx1250_f8f6f4_k(false, q % 64, h)};
            for (int q = 0; q < 64; ++q) t.b.at[{lane, q}] = mma_ref::entry{gfx1250_f8f6f4_k(false, q, h), i};
            for (int r = 0; r < 16; ++r) t.d.at[{lane, r}] = mma_ref::entry{r % 8 + 8 * h + 16 * (r / 8), i};
        }
        INFO(m::name());
        CHECK(std::string(m::name()) == "v_wmma_f32_32x16x128_f4");
        CHECK(check_adaptor<m>(t) == 0);
    }
    // the f16-accumulator fp8 rows are dense only
    STATIC_REQUIRE(!decltype(make_mfma<fp8_t, fp8_t, fp16_t, target::gfx1250>(16_I, 16_I, 128_I))::native::scaled);
}

// swap_ab with mixed types issues the (B, A) form of the instruction
TEST_CASE("mma: swap_ab with mixed fp8/bf8 issues the (B, A) instruction", "[mma]") {
    using s = decltype(make_mfma<fp8_t, bf8_t, fp32_t, target::gfx942>(32_I, 32_I, 16_I, mfma_adaptor_swap_ab{}));
    using n = decltype(make_mfma<fp8_t, bf8_t, fp32_t, target::gfx942>(32_I, 32_I, 16_I));
    CHECK(std::string(s::name()) == "v_mfma_f32_32x32x16_bf8_fp8");
    CHECK(std::string(n::name()) == "v_mfma_f32_32x32x16_fp8_bf8");
    using w = decltype(make_mfma<bf8_t, fp8_t, fp32_t, target::gfx12_w32>(16_I, 16_I, 16_I, mfma_adaptor_swap_ab{}));
    CHECK(std::string(w::name()) == "v_wmma_f32_16x16x16_fp8_bf8");
}

// Packed operand containers: value i sits at bits [w*i, w*(i+1)) (fp4: byte i/2, low nibble
// first; fp6: the dword stream); slices keep that order.
TEST_CASE("mma operands: packed fp4 / fp6 containers and slices", "[mma]") {
    packed_vector<fp4_t, 64> p4{};
    for (int i = 0; i < 64; ++i) p4[i] = fp4_t{static_cast<uint8_t>((i * 7 + 3) % 16)};
    auto s4 = mma_operand_slice<32, 32>(p4);
    STATIC_REQUIRE(is_same_v<decltype(s4), packed_vector<fp4_t, 32>>);
    for (int j = 0; j < 32; ++j) CHECK(((s4.content[j / 2] >> (4 * (j % 2))) & 15) == ((32 + j) * 7 + 3) % 16);
    packed6_vector<bf6_t, 64> p6{};
    STATIC_REQUIRE(sizeof(p6) == 48);
    auto put6 = [](uint32_t* d, int i, uint32_t v) {
        for (int b = 0; b < 6; ++b) d[(6 * i + b) / 32] |= ((v >> b) & 1u) << ((6 * i + b) % 32);
    };
    auto get6 = [](const uint32_t* d, int i) {
        uint32_t v = 0;
        for (int b = 0; b < 6; ++b) v |= ((d[(6 * i + b) / 32] >> ((6 * i + b) % 32)) & 1u) << b;
        return v;
    };
    for (int i = 0; i < 64; ++i) put6(p6.data, i, static_cast<uint32_t>((i * 11 + 5) % 64));
    auto s6 = mma_operand_slice<32, 32>(p6);
    STATIC_REQUIRE(is_same_v<decltype(s6), packed6_vector<bf6_t, 32>>);
    for (int j = 0; j < 32; ++j) CHECK(get6(s6.data, j) == static_cast<uint32_t>(((32 + j) * 11 + 5) % 64));
    auto s0 = mma_operand_slice<0, 16>(p6);
    for (int j = 0; j < 16; ++j) CHECK(get6(s0.data, j) == static_cast<uint32_t>((j * 11 + 5) % 64));
}

namespace {
// lane_coord_a/b/c(number<l>) must be number<>s and equal lane_coord_a/b/c(l), for every lane
template <typename Mma>
int static_lane_mismatches() {
    int bad = 0;
    static_for<Mma::wave_size>([&](auto l) {
        const auto sa = Mma::lane_coord_a(l);
        const auto sb = Mma::lane_coord_b(l);
        const auto sc = Mma::lane_coord_c(l);
        static_assert(is_number_v<decltype(get<0>(sa))> && is_number_v<decltype(get<1>(sa))> &&
                      is_number_v<decltype(get<0>(sc))> && is_number_v<decltype(get<1>(sc))>);
        const index_t lane = l.value;
        const auto ra = Mma::lane_coord_a(lane);
        const auto rb = Mma::lane_coord_b(lane);
        const auto rc = Mma::lane_coord_c(lane);
        bad += get<0>(sa).value != get<0>(ra) || get<1>(sa).value != get<1>(ra);
        bad += get<0>(sb).value != get<0>(rb) || get<1>(sb).value != get<1>(rb);
        bad += get<0>(sc).value != get<0>(rc) || get<1>(sc).value != get<1>(rc);
    });
    return bad;
}
} // namespace

TEST_CASE("mma: coordinates of a number<> lane / wave are number<>s equal to the runtime ones", "[mma][lanes]") {
    CHECK(static_lane_mismatches<decltype(make_mfma<fp16_t, fp16_t, fp32_t, target::gfx942>(32_I, 32_I, 8_I))>() == 0);
    CHECK(static_lane_mismatches<decltype(make_mfma<fp16_t, fp16_t, fp32_t, target::gfx942>(
              16_I, 16_I, 16_I, mfma_adaptor_swap_ab{}))>() == 0);
    CHECK(static_lane_mismatches<decltype(make_mfma<fp16_t, fp16_t, fp32_t, target::gfx12_w64>(16_I, 16_I, 16_I))>() == 0);
    CHECK(static_lane_mismatches<decltype(make_mfma<fp8_t, fp8_t, fp32_t, target::gfx12_w64>(
              16_I, 16_I, 16_I, mfma_adaptor_swap_ab{}))>() == 0);
    CHECK(static_lane_mismatches<decltype(make_mfma<fp16_t, fp16_t, fp32_t, target::gfx11_w32>(16_I, 16_I, 16_I))>() == 0);

    using t = decltype(make_tiled_mma<fp16_t, fp16_t, fp32_t, target::gfx942>(seq<1, 1, 1>{}, seq<2, 3, 2>{},
                                                                                   seq<32, 32, 8>{}));
    int bad = 0;
    static_for<t::num_waves>([&](auto w) {
        const auto s = t::wave_coord(w);
        static_assert(is_number_v<decltype(get<0>(s))> && is_number_v<decltype(get<1>(s))> &&
                      is_number_v<decltype(get<2>(s))>);
        const auto r = t::wave_coord(index_t(w.value));
        bad += get<0>(s).value != get<0>(r) || get<1>(s).value != get<1>(r) || get<2>(s).value != get<2>(r);
        // wave_id = (wave_m * TN + wave_n) * TK + wave_k
        bad += (get<0>(r) * 3 + get<1>(r)) * 2 + get<2>(r) != w.value;
    });
    CHECK(bad == 0);
}
