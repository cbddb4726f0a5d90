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

#include "../version.hpp"

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

// ---- the configuration tag ------------------------------------------------------------------
// Macros that change what an opus function or type means, each with its default:
//   OPUS_STD_TYPE_TRAITS       0 (1 through opus/opus.hpp, the reference's path)
//   OPUS_FP8_SATURATE          0            OPUS_FP32_to_BF16_DEFAULT  2 where the mode matters
//   OPUS_HOST_FP8_FNUZ         0            OPUS_GMEM_RANGE_CLAMP      1
//   OPUS_MMA_HOST_TARGET       gfx950       OPUS_TILE_CONTAINER        0
//   OPUS_WAVE_SIZE             detected from the target
// With every one at its default opus's entities are declared in namespace opus itself. Otherwise
// they are declared in an inline namespace of opus named after the macros that differ
// (opus::cfg_fp8_saturate::cast, opus::cfg_no_range_clamp_tile_array::gmem<float>, ...): code
// still writes opus::X, but every entity of opus, and every function or kernel template of the
// user instantiated with one of opus's types, has another mangled name in each configuration, so
// translation units compiled with different settings never share one instantiation (an
// out-of-line call at -O0, a kernel of a -fgpu-rdc link). The name depends on the macros only, not
// on the compile pass, so a kernel has one name in the host and the device pass. Define them
// before the first opus header (each module checks the value it uses against this one).
// OPUS_MMA_HOST_TARGET enters the name as "set" only (its value is a C++ expression): every
// translation unit that sets it must set it to the same target.
// Pinned by test/link (two translation units per macro, host at -O0 and device).
#if defined(OPUS_DETAIL_AITER_PATH)
#define OPUS_DETAIL_CFG_TRAITS_DEFAULT 1
#else
#define OPUS_DETAIL_CFG_TRAITS_DEFAULT 0
#endif
#if defined(OPUS_STD_TYPE_TRAITS) && OPUS_STD_TYPE_TRAITS
#define OPUS_DETAIL_CFG_TRAITS 1
#else
#define OPUS_DETAIL_CFG_TRAITS 0
#endif
#if OPUS_DETAIL_CFG_TRAITS == OPUS_DETAIL_CFG_TRAITS_DEFAULT
#define OPUS_DETAIL_CFG_T1
#elif OPUS_DETAIL_CFG_TRAITS
#define OPUS_DETAIL_CFG_T1 _std_traits
#define OPUS_DETAIL_CFG_TAGGED 1
#else
#define OPUS_DETAIL_CFG_T1 _own_traits
#define OPUS_DETAIL_CFG_TAGGED 1
#endif
#if defined(OPUS_FP8_SATURATE) && OPUS_FP8_SATURATE
#define OPUS_DETAIL_CFG_FP8_SATURATE 1
#define OPUS_DETAIL_CFG_T2 _fp8_saturate
#define OPUS_DETAIL_CFG_TAGGED 1
#else
#define OPUS_DETAIL_CFG_FP8_SATURATE 0
#define OPUS_DETAIL_CFG_T2
#endif
// (2 is the default of every target whose conversion honours the mode; the others ignore it)
#if !defined(OPUS_FP32_to_BF16_DEFAULT) || OPUS_FP32_to_BF16_DEFAULT == 2
#define OPUS_DETAIL_CFG_T3
#elif OPUS_FP32_to_BF16_DEFAULT == 0
#define OPUS_DETAIL_CFG_T3 _bf16_mode0
#define OPUS_DETAIL_CFG_TAGGED 1
#elif OPUS_FP32_to_BF16_DEFAULT == 1
#define OPUS_DETAIL_CFG_T3 _bf16_mode1
#define OPUS_DETAIL_CFG_TAGGED 1
#else
#define OPUS_DETAIL_CFG_T3 _bf16_mode3
#define OPUS_DETAIL_CFG_TAGGED 1
#endif
#if defined(OPUS_HOST_FP8_FNUZ) && OPUS_HOST_FP8_FNUZ
#define OPUS_DETAIL_CFG_T4 _host_fp8_fnuz
#define OPUS_DETAIL_CFG_TAGGED 1
#else
#define OPUS_DETAIL_CFG_T4
#endif
#if defined(OPUS_GMEM_RANGE_CLAMP) && !OPUS_GMEM_RANGE_CLAMP
#define OPUS_DETAIL_CFG_RANGE_CLAMP 0
#define OPUS_DETAIL_CFG_T5 _no_range_clamp
#define OPUS_DETAIL_CFG_TAGGED 1
#else
#define OPUS_DETAIL_CFG_RANGE_CLAMP 1
#define OPUS_DETAIL_CFG_T5
#endif
#if defined(OPUS_MMA_HOST_TARGET)
#define OPUS_DETAIL_CFG_MMA_HOST_TARGET 1
#define OPUS_DETAIL_CFG_T6 _mma_host_target
#define OPUS_DETAIL_CFG_TAGGED 1
#else
#define OPUS_DETAIL_CFG_MMA_HOST_TARGET 0
#define OPUS_DETAIL_CFG_T6
#endif
#if defined(OPUS_TILE_CONTAINER) && OPUS_TILE_CONTAINER
#define OPUS_DETAIL_CFG_TILE_CONTAINER 1
#define OPUS_DETAIL_CFG_T7 _tile_array
#define OPUS_DETAIL_CFG_TAGGED 1
#else
#define OPUS_DETAIL_CFG_TILE_CONTAINER 0
#define OPUS_DETAIL_CFG_T7
#endif
#if !defined(OPUS_WAVE_SIZE)
#define OPUS_DETAIL_CFG_T8
#elif OPUS_WAVE_SIZE == 32
#define OPUS_DETAIL_CFG_T8 _wave32
#define OPUS_DETAIL_CFG_TAGGED 1
#else
#define OPUS_DETAIL_CFG_T8 _wave64
#define OPUS_DETAIL_CFG_TAGGED 1
#endif
#define OPUS_DETAIL_CFG_NAME2(a, b, c, d, e, f, g, h, i) a##b##c##d##e##f##g##h##i
#define OPUS_DETAIL_CFG_NAME(...) OPUS_DETAIL_CFG_NAME2(__VA_ARGS__)
#define OPUS_DETAIL_CFG_TAG \
    OPUS_DETAIL_CFG_NAME(cfg, OPUS_DETAIL_CFG_T1, OPUS_DETAIL_CFG_T2, OPUS_DETAIL_CFG_T3, OPUS_DETAIL_CFG_T4, \
                         OPUS_DETAIL_CFG_T5, OPUS_DETAIL_CFG_T6, OPUS_DETAIL_CFG_T7, OPUS_DETAIL_CFG_T8)
