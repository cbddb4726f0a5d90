// tiled_mma(a, b, c) with a flat A of one instruction's length instead of the tile's:
// the static_assert names the tile, vtype_a (tile_a_len values) and what was passed.
// TARGETS: gfx942
// EXPECT-ERROR: error: static assertion failed due to requirement 'opus::detail::tiled_mma_operand_check<opus::target::gfx942, opus::detail::mma_types_ABC<__fp16, __fp16, float>, opus::detail::mma_MxNxK<32, 32, 8>, opus::detail::mma_expand_MxNxK<1, 1, 2>, opus::detail::mma_operand_a, __fp16 __attribute__\(\(ext_vector_type\(8\)\)\), __fp16 __attribute__\(\(ext_vector_type\(4\)\)\), false>::value': opus::tiled_mma_adaptor: operand A must be
// EXPECT-ERROR: 1 error generated
#include <opus/hip_minimal.hpp>
#include <opus/mma.hpp>
extern "C" __global__ void k(float* p) {
    using namespace opus;
    auto t = make_tiled_mma<fp16_t, fp16_t, fp32_t>(seq<1, 1, 2>{}, seq<1, 1, 1>{}, seq<32, 32, 8>{});
    fp16x4_t a{};
    typename decltype(t)::vtype_b b{};
    typename decltype(t)::vtype_c c{};
    c = t(a, b, c);
    p[0] = c[0];
}
