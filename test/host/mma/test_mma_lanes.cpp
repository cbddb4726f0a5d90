// Lane model of every matrix-core instruction in opus/mma against AMD's register layout
// tables (shared/reference/matrix-layouts): for every lane and register element,
// layout_a / layout_b / layout_c (with and without mfma_adaptor_swap_ab) must address exactly
// the element the table places there.
#include "mma_reference.hpp"

#include <catch2/catch_test_macros.hpp>

using namespace opus;

namespace {

template <typename T> constexpr int bits_of() { return static_cast<int>(sizeof(T) * 8); }

// Checks one adaptor against a (possibly widened) reference table. Returns mismatches.
template <typename Mma>
int check_adaptor(const mma_ref::instr_table& t) {
    constexpr int W = Mma::wave_size;
    constexpr int M = Mma::M, N = Mma::N, K = Mma::K;
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
    if (t.a.rows != M || t.a.cols != K || t.b.rows != K || t.b.cols != N || t.d.rows != M || t.d.cols != N)
        report("shape", -1, -1, t.a.cols, K);
    for (int lane = 0; lane < W; ++lane) {
        auto ua = Mma::layout_a(make_tuple(K, 1_I), Mma::lane_coord_a(lane));
        auto ub = Mma::layout_b(make_tuple(K, 1_I), Mma::lane_coord_b(lane));
        auto uc = Mma::layout_c(make_tuple(N, 1_I), Mma::lane_coord_c(lane));
        auto uap = Mma::layout_a_packed(Mma::lane_coord_a(lane));
        auto ucp = Mma::layout_c_packed(Mma::lane_coord_c(lane));
        for (int e = 0; e < Mma::elem_a; ++e) {
            auto it = t.a.at.find({lane, e});
            int want = it == t.a.at.end() ? -1 : it->second.row * K + it->second.col;
            int got = mma_ref::offset_of(ua, e);
            if (got != want) report("A", lane, e, got, want);
            if (mma_ref::offset_of(uap, e) != want) report("A packed", lane, e, mma_ref::offset_of(uap, e), want);
        }
        for (int e = 0; e < Mma::elem_b; ++e) {  // B addressed as N x K
            auto it = t.b.at.find({lane, e});
            int want = it == t.b.at.end() ? -1 : it->second.col * K + it->second.row;
            int got = mma_ref::offset_of(ub, e);
            if (got != want) report("B", lane, e, got, want);
        }
        for (int e = 0; e < Mma::elem_c; ++e) {
            auto it = t.d.at.find({lane, e});
            int want = -1;
            if (it != t.d.at.end()) {
                // swapped: the instruction computes C^T (its rows are our N)
                want = Mma::swap_ab ? it->second.col * N + it->second.row : it->second.row * N + it->second.col;
            }
            int got = mma_ref::offset_of(uc, e);
            if (got != want) report("C", lane, e, got, want);
            if (mma_ref::offset_of(ucp, e) != want) report("C packed", lane, e, mma_ref::offset_of(ucp, e), want);
        }
    }
    return bad;
}

template <typename A, typename B, typename C, mma_target T, int M, int N, int K>
void check(const std::string& csv, int factor = 1) {
    using nosw = decltype(make_mfma<A, B, C, T>(number<M>{}, number<N>{}, number<K>{}));
    using sw = decltype(make_mfma<A, B, C, T>(number<M>{}, number<N>{}, number<K>{}, mfma_adaptor_swap_ab{}));
    constexpr int bc = bits_of<C>();
    auto base = mma_ref::load(csv, bits_of<A>(), bc);
    INFO(csv << " x" << factor << " -> " << nosw::name() << " steps " << nosw::steps);
    REQUIRE(base.ok);
    auto t = mma_ref::widen_k(base, factor, K / factor, nosw::elem_a / factor, mma_target_is_wmma(T));
    CHECK(check_adaptor<nosw>(t) == 0);
    CHECK(check_adaptor<sw>(t) == 0);
}

} // namespace

