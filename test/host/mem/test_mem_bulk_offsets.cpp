// The issue plan of layout-based bulk memory operations (opus/core/layout_offsets.hpp, used by
// gmem/smem load<N>(u), store<N>(v, u), load_if/store_if and async_load): for every lane of
// a 64-lane wavefront the sequence of offsets equals a brute-force model of the x/p/y
// distribution, for static and dynamic strides and every layout variant.
#include <opus/core.hpp>
#include <opus/core/layout_offsets.hpp>
#include <catch2/catch_test_macros.hpp>
#include <vector>

using namespace opus;

namespace {

// the seed's 48x32 tile: x0 = 48 = [y0 3, p0 16], x1 = 32 = [p1 4, y1 8]
struct tile_48x32 {
    constexpr auto shape() { return make_tuple(number<3>{}, number<16>{}, number<4>{}, number<8>{}); }
    constexpr auto dim() { return tuple<tuple<y_dim, p_dim>, tuple<p_dim, y_dim>>{}; }
};
// x0 = 16 = [y0 2, p0 8], x1 = 64 = [y1 2, p1 8, y2 4]: three y dims, 64 lanes
struct tile_16x64 {
    constexpr auto shape() {
        return make_tuple(number<2>{}, number<8>{}, number<2>{}, number<8>{}, number<4>{});
    }
    constexpr auto dim() { return tuple<tuple<y_dim, p_dim>, tuple<y_dim, p_dim, y_dim>>{}; }
};

// brute force: walk the y space row-major, one issue per V consecutive innermost elements
std::vector<index_t> model_48x32(int lane, index_t stride, index_t V) {
    std::vector<index_t> r;
    const index_t p0 = lane / 4, p1 = lane % 4;
    for (index_t y0 = 0; y0 < 3; ++y0)
        for (index_t y1 = 0; y1 < 8; y1 += V) {
            const index_t row = y0 * 16 + p0, col = p1 * 8 + y1;
            r.push_back(row * stride + col);
        }
    return r;
}
std::vector<index_t> model_16x64(int lane, index_t stride, index_t V) {
    std::vector<index_t> r;
    const index_t p0 = lane / 8, p1 = lane % 8;
    for (index_t y0 = 0; y0 < 2; ++y0)
        for (index_t y1 = 0; y1 < 2; ++y1)
            for (index_t y2 = 0; y2 < 4; y2 += V) {
                const index_t row = y0 * 8 + p0, col = y1 * 32 + p1 * 4 + y2;
                r.push_back(row * stride + col);
            }
    return r;
}

template <typename A>
std::vector<index_t> to_vec(const A& a) {
    std::vector<index_t> v;
    for (index_t i = 0; i < a.size(); ++i) v.push_back(a[i]);
    return v;
}

template <index_t V, index_t CV, typename Stride>
void check_48x32(const Stride& s, index_t stride) {
    for (int lane = 0; lane < 64; ++lane) {
        auto u = make_partition_layout<CV>(tile_48x32{}, s, make_tuple(lane / 4, lane % 4));
        const auto got = to_vec(layout_to_offsets<V>(u));
        INFO("lane " << lane << " V " << V << " cached_vec " << CV << " stride " << stride);
        REQUIRE(got == model_48x32(lane, stride, V));
    }
}
template <index_t V, index_t CV, typename Stride>
void check_16x64(const Stride& s, index_t stride) {
    for (int lane = 0; lane < 64; ++lane) {
        auto u = make_partition_layout<CV>(tile_16x64{}, s, make_tuple(lane / 8, lane % 8));
        const auto got = to_vec(layout_to_offsets<V>(u));
        INFO("lane " << lane << " V " << V << " cached_vec " << CV << " stride " << stride);
        REQUIRE(got == model_16x64(lane, stride, V));
    }
}

} // namespace

