// Host tests of opus/core: the spellings kernels written for aiter's single-header opus
// use (issue 14): merge_peepholed_tuple, the runtime and one-bound static_for, static_ford
// over a tuple shape, make_layout from a seq, make_layout_packed, flat_to_coords, tuple CTAD.
#include <catch2/catch_test_macros.hpp>
#include <opus/core.hpp>

using namespace opus;

// ---- merge_peepholed_tuple ---------------------------------------------------------------
static_assert(is_same_v<decltype(merge_peepholed_tuple(make_tuple(1_I, _, 3_I, _), make_tuple(7_I, 9_I))),
                        tuple<number<1>, number<7>, number<3>, number<9>>>);
static_assert(is_same_v<decltype(merge_peepholed_tuple(make_tuple(_, _), make_tuple(2_I, 5))),
                        tuple<number<2>, int>>);
static_assert(is_same_v<decltype(merge_peepholed_tuple(make_tuple(4_I, 2), tuple<>{})), tuple<number<4>, int>>);
static_assert(get<1>(merge_peepholed_tuple(make_tuple(_, 8, _), make_tuple(1, 2))) == 8);
static_assert(get<2>(merge_peepholed_tuple(make_tuple(_, 8, _), make_tuple(1, 2))) == 2);

// ---- is_underscore, tuple CTAD --------------------------------------------------------
static_assert(is_underscore<underscore>::value && is_underscore<const underscore&>::value && !is_underscore<int>::value);
static_assert(is_same_v<decltype(tuple{16_I, 1_I}), tuple<number<16>, number<1>>>);
static_assert(is_same_v<decltype(tuple{4_I}), tuple<number<4>>>);

// ---- make_layout from a seq, make_layout_packed ------------------------------------------
static_assert(is_same_v<decltype(make_layout(seq<2, 3, 4>{}).stride()),
                        const tuple<number<12>, number<4>, number<1>>&>);
static_assert(is_same_v<decltype(make_layout<-1>(seq<2, 3, 4>{})(1_I, 2_I, 3_I)), number<23>>);
static_assert(is_same_v<decltype(make_layout<-1>(seq<4, 4>{}, seq<1, 8>{})(1_I, 1_I)), number<9>>);
static_assert(is_same_v<decltype(make_layout_packed(make_tuple(2_I, 8_I))),
                        decltype(make_layout(make_tuple(2_I, 8_I)))>);
static_assert(is_same_v<decltype(make_layout_packed<-1>(seq<2, 8>{})(1_I, 3_I)), number<11>>);
// a constexpr layout over a static shape called with numbers is a constant (static_ford bodies)
inline constexpr auto issue_layout = make_layout<-1>(make_tuple(2_I, 4_I));
static_assert(issue_layout(1_I, 2_I) == 6);

TEST_CASE("merge_peepholed_tuple fills each `_` from the income tuple, in order", "[core][tuple][compat]") {
    int a = 11, b = -4;
    auto r = merge_peepholed_tuple(make_tuple(_, 3_I, _, 9), make_tuple(a, b));
    CHECK(get<0>(r) == 11);
    CHECK(get<1>(r).value == 3);
    CHECK(get<2>(r) == -4);
    CHECK(get<3>(r) == 9);
    auto all = merge_peepholed_tuple(make_tuple(_, _, _), make_tuple(1.5f, 2, 3_I));
    CHECK(get<0>(all) == 1.5f);
    CHECK(get<1>(all) == 2);
    CHECK(get<2>(all).value == 3);
}

TEST_CASE("static_for with one bound: runtime index_t loop or unrolled numbers", "[core][static_for][compat]") {
    int n = 4, sum = 0, calls = 0;
    static_for([&](index_t i) { sum += i; ++calls; }, n);
    CHECK(sum == 0 + 1 + 2 + 3);
    CHECK(calls == 4);
    calls = 0;
    static_for([&](index_t) { ++calls; }, 0);
    static_for([&](index_t) { ++calls; }, -3);
    CHECK(calls == 0);
    unsigned un = 3;
    sum = 0;
    static_for([&](index_t i) { sum += i; }, un);
    CHECK(sum == 3);
    sum = 0;
    static_for([&](index_t i) { sum = sum * 10 + i; }, 2, 6);  // [2, 6)
    CHECK(sum == 2345);
    sum = 0;
    static_for([&](auto i) { static_assert(is_number_v<decltype(i)>); sum = sum * 10 + i.value + 1; }, 3_I);
    CHECK(sum == 123);
}

