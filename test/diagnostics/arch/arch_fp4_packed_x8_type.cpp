// Diagnostics: aiter's named fp4 conversions take exactly their vector / array type;
// fp32_to_fp4_packed_x8 of a 4-vector does not silently convert.
// EXPECT-ERROR: no matching function for call to 'fp32_to_fp4_packed_x8'
#include <opus/arch.hpp>
#include <opus/arch/aiter.hpp>  // aiter's layer (what opus/opus.hpp adds)

opus::array<opus::fp4_t, 8> f(const opus::fp32x4_t& v) { return opus::fp32_to_fp4_packed_x8(v); }