TEST_CASE("bulk issue offsets of the 48x32 tile match the model for all 64 lanes", "[mem][bulk]") {
    // static row stride, every vector width dividing the innermost y extent
    check_48x32<1, 0>(make_tuple(number<32>{}, number<1>{}), 32);
    check_48x32<2, 0>(make_tuple(number<32>{}, number<1>{}), 32);
    check_48x32<4, 0>(make_tuple(number<32>{}, number<1>{}), 32);
    check_48x32<8, 0>(make_tuple(number<32>{}, number<1>{}), 32);
    // dynamic (padded) row stride
    check_48x32<8, 0>(make_tuple(40, number<1>{}), 40);
    check_48x32<4, 0>(make_tuple(1000, number<1>{}), 1000);
    // plain layout and layout_cached variants
    check_48x32<8, -1>(make_tuple(number<32>{}, number<1>{}), 32);
    check_48x32<8, 8>(make_tuple(72, number<1>{}), 72);
    check_48x32<4, 4>(make_tuple(number<32>{}, number<1>{}), 32);
}

TEST_CASE("bulk issue offsets of a three-y-dim tile match the model for all 64 lanes", "[mem][bulk]") {
    check_16x64<1, 0>(make_tuple(number<64>{}, number<1>{}), 64);
    check_16x64<2, 0>(make_tuple(number<64>{}, number<1>{}), 64);
    check_16x64<4, 0>(make_tuple(96, number<1>{}), 96);
    check_16x64<4, 4>(make_tuple(96, number<1>{}), 96);
    check_16x64<2, -1>(make_tuple(number<128>{}, number<1>{}), 128);
}

TEST_CASE("bulk issues: count, y order and the per-issue predicate", "[mem][bulk]") {
    auto u = make_partition_layout(tile_48x32{}, make_tuple(number<32>{}, number<1>{}), make_tuple(0, 0));
    STATIC_REQUIRE(decltype(y_issue_count<8>(u))::value == 3);
    STATIC_REQUIRE(decltype(y_issue_count<4>(u))::value == 6);

    // gather_issues / scatter_issues (the walk of every bulk load, store and atomic) visit the
    // issues in order, each at its plan offset (Bits = 8: bytes == elements); the predicate
    // sees each issue's y tuple, a deselected issue loads zero and stores nothing
    std::vector<int> y0s, y1s;
    auto pred = [&](auto y) {
        y0s.push_back(get<0>(y).value);
        y1s.push_back(get<1>(y).value);
        return get<1>(y).value != 4;
    };
    const auto all_offs = to_vec(layout_to_offsets<4>(u));
    std::vector<index_t> offs;
    int n = 0;
    const auto ld = [&](const auto&, index_t bytes) { offs.push_back(bytes); return ++n; };
    const auto r = detail::gather_issues<4, array<int, 6>, int, 4, 8>(pred, u, ld, detail::issue_seq<4, decltype(u)>{});
    REQUIRE(y0s == std::vector<int>{0, 0, 1, 1, 2, 2});
    REQUIRE(y1s == std::vector<int>{0, 4, 0, 4, 0, 4});
    REQUIRE(to_vec(r) == std::vector<index_t>{1, 0, 2, 0, 3, 0});
    REQUIRE(offs == std::vector<index_t>{all_offs[0], all_offs[2], all_offs[4]});
    const array<int, 6> data{10, 11, 12, 13, 14, 15};
    std::vector<int> ks, chunks;
    offs.clear();
    const auto st = [&](int c, const auto& plan, index_t k) {
        ks.push_back(int(k));
        chunks.push_back(c);
        offs.push_back(plan.base + plan.y(k));
    };
    detail::scatter_issues<4, int, 4>(pred, data, u, st, detail::issue_seq<4, decltype(u)>{});
    REQUIRE(ks == std::vector<int>{0, 2, 4});
    REQUIRE(chunks == std::vector<int>{10, 12, 14});
    REQUIRE(offs == std::vector<index_t>{all_offs[0], all_offs[2], all_offs[4]});
    ks.clear();
    detail::scatter_issues<4, int, 4>(true_type{}, data, u, st, detail::issue_seq<4, decltype(u)>{});
    REQUIRE(ks == std::vector<int>{0, 1, 2, 3, 4, 5});
    ks.clear();
    detail::scatter_issues<8, int, 4>(false, data, u, st, detail::issue_seq<8, decltype(u)>{});
    REQUIRE(ks.empty());
    n = 0;
    REQUIRE(to_vec(detail::gather_issues<8, array<int, 3>, int, 4, 8>(false, u, ld, detail::issue_seq<8, decltype(u)>{})) ==
            std::vector<index_t>{0, 0, 0});
    REQUIRE(n == 0);
    // a bool predicate applies to every issue
    REQUIRE(detail::issue_pred(true, make_tuple(number<0>{})));
    REQUIRE_FALSE(detail::issue_pred(false, make_tuple(number<0>{})));
}

