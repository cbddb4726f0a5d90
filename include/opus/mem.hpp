// SPDX-License-Identifier: MIT
// opus/mem.hpp - global (buffer) and shared (LDS) memory access.
#pragma once
// Plain C++ (no HIP) stops here with one clear error instead of a wall of them.
#include "core/config.hpp"
#if !OPUS_HIP
#error "opus/mem.hpp is device code: compile it as HIP (hipcc, amdclang++, clang++ -x hip). Plain C++ host code includes <opus/core.hpp>, the host half of opus (host C++ may also use <opus/arch.hpp> and <opus/mma.hpp>)"
#else
#include "core.hpp"
#include "arch.hpp"
#include "mem/range.hpp"
#include "mem/access.hpp"
#include "mem/rsrc.hpp"
#include "mem/lds.hpp"
#include "mem/dma.hpp"
#include "mem/atomic.hpp"
#include "mem/smem.hpp"
#include "mem/gmem.hpp"
#include "mem/free.hpp"
#if !OPUS_DEVICE_PASS || OPUS_HAS_TENSOR_DMA   // (other device passes do not open them)
#include "mem/tdm_desc.hpp"    // gfx1250 tensor DMA: the descriptor
#include "mem/tdm.hpp"         // gfx1250 tensor DMA: the window
#endif
#endif // OPUS_HIP
