// Diagnostics: a cast between types opus cannot convert (fp16 -> e8m0)
// is a static_assert naming the conversion, the types and the target.
// EXPECT-ERROR: opus::cast<D>\(S\): unsupported conversion on target host
// EXPECT-ERROR: always_false<.*e8m0_t.*_Float16
#include <opus/arch.hpp>

opus::e8m0_t f(opus::fp16_t x) { return opus::cast<opus::e8m0_t>(x); }
