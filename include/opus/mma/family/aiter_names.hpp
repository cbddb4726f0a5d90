// SPDX-License-Identifier: MIT
// opus/mma/family/aiter_names.hpp - the family rows that give aiter's instruction names
// (mma/aiter.hpp declares them): in a pass that compiles an MFMA family the rows of every MFMA
// family, in one that compiles a WMMA family those of every WMMA family, as aiter's opus names
// every instruction of its group there (a pass reads the other families' rows, not their code).
#pragma once

#if defined(OPUS_DETAIL_MMA_NAMES_MFMA)
#include "mfma_gfx950.hpp"  // (and mfma_gfx9.hpp)
// X(target, A, B, C, M, N, K, CR, name, ...) for every MFMA row from CDNA3 on (gfx90a's names
// are its mnemonics), S(M, N, K, name, ...) for every scaled f8f6f4 shape
#define OPUS_DETAIL_AITER_MFMA_ROWS(X, S)                                                                    \
    OPUS_DETAIL_MFMA_ROWS_CDNA3(X, -) OPUS_DETAIL_MFMA_ROWS_GFX950(X) OPUS_DETAIL_MFMA_ROWS_SCALE(S)
#endif

#if defined(OPUS_DETAIL_MMA_NAMES_WMMA)
#include "wmma_gfx11.hpp"
#include "wmma_gfx12.hpp"
#include "wmma_gfx1250.hpp"
// R3(wave, A, B, C, name, ...) for every RDNA3 row, R4(wave, A, B, C, KR, swizzled, name, ...)
// for every RDNA4 row, G(A, B, C, K, KR, name, ...) for every gfx1250 row
#define OPUS_DETAIL_AITER_WMMA_ROWS(R3, R4, G)                                                              \
    OPUS_DETAIL_WMMA_ROWS_GFX11(R3) OPUS_DETAIL_WMMA_ROWS_GFX12(R4) OPUS_DETAIL_WMMA_ROWS_GFX1250(G)        \
    OPUS_DETAIL_WMMA_ROWS_GFX1250_F8(G)
#endif
