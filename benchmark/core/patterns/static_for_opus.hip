// core compile-cost pattern: compile-time loops. static_for<64> over a register array and
// static_ford<8, 8> writing a tile; the raw twin is static_for_raw.hip (#pragma unroll).
#include <opus/core.hpp>
using namespace opus;

extern "C" __global__ __launch_bounds__(64) void pattern(const float* in, float* out, int ld) {
    const int lane = static_cast<int>(__builtin_amdgcn_workitem_id_x());
    float r[64];
    static_for<64>([&](auto i) { r[i.value] = in[i.value * 64 + lane]; });
    float s = 0.f;
    static_for([&](auto i) { s += r[i.value] * r[i.value + 1]; }, 0_I, 63_I);
    static_ford<8, 8>([&](auto i, auto j) { out[(i.value * 8 + j.value) * ld + lane] = s * r[i.value * 8 + j.value]; });
}
