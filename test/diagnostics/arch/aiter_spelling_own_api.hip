// aiter's layer is not opus's own API: through <opus.hpp> the reference's named fp8 conversion
// does not exist (opus: cast<fp8_t>). Through opus/opus.hpp it does
// (test/codegen/core/aiter_layer_spellings.hip).
// TARGETS: gfx942
// EXPECT-ERROR: no member named 'fp32_to_fp8' in namespace 'opus'
#include <opus/hip_minimal.hpp>
#include <opus.hpp>
extern "C" __global__ void k(opus::fp8_t* out, float v) { out[0] = opus::fp32_to_fp8(v); }
