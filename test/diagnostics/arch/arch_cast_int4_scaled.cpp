// Diagnostics: only fp4 conversions take an MX scale; a scaled cast of int4 values is a
// static_assert naming what is supported.
// EXPECT-ERROR: opus::cast<D>\(x, scale\): only fp32/fp16/bf16 vectors or arrays -> fp4_t and fp4 values -> floats are scaled casts
#include <opus/arch.hpp>

float f(const opus::array<opus::int4_t, 2>& a) { return opus::cast<opus::fp32_t>(a, 2.0f)[0]; }
