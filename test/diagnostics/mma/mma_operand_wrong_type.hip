// mma(a, b, c) with a B operand of the right size but another floating-point type (fp32x2
// for fp16x4): rejected, not reinterpreted; the message names the adaptor and both types.
// TARGETS: gfx942
// EXPECT-ERROR: error: static assertion failed due to requirement 'opus::detail::mma_operand_check<opus::target::gfx942, opus::detail::mma_types_ABC<__fp16, __fp16, float>, opus::detail::mma_MxNxK<32, 32, 8>, opus::detail::mma_operand_b, __fp16 __attribute__\(\(ext_vector_type\(4\)\)\), float __attribute__\(\(ext_vector_type\(2\)\)\)>::value': opus::mma_adaptor: operand B must be vtype_b
// EXPECT-ERROR: 1 error generated
#include <opus/hip_minimal.hpp>
#include <opus/mma.hpp>
extern "C" __global__ void k(float* p) {
    using namespace opus;
    auto mma = make_mfma<fp16_t, fp16_t, fp32_t>(32_I, 32_I, 8_I);
    typename decltype(mma)::vtype_a a{};
    fp32x2_t b{};
    auto c = mma(a, b);
    p[0] = c[0];
}
