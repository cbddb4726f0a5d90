// mma(a, b, c) with an A operand of the wrong length: a static_assert naming the adaptor
// (target, A B C types, MxNxK), the operand, vtype_a and the type passed - not an
// overload-resolution error.
// TARGETS: gfx942
// EXPECT-ERROR: error: static assertion failed due to requirement 'opus::detail::mma_operand_check<opus::target::gfx942, opus::detail::mma_types_ABC<__fp16, __fp16, float>, opus::detail::mma_MxNxK<32, 32, 8>, opus::detail::mma_operand_a, __fp16 __attribute__\(\(ext_vector_type\(4\)\)\), __fp16 __attribute__\(\(ext_vector_type\(8\)\)\)>::value': opus::mma_adaptor: operand A must be vtype_a
// EXPECT-ERROR: 1 error generated
#include <opus/hip_minimal.hpp>
#include <opus/mma.hpp>
extern "C" __global__ void k(float* p) {
    using namespace opus;
    auto mma = make_mfma<fp16_t, fp16_t, fp32_t>(32_I, 32_I, 8_I);
    fp16x8_t a{};
    typename decltype(mma)::vtype_b b{};
    typename decltype(mma)::vtype_c c{};
    c = mma(a, b, c);
    p[0] = c[0];
}
