// One name per concept in opus's own API: the wave index is wave_id(); earlier opus's warp_id()
// exists only through opus/opus.hpp (test/codegen/core/aiter_layer_spellings.hip).
// TARGETS: gfx942
// EXPECT-ERROR: no member named 'warp_id' in namespace 'opus'
#include <opus/hip_minimal.hpp>
#include <opus.hpp>
extern "C" __global__ void k(int* out) { out[0] = opus::warp_id(); }