TEST_CASE("bulk issues: aiter-form predicate pred(i0, i1) sees vectorized issue indices", "[mem][bulk]") {
    auto u = make_partition_layout(tile_48x32{}, make_tuple(number<32>{}, number<1>{}), make_tuple(0, 0));
    using space = y_issue_space<4, decltype(detail::y_seq_of(u))>;  // y (3, 8), 6 issues of 4
    std::vector<int> i0s, i1s;
    auto rec = [&](auto i0, auto i1) {
        i0s.push_back(i0.value);
        i1s.push_back(i1.value);
        return i1.value == 1;
    };
    std::vector<int> sel;
    static_for<space::issues>([&](auto k) { sel.push_back(detail::issue_pred<space>(rec, k)); });
    REQUIRE(i0s == std::vector<int>{0, 0, 1, 1, 2, 2});
    REQUIRE(i1s == std::vector<int>{0, 1, 0, 1, 0, 1});  // chunk index, not chunk * 4
    REQUIRE(sel == std::vector<int>{0, 1, 0, 1, 0, 1});
    // a one-argument predicate on a 2-d y space gets the y tuple (innermost = chunk * 4)
    std::vector<int> ys;
    static_for<space::issues>([&](auto k) {
        detail::issue_pred<space>([&](auto y) { ys.push_back(get<1>(y).value); return true; }, k);
    });
    REQUIRE(ys == std::vector<int>{0, 4, 0, 4, 0, 4});
}

// plan_static_span: the largest minus the smallest issue offset (elements) when every y stride
// is a number<> (smem's bulk loads take an opaque base from 8 KiB up), -1 otherwise
TEST_CASE("bulk plan span: the issue offsets' extent for static y strides, -1 for runtime ones", "[mem][bulk]") {
    for (int lane : {0, 37, 63}) {
        auto u = make_partition_layout<0>(tile_16x64{}, make_tuple(number<96>{}, number<1>{}),
                                          make_tuple(lane / 8, lane % 8));
        const auto p = detail::make_issue_plan<4>(u);
        const auto offs = to_vec(layout_to_offsets<4>(u));
        index_t lo = offs[0], hi = offs[0];
        for (index_t o : offs) { lo = o < lo ? o : lo; hi = o > hi ? o : hi; }
        // y0 (stride 8 * 96) and y1 (stride 8 * 4); y2 is one chunk of 4: 768 + 32 = 800
        STATIC_REQUIRE(detail::plan_static_span<remove_cvref_t<decltype(p)>>::value == 800);
        REQUIRE(hi - lo == 800);
    }
    auto ud = make_partition_layout<0>(tile_16x64{}, make_tuple(96, number<1>{}), make_tuple(1, 2));
    STATIC_REQUIRE(detail::plan_static_span<decltype(detail::make_issue_plan<4>(ud))>::value == -1);
    // layout_cached plans answer from their cache: no static span
    auto uc = make_partition_layout<4>(tile_16x64{}, make_tuple(number<96>{}, number<1>{}), make_tuple(1, 2));
    STATIC_REQUIRE(detail::plan_static_span<decltype(detail::make_issue_plan<4>(uc))>::value == -1);
}
