// Host tests of opus/core: layouts, checked against a brute-force offset model over every
// coordinate for static, dynamic and mixed shapes and strides, in all three variants.
#include <catch2/catch_test_macros.hpp>
#include <opus/core.hpp>

#include <vector>

using namespace opus;

namespace {

template <typename T, index_t... I>
std::vector<long> to_vec(const T& t, seq<I...>) {
    return {static_cast<long>(get<I>(t))...};
}
template <typename T>
std::vector<long> to_vec(const T& t) { return to_vec(t, make_index_seq<tuple_size_v<T>>{}); }

template <typename U, index_t... I>
long call_runtime(const U& u, const std::vector<long>& c, seq<I...>) {
    return static_cast<long>(u(static_cast<index_t>(c[I])...));
}
template <typename U, index_t... I>
long call_tuple(const U& u, const std::vector<long>& c, seq<I...>) {
    return static_cast<long>(u(make_tuple(static_cast<index_t>(c[I])...)));
}

// every coordinate of `ext`, row-major; returns the number of coordinates that matched
template <index_t Rank, typename U>
long check_every_coordinate(const U& u, const std::vector<long>& ext, const std::vector<long>& str,
                            long base = 0) {
    long total = 1;
    for (long e : ext) total *= e;
    long mismatches = 0;
    std::vector<long> c(ext.size(), 0);
    for (long flat = 0; flat < total; ++flat) {
        long rem = flat;
        for (long d = static_cast<long>(ext.size()) - 1; d >= 0; --d) {
            c[d] = rem % ext[d];
            rem /= ext[d];
        }
        long model = base;
        for (size_t d = 0; d < ext.size(); ++d) model += c[d] * str[d];
        if (call_runtime(u, c, make_index_seq<Rank>{}) != model) ++mismatches;
        if (call_tuple(u, c, make_index_seq<Rank>{}) != model) ++mismatches;
    }
    return mismatches;
}

// the same over static indices: the result of a static call on a static layout is a number
template <typename U, typename Shape, typename Stride>
void check_static_calls(const U& u, const Shape&, const Stride& stride) {
    using sseq = typename detail::static_seq_of<Shape>::type;
    auto str = to_vec(stride);
    long mismatches = 0;
    static_ford(sseq{}, [&](auto... i) {
        auto off = u(i...);
        long model = 0;
        long idx[] = {static_cast<long>(i.value)...};
        for (size_t d = 0; d < sizeof...(i); ++d) model += idx[d] * str[d];
        if (static_cast<long>(off) != model) ++mismatches;
    });
    CHECK(mismatches == 0);
}

// check all three variants of a layout built from (shape, stride)
template <typename Shape, typename Stride>
void check_layout(const Shape& shape, const Stride& stride) {
    constexpr index_t r = tuple_size_v<Shape>;
    auto ext = to_vec(shape);
    auto str = to_vec(stride);
    auto u0 = make_layout<-1>(shape, stride);
    auto u1 = make_layout(shape, stride);
    CHECK(check_every_coordinate<r>(u0, ext, str) == 0);
    CHECK(check_every_coordinate<r>(u1, ext, str) == 0);
    u1 += 1000;
    CHECK(check_every_coordinate<r>(u1, ext, str, 1000) == 0);
    CHECK(to_vec(u0.shape()) == ext);
    CHECK(to_vec(u0.stride()) == str);
}

} // namespace

// ---- compile-time results ----------------------------------------------------------------
static_assert(is_same_v<decltype(make_layout<-1>(make_tuple(128_I, 64_I))(4_I, 8_I)), number<264>>);
static_assert(make_layout<-1>(make_tuple(128_I, 64_I))(4, 8) == 264);
static_assert(make_layout(make_tuple(128_I, 64_I))(4, 8) == 264);
static_assert(make_layout(make_tuple(128, 64))(4, 8) == 264);
static_assert(make_layout(128_I, 64_I)(4, 8) == 264);
static_assert(make_layout(128, 64)(4, 8) == 264);
static_assert(make_layout(7_I)(5) == 5);
static_assert(make_layout(2, 3_I, 4)(1, 2, 3) == 12 + 8 + 3);
static_assert(make_layout(2_I, 3_I, 4_I, 5_I)(1, 1, 1, 1) == 60 + 20 + 5 + 1);
static_assert(is_same_v<decltype(packed_stride(make_tuple(2_I, 3_I, 4_I))),
                        tuple<number<12>, number<4>, number<1>>>);
