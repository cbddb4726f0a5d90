// aiter's member names are not opus's own API: through <opus.hpp> the adaptors carry opus's
// names only (lane_width, wave_size, expand_m, elem_a, ...). Through opus/opus.hpp the factories
// return aiter's layer's types, which add them (test/codegen/core/aiter_layer_spellings.hip).
// TARGETS: gfx942
// EXPECT-ERROR: no member named 'grpm_a' in
#include <opus/hip_minimal.hpp>
#include <opus.hpp>
using namespace opus;
extern "C" __global__ void k(int* out) {
    using mma = decltype(make_mfma<fp16_t, fp16_t, fp32_t>(32_I, 32_I, 8_I));
    out[0] = mma::lane_width + mma::grpm_a;
}
