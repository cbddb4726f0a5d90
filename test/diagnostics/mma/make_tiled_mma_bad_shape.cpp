// make_tiled_mma<A, B, C> with a two-extent instruction shape: a static_assert showing the
// arguments, not "no matching function for call to 'make_tiled_mma'".
// EXPECT-ERROR: opus::make_tiled_mma<A, B, C
// EXPECT-ERROR: opus::detail::make_tiled_mma_arguments<opus::detail::mma_types_ABC<[^>]*>, opus::seq<1, 1, 1>, opus::seq<1, 1, 1>, opus::seq<32, 32> ?>::ok
#include <opus/mma.hpp>
int main() {
    using namespace opus;
    auto t = make_tiled_mma<fp16_t, fp16_t, fp32_t>(seq<1, 1, 1>{}, seq<1, 1, 1>{}, seq<32, 32>{});
    (void)t;
    return 0;
}
