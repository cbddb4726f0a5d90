// Host tests of opus/core: array<>, vector_t<> and slicing.
#include <catch2/catch_test_macros.hpp>
#include <opus/core.hpp>

// x86 hosts warn that wide vectors passed by value change the ABI without AVX: irrelevant here
#if OPUS_HAS_WPSABI
#pragma GCC diagnostic ignored "-Wpsabi"
#endif

using namespace opus;

static_assert(is_same_v<decltype(make_array(1.0f, 2.0f, 3.0f)), array<float, 3>>);
static_assert(is_same_v<decltype(make_array<double>(1, 2)), array<double, 2>>);
static_assert(make_array(1, 2, 3)[1] == 2);
static_assert(make_array(1, 2, 3).size() == 3);
static_assert(concat_array(make_array(1, 2), make_array(3), make_array(4, 5)) == make_array(1, 2, 3, 4, 5));
static_assert(is_array_v<array<int, 2>> && !is_array_v<int>);
static_assert(is_same_v<decltype(make_vector(1.0f, 2.0f)), vector_t<float, 2>>);
static_assert(is_vector_v<vector_t<float, 4>> && !is_vector_v<float> && !is_vector_v<array<float, 4>>);
static_assert(!is_vector_v<float*> && !is_vector_v<float[4]>);
static_assert(vector_traits<vector_t<int, 8>>::size == 8);
static_assert(is_same_v<vector_traits<vector_t<short, 4>>::dtype, short>);
static_assert(vector_traits<float>::size == 1);

TEST_CASE("array", "[core][array]") {
    auto a = make_array(1.0f, 2.0f, 3.0f);
    CHECK(a[0] == 1.0f);
    CHECK(a[2_I] == 3.0f);
    CHECK(get<1>(a) == 2.0f);
    CHECK(a.size() == 3);
    a.fill(7.0f);
    CHECK(a == make_array(7.0f, 7.0f, 7.0f));
    a.clear();
    CHECK(a == make_array(0.0f, 0.0f, 0.0f));
    fill(a, 2.0f);
    CHECK(a[1] == 2.0f);
    clear(a);
    CHECK(a[1] == 0.0f);
    array<int, 4> b{{1, 2, 3, 4}};
    auto c = concat_array(b, make_array(5, 6));
    STATIC_REQUIRE(c.size() == 6);
    for (index_t i = 0; i < 6; ++i) CHECK(c[i] == i + 1);
    auto r = make_repeated_array<3>(9);
    CHECK(r == make_array(9, 9, 9));
    auto s = slice(c, 1_I, 4_I);
    STATIC_REQUIRE(is_same_v<decltype(s), array<int, 3>>);
    CHECK(s == make_array(2, 3, 4));
    CHECK(slice(c, 2_I) == make_array(1, 2));
    set_slice(c, make_array(0, 0), 4_I, 6_I);
    CHECK(c == make_array(1, 2, 3, 4, 0, 0));
    set_slice(c, make_array(8), 1_I);
    CHECK(c[0] == 8);
}

TEST_CASE("vector_t", "[core][vector]") {
    auto v = make_vector(1.0f, 2.0f, 3.0f, 4.0f);
    STATIC_REQUIRE(is_same_v<decltype(v), vector_t<float, 4>>);
    CHECK(v[0] == 1.0f);
    CHECK(v[3] == 4.0f);
    v[0] = 3.0f;
    CHECK(v[0] == 3.0f);
    vector_t<int, 4> w{};
    fill(w, 5);
    for (int i = 0; i < 4; ++i) CHECK(w[i] == 5);
    clear(w);
    for (int i = 0; i < 4; ++i) CHECK(w[i] == 0);
    auto z = make_repeated_vector<8>(2.5f);
    STATIC_REQUIRE(is_same_v<decltype(z), vector_t<float, 8>>);
    for (int i = 0; i < 8; ++i) CHECK(z[i] == 2.5f);
    auto c = concat_vector(make_vector(1, 2), make_vector(3, 4), make_vector(5, 6, 7, 8));
    STATIC_REQUIRE(is_same_v<decltype(c), vector_t<int, 8>>);
    for (int i = 0; i < 8; ++i) CHECK(c[i] == i + 1);
    auto a = to_array(c);
    STATIC_REQUIRE(is_same_v<decltype(a), array<int, 8>>);
    for (int i = 0; i < 8; ++i) CHECK(a[i] == i + 1);
    auto back = to_vector(a);
    STATIC_REQUIRE(is_same_v<decltype(back), vector_t<int, 8>>);
    for (int i = 0; i < 8; ++i) CHECK(back[i] == i + 1);
    auto s = slice(c, 2_I, 6_I);
    STATIC_REQUIRE(is_same_v<decltype(s), vector_t<int, 4>>);
    for (int i = 0; i < 4; ++i) CHECK(s[i] == i + 3);
    auto s2 = slice(c, 2_I);
    STATIC_REQUIRE(is_same_v<decltype(s2), vector_t<int, 2>>);
    CHECK(s2[1] == 2);
    set_slice(c, make_vector(0, 0), 4_I, 6_I);
    int expect[] = {1, 2, 3, 4, 0, 0, 7, 8};
    for (int i = 0; i < 8; ++i) CHECK(c[i] == expect[i]);
    // vector slice written into an array and back
    auto arr = make_repeated_array<4>(0);
    set_slice(arr, make_vector(9, 9), 1_I, 3_I);
    CHECK(arr == make_array(0, 9, 9, 0));
}

#if defined(__clang__)
TEST_CASE("vector_t with a non-power-of-two width (clang ext_vector_type)", "[core][vector]") {
    auto v = make_vector(1, 2, 3);
    STATIC_REQUIRE(vector_traits<decltype(v)>::size == 3);
    auto c = concat_vector(v, make_vector(4, 5, 6));
    STATIC_REQUIRE(vector_traits<decltype(c)>::size == 6);
    for (int i = 0; i < 6; ++i) CHECK(c[i] == i + 1);
}
#endif
