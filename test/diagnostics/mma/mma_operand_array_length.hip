// mma(a, b, c) with an array container of the wrong length for C (an array of the operand's
// size and type is a register image and is taken): the static_assert names operand C.
// TARGETS: gfx942
// EXPECT-ERROR: error: static assertion failed due to requirement 'opus::detail::mma_operand_check<opus::target::gfx942, opus::detail::mma_types_ABC<__fp16, __fp16, float>, opus::detail::mma_MxNxK<16, 16, 16>, opus::detail::mma_operand_c, float __attribute__\(\(ext_vector_type\(4\)\)\), opus::array<float, 16>>::value': opus::mma_adaptor: operand C must be vtype_c
// EXPECT-ERROR: 1 error generated
#include <opus/hip_minimal.hpp>
#include <opus/mma.hpp>
extern "C" __global__ void k(float* p) {
    using namespace opus;
    auto mma = make_mfma<fp16_t, fp16_t, fp32_t>(16_I, 16_I, 16_I);
    typename decltype(mma)::vtype_a a{};
    typename decltype(mma)::vtype_b b{};
    array<fp32_t, 16> c{};
    auto r = mma(a, b, c);
    p[0] = r[0];
}
