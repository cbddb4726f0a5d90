// SPDX-License-Identifier: MIT
// opus/opus.hpp - the include path of aiter's single-header opus, kept so sources written
// for it compile unchanged; forwards to the umbrella <opus.hpp>.
//
// Like that header, this path also brings in <type_traits>: code written for it spells
// std::is_same_v & co. after including only opus/opus.hpp (in -nogpuinc builds nothing else
// provides them). <type_traits> is a sizeable part of the cost of this include (see
// docs/compile-time.md); define OPUS_STD_TYPE_TRAITS=0 to skip it, or include <opus.hpp> or a
// module header (<opus/core.hpp>, ...), which never include it unless OPUS_STD_TYPE_TRAITS=1.
// Pinned by test/codegen/core/core_std_type_traits_compat_path.hip and
// test/diagnostics/core/core_std_type_traits_compat_opt_out.hip.
//
// After it, OPUS_D / OPUS_H_D mean what they mean in that header (no always_inline; see below).
#pragma once
// (the reference's path: its defaults are the untagged configuration, core/config.hpp)
#ifndef OPUS_DETAIL_AITER_PATH
#define OPUS_DETAIL_AITER_PATH 1
#endif
#ifndef OPUS_STD_TYPE_TRAITS
#define OPUS_STD_TYPE_TRAITS 1
#endif
#include "core/config.hpp"
// (the modules first from here, then the umbrella, whose includes they have satisfied: every
// header is then reached by a path without "..", which costs the compiler less)
#if OPUS_HIP
#include "core.hpp"
#include "arch.hpp"
#include "mem.hpp"
#include "mma.hpp"
#endif
#include "../opus.hpp"
// aiter's layer: its spellings where opus's own API (<opus.hpp>, the module umbrellas) has one
// other name; only this path includes them (cmake/OpusCheckUmbrellas.cmake).
#if OPUS_HIP
#include "core/aiter.hpp"
#include "arch/aiter.hpp"
#include "mem/aiter.hpp"
#include "mma/aiter.hpp"
#endif

// The function specifiers for the code that follows, as aiter's opus defines them: the HIP
// attribute and `inline`, without always_inline. opus's own functions, declared above, keep
// always_inline (opus/core/config.hpp). Kernels written for aiter's opus mark their own helpers
// OPUS_D / OPUS_H_D and were tuned with the inliner working bottom-up on them: a helper is
// simplified in its own right (its loops unrolled, its arrays in registers) before it is
// inlined. Forced inline, a helper's loop would reach the kernel as a loop, and the kernel's
// early passes would meet its arrays in memory (longer ISA for such kernels).
// Pinned by test/codegen/core/compat_function_specifiers.hip.
#if OPUS_HIP
#undef OPUS_H_D
#undef OPUS_D
#define OPUS_H_D __attribute__((host, device)) inline
#define OPUS_D __attribute__((device)) inline
#endif
// aiter's specifiers of out-of-line (non-inline) declarations.
#ifndef OPUS_D_EXTERN
#if OPUS_HIP
#define OPUS_D_EXTERN __attribute__((device))
#define OPUS_H_D_EXTERN __attribute__((host, device))
#else
#define OPUS_D_EXTERN
#define OPUS_H_D_EXTERN
#endif
#endif
