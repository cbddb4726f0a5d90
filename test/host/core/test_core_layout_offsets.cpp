// Host tests of opus/core/layout_offsets.hpp: layout_to_offsets, layout_load_traits,
// layout_imm_offsets_v, layout_shifted (u + number<N>) and layout_cached::offsets.
#include <catch2/catch_test_macros.hpp>
#include <opus/core.hpp>

#include <vector>

using namespace opus;

namespace {
// a 3 x 8 tile with row stride `ld`, free (y) dims 0 and 2 of (3, 4 lanes, 8): lane picks
// the middle dim
template <index_t CV, typename LD>
auto tile(LD ld, int lane) {
    return make_layout<CV>(make_tuple(3_I, 4_I, 8_I), make_tuple(ld, 8_I, 1_I), make_tuple(_, lane, _));
}
template <typename A>
std::vector<long> vec(const A& a) {
    std::vector<long> r;
    for (index_t i = 0; i < a.size(); ++i) r.push_back(a[i]);
    return r;
}
} // namespace

TEST_CASE("layout_to_offsets: u(y) of every issue in issue order", "[core][layout]") {
    const int ld = 40, lane = 2;
    // issues of width 4: y = (0,0),(0,4),(1,0),(1,4),(2,0),(2,4); base = lane * 8
    const std::vector<long> want{16, 20, 56, 60, 96, 100};
    CHECK(vec(layout_to_offsets<4>(tile<-1>(ld, lane))) == want);
    CHECK(vec(layout_to_offsets<4>(tile<0>(ld, lane))) == want);
    CHECK(vec(layout_to_offsets<4>(tile<4>(ld, lane))) == want);
    CHECK(vec(layout_to_offsets<4>(tile<2>(ld, lane))) == want);  // cache of another width
    CHECK(vec(layout_to_offsets<8>(tile<0>(ld, lane))) == std::vector<long>{16, 56, 96});
    // static strides: the offsets of a lane-independent layout are constants
    constexpr auto c = layout_to_offsets<2>(make_layout(make_tuple(2_I, 4_I), make_tuple(10_I, 1_I)));
    STATIC_REQUIRE(c.size() == 4);
    STATIC_REQUIRE(c[0] == 0 && c[1] == 2 && c[2] == 10 && c[3] == 12);
}

TEST_CASE("layout_load_traits: issue space, vectorized issue space, issue count", "[core][layout]") {
    using U = decltype(tile<0>(40, 0));
    using LT = layout_load_traits<U, 4>;
    STATIC_REQUIRE(is_same_v<remove_cvref_t<decltype(LT::issue_space)>, tuple<number<3>, number<8>>>);
    STATIC_REQUIRE(is_same_v<remove_cvref_t<decltype(LT::issue_space_vec)>, tuple<number<3>, number<2>>>);
    STATIC_REQUIRE(LT::r_elem.value == 6);
    STATIC_REQUIRE(layout_load_traits<const U&, 8>::r_elem.value == 3);
    STATIC_REQUIRE(layout_load_traits<U>::r_elem.value == 24);
}

TEST_CASE("layout_imm_offsets_v: the constant per-issue offsets of a layout type", "[core][layout]") {
    using U = decltype(make_layout(make_tuple(2_I, 4_I, 8_I), make_tuple(64_I, 8_I, 1_I), make_tuple(_, 0, _)));
    constexpr auto o = layout_imm_offsets_v<U, 4>;
    STATIC_REQUIRE(o.size() == 4);
    STATIC_REQUIRE(o[0] == 0 && o[1] == 4 && o[2] == 64 && o[3] == 68);
    using S = decltype(U{} + number<3>{});
    constexpr auto os = layout_imm_offsets_v<S, 4>;
    STATIC_REQUIRE(os[0] == 3 && os[3] == 71);
    using C = decltype(make_layout<4>(make_tuple(2_I, 8_I), make_tuple(16_I, 1_I)));
    constexpr auto oc = layout_imm_offsets_v<C, 4>;
    STATIC_REQUIRE(oc[1] == 4 && oc[2] == 16 && oc[3] == 20);
}

TEST_CASE("u + number<N>: a layout_shifted adding N to every offset", "[core][layout]") {
    auto u = tile<0>(40, 1);
    auto s = u + number<5>{};
    STATIC_REQUIRE(is_same_v<decltype(s), layout_shifted<decltype(u), 5>>);
    STATIC_REQUIRE(is_layout_v<decltype(s)>);
    CHECK(s(1, 3) == u(1, 3) + 5);
    auto s2 = s + 2_I;  // shifts compose in the type
    STATIC_REQUIRE(is_same_v<decltype(s2), layout_shifted<decltype(u), 7>>);
    CHECK(s2(0, 0) == u(0, 0) + 7);
    STATIC_REQUIRE(is_same_v<decltype(u + 0_I), decltype(u)>);
    s2 += 100;  // runtime moves go to the underlying layout
    CHECK(s2(0, 0) == u(0, 0) + 107);
    CHECK((s2 + 1)(0, 0) == u(0, 0) + 108);
    CHECK(vec(layout_to_offsets<4>(s2)) == vec(layout_to_offsets<4>(u + 107)));
    // static layout: the shifted call is still a number
    auto p = make_layout<-1>(make_tuple(4_I, 8_I)) + 3_I;
    STATIC_REQUIRE(is_same_v<decltype(p(1_I, 2_I)), number<13>>);
    // shifted cached layout: offsets from the cache plus N
    auto c = tile<4>(40, 3) + 2_I;
    CHECK(vec(layout_to_offsets<4>(c)) == std::vector<long>{26, 30, 66, 70, 106, 110});
}

TEST_CASE("layout_cached::offsets holds full offsets and moves with +=", "[core][layout]") {
    auto u = tile<4>(40, 2);
    CHECK(vec(u.offsets) == std::vector<long>{16, 20, 56, 60, 96, 100});
    u += 1000;
    CHECK(vec(u.offsets) == std::vector<long>{1016, 1020, 1056, 1060, 1096, 1100});
    CHECK(u.cached(number<2>{}) == 1056);
    auto v = u - 1000;
    STATIC_REQUIRE(is_same_v<decltype(v), decltype(u)>);
    CHECK(v.offsets[5] == 100);
    // an entry rewritten by the caller (a swizzle) is what layout_to_offsets reports
    v.offsets[1] = 7;
    CHECK(layout_to_offsets<4>(v)[1] == 7);
}
