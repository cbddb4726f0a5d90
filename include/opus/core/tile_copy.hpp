// SPDX-License-Identifier: MIT
// opus/core/tile_copy.hpp - who moves what when a workgroup copies a tile. tile_copy<Rows,
// Cols, Threads, Vec> distributes a Rows x Cols row-major tile over Threads threads, Vec
// consecutive elements (one vector access) per thread and issue:
//
//   x: [Rows, Cols] = [[y issues, p rows_per_issue], [p threads_per_row, y Vec]]
//   thread t: row  issue * rows_per_issue + t / threads_per_row,
//             cols (t % threads_per_row) * Vec .. + Vec - 1
//
// so the threads of one issue read whole rows (consecutive threads, consecutive addresses).
//   layout(row_stride, tid)    thread tid's elements in a tile whose rows are row_stride
//                              apart (global memory, or LDS with padded rows): the
//                              layout of a bulk load<Vec> / store<Vec> (registers in y order)
//   layout_async(first_tid)    async_load's LDS side for the wave whose lane 0 is thread
//                              first_tid: the tile dense in LDS (row stride Cols); the lane's
//                              own slot (lane * Vec) is added by async_load itself
// Opt-in: opus/core.hpp does not include it (a kernel that uses it does, so that only it pays
// the parse cost). Tests: test/host/core/test_core_tile_copy.cpp,
// test/codegen/core/tile_copy.hip, test/device/core/test_tile_copy_device.hip.
#pragma once

#include "layout.hpp"

OPUS_NAMESPACE_BEGIN

template <index_t Rows, index_t Cols, index_t Threads, index_t Vec>
struct tile_copy {
    static_assert(Rows > 0 && Cols > 0 && Threads > 0 && Vec > 0,
                  "opus::tile_copy<Rows, Cols, Threads, Vec>: every parameter must be positive");
    static_assert(Cols % Vec == 0, "opus::tile_copy: Vec (elements per access) must divide Cols");
    static constexpr index_t threads_per_row = Cols / Vec;
    static_assert(Threads % threads_per_row == 0,
                  "opus::tile_copy: Threads must be a multiple of Cols / Vec (the threads that copy one row)");
    static constexpr index_t rows_per_issue = Threads / threads_per_row;
    static_assert(Rows % rows_per_issue == 0,
                  "opus::tile_copy: Rows must be a multiple of Threads / (Cols / Vec) (the rows one issue copies)");
    static constexpr index_t issues = Rows / rows_per_issue;  // vector accesses per thread
    static constexpr index_t rows = Rows, cols = Cols, threads = Threads, vec = Vec;

    template <typename S>
    OPUS_H_D static constexpr auto layout(const S& row_stride, index_t tid) {
        return make_layout(make_tuple(number<issues>{}, number<rows_per_issue>{}, number<threads_per_row>{}, number<Vec>{}),
                           make_tuple(issue_stride(row_stride), row_stride, number<Vec>{}, number<1>{}),
                           make_tuple(_, tid / threads_per_row, tid % threads_per_row, _));
    }
    OPUS_H_D static constexpr auto layout_async(index_t first_tid) {
        return make_layout(make_tuple(number<issues>{}, number<Vec>{}),
                           make_tuple(number<rows_per_issue * Cols>{}, number<1>{}))
               + first_tid * Vec;
    }

  private:
    template <typename S>
    OPUS_H_D static constexpr auto issue_stride(const S& row_stride) {
        if constexpr (is_number_v<S>) return number<S::value * rows_per_issue>{};
        else return static_cast<index_t>(row_stride) * rows_per_issue;
    }
};

// make_tile_copy<Threads, Vec>(seq<Rows, Cols>{}): the same, the tile shape as a seq
template <index_t Threads, index_t Vec, index_t Rows, index_t Cols>
OPUS_H_D constexpr tile_copy<Rows, Cols, Threads, Vec> make_tile_copy(seq<Rows, Cols>) {
    return {};
}

OPUS_NAMESPACE_END
