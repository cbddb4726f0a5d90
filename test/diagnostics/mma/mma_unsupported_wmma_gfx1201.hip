// WMMA targets have one shape: an MFMA shape on gfx12 fails with gfx12's list.
// TARGETS: gfx1201
// EXPECT-ERROR: unsupported MxNxK for \(fp16_t, fp16_t, fp32_t\) on gfx12_w32
// EXPECT-ERROR: supported MxNxK: 16x16x16
#include <opus/hip_minimal.hpp>
#include <opus/mma.hpp>
extern "C" __global__ void k(int* p) {
    using namespace opus;
    auto mma = make_mfma<fp16_t, fp16_t, fp32_t>(32_I, 32_I, 8_I);
    (void)mma;
    p[0] = 0;
}
