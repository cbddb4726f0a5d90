// The GEMM benchmark's tile constants and its builtin twin's hand-written index math (in
// elements), plain C++17 so that the host check gemm_twin_check.cpp can compare it with
// opus's tiled layouts for every thread (CTest benchmark.mma.gemm_twin_layout).
//   A (B) row of expansion e: e * 64 + wave_m (wave_n) * 32 + lane % 32
//   K of expansion ek:        ek * 8 + (lane / 32) * 4     (4 consecutive fp16 per issue)
//   C register r of lane l:   row 8 * (r / 4) + 4 * (l / 32) + r % 4, column l % 32 (per 32 x 32 block)
#pragma once
#include <opus/core/config.hpp>

#define OPUS_GEMM_BLOCK 256
#define OPUS_GEMM_TILE 128
#define OPUS_GEMM_KSTEP 16

namespace opus_gemm {
OPUS_H_D constexpr int twin_ab_offset(int lane, int w, int e, int ek, int k) {
    return (e * 64 + w * 32 + lane % 32) * k + ek * 8 + (lane / 32) * 4;
}
OPUS_H_D constexpr int twin_c_row(int lane, int wm, int em, int r) {
    return em * 64 + wm * 32 + 8 * (r / 4) + 4 * (lane / 32) + r % 4;
}
OPUS_H_D constexpr int twin_c_col(int lane, int wn, int en) { return en * 64 + wn * 32 + lane % 32; }
} // namespace opus_gemm
