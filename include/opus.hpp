// opus.hpp - umbrella header: every opus module.
//
//   core  device-independent: numbers, sequences, containers, static loops, layouts
//   arch  targets, data types, casts, lane utilities
//   mem   global (buffer) and shared (LDS) memory access
//   mma   MFMA / WMMA instruction adaptors and tiled MMA
//
// Include a module umbrella (<opus/core.hpp>, ...) instead to parse less.
#pragma once
#include "opus/core.hpp"
#include "opus/arch.hpp"
#include "opus/mem.hpp"
#include "opus/mma.hpp"
