// Diagnostics: the shuffles and wave_reduce move values of 1, 2, 4 or 8 bytes; a 16-byte struct
// is one static_assert naming the sizes (not a follow-on error from the bit casts).
// TARGETS: gfx942
// EXPECT-ERROR: opus::shfl_xor: v must have 1, 2, 4 or 8 bytes
// EXPECT-ERROR-COUNT: 1
#include <opus/hip_minimal.hpp>
#include <opus/arch/reduce.hpp>

struct four_floats {
    float x[4];
};
extern "C" __global__ __launch_bounds__(64) void k(four_floats* p) { p[0] = opus::shfl_xor(p[0], 1); }
