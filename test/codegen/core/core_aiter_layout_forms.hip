// Codegen: aiter's layout spellings cost what the plain ones do.
//  - make_layout(seq<1>{}) + tid: a static one-element layout slid by a runtime offset is just
//    that offset (the store address is p + tid * 4, no multiply by a stride)
//  - flat_to_coords over a static shape inside a constant-bound runtime static_for: the loop
//    unrolls and every division / modulo by the static extents folds away, leaving stores at
//    immediate offsets (2 x 4 shape, row stride 16 floats: two 4-float rows at bytes 0 and 64,
//    merged into two dwordx4 stores)
// TARGETS: gfx942 gfx950
// MAX-VGPR: 8
#include <opus/hip_minimal.hpp>
#include <opus/core.hpp>

using namespace opus;

// CHECK-LABEL: core_field_layout_seq:
// CHECK-NOT: v_mul
// CHECK-NOT: v_mad
// CHECK: global_store_dword
// CHECK: s_endpgm
extern "C" __global__ __launch_bounds__(64) void core_field_layout_seq(float* p, float x) {
    auto u = make_layout(seq<1>{}) + static_cast<index_t>(__builtin_amdgcn_workitem_id_x());
    p[u(0)] = x;
}

// CHECK-LABEL: core_field_flat_to_coords:
// CHECK-NOT: v_rcp
// CHECK-NOT: v_cvt_f32_u32
// CHECK-NOT: v_mul_hi
// CHECK: global_store_dwordx4 {{v[0-9]+}}, {{v\[[0-9]+:[0-9]+\]}}, {{s\[[0-9]+:[0-9]+\]$}}
// CHECK-NEXT: global_store_dwordx4 {{.*}} offset:64
// CHECK: s_endpgm
extern "C" __global__ __launch_bounds__(64) void core_field_flat_to_coords(float* p, float x) {
    static_for([&](index_t i) {
        auto c = flat_to_coords(i, make_index_seq<2>{}, make_tuple(2_I, 4_I));
        p[get<0>(c) * 16 + get<1>(c)] = x;
    }, 8);
}