static_assert(packed_stride(make_tuple(2, 3_I, 4)) == make_tuple(12, 4, 1));
static_assert(is_same_v<decltype(make_layout(make_tuple(128_I, 64_I)).stride()),
                        const tuple<number<64>, number<1>>&>);
static_assert(is_same_v<decltype(make_layout(make_tuple(128_I, 64_I)).shape<1>()), number<64>>);
static_assert(is_same_v<decltype(make_layout(make_tuple(128_I, 64_I)).stride<0>()), number<64>>);
static_assert(is_same_v<decltype(make_layout<-1>(make_tuple(4_I, 8_I))), layout<tuple<number<4>, number<8>>, tuple<number<8>, number<1>>>>);
static_assert(is_same_v<decltype(make_layout(make_tuple(4_I, 8_I))), layout_linear<tuple<number<4>, number<8>>, tuple<number<8>, number<1>>>>);
static_assert(is_same_v<decltype(make_layout<4>(make_tuple(4_I, 8_I))), layout_cached<4, tuple<number<4>, number<8>>, tuple<number<8>, number<1>>>>);
static_assert(is_layout_v<decltype(make_layout(4_I))> && !is_layout_v<int>);

TEST_CASE("layout examples of docs/core.md", "[core][layout]") {
    auto u = make_layout(make_tuple(128_I, 64_I));
    CHECK(u(4, 8) == 4 * 64 + 8);
    auto ud = make_layout(make_tuple(128, 64));  // runtime extents: packed strides, not 0
    CHECK(ud(4, 8) == 264);
    CHECK(get<0>(ud.stride()) == 64);
    CHECK(get<1>(ud.stride()) == 1);
    int stride_m = 80;
    auto us = make_layout(make_tuple(128, 64), make_tuple(stride_m, 1));
    CHECK(us(4, 8) == 4 * 80 + 8);
    auto ue = make_layout(make_tuple(128_I, 64_I), make_tuple(64_I, 1_I));
    CHECK(ue(4, 8) == 264);
    int m = 128, n = 64;
    CHECK(make_layout(m, n)(4, 8) == 264);
    CHECK(make_layout(m, 64_I)(4, 8) == 264);
    CHECK(make_layout(m)(9) == 9);
    CHECK(make_layout(2, 3, 4)(1, 2, 3) == 23);
    CHECK(make_layout(2, 3, 4, n)(1, 2, 3, 4) == 1 * 768 + 2 * 256 + 3 * 64 + 4);
    CHECK(u.shape<0>() == 128);
    CHECK(ud.shape<1>() == 64);
    CHECK(us.stride<0>() == 80);
}

TEST_CASE("layouts match a brute-force model: static", "[core][layout]") {
    check_layout(make_tuple(16_I), make_tuple(1_I));
    check_layout(make_tuple(16_I), make_tuple(3_I));
    check_layout(make_tuple(8_I, 4_I), make_tuple(4_I, 1_I));
    check_layout(make_tuple(8_I, 4_I), make_tuple(1_I, 8_I));   // column-major
    check_layout(make_tuple(5_I, 7_I), make_tuple(9_I, 1_I));   // padded rows
    check_layout(make_tuple(3_I, 4_I, 5_I), make_tuple(20_I, 5_I, 1_I));
    check_layout(make_tuple(3_I, 4_I, 5_I), make_tuple(1_I, 3_I, 12_I));
    check_layout(make_tuple(2_I, 3_I, 4_I, 5_I), make_tuple(60_I, 20_I, 5_I, 1_I));
    check_layout(make_tuple(2_I, 3_I, 4_I, 5_I), make_tuple(0_I, 7_I, 100_I, 2_I));  // broadcast
    auto s = make_tuple(3_I, 4_I, 5_I);
    check_static_calls(make_layout<-1>(s), s, packed_stride(s));
    auto s2 = make_tuple(2_I, 3_I, 4_I, 2_I);
    auto d2 = make_tuple(1_I, 50_I, 7_I, 300_I);
    check_static_calls(make_layout<-1>(s2, d2), s2, d2);
    check_static_calls(make_layout(s2, d2), s2, d2);
    // static calls on a fully static layout<-1> are numbers
    STATIC_REQUIRE(is_number_v<decltype(make_layout<-1>(s2, d2)(1_I, 2_I, 3_I, 1_I))>);
}