TEST_CASE("static_ford over a tuple of numbers, and with no extents", "[core][static_for][compat]") {
    int order = 0, calls = 0;
    static_ford(make_tuple(2_I, 3_I), [&](auto i, auto j) {
        static_assert(is_number_v<decltype(i)> && is_number_v<decltype(j)>);
        order = order * 10 + (i.value * 3 + j.value);
        ++calls;
    });
    CHECK(calls == 6);
    CHECK(order == 12345);  // 0,1,2,3,4,5: row-major, j fastest
    calls = 0;
    static_ford<>([&]() { ++calls; });
    CHECK(calls == 1);
}

TEST_CASE("make_layout(seq) and make_layout_packed", "[core][layout][compat]") {
    // a seq shape is static; + n slides the window like any layout_linear
    auto u = make_layout(seq<1>{}) + 5;
    CHECK(u(0) == 5);
    auto v = make_layout(seq<4, 8>{});
    CHECK(v(2, 3) == 19);
    // packed strides with a coordinate: (_, row) -> one index, the fixed row adds row * 8
    int row = 3;
    auto w = make_layout_packed(make_tuple(8_I, 4_I, 8_I), make_tuple(_, row, _));
    CHECK(w(0, 0) == 24);
    CHECK(w(1, 5) == 32 + 24 + 5);
    CHECK(w(make_tuple(2, 7)) == 64 + 24 + 7);
    auto z = make_layout_packed(make_tuple(4_I), make_tuple(_)) + 100;
    CHECK(z(3) == 103);
    auto c = make_layout_packed<4>(make_tuple(2_I, 8_I), make_tuple(_, _));
    CHECK(c.cached(1_I) == 4);
    CHECK(c.cached(2_I) == 8);
    // runtime extents give runtime packed strides
    int m = 6, k = 5;
    auto r = make_layout_packed(make_tuple(m, k));
    CHECK(r(2, 3) == 13);
}

TEST_CASE("flat_to_coords is the row-major decomposition of a flat index", "[core][layout][compat]") {
    constexpr auto shape = make_tuple(2_I, 3_I, 4_I);
    static_assert(is_same_v<decltype(flat_to_coords(0, make_index_seq<3>{}, shape)), tuple<index_t, index_t, index_t>>);
    for (index_t f = 0; f < 24; ++f) {
        auto c = flat_to_coords(f, make_index_seq<3>{}, shape);
        CHECK(get<0>(c) == f / 12);
        CHECK(get<1>(c) == (f / 4) % 3);
        CHECK(get<2>(c) == f % 4);
    }
    constexpr auto c = flat_to_coords(7, make_index_seq<2>{}, make_tuple(3_I, 5_I));
    static_assert(get<0>(c) == 1 && get<1>(c) == 2);
    CHECK(get<0>(flat_to_coords(5, make_index_seq<1>{}, make_tuple(8_I))) == 5);
}

TEST_CASE("tuple CTAD from lvalues and prvalues", "[core][tuple][compat]") {
    int w = 2, lane = 37;
    auto p = tuple{w, lane % 16, lane / 16};
    static_assert(is_same_v<decltype(p), tuple<int, int, int>>);
    CHECK(p == make_tuple(2, 5, 2));
}

// ---- get<I> of a vector (aiter's opus_gemm reads its scales with opus::get<0>(v)) ---------
TEST_CASE("get<I> of a vector returns element I by value", "[core][vector][compat]") {
    const vector_t<float, 4> v{1.0f, 2.0f, 3.0f, 4.0f};
    STATIC_REQUIRE(is_same_v<decltype(get<2>(v)), float>);
    CHECK(get<0>(v) == 1.0f);
    CHECK(get<3>(v) == 4.0f);
    vector_t<int, 1> one{7};
    CHECK(get<0>(one) == 7);
    CHECK(get<1>(make_vector(5, 6)) == 6);
}
