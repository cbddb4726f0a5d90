// Codegen: a layout call on static indices with static shape/strides costs no instruction:
// the offset is folded into the store's immediate (no VALU/SALU multiply for it), for the
// plain layout, the default layout_linear and a 3-D static layout with odd strides.
// TARGETS: gfx942 gfx950
// MAX-VGPR: 8
#include <opus/hip_minimal.hpp>
#include <opus/core.hpp>

using namespace opus;

// 3 * 13 + 5 = 44 elements = 176 bytes
// CHECK-LABEL: core_layout_fold_basic:
// CHECK-NOT: v_mul
// CHECK-NOT: v_mad
// CHECK-NOT: s_mul
// CHECK: global_store_dword {{.*}} offset:176
// CHECK: s_endpgm
extern "C" __global__ __launch_bounds__(64) void core_layout_fold_basic(float* p, float x) {
    auto u = make_layout<-1>(make_tuple(7_I, 13_I));
    p[u(3_I, 5_I)] = x;
}

// CHECK-LABEL: core_layout_fold_linear:
// CHECK-NOT: v_mul
// CHECK-NOT: v_mad
// CHECK-NOT: s_mul
// CHECK: global_store_dword {{.*}} offset:176
// CHECK: s_endpgm
extern "C" __global__ __launch_bounds__(64) void core_layout_fold_linear(float* p, float x) {
    auto u = make_layout(make_tuple(7_I, 13_I));
    p[u(3, 5)] = x;
}

// (1*77 + 2*11 + 3*3) = 108 elements = 432 bytes
// CHECK-LABEL: core_layout_fold_3d:
// CHECK-NOT: v_mul
// CHECK-NOT: v_mad
// CHECK-NOT: s_mul
// CHECK: global_store_dword {{.*}} offset:432
// CHECK: s_endpgm
extern "C" __global__ __launch_bounds__(64) void core_layout_fold_3d(float* p, float x) {
    auto u = make_layout<-1>(make_tuple(4_I, 7_I, 5_I), make_tuple(77_I, 11_I, 3_I));
    static_assert(is_number_v<decltype(u(1_I, 2_I, 3_I))>, "static layout call must be a number");
    p[u(1_I, 2_I, 3_I)] = x;
}
