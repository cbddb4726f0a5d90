// aiter's layer is not opus's own API: through <opus.hpp> the reference's is_constant_v does
// not exist (opus: is_number_v). Through opus/opus.hpp it does
// (test/codegen/core/aiter_layer_spellings.hip).
// TARGETS: gfx942
// EXPECT-ERROR: no member named 'is_constant_v' in namespace 'opus'
#include <opus/hip_minimal.hpp>
#include <opus.hpp>
static_assert(opus::is_constant_v<opus::number<1>>);
