// aiter's layer is not opus's own API: through <opus.hpp> the reference's named instructions do
// not exist (opus: make_mfma / mfma_t). Through opus/opus.hpp they do
// (test/codegen/core/aiter_layer_spellings.hip).
// TARGETS: gfx942
// EXPECT-ERROR: no member named 'mfma_f32_32x32x8_f16' in namespace 'opus'
#include <opus/hip_minimal.hpp>
#include <opus.hpp>
extern "C" __global__ void k(float* out) { out[0] = float(opus::mfma_f32_32x32x8_f16::elem_a); }
