// In device code the compile target decides: the CDNA2-only i8 32x32x8 is rejected on gfx942
// with gfx942's list for i8.
// TARGETS: gfx942
// EXPECT-ERROR: unsupported MxNxK for \(i8_t, i8_t, i32_t\) on gfx942
// EXPECT-ERROR: supported MxNxK: 32x32x16, 16x16x32
#include <opus/hip_minimal.hpp>
#include <opus/mma.hpp>
extern "C" __global__ void k(int* p) {
    using namespace opus;
    auto mma = make_mfma<i8_t, i8_t, i32_t>(32_I, 32_I, 8_I);
    (void)mma;
    p[0] = 0;
}
