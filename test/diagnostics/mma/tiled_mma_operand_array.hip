// tiled_mma(a, b, c) with an array of the wrong number of per-instruction vectors: a
// static_assert naming the tile (target, types, instruction MxNxK, expansion), atype_a and
// what was passed - not "no matching function for call to object of type tiled_mma_adaptor".
// TARGETS: gfx942
// EXPECT-ERROR: error: static assertion failed due to requirement 'opus::detail::tiled_mma_operand_check<opus::target::gfx942, opus::detail::mma_types_ABC<__fp16, __fp16, float>, opus::detail::mma_MxNxK<32, 32, 8>, opus::detail::mma_expand_MxNxK<1, 1, 2>, opus::detail::mma_operand_a, opus::array<__fp16 __attribute__\(\(ext_vector_type\(4\)\)\), 2>, opus::array<__fp16 __attribute__\(\(ext_vector_type\(4\)\)\), 3>, false>::value': opus::tiled_mma_adaptor: operand A must be
// EXPECT-ERROR: 1 error generated
#include <opus/hip_minimal.hpp>
#include <opus/mma.hpp>
extern "C" __global__ void k(float* p) {
    using namespace opus;
    auto t = make_tiled_mma<fp16_t, fp16_t, fp32_t>(seq<1, 1, 2>{}, seq<1, 1, 1>{}, seq<32, 32, 8>{});
    array<fp16x4_t, 3> a{};
    typename decltype(t)::atype_b b{};
    typename decltype(t)::atype_c c{};
    c = t(a, b, c);
    p[0] = c[0][0];
}