TEST_CASE("mma lanes: gfx90a (CDNA2 tables)", "[mma][lanes]") {
    check<fp32_t, fp32_t, fp32_t, mma_target::gfx90a, 32, 32, 2>("cdna2/v_mfma_f32_32x32x2f32.csv");
    check<fp32_t, fp32_t, fp32_t, mma_target::gfx90a, 16, 16, 4>("cdna2/v_mfma_f32_16x16x4f32.csv");
    check<fp16_t, fp16_t, fp32_t, mma_target::gfx90a, 32, 32, 8>("cdna2/v_mfma_f32_32x32x8f16.csv");
    check<fp16_t, fp16_t, fp32_t, mma_target::gfx90a, 16, 16, 16>("cdna2/v_mfma_f32_16x16x16f16.csv");
    check<bf16_t, bf16_t, fp32_t, mma_target::gfx90a, 32, 32, 8>("cdna2/v_mfma_f32_32x32x8bf16_1k.csv");
    check<bf16_t, bf16_t, fp32_t, mma_target::gfx90a, 16, 16, 16>("cdna2/v_mfma_f32_16x16x16bf16_1k.csv");
    check<i8_t, i8_t, i32_t, mma_target::gfx90a, 32, 32, 8>("cdna2/v_mfma_i32_32x32x8i8.csv");
    check<i8_t, i8_t, i32_t, mma_target::gfx90a, 16, 16, 16>("cdna2/v_mfma_i32_16x16x16i8.csv");
    check<double, double, double, mma_target::gfx90a, 16, 16, 4>("cdna2/v_mfma_f64_16x16x4f64.csv");
    // step-K
    check<fp16_t, fp16_t, fp32_t, mma_target::gfx90a, 32, 32, 16>("cdna2/v_mfma_f32_32x32x8f16.csv", 2);
    check<i8_t, i8_t, i32_t, mma_target::gfx90a, 16, 16, 32>("cdna2/v_mfma_i32_16x16x16i8.csv", 2);
}

template <mma_target T>
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
    check_cdna3_common<mma_target::gfx942>();
    using s = decltype(make_mfma<fp16_t, fp16_t, fp32_t, mma_target::gfx942>(32_I, 32_I, 16_I));
    STATIC_REQUIRE(s::steps == 2);
    STATIC_REQUIRE(decltype(make_mfma<fp8_t, fp8_t, fp32_t, mma_target::gfx942>(32_I, 32_I, 64_I))::steps == 4);
}

TEST_CASE("mma lanes: gfx950 (CDNA3 tables, CDNA4 double-K rule)", "[mma][lanes]") {
    check_cdna3_common<mma_target::gfx950>();
    STATIC_REQUIRE(decltype(make_mfma<fp16_t, fp16_t, fp32_t, mma_target::gfx950>(32_I, 32_I, 16_I))::steps == 1);
    STATIC_REQUIRE(decltype(make_mfma<bf16_t, bf16_t, fp32_t, mma_target::gfx950>(16_I, 16_I, 32_I))::steps == 1);
    STATIC_REQUIRE(decltype(make_mfma<i8_t, i8_t, i32_t, mma_target::gfx950>(16_I, 16_I, 64_I))::steps == 1);
    using sc = decltype(make_mfma<fp8_t, bf8_t, fp32_t, mma_target::gfx950>(32_I, 32_I, 64_I));
    STATIC_REQUIRE(sc::steps == 1);
    STATIC_REQUIRE(sc::native::scaled);
}

