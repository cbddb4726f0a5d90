// SPDX-License-Identifier: MIT
// opus/arch.hpp - what depends on the GPU generation: target detection and warp size, data
// types, numeric limits, casts, lane utilities and launch-position queries.
#pragma once
#include "core/config.hpp"
// Plain C++ host compilers without _Float16 / arithmetic __bf16 (g++ 12; clang before 17, whose
// x86 __bf16 is storage-only) stop here with one error instead of dozens; mma.hpp skips its
// headers then too (OPUS_ARCH_HOST_UNSUPPORTED).
#if !OPUS_HIP && (!defined(__FLT16_MANT_DIG__) || (!defined(__clang__) && !defined(__BFLT16_MANT_DIG__)) || \
                  (defined(__clang__) && __clang_major__ < 17))
#define OPUS_ARCH_HOST_UNSUPPORTED 1
#error "opus/arch.hpp needs a host compiler with _Float16 and __bf16 (g++ 13 or newer, clang 17 or newer); opus/core.hpp alone also compiles with g++ 12"
#else
#include "arch/target.hpp"
#include "arch/dtype.hpp"
#include "arch/convert.hpp"
#include "arch/cast.hpp"
#include "arch/numeric.hpp"
#include "arch/lane.hpp"
#include "arch/launch.hpp"
#include "arch/workgroup.hpp"
#endif
// Not included here (a kernel that uses them includes them, so that only it pays the parse cost):
// opt-in: opus/arch/reduce.hpp
//   wave_reduce, block_reduce, shfl_xor / shfl_down / shfl_up (docs/arch.md, "Reductions")
// opt-in: opus/arch/math.hpp
//   rsqrt, exp2, log2, sqrt, ... without HIP's math headers (docs/arch.md, "Device math")
