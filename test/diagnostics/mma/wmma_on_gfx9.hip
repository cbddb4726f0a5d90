// opus::wmma names the RDNA instruction: on a CDNA target the error says to use opus::mfma
// (or make_mfma, which picks the target's).
// TARGETS: gfx942
// EXPECT-ERROR: opus::mfma is the gfx9 \(CDNA\) instruction, opus::wmma the gfx11 / gfx12 \(RDNA\) and gfx1250 one
#include <opus/hip_minimal.hpp>
#include <opus/mma.hpp>
#include <opus/mma/aiter.hpp>  // aiter's layer (what opus/opus.hpp adds)
extern "C" __global__ void k(float* p) {
    using namespace opus;
    wmma<fp16_t, fp16_t, fp32_t, 16, 16, 16> mma;
    fp16x4_t a{};
    auto c = mma(a, a);
    p[0] = c[0];
}