TEST_CASE("layouts match a brute-force model: dynamic", "[core][layout]") {
    for (int a = 1; a <= 6; a += 2)
        for (int b = 1; b <= 7; b += 3) {
            check_layout(make_tuple(a, b), make_tuple(b, 1));
            check_layout(make_tuple(a, b), make_tuple(1, a));
            check_layout(make_tuple(a, b), make_tuple(b + 5, 2));
            check_layout(make_tuple(a, b, 3), make_tuple(3 * b, 3, 1));
            check_layout(make_tuple(a, b, 3, 2), make_tuple(b * 11, 7, 2, 1000));
            // packed strides from runtime extents
            auto u = make_layout(make_tuple(a, b, 3));
            CHECK(check_every_coordinate<3>(u, {a, b, 3}, {3 * b, 3, 1}) == 0);
            auto v = make_layout(a, b);
            CHECK(check_every_coordinate<2>(v, {a, b}, {b, 1}) == 0);
        }
}

TEST_CASE("layouts match a brute-force model: mixed static/dynamic", "[core][layout]") {
    for (int n = 1; n <= 5; ++n) {
        check_layout(make_tuple(4_I, n), make_tuple(n, 1_I));
        check_layout(make_tuple(n, 4_I), make_tuple(4_I, 1_I));
        check_layout(make_tuple(2_I, n, 3_I, n), make_tuple(n * n * 3, 3 * n, n, 1_I));
        check_layout(make_tuple(2_I, n, 3_I, 2), make_tuple(1_I, 64_I, n, 4096));
        auto u = make_layout(make_tuple(2_I, n, 3_I));  // mixed packed
        CHECK(check_every_coordinate<3>(u, {2, n, 3}, {3 * n, 3, 1}) == 0);
        auto w = make_layout(2_I, n, 3_I, n);
        CHECK(check_every_coordinate<4>(w, {2, n, 3, n}, {3 * n * n, 3 * n, n, 1}) == 0);
    }
}

TEST_CASE("layout with a coordinate: free dims take the indices", "[core][layout]") {
    int p = 5;
    auto u = make_layout<-1>(make_tuple(3_I, 16_I, 4_I), make_tuple(64_I, 4_I, 1_I), make_tuple(_, p, _));
    STATIC_REQUIRE(decltype(u)::num_free == 2);
    CHECK(u(2, 3) == 2 * 64 + p * 4 + 3);
    CHECK(get<0>(u.y_shape()) == 3);
    CHECK(get<1>(u.y_shape()) == 4);
    auto ul = make_layout(make_tuple(3_I, 16_I, 4_I), make_tuple(64_I, 4_I, 1_I), make_tuple(_, p, _));
    CHECK(ul.linear_offset == p * 4);
    CHECK(ul(2, 3) == 2 * 64 + p * 4 + 3);
    // no free dims: a fixed offset
    auto uf = make_layout(make_tuple(3, 4), make_tuple(4, 1), make_tuple(2, 1));
    CHECK(uf() == 9);
}

TEST_CASE("layout_linear: += slides the window", "[core][layout]") {
    auto u = make_layout(make_tuple(8_I, 16_I));
    CHECK(u(1, 2) == 18);
    u += 16;
    CHECK(u(1, 2) == 34);
    CHECK(u.linear_offset == 16);
    u -= 32;
    CHECK(u(0, 0) == -16);
    auto v = u + 16;
    CHECK(v(0, 0) == 0);
}

TEST_CASE("layout_cached precomputes the offsets of every issue", "[core][layout]") {
    int ld = 40;
    auto u = make_layout<4>(make_tuple(3_I, 8_I), make_tuple(ld, 1_I));
    STATIC_REQUIRE(decltype(u)::num_issues == 6);
    int k = 0;
    static_for_y<4>(u, [&](auto issue, auto y) {
        CHECK(issue.value == k++);
        CHECK(u.cached(issue) == u(y));
        CHECK(y_offset<4>(u, issue, y) == u(y));
    });
    u += 7;
    static_for_y<4>(u, [&](auto issue, auto y) {
        CHECK(u.cached(issue) == u(y));
        CHECK(u.cached(issue) == 7 + get<0>(y).value * ld + get<1>(y).value);
    });
    // a plain layout answers y_offset by computing u(y)
    auto p = make_layout(make_tuple(3_I, 8_I), make_tuple(ld, 1_I));
    static_for_y<2>(p, [&](auto issue, auto y) { CHECK(y_offset<2>(p, issue, y) == p(y)); });
}
