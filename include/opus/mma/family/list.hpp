// SPDX-License-Identifier: MIT
// opus/mma/family/list.hpp - the instruction families, one line each under the targets it
// serves (a device pass reads only its own), and the targets make_mfma takes where no device
// target is compiled: these are the MMA module's only lines outside the families that name a
// target.
#pragma once

#include "../entry.hpp"

#if OPUS_DETAIL_MMA_WANT(GFX90A) || OPUS_DETAIL_MMA_WANT(GFX942)
#include "mfma_gfx9.hpp"    // gfx90a (CDNA2), gfx942 (CDNA3)
#endif
#if OPUS_DETAIL_MMA_WANT(GFX950)
#include "mfma_gfx950.hpp"  // gfx950 (CDNA4)
#endif
#if OPUS_DETAIL_MMA_WANT(GFX11)
#include "wmma_gfx11.hpp"   // gfx11xx (RDNA3)
#endif
#if OPUS_DETAIL_MMA_WANT(GFX12)
#include "wmma_gfx12.hpp"   // gfx1200, gfx1201 (RDNA4)
#endif
#if OPUS_DETAIL_MMA_WANT(GFX1250)
#include "wmma_gfx1250.hpp" // gfx1250
#endif

// The host pass of a HIP compile resolves target::native to the first of these targets that has
// the instruction (after OPUS_MMA_HOST_TARGET); see mma_select.
#define OPUS_DETAIL_MMA_HOST_PASS_ORDER(X) X(gfx942) X(gfx950) X(gfx90a) X(gfx12_w32) X(gfx11_w32) X(gfx1250)

// Target used by make_mfma when none is named and no device target is being compiled
// (plain host code: host tests, layout computations on the host).
#ifndef OPUS_MMA_HOST_TARGET
#if OPUS_DETAIL_CFG_MMA_HOST_TARGET
#error "opus: OPUS_MMA_HOST_TARGET was defined after the first opus header: define it before (it is part of the configuration tag, opus/core/config.hpp)"
#endif
#define OPUS_MMA_HOST_TARGET ::opus::target::gfx950
#endif
