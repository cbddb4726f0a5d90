// Diagnostics: fp4 values are packed two per byte; converting an odd number of values to
// fp4_t is a static_assert saying so (the device pass of a target without fp4 instructions).
// TARGETS: gfx942
// EXPECT-ERROR: opus::cast<fp4_t>\(x\): x needs an even number of values \(two per byte\)
#include <opus/hip_minimal.hpp>
#include <opus/arch.hpp>

extern "C" __global__ __launch_bounds__(64) void k(const opus::vector_t<float, 3>* in, unsigned char* out) {
    auto q = opus::cast<opus::fp4_t>(*in);
    *out = q.content[0];
}
