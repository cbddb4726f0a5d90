// SPDX-License-Identifier: MIT
// opus/mem.hpp - global (buffer) and shared (LDS) memory access.
#pragma once
// Plain C++ (no HIP) stops here with one clear error instead of a wall of them.
#include "opus/core/config.hpp"
#if !OPUS_HIP
#error "opus/mem.hpp is device code: compile it as HIP (hipcc, amdclang++, clang++ -x hip). Plain C++ host code includes <opus/core.hpp>, the host half of opus (host C++ may also use <opus/arch.hpp> and <opus/mma.hpp>)"
#else
#include "core.hpp"
#include "arch.hpp"
#include "opus/mem/range.hpp"
#include "opus/mem/bulk.hpp"
#include "opus/mem/access.hpp"
#include "opus/mem/rsrc.hpp"
#include "opus/mem/lds.hpp"
#include "opus/mem/dma.hpp"
#include "opus/mem/atomic.hpp"
#include "opus/mem/smem.hpp"
#include "opus/mem/gmem.hpp"
#include "opus/mem/free.hpp"
#if !OPUS_DEVICE_PASS || OPUS_HAS_TENSOR_DMA   // (other device passes do not open them)
#include "opus/mem/tdm_desc.hpp"    // gfx1250 tensor DMA: the descriptor
#include "opus/mem/tdm.hpp"         // gfx1250 tensor DMA: the window
#endif
#endif // OPUS_HIP
