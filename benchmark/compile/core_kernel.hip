// Compile-cost probe for opus/core (benchmark/compile/core_compile_cost.sh): a kernel that
// instantiates a 64-element tuple, static_ford<8,8> and a 4-D mixed static/dynamic layout.
#include <opus/core.hpp>

using namespace opus;

extern "C" __attribute__((global)) __attribute__((amdgpu_flat_work_group_size(64, 64)))
void core_compile_probe(const float* in, float* out, int n, int ld) {
    int lane = static_cast<int>(__builtin_amdgcn_workitem_id_x());
    // 64-element tuple
    auto t = make_repeated_tuple<64>(0.0f);
    static_for<64>([&](auto i) { get<i.value>(t) = in[i.value * 64 + lane]; });
    float acc = reduce_tuple_sum(t);
    // static_ford<8, 8> through a 4-D mixed static/dynamic layout
    auto u = make_layout(make_tuple(2_I, n, 4_I, 8_I), make_tuple(n * 32, 32, ld, 1_I));
    static_ford<8, 8>([&](auto i, auto j) {
        out[u(i.value % 2_I, lane % n, j % 4_I, (i + j) % 8_I)] = acc * (i.value * 8 + j.value);
    });
}
