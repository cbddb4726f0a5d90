// core compile-cost pattern: tuple operations. A 64-element tuple (make_repeated_tuple, get,
// transform, concat, reduce) and a mixed number<>/int tuple; the raw twin is tuple_raw.hip.
#include <opus/core.hpp>
using namespace opus;

extern "C" __global__ __launch_bounds__(64) void pattern(const float* in, float* out, int n) {
    const int lane = static_cast<int>(__builtin_amdgcn_workitem_id_x());
    auto t = make_repeated_tuple<32>(0.0f);
    static_for<32>([&](auto i) { get<i.value>(t) = in[i.value * 64 + lane]; });
    auto sq = transform_tuple([](auto x) { return x * x; }, t);
    auto all = concat_tuple(t, sq);
    const float s = reduce_tuple_sum(all);
    auto shape = make_tuple(4_I, n, 8_I);
    const int cells = reduce_tuple_mul(shape);
    out[lane] = s * static_cast<float>(cells) + static_cast<float>(get<1>(shape));
}
