// Diagnostics: upd_dpp(old, v, ctrl) takes old's bits as the value kept by masked-off lanes,
// so old must have v's size (an int or float old for a float v, as aiter's code writes);
// a double old for a float v is a static_assert naming the rule.
// TARGETS: gfx942
// EXPECT-ERROR: opus::upd_dpp\(old, v, ctrl\): old must have the size of v
#include <opus/hip_minimal.hpp>
#include <opus/arch.hpp>

extern "C" __global__ __launch_bounds__(64) void k(float* p) {
    p[0] = opus::upd_dpp(0.0, p[0], opus::number<opus::dpp::row_shr(1)>{});
}
