// Host tests of opus/core: p_dim / y_dim adaptors, unfold_x_stride / unfold_p_coord, the
// 48x32 tile over a 64-lane wavefront (docs/core.md, Adaptors), and the y-issue iteration used by mem.
#include <catch2/catch_test_macros.hpp>
#include <opus/core.hpp>

#include <vector>

OPUS_USING_COMMON_TYPES_ALL  // at namespace scope: _I, p_dim, y_dim, num, tup, seq

namespace {
using opus::index_t;

struct some_tile_adaptor {
    OPUS_H_D constexpr auto shape() { return opus::make_tuple(3_I, 16_I, 4_I, 8_I); }
    OPUS_H_D constexpr auto dim() {
        using namespace opus;
        return tuple<tuple<y_dim, p_dim>, tuple<p_dim, y_dim>>{};
    }
};

template <typename S, typename C>
OPUS_H_D constexpr auto partition_layout(some_tile_adaptor&& a, S&& x_stride, C&& p_coord) {
    return opus::make_layout(a.shape(), opus::unfold_x_stride(a.dim(), a.shape(), x_stride),
                             opus::unfold_p_coord(a.dim(), p_coord));
}
} // namespace

using namespace opus;

// the aliases of OPUS_USING_COMMON_TYPES_ALL
static_assert(is_same_v<num<3>, number<3>> && is_same_v<tup<int>, tuple<int>> &&
              is_same_v<::seq<1, 2>, opus::seq<1, 2>>);

// compile-time pieces of the 48x32 example
static_assert(is_same_v<decltype(unfold_x_stride(some_tile_adaptor{}.dim(), some_tile_adaptor{}.shape(),
                                                 make_tuple(32_I, 1_I))),
                        tuple<number<512>, number<32>, number<8>, number<1>>>);
static_assert(is_same_v<decltype(unfold_p_coord(some_tile_adaptor{}.dim(), make_tuple(1_I, 2_I))),
                        tuple<underscore, number<1>, number<2>, underscore>>);
static_assert(is_same_v<decltype(unfold_x_shape(some_tile_adaptor{}.dim(), some_tile_adaptor{}.shape())),
                        tuple<number<48>, number<32>>>);
static_assert(is_same_v<decltype(y_shape_of(some_tile_adaptor{}.dim(), some_tile_adaptor{}.shape())),
                        tuple<number<3>, number<8>>>);
static_assert(is_same_v<decltype(p_shape_of(some_tile_adaptor{}.dim(), some_tile_adaptor{}.shape())),
                        tuple<number<16>, number<4>>>);
// a bare tag stands for an x-dim that is not split; runtime x strides stay runtime
static_assert(unfold_x_stride(tuple<y_dim, tuple<p_dim, y_dim, y_dim>>{}, make_tuple(5_I, 2_I, 3_I, 4_I),
                              make_tuple(100, 1_I)) == make_tuple(100, 12, 4, 1));

TEST_CASE("48x32 tile: every lane, every y", "[core][adaptor]") {
    for (int row_stride : {32, 40, 33}) {
        std::vector<int> hits(48 * row_stride, 0);
        for (int lane = 0; lane < 64; ++lane) {
            auto s = make_tuple(row_stride, 1_I);
            auto c = make_tuple(lane / 4_I, lane % 4_I);
            auto u = partition_layout(some_tile_adaptor{}, s, c);
            STATIC_REQUIRE(decltype(u)::num_free == 2);
            for (int y0 = 0; y0 < 3; ++y0)
                for (int y1 = 0; y1 < 8; ++y1) {
                    int row = y0 * 16 + lane / 4;  // x0 = [y0, p0]
                    int col = (lane % 4) * 8 + y1; // x1 = [p1, y1]
                    int off = u(y0, y1);
                    CHECK(off == row * row_stride + col);
                    ++hits[off];
                }
            CHECK(u(1, 0) == (16 + lane / 4) * row_stride + (lane % 4) * 8);
            // the static-shape partition layout of make_partition_layout agrees
            auto v = make_partition_layout<-1>(some_tile_adaptor{}, s, c);
            CHECK(v(2, 7) == u(2, 7));
        }
        // the 64 lanes cover the 48x32 tile exactly once
        int covered = 0, twice = 0;
        for (int r = 0; r < 48; ++r)
            for (int col = 0; col < row_stride; ++col) {
                int h = hits[r * row_stride + col];
                if (col < 32) covered += (h == 1);
                twice += (h > 1) || (col >= 32 && h != 0);
            }
        CHECK(covered == 48 * 32);
        CHECK(twice == 0);
    }
}

