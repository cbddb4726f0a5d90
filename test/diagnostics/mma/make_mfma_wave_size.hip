// make_mfma's optional trailing number<wave size> (aiter's spelling) must be the compile
// target's wavefront size.
// TARGETS: gfx942
// EXPECT-ERROR: the wave size argument must be the compile target's wavefront size
#include <opus/hip_minimal.hpp>
#include <opus/mma.hpp>
extern "C" __global__ void k(float* p) {
    using namespace opus;
    auto mma = make_mfma<fp16_t, fp16_t, fp32_t>(16_I, 16_I, 16_I, mfma_adaptor{}, number<32>{});
    (void)mma;
    p[0] = 0.f;
}
