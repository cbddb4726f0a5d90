// SPDX-License-Identifier: MIT
// The link tests' cases (test/link/CMakeLists.txt gives each its macro) and their values.
#pragma once
#define LINK_FP8_SATURATE 1     // -DOPUS_FP8_SATURATE=1: cast<fp8_t>(1000.f) 0x7f (NaN) / 0x7e (448)
#define LINK_BF16_MODE 2        // -DOPUS_FP32_to_BF16_DEFAULT=0: truncation / round to nearest even
#define LINK_HOST_FP8_FNUZ 3    // -DOPUS_HOST_FP8_FNUZ=1: 2.0 as e4m3fn / as e4m3fnuz
#define LINK_RANGE_CLAMP 4      // -DOPUS_GMEM_RANGE_CLAMP=0: a 5 GiB range clamped / its low 32 bits
#define LINK_MMA_HOST_TARGET 5  // -DOPUS_MMA_HOST_TARGET=::opus::target::gfx942
#define LINK_TILE_CONTAINER 6   // -DOPUS_TILE_CONTAINER=1: ttype_a a vector / an array
#define LINK_STD_TRAITS 7       // -DOPUS_STD_TYPE_TRAITS=1 on <opus/core.hpp>'s path
#define LINK_WAVE_SIZE 8        // -DOPUS_WAVE_SIZE=32 in host code

unsigned long probe_default();
unsigned long probe_knob();

inline constexpr unsigned long link_expected[][2] = {
    {0, 0},                         // (unused)
    {0x7f, 0x7e},                   // fp8_saturate
    {0x3f80, 0x3f81},               // bf16_mode
    {0x40, 0x48},                   // host_fp8_fnuz
    {0xffffffffu, 0x40000000u},     // range_clamp
    {16, 8},                        // mma_host_target
    {0, 1},                         // tile_container
    {0, 1},                         // std_traits
    {64, 32},                       // wave_size
};