TEST_CASE("mma lanes: gfx11 WMMA (RDNA3 tables, wave32 and wave64)", "[mma][lanes]") {
    check<fp16_t, fp16_t, fp32_t, mma_target::gfx11_w32, 16, 16, 16>("rdna3/v_wmma_f32_16x16x16_f16.csv");
    check<fp16_t, fp16_t, fp32_t, mma_target::gfx11_w64, 16, 16, 16>("rdna3/v_wmma_f32_16x16x16_f16_w64.csv");
    check<bf16_t, bf16_t, fp32_t, mma_target::gfx11_w32, 16, 16, 16>("rdna3/v_wmma_f32_16x16x16_bf16.csv");
    check<bf16_t, bf16_t, fp32_t, mma_target::gfx11_w64, 16, 16, 16>("rdna3/v_wmma_f32_16x16x16_bf16_w64.csv");
    check<i8_t, i8_t, i32_t, mma_target::gfx11_w32, 16, 16, 16>("rdna3/v_wmma_i32_16x16x16_iu8.csv");
    check<i8_t, i8_t, i32_t, mma_target::gfx11_w64, 16, 16, 16>("rdna3/v_wmma_i32_16x16x16_iu8_w64.csv");
    check<fp16_t, fp16_t, fp32_t, mma_target::gfx11_w32, 16, 16, 32>("rdna3/v_wmma_f32_16x16x16_f16.csv", 2);
}

TEST_CASE("mma lanes: gfx12 WMMA wave32 (RDNA4 tables)", "[mma][lanes]") {
    check<fp16_t, fp16_t, fp32_t, mma_target::gfx12_w32, 16, 16, 16>("rdna4/v_wmma_f32_16x16x16_f16.csv");
    check<bf16_t, bf16_t, fp32_t, mma_target::gfx12_w32, 16, 16, 16>("rdna4/v_wmma_f32_16x16x16_bf16.csv");
    check<i8_t, i8_t, i32_t, mma_target::gfx12_w32, 16, 16, 16>("rdna4/v_wmma_i32_16x16x16_iu8.csv");
    check<fp8_t, fp8_t, fp32_t, mma_target::gfx12_w32, 16, 16, 16>("rdna4/v_wmma_f32_16x16x16_fp8_fp8.csv");
    check<fp8_t, bf8_t, fp32_t, mma_target::gfx12_w32, 16, 16, 16>("rdna4/v_wmma_f32_16x16x16_fp8_bf8.csv");
    check<bf8_t, fp8_t, fp32_t, mma_target::gfx12_w32, 16, 16, 16>("rdna4/v_wmma_f32_16x16x16_bf8_fp8.csv");
    check<bf8_t, bf8_t, fp32_t, mma_target::gfx12_w32, 16, 16, 16>("rdna4/v_wmma_f32_16x16x16_bf8_bf8.csv");
    check<fp16_t, fp16_t, fp32_t, mma_target::gfx12_w32, 16, 16, 32>("rdna4/v_wmma_f32_16x16x16_f16.csv", 2);
}

