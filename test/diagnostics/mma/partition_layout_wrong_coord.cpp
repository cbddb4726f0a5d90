// partition_layout_a of a tiled MMA takes 4 p coordinates (wave_m, lane % grpm_a, wave_k,
// lane / grpm_a); the instruction's 2 are an error naming the count.
// EXPECT-ERROR: wrong number of p \(lane\) coordinates for this operand
#include <opus/mma.hpp>
#include <opus/mma/aiter.hpp>  // aiter's layer (what opus/opus.hpp adds)
int main() {
    using namespace opus;
    auto mma = make_tiled_mma<fp16_t, fp16_t, fp32_t, target::gfx942>(seq<1, 1, 1>{}, seq<2, 2, 1>{},
                                                                          seq<32, 32, 8>{});
    auto u = partition_layout_a(mma, make_tuple(64, 1_I), make_tuple(3, 1));
    return static_cast<int>(u(0, 0, 0, 0));
}
