// SPDX-License-Identifier: MIT
// opus/mma/f8f6f4.hpp - an f8f6f4 operand as the registers the scaled builtins take, for the
// families that have them (mfma_gfx950, wmma_gfx1250), which include it after defining
// OPUS_DETAIL_MMA_SCALED; a compile without such a family reads none of it.
#pragma once

#include "operand.hpp"

#if OPUS_HIP && defined(OPUS_DETAIL_MMA_SCALED)
OPUS_NAMESPACE_BEGIN
namespace detail {
// An f8f6f4 operand as the registers the f8f6f4 builtins take: R registers for fp8 / bf8, of
// which fp6 / bf6 fill 3R/4 and fp4 R/2 (the rest zero; the backend narrows the operand).
// gfx950's scaled MFMA: R = 8; gfx1250's WMMA: R = 16.
template <typename H, index_t... I>
OPUS_D auto mma_widen_registers(const H& h, seq<I...>) {
    return __builtin_shufflevector(h, H{}, I...);
}
template <index_t R, typename V>
OPUS_D vector_t<int, R> mma_f8f6f4_registers(const V& v) {
    constexpr index_t n = index_t(sizeof(V)) / 4;
    static_assert(n == R || 4 * n == 3 * R || 2 * n == R,
                  "opus mma: an f8f6f4 operand is R (fp8 / bf8), 3R/4 (fp6 / bf6) or R/2 (fp4) registers");
    if constexpr (n == R) {
        return __builtin_bit_cast(vector_t<int, R>, v);
    } else if constexpr (2 * n == R) {  // fp4: its registers, then zero ones (no loop to unroll)
        return mma_widen_registers(__builtin_bit_cast(vector_t<int, n>, v), make_index_seq<R>{});
    } else {  // fp6: an ext vector of 3R/4 ints is padded, so through a struct
        struct regs { int r[n]; };
        const regs d = __builtin_bit_cast(regs, v);
        vector_t<int, R> r{};
        for (index_t i = 0; i < n; ++i) r[i] = d.r[i];
        return r;
    }
}
} // namespace detail
OPUS_NAMESPACE_END
#endif
