// In device code the compile target decides: the CDNA2-only i8 32x32x8 is rejected on gfx942
// with gfx942's list for i8.
// TARGETS: gfx942
// EXPECT-ERROR: unsupported MxNxK for these \(A, B, C\) types on this target
// EXPECT-ERROR: mma_no_instruction_for_shape<opus::target::gfx942, opus::detail::mma_types_ABC<signed char, signed char, int>, opus::detail::MxNxK<32, 32, 8>, opus::detail::supported_MxNxK<opus::detail::MxNxK<32, 32, 16>, opus::detail::MxNxK<16, 16, 32>>>
#include <opus/hip_minimal.hpp>
#include <opus/mma.hpp>
extern "C" __global__ void k(int* p) {
    using namespace opus;
    auto mma = make_mfma<i8_t, i8_t, i32_t>(32_I, 32_I, 8_I);
    (void)mma;
    p[0] = 0;
}
