// the layout form of async_load pairs issue k of the gmem layout with issue k of the smem
// layout: 3 issues against 2 must not compile.
// TARGETS: gfx942
// EXPECT-ERROR: must have the same number of
#include <opus/hip_minimal.hpp>
#include <opus/mem.hpp>
using namespace opus;

extern "C" __global__ __launch_bounds__(64) void k(const float* a) {
    __shared__ float lds[512];
    const int lane = static_cast<int>(__builtin_amdgcn_workitem_id_x());
    auto ug = make_layout(make_tuple(number<3>{}, number<64>{}), make_tuple(number<64>{}, number<1>{}), make_tuple(_, lane));
    auto us = make_layout(make_tuple(number<2>{}), make_tuple(number<64>{}));
    make_gmem(a).async_load<1>(lds, ug, us);
}
