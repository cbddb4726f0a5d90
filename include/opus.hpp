// SPDX-License-Identifier: MIT
// opus.hpp - umbrella header: every opus module.
//
//   core  device-independent: numbers, sequences, containers, static loops, layouts
//   arch  targets, data types, casts, lane utilities
//   mem   global (buffer) and shared (LDS) memory access
//   mma   MFMA / WMMA instruction adaptors and tiled MMA
//
// Include a module umbrella (<opus/core.hpp>, ...) instead to parse less.
#pragma once
// Plain C++ (no HIP) stops here with one clear error instead of a wall of them.
#include "opus/core/config.hpp"
#if !OPUS_HIP
#error "opus.hpp includes device code (opus/mem.hpp): compile it as HIP (hipcc, amdclang++, clang++ -x hip). Plain C++ host code includes <opus/core.hpp>, the host half of opus (host C++ may also use <opus/arch.hpp> and <opus/mma.hpp>)"
#else
#include "opus/core.hpp"
#include "opus/arch.hpp"
#include "opus/mem.hpp"
#include "opus/mma.hpp"
#endif // OPUS_HIP