// The reference's layout stores convert fp32/fp16/bf16 data into fp32/fp16/bf16 memory; opus's
// own API (every path but opus/opus.hpp) rejects data of another element type in every form.
// The two are different entities: opus's own carry this ABI tag (mem/gmem.hpp, mem/smem.hpp,
// mem/free.hpp; test/codegen/mem/gmem_store_convert.hip, test/diagnostics/mem/*_mismatch*).
#if defined(OPUS_DETAIL_AITER_PATH)
#define OPUS_DETAIL_CONVERTING_STORE 1
#define OPUS_DETAIL_OWN_API
#else
#define OPUS_DETAIL_CONVERTING_STORE 0
#define OPUS_DETAIL_OWN_API __attribute__((abi_tag("opus_own_api")))
#endif
// Every opus header opens and closes its namespace with these two.
#if !defined(OPUS_DETAIL_CFG_TAGGED)
#define OPUS_NAMESPACE_BEGIN namespace opus {
#define OPUS_NAMESPACE_END }
#else
#define OPUS_NAMESPACE_BEGIN namespace opus { inline namespace OPUS_DETAIL_CFG_TAG {
#define OPUS_NAMESPACE_END } }
#endif

OPUS_NAMESPACE_BEGIN
using index_t = int32_t;
using long_index_t = int64_t;
OPUS_NAMESPACE_END
