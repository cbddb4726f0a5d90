// SPDX-License-Identifier: MIT
// opus/mma/wmma.hpp - make_wmma: the adaptor of a WMMA instruction (RDNA3 gfx11, RDNA4 gfx12,
// gfx1250), the same mma_adaptor make_mfma returns, with the same members and call forms.
//
//   auto mma = make_wmma<fp16_t, fp16_t, fp32_t>(16_I, 16_I, 16_I);   // v_wmma_f32_16x16x16_f16
//
// Where a WMMA's lanes differ from an MFMA's, its family's lane description says so
// (opus/mma/family/wmma_*.hpp): gfx11 lane groups replicate A and B; gfx12 wave64 takes C's (and
// 8-bit A/B's) lane groups in the order 0, 2, 1, 3; gfx12 / gfx1250 hold a lane group's C rows
// together; a step-K chain repeats K groups instead of lengthening a lane's K run.
#pragma once

#include "mfma.hpp"

OPUS_NAMESPACE_BEGIN

#if !defined(OPUS_DETAIL_AITER_PATH) || defined(OPUS_DETAIL_OWN_MMA_FACTORIES)  // (as make_mfma: mma/mfma.hpp)
template <typename A, typename B, typename C, target T = target::native, typename... Args>
OPUS_H_D OPUS_DETAIL_OWN_API constexpr auto make_wmma(Args... args) {
    return make_mfma<A, B, C, T>(args...);
}
#endif

OPUS_NAMESPACE_END
