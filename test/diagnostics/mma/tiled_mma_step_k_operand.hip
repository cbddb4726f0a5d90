// tiled_mma::step_k(number<S>, a, b, c) takes exactly vtype_* (or atype_*): mixing a flat A
// and B with an array C is a static_assert naming operand C and both types - not "no
// matching member function for call to 'step_k'".
// TARGETS: gfx942
// EXPECT-ERROR: error: static assertion failed due to requirement 'opus::detail::tiled_mma_operand_check<opus::target::gfx942, opus::detail::mma_types_ABC<__fp16, __fp16, float>, opus::detail::mma_MxNxK<32, 32, 8>, opus::detail::mma_expand_MxNxK<1, 1, 2>, opus::detail::mma_operand_c, float __attribute__\(\(ext_vector_type\(16\)\)\), opus::array<float __attribute__\(\(ext_vector_type\(16\)\)\), 1>, true>::value': opus::tiled_mma_adaptor: operand C must be
// EXPECT-ERROR: 1 error generated
#include <opus/hip_minimal.hpp>
#include <opus/mma.hpp>
extern "C" __global__ void k(float* p) {
    using namespace opus;
    auto t = make_tiled_mma<fp16_t, fp16_t, fp32_t>(seq<1, 1, 2>{}, seq<1, 1, 1>{}, seq<32, 32, 8>{});
    typename decltype(t)::vtype_a a{};
    typename decltype(t)::vtype_b b{};
    typename decltype(t)::atype_c c{};
    auto r = t.step_k(0_I, a, b, c);
    p[0] = r[0];
}
