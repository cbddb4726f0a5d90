// Host tests of opus::tile_copy (opus/core/tile_copy.hpp): every element of the tile is copied
// by exactly one (thread, issue, vector element), at row * stride + col, for padded and dense
// row strides, static and runtime; async_load's LDS side puts lane l of a wave where
// layout(Cols, tid) puts thread first_tid + l.
#include <opus/core.hpp>
#include <opus/core/tile_copy.hpp>

#include <catch2/catch_test_macros.hpp>

#include <vector>

namespace {

template <typename TC, typename S>
void check_cover(S row_stride, opus::index_t stride_value) {
    INFO("tile " << TC::rows << " x " << TC::cols << ", " << TC::threads << " threads, vec " << TC::vec
                 << ", row stride " << stride_value);
    std::vector<int> hits(size_t(TC::rows) * TC::cols, 0);
    bool in_place = true;
    for (opus::index_t t = 0; t < TC::threads; ++t) {
        const auto u = TC::layout(row_stride, t);
        for (opus::index_t i = 0; i < TC::issues; ++i)
            for (opus::index_t v = 0; v < TC::vec; ++v) {
                const opus::index_t off = u(i, v);
                const opus::index_t row = off / stride_value, col = off % stride_value;
                // thread t copies row i * rows_per_issue + t / threads_per_row,
                // columns (t % threads_per_row) * vec + v
                in_place = in_place && row == i * TC::rows_per_issue + t / TC::threads_per_row &&
                           col == (t % TC::threads_per_row) * TC::vec + v;
                if (row < TC::rows && col < TC::cols) ++hits[size_t(row) * TC::cols + col];
            }
    }
    CHECK(in_place);
    int once = 0;
    for (int h : hits) once += h == 1;
    CHECK(once == TC::rows * TC::cols);
}

template <typename TC>
void check_async(opus::index_t wave_size) {
    INFO("tile " << TC::rows << " x " << TC::cols << ", wave " << wave_size);
    bool same = true;
    for (opus::index_t first = 0; first < TC::threads; first += wave_size) {
        const auto us = TC::layout_async(first);
        for (opus::index_t l = 0; l < wave_size; ++l) {
            const auto ud = TC::layout(opus::number<TC::cols>{}, first + l);
            for (opus::index_t i = 0; i < TC::issues; ++i) same = same && us(i, 0) + l * TC::vec == ud(i, 0);
        }
    }
    CHECK(same);
}

} // namespace

TEST_CASE("tile_copy: every element once, where row * stride + col puts it", "[core][tile_copy]") {
    using opus::number;
    using tc_a = opus::tile_copy<128, 32, 256, 8>;  // example 03's copy: 2 issues of 64 rows
    static_assert(tc_a::threads_per_row == 4 && tc_a::rows_per_issue == 64 && tc_a::issues == 2);
    check_cover<tc_a>(number<40>{}, 40);  // padded LDS rows
    check_cover<tc_a>(4096, 4096);        // global memory, runtime stride
    check_cover<tc_a>(number<32>{}, 32);  // dense
    using tc_b = decltype(opus::make_tile_copy<64, 4>(opus::seq<16, 64>{}));  // one row per 16 threads
    static_assert(tc_b::threads_per_row == 16 && tc_b::rows_per_issue == 4 && tc_b::issues == 4);
    check_cover<tc_b>(number<64>{}, 64);
    check_cover<tc_b>(100, 100);
    using tc_c = opus::tile_copy<8, 256, 32, 8>;  // a row wider than the threads: threads_per_row 32
    static_assert(tc_c::rows_per_issue == 1 && tc_c::issues == 8);
    check_cover<tc_c>(300, 300);
}

TEST_CASE("tile_copy: a static row stride folds the layout to constants but the thread's part", "[core][tile_copy]") {
    using tc = opus::tile_copy<128, 32, 256, 8>;
    constexpr auto u = tc::layout(opus::number<40>{}, 5);  // thread 5: row 1, columns 8..15
    static_assert(u(0, 0) == 40 + 8 && u(1, 3) == 64 * 40 + 40 + 8 + 3);
    CHECK(tc::layout(1000, 255)(1, 7) == (64 + 63) * 1000 + 24 + 7);
}

TEST_CASE("tile_copy: async_load's LDS side matches the dense thread layout, lane by lane", "[core][tile_copy]") {
    check_async<opus::tile_copy<128, 32, 256, 8>>(64);
    check_async<opus::tile_copy<64, 64, 256, 4>>(64);
    check_async<opus::tile_copy<64, 64, 256, 4>>(32);
    check_async<opus::tile_copy<32, 128, 128, 1>>(64);
}
