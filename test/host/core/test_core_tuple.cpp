// Host tests of opus/core: tuple<>.
#include <catch2/catch_test_macros.hpp>
#include <opus/core.hpp>

using namespace opus;

static_assert(is_same_v<decltype(make_tuple(1_I, 2.0f, 3_I)), tuple<number<1>, float, number<3>>>);
static_assert(tuple<int, float>::size() == 2 && tuple<>::size() == 0);
static_assert(is_same_v<decltype(get<0>(make_tuple(1_I, 2.0f))), number<1>&&>);
static_assert(is_same_v<decltype(tuple{1, 2.0f}), tuple<int, float>>);  // CTAD
static_assert(is_tuple_v<tuple<int>> && !is_tuple_v<int> && is_tuple_v<const tuple<>&>);
static_assert(tuple_size_v<tuple<int, int, int>> == 3);
static_assert(is_same_v<tuple_element_t<1, tuple<int, float>>, float>);
// constexpr use
static_assert(get<1>(make_tuple(1, 7, 3)) == 7);
static_assert(make_tuple(1, 2) == make_tuple(1, 2) && make_tuple(1, 2) != make_tuple(1, 3));
static_assert(reduce_tuple_sum(make_tuple(1, 2, 3)) == 6);
static_assert(reduce_tuple_mul(make_tuple(2, 3, 4)) == 24);
static_assert(is_same_v<decltype(reduce_tuple_mul(make_tuple(2_I, 3_I, 4_I))), number<24>>);
static_assert(is_same_v<decltype(reduce_tuple_sum(make_tuple(2_I, 3_I))), number<5>>);
static_assert(is_same_v<decltype(reduce_tuple_sum(tuple<>{})), number<0>>);
static_assert(is_same_v<decltype(reduce_tuple_mul(tuple<>{})), number<1>>);
static_assert(is_same_v<decltype(reduce_tuple_mul(make_tuple(2_I, 3))), int>);
static_assert(is_same_v<decltype(concat_tuple(make_tuple(1_I), make_tuple(2.0f, 3))),
                        tuple<number<1>, float, int>>);
static_assert(is_same_v<decltype(concat_tuple()), tuple<>>);
static_assert(is_same_v<decltype(flatten_tuple(make_tuple(1_I, make_tuple(2_I, make_tuple(3_I)), 4_I))),
                        tuple<number<1>, number<2>, number<3>, number<4>>>);
static_assert(is_same_v<decltype(flatten_tuple(tuple<tuple<>, tuple<tuple<>>>{})), tuple<>>);
static_assert(is_same_v<decltype(make_repeated_tuple<3>(1.0f)), tuple<float, float, float>>);
static_assert(is_same_v<decltype(to_tuple(seq<1, 2>{})), tuple<number<1>, number<2>>>);

TEST_CASE("tuple construction, get and operator[]", "[core][tuple]") {
    auto t = make_tuple(1_I, 2.0f, 3);
    CHECK(get<0>(t) == 1);
    CHECK(get<1>(t) == 2.0f);
    CHECK(get<2>(t) == 3);
    CHECK(t[2_I] == 3);
    CHECK(t.size() == 3);
    get<2>(t) = 9;
    t[1_I] = 5.5f;
    CHECK(get<2>(t) == 9);
    CHECK(get<1>(t) == 5.5f);
    const auto& ct = t;
    CHECK(get<1>(ct) == 5.5f);
    tuple<int, double> d{};
    CHECK(get<0>(d) == 0);
    CHECK(get<1>(d) == 0.0);
    tuple copy = t;
    CHECK(copy == t);
}

TEST_CASE("tuple structured bindings", "[core][tuple]") {
    auto [a, b, c] = make_tuple(1, 2, 3);
    CHECK(a == 1);
    CHECK(b == 2);
    CHECK(c == 3);
    auto t = make_tuple(1_I, 2.5f);
    auto& [x, y] = t;
    y = 4.0f;
    CHECK(get<1>(t) == 4.0f);
    STATIC_REQUIRE(is_same_v<decltype(x), number<1>>);
    const auto& [cx, cy] = t;
    CHECK(cy == 4.0f);
    CHECK(cx == 1);
}

TEST_CASE("tuple of references (tie)", "[core][tuple]") {
    int i = 0;
    float f = 0;
    tie(i, f) = make_tuple(3, 1.5f);
    CHECK(i == 3);
    CHECK(f == 1.5f);
}

TEST_CASE("tuple algorithms", "[core][tuple]") {
    int n = 7;
    auto c = concat_tuple(make_tuple(1, 2), make_tuple(n), tuple<>{}, make_tuple(4_I, 5));
    STATIC_REQUIRE(c.size() == 5);
    CHECK(c == make_tuple(1, 2, 7, 4, 5));
    auto f = flatten_tuple(make_tuple(1, make_tuple(n, make_tuple(3.5f, make_tuple())), 4));
    STATIC_REQUIRE(is_same_v<decltype(f), tuple<int, int, float, int>>);
    CHECK(f == make_tuple(1, 7, 3.5f, 4));
    CHECK(reduce_tuple_sum(make_tuple(n, 2_I, 3)) == 12);
    CHECK(reduce_tuple_mul(make_tuple(n, 2_I, 3)) == 42);
    auto tr = transform_tuple([](auto v) { return v * 2_I; }, make_tuple(1_I, n, 3_I));
    STATIC_REQUIRE(is_same_v<decltype(tr), tuple<number<2>, int, number<6>>>);
    CHECK(get<1>(tr) == 14);
    auto r = make_repeated_tuple<4>(n);
    CHECK(r == make_tuple(7, 7, 7, 7));
    auto s = slice(make_tuple(1, 2_I, 3.0f, 4), 1_I, 3_I);
    STATIC_REQUIRE(is_same_v<decltype(s), tuple<number<2>, float>>);
    CHECK(get<1>(s) == 3.0f);
    auto s2 = slice(make_tuple(1, 2, 3), 2_I);
    CHECK(s2 == make_tuple(1, 2));
    auto dst = make_tuple(0, 0, 0, 0);
    set_slice(dst, make_tuple(8, 9), 2_I, 4_I);
    CHECK(dst == make_tuple(0, 0, 8, 9));
    set_slice(dst, make_tuple(5), 1_I);
    CHECK(dst == make_tuple(5, 0, 8, 9));
}

TEST_CASE("64-element tuple", "[core][tuple]") {
    auto t = make_repeated_tuple<64>(1);
    STATIC_REQUIRE(t.size() == 64);
    get<63>(t) = 100;
    CHECK(reduce_tuple_sum(t) == 163);
    auto c = concat_tuple(t, t);
    CHECK(get<127>(c) == 100);
    CHECK(get<64>(c) == 1);
}
