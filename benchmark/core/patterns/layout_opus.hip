// core compile-cost pattern: layouts. A 4-D mixed static/dynamic layout with a partition
// coordinate, indexing in a static_ford, and a layout moved along K in a runtime loop; the
// raw twin is layout_raw.hip (hand index math).
#include <opus/core.hpp>
using namespace opus;

extern "C" __global__ __launch_bounds__(64) void pattern(const float* in, float* out, int n, int ld, int k) {
    const int lane = static_cast<int>(__builtin_amdgcn_workitem_id_x());
    auto u = make_layout(make_tuple(2_I, n, 4_I, 8_I), make_tuple(n * 32, 32, ld, 1_I));
    auto v = make_layout(make_tuple(4_I, 16_I), make_tuple(ld, 1_I));
    float acc = 0.f;
    for (int kk = 0; kk < k; kk += 16) {
        static_ford<4, 4>([&](auto i, auto j) { acc += in[v(i, j * 4_I + lane % 4) + kk]; });
    }
    static_ford<8, 8>([&](auto i, auto j) {
        out[u(i.value % 2_I, lane % n, j % 4_I, (i + j) % 8_I)] = acc * (i.value * 8 + j.value);
    });
}
