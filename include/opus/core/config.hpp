// SPDX-License-Identifier: MIT
// opus/core/config.hpp - compiler/offload configuration macros shared by every module.
//
// Outside a HIP compile (plain g++/clang host code) every OPUS_* function macro expands to
// plain `inline`, so the device-independent half of opus (core) is ordinary C++17.
#pragma once

// The exact-width integer types, declared from the compiler's predefined macros instead of
// <stdint.h> (hundreds of lines of glibc headers in every device pass). They are the same types
// as <stdint.h>'s (a later #include <stdint.h>/<cstdint> redeclares the same typedefs, which C++
// allows), in the global namespace as <stdint.h> puts them; the <stdint.h> macros (UINT32_MAX,
// INT64_C, ...) and int_least/int_fast/intmax types are not: include <stdint.h>/<cstdint> for
// those. Compilers without the macros (MSVC) get <stdint.h>.
// Pinned by test/host/core/test_core_stdint_names.cpp.
#if defined(__INT8_TYPE__) && defined(__INT16_TYPE__) && defined(__INT32_TYPE__) && defined(__INT64_TYPE__) && \
    defined(__UINT8_TYPE__) && defined(__UINT16_TYPE__) && defined(__UINT32_TYPE__) &&                    \
    defined(__UINT64_TYPE__) && defined(__INTPTR_TYPE__) && defined(__UINTPTR_TYPE__)
typedef __INT8_TYPE__ int8_t;
typedef __INT16_TYPE__ int16_t;
typedef __INT32_TYPE__ int32_t;
typedef __INT64_TYPE__ int64_t;
typedef __UINT8_TYPE__ uint8_t;
typedef __UINT16_TYPE__ uint16_t;
typedef __UINT32_TYPE__ uint32_t;
typedef __UINT64_TYPE__ uint64_t;
typedef __INTPTR_TYPE__ intptr_t;
typedef __UINTPTR_TYPE__ uintptr_t;
#else
#include <stdint.h>
#endif

#include "opus/version.hpp"

#if defined(__HIP__) || defined(__HIPCC__) || defined(__HIPCC_RTC__)
#define OPUS_HIP 1
#else
#define OPUS_HIP 0
#endif

// 1 while clang compiles the device (amdgcn) side of a HIP translation unit. Note that the
// HIP *host* pass defines __AMDGCN__ too (aux-target macros), so it cannot decide alone.
#if defined(__HIP_DEVICE_COMPILE__) || (defined(__AMDGCN__) && !defined(__HIP__))
#define OPUS_DEVICE_PASS 1
#else
#define OPUS_DEVICE_PASS 0
#endif

#if OPUS_HIP
#define OPUS_H_D __attribute__((host, device, always_inline)) inline
#define OPUS_D __attribute__((device, always_inline)) inline
#define OPUS_H __attribute__((host)) inline
#else
#define OPUS_H_D inline
#define OPUS_D inline
#define OPUS_H inline
#endif

// Same as the above but without `inline` (for places where inline is not allowed, e.g.
// lambdas' call operators are declared through OPUS_LAMBDA).
#if OPUS_HIP
#define OPUS_LAMBDA __attribute__((host, device))
#else
#define OPUS_LAMBDA
#endif

namespace opus {
using index_t = int32_t;
using long_index_t = int64_t;
} // namespace opus
