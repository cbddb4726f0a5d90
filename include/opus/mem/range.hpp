// SPDX-License-Identifier: MIT
// opus/mem/range.hpp - the byte range of a buffer descriptor (host and device).
//
// A buffer descriptor's range (num_records) is 32 bits, so one gmem covers at most
// 0xffffffff bytes. make_gmem(p, bytes) takes a 32-bit size (int, unsigned) as it is and
// CLAMPS a 64-bit one:
//   bytes <= 0xffffffff          range = bytes
//   2^32 <= bytes < 2^63         range = 0xffffffff (= buffer_no_size: no out-of-bounds check)
//   bytes >= 2^63                range = the low 32 bits, as aiter's opus: no buffer has such a
//                                size; it is a negative int converted (`(int)x * sizeof(T)`)
// A larger size is never truncated to its low 32 bits (which made a 5 GiB tensor a 1 GiB
// one whose loads past 1 GiB read 0). Offsets are 32 bits too: the byte offset of an access,
// element offset * sizeof(T) (+ s_offset, + immediate), must stay below 2^32 -
// make_gmem(p + base, remaining_bytes) rebases a window of a larger tensor (the remaining
// size clamps as above).
#pragma once

#include "../core/config.hpp"
#include "../arch/target.hpp"

// OPUS_GMEM_RANGE_CLAMP=0 opts out of the clamp: a 64-bit size keeps its low 32 bits, as in
// aiter's opus. The clamp costs one compare and one select per descriptor built from a
// 64-bit size (`n * sizeof(T)`); it is the most common ISA difference between aiter's kernels
// built against opus and against the reference (docs/coming-from-aiter.md).
// Opt out only when every size is known to be below 2^32. Part of the configuration tag
// (opus/core/config.hpp): units with either setting link into one program.
#ifndef OPUS_GMEM_RANGE_CLAMP
#define OPUS_GMEM_RANGE_CLAMP 1
#endif
#if (OPUS_GMEM_RANGE_CLAMP != 0) != OPUS_DETAIL_CFG_RANGE_CLAMP
#error "opus: OPUS_GMEM_RANGE_CLAMP was defined after the first opus header: define it before (it is part of the configuration tag, opus/core/config.hpp)"
#endif

OPUS_NAMESPACE_BEGIN
namespace detail {
// the descriptor range of a buffer of `bytes` bytes (clamped to the 32-bit maximum; the low
// 32 bits with Clamp = false)
template <bool Clamp = (OPUS_GMEM_RANGE_CLAMP != 0)>
OPUS_H_D constexpr uint32_t buffer_range_bytes(uint64_t bytes) {
    // one signed compare of the high word and one select. Testing the high word as a signed
    // value lets LLVM drop the clamp where the size provably fits: for `int * 2` (an fp16/bf16
    // count) the sign-extended product is below 2^32 whenever it is not negative, so nothing is
    // emitted (test/codegen/mem/gmem_range_clamp.hip).
    // The condition is spelled twice, as a 64-bit and as a high-word compare (the same
    // predicate): LLVM proves one or the other false in more kernels than either alone.
    // Where neither folds, LLVM merges them into the 64-bit compare, which gfx9 has only as a
    // VALU v_cmp_lt_i64, slightly longer than the high-word s_cmp (docs/coming-from-aiter.md).
    // A target with v_min_i64 (OPUS_HAS_VALU_MIN_I64) compares the high word only: it has no
    // scalar 64-bit compare or min, and the merged 64-bit form becomes v_min_i64, whose VGPR
    // descriptor costs a waterfall loop around every buffer access
    // (test/codegen/mem/gmem_range_gfx1250.hip).
    // Where the 64-bit compare folds (a sign-extended int times a small sizeof), its constant
    // is used: __builtin_constant_p is decided after LLVM's range analysis.
    if constexpr (Clamp && OPUS_HAS_VALU_MIN_I64) {
        const bool above64 = static_cast<int64_t>(bytes) > static_cast<int64_t>(0xffffffffu);
        const bool above = __builtin_constant_p(above64) ? above64 : static_cast<int32_t>(static_cast<uint32_t>(bytes >> 32)) > 0;
        return above ? 0xffffffffu : static_cast<uint32_t>(bytes);
    } else if constexpr (Clamp)
        return (static_cast<int64_t>(bytes) > static_cast<int64_t>(0xffffffffu) &&
                static_cast<int32_t>(static_cast<uint32_t>(bytes >> 32)) > 0)
                   ? 0xffffffffu
                   : static_cast<uint32_t>(bytes);
    else
        return static_cast<uint32_t>(bytes);
}

} // namespace detail
OPUS_NAMESPACE_END
