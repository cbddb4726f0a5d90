// Diagnostics: wave_reduce's width is a power of two from 1 to the wave size; 128 lanes on gfx942
// (wave64) is one static_assert naming the rule.
// TARGETS: gfx942
// EXPECT-ERROR: opus::wave_reduce\(v, op, number<width>\): width must be a power of two from 1 to the wave size
// EXPECT-ERROR-COUNT: 1
#include <opus/hip_minimal.hpp>
#include <opus/arch/reduce.hpp>

extern "C" __global__ __launch_bounds__(64) void k(float* p) {
    p[0] = opus::wave_reduce(p[0], opus::reduce_sum{}, opus::number<128>{});
}
