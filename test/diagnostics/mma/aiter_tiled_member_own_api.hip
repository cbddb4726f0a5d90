// aiter's tiled member names are not opus's own API: through <opus.hpp> a tiled MMA has
// expand_m / elem_a, not aiter's expd_m / mma_a_len (test/codegen/core/aiter_layer_spellings.hip
// has them through opus/opus.hpp).
// TARGETS: gfx942
// EXPECT-ERROR: no member named 'expd_m' in
#include <opus/hip_minimal.hpp>
#include <opus.hpp>
using namespace opus;
extern "C" __global__ void k(int* out) {
    using tmma = decltype(make_tiled_mma<fp16_t, fp16_t, fp32_t>(seq<2, 1, 1>{}, seq<1, 1, 1>{}, seq<32, 32, 8>{}));
    out[0] = tmma::expand_m + tmma::expd_m;
}
