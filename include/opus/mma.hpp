// SPDX-License-Identifier: MIT
// opus/mma.hpp - matrix-core (MFMA / WMMA) adaptors and tiled MMA.
//
//   mma/desc.hpp       lane/register layout descriptions (host-usable, dtype independent)
//   mma/operand.hpp    operand register containers (packed fp4 / fp6), their reinterpretation
//   mma/entry.hpp      what an instruction-family header builds on (the entry template)
//   mma/family/*.hpp   one header per target family: its instructions, each written once
//   mma/select.hpp     the families of the compile target; target::native; step-K selection; diagnostics
//   mma/f8f6f4.hpp     scaled f8f6f4 operands as the builtins' registers (for those families)
//   mma/mfma.hpp       make_mfma: the warp-level adaptor (mma_adaptor), mfma_adaptor_swap_ab
//   mma/wmma.hpp       make_wmma: the same adaptor for the WMMA targets
//   mma/tiled_mma.hpp  make_tiled_mma (multi-wave block GEMM, vector and array containers)
// aiter's layer, mma/aiter.hpp (opus::mfma<...> / opus::wmma<...>, the named instructions, its
// factories and adaptor types with aiter's member names, wmma_adaptor tags, partition_layout_*),
// is included by opus/opus.hpp only.
#pragma once
#include "core.hpp"
#include "arch.hpp"
#ifndef OPUS_ARCH_HOST_UNSUPPORTED
#include "mma/desc.hpp"
#include "mma/operand.hpp"
#include "mma/entry.hpp"
#include "mma/select.hpp"
#include "mma/f8f6f4.hpp"
#include "mma/mfma.hpp"
#include "mma/wmma.hpp"
#include "mma/tiled_mma.hpp"
#endif