TEST_CASE("packed partition layout", "[core][adaptor]") {
    for (int lane = 0; lane < 64; ++lane) {
        auto u = make_partition_layout_packed(some_tile_adaptor{}, make_tuple(lane / 4_I, lane % 4_I));
        CHECK(u(2, 5) == (2 * 16 + lane / 4) * 32 + (lane % 4) * 8 + 5);
    }
}

TEST_CASE("y-issue iteration: vector width smaller than the innermost y extent", "[core][adaptor]") {
    // y-shape 3x8 read as load<4>: six issues
    STATIC_REQUIRE(is_same_v<decltype(y_issue_count<4>(make_tuple(3_I, 8_I))), number<6>>);
    STATIC_REQUIRE(y_issue_count<8>(make_tuple(3_I, 8_I)) == 3);
    STATIC_REQUIRE(y_issue_count<1>(make_tuple(3_I, 8_I)) == 24);
    STATIC_REQUIRE(y_issue_count<2>(opus::seq<2, 2, 4>{}) == 8);
    const int expect[6][2] = {{0, 0}, {0, 4}, {1, 0}, {1, 4}, {2, 0}, {2, 4}};
    for (int lane = 0; lane < 64; ++lane) {
        int row_stride = 40;
        auto u = partition_layout(some_tile_adaptor{}, make_tuple(row_stride, 1_I),
                                  make_tuple(lane / 4_I, lane % 4_I));
        STATIC_REQUIRE(y_issue_count<4>(u) == 6);
        int n = 0;
        static_for_y<4>(u, [&](auto issue, auto y) {
            STATIC_REQUIRE(is_number_v<decltype(issue)>);
            STATIC_REQUIRE(is_number_v<decltype(get<0>(y))> && is_number_v<decltype(get<1>(y))>);
            CHECK(issue.value == n);
            CHECK(get<0>(y).value == expect[n][0]);
            CHECK(get<1>(y).value == expect[n][1]);
            // the four elements of the issue are contiguous in memory and are registers
            // [4*issue, 4*issue+4) of the row-major y space
            int off = u(y);
            for (int e = 0; e < 4; ++e) {
                int reg = issue.value * 4 + e;
                int y0 = reg / 8, y1 = reg % 8;
                CHECK(off + e == u(y0, y1));
            }
            ++n;
        });
        CHECK(n == 6);
    }
    // three y dims: (2, 3, 4) with vector 2 -> 12 issues, innermost index steps by 2
    int n = 0;
    static_for_y<2>(make_tuple(2_I, 3_I, 4_I), [&](auto issue, auto y) {
        int k = issue.value;
        CHECK(get<0>(y).value == k / 6);
        CHECK(get<1>(y).value == (k / 2) % 3);
        CHECK(get<2>(y).value == (k % 2) * 2);
        ++n;
    });
    CHECK(n == 12);
}

TEST_CASE("OPUS_USING_COMMON_TYPES in a block scope", "[core][adaptor]") {
    OPUS_USING_COMMON_TYPES
    auto n = 5_I;
    STATIC_REQUIRE(is_same_v<decltype(n), opus::number<5>>);
    STATIC_REQUIRE(is_same_v<p_dim, opus::p_dim>);
    STATIC_REQUIRE(is_same_v<y_dim, opus::y_dim>);
}

// The aliases may go unused: no -Wunused-local-typedef (this file builds with -Werror).
TEST_CASE("OPUS_USING_COMMON_TYPES in a block scope that uses only _I", "[core][adaptor]") {
    OPUS_USING_COMMON_TYPES
    STATIC_REQUIRE(decltype(7_I)::value == 7);
}
