// SPDX-License-Identifier: MIT
// A function template of the consumer's own, instantiated for opus::number<4> in two translation
// units that see different opus configurations (mixed_umbrellas.cpp: opus/opus.hpp's setting,
// host.cpp: <opus/core.hpp>'s). Its body says which configuration compiled it. If number<4>
// were the same type in both, the two instantiations would have one mangled name and the linker
// would keep one of them for both callers.
#pragma once
#if defined(__clang__)
#define MIXED_PROBE_NOINLINE __attribute__((noinline))
#else
#define MIXED_PROBE_NOINLINE __attribute__((noipa))  // (no local clone that escapes the linker)
#endif
template <typename N>
MIXED_PROBE_NOINLINE const char* traits_of(N) {
#if defined(OPUS_STD_TYPE_TRAITS) && OPUS_STD_TYPE_TRAITS
    return "std";
#else
    return "opus";
#endif
}
const char* traits_seen_by_std_tu();
