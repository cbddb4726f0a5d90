// Diagnostics: cast<D>(x, saturate) is a choice of fp8/bf8 destinations; asking it of fp16 says
// which destinations take it and why the others do not need it.
// EXPECT-ERROR: opus::cast<D>\(x, saturate\): saturation is a choice of fp8/bf8 destinations
#include <opus/arch.hpp>

opus::fp16_t f(float x) { return opus::cast<opus::fp16_t>(x, opus::saturate); }
