// Diagnostics: a static index past the end of a bit-packed array is a static_assert.
// EXPECT-ERROR: opus::array::operator\[\]: static index out of range
#include <opus/arch.hpp>

opus::fp4_t f(const opus::array<opus::fp4_t, 4>& a) { return a[opus::number<4>{}]; }
