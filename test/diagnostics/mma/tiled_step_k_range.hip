// tiled_mma_adaptor::step_k(number<S>, ...) issues the instructions of expansion step S along
// K: S must be below expand_k.
// TARGETS: gfx942
// EXPECT-ERROR: step_k: the step must be in \[0, expand_k\)
#include <opus/hip_minimal.hpp>
#include <opus/mma.hpp>
extern "C" __global__ void k(float* p) {
    using namespace opus;
    auto mma = make_tiled_mma<fp16_t, fp16_t, fp32_t>(seq<1, 1, 2>{}, seq<1, 1, 1>{}, seq<32, 32, 8>{});
    typename decltype(mma)::vtype_a a{};
    typename decltype(mma)::vtype_b b{};
    auto c = mma.step_k(2_I, a, b);
    p[0] = c[0];
}