// wave64: C (and 8-bit A/B) take the lane groups in the order 0, 2, 1, 3; lane_coord_* swizzle.
TEST_CASE("mma lanes: gfx12 WMMA wave64 (RDNA4 _w64 tables)", "[mma][lanes]") {
    check<fp16_t, fp16_t, fp32_t, mma_target::gfx12_w64, 16, 16, 16>("rdna4/v_wmma_f32_16x16x16_f16_w64.csv");
    check<bf16_t, bf16_t, fp32_t, mma_target::gfx12_w64, 16, 16, 16>("rdna4/v_wmma_f32_16x16x16_bf16_w64.csv");
    check<i8_t, i8_t, i32_t, mma_target::gfx12_w64, 16, 16, 16>("rdna4/v_wmma_i32_16x16x16_iu8_w64.csv");
    check<fp8_t, fp8_t, fp32_t, mma_target::gfx12_w64, 16, 16, 16>("rdna4/v_wmma_f32_16x16x16_fp8_fp8_w64.csv");
    check<fp8_t, bf8_t, fp32_t, mma_target::gfx12_w64, 16, 16, 16>("rdna4/v_wmma_f32_16x16x16_fp8_bf8_w64.csv");
    check<bf8_t, fp8_t, fp32_t, mma_target::gfx12_w64, 16, 16, 16>("rdna4/v_wmma_f32_16x16x16_bf8_fp8_w64.csv");
    check<bf8_t, bf8_t, fp32_t, mma_target::gfx12_w64, 16, 16, 16>("rdna4/v_wmma_f32_16x16x16_bf8_bf8_w64.csv");
    check<fp16_t, fp16_t, fp32_t, mma_target::gfx12_w64, 16, 16, 32>("rdna4/v_wmma_f32_16x16x16_f16_w64.csv", 2);
    check<fp8_t, fp8_t, fp32_t, mma_target::gfx12_w64, 16, 16, 64>("rdna4/v_wmma_f32_16x16x16_fp8_fp8_w64.csv", 4);
    // the swizzle itself: lane 16 holds C rows 8..11, lane 32 rows 4..7
    using m = decltype(make_mfma<fp16_t, fp16_t, fp32_t, mma_target::gfx12_w64>(16_I, 16_I, 16_I));
    STATIC_REQUIRE(m::lane_coord_c(16_I) == make_tuple(2_I, 0_I));
    STATIC_REQUIRE(m::lane_coord_c(33_I) == make_tuple(1_I, 1_I));
    STATIC_REQUIRE(m::lane_coord_a(33_I) == make_tuple(1_I, 2_I));  // 16-bit A: not swizzled
    using m8 = decltype(make_mfma<fp8_t, fp8_t, fp32_t, mma_target::gfx12_w64>(16_I, 16_I, 16_I));
    STATIC_REQUIRE(m8::lane_coord_a(33_I) == make_tuple(1_I, 1_I));  // 8-bit A: swizzled
    CHECK(m::layout_c_packed(m::lane_coord_c(16)).coord_offset() == 8 * 16);
}

TEST_CASE("mma: element counts and shapes of the guide", "[mma]") {
    using m32 = decltype(make_mfma<fp16_t, fp16_t, fp32_t, mma_target::gfx942>(32_I, 32_I, 8_I));
    using m16 = decltype(make_mfma<fp16_t, fp16_t, fp32_t, mma_target::gfx942>(seq<16, 16, 16>{}));
    STATIC_REQUIRE(m32::elem_a == 4);
    STATIC_REQUIRE(m32::elem_b == 4);
    STATIC_REQUIRE(m32::elem_c == 16);
    STATIC_REQUIRE(m16::elem_a == 4);
    STATIC_REQUIRE(m16::elem_c == 4);
    STATIC_REQUIRE(is_same_v<m32::vtype_a, fp16x4_t>);
    STATIC_REQUIRE(is_same_v<m32::vtype_c, fp32x16_t>);
    STATIC_REQUIRE(m32::p_shape_a() == make_tuple(32_I, 2_I));
    STATIC_REQUIRE(m32::y_shape_a() == make_tuple(4_I));
    STATIC_REQUIRE(m32::p_shape_c() == make_tuple(2_I, 32_I));
    STATIC_REQUIRE(m32::y_shape_c() == make_tuple(4_I, 4_I));
    STATIC_REQUIRE(m16::y_shape_c() == make_tuple(4_I));
    // README's manual offset for A: (lane / 32 * 4) + (lane % 32 * stride_a)
    for (int lane = 0; lane < 64; ++lane) {
        auto u = m32::layout_a(make_tuple(40, 1_I), m32::lane_coord_a(lane));
        CHECK(u(0) == lane / 32 * 4 + lane % 32 * 40);
    }
    // static lane -> static offset (zero instructions)
    constexpr auto u = m32::layout_a(make_tuple(64_I, 1_I), m32::lane_coord_a(33_I));
    STATIC_REQUIRE(is_number_v<decltype(u.coord_offset())>);
}
