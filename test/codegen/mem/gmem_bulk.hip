// Layout-based bulk load/store: the 48x32 tile of the seed (y-shape (3, 8), p-shape
// (16, 4)) with load<8> issues exactly 3 vector loads, at immediate offsets of one address
// when the strides are static; load_if/store_if with a per-issue predicate.
// Runs on every codegen target (gfx9, gfx11, gfx12): where the ISAs name the same instruction
// differently the check lists both spellings, gfx9 first ({{dwordx4|b128}}, ds_{{read|load}},
// soffset {{0|null}}); each ISA has only one of them.
// MAX-VGPR: 32
#include <opus/hip_minimal.hpp>
#include <opus/mem.hpp>
using namespace opus;

struct tile_48x32 {
    OPUS_H_D constexpr auto shape() { return opus::make_tuple(number<3>{}, number<16>{}, number<4>{}, number<8>{}); }
    OPUS_H_D constexpr auto dim() { return opus::tuple<opus::tuple<y_dim, p_dim>, opus::tuple<p_dim, y_dim>>{}; }
};

// fp16, row stride 32 (static): offsets 0, 16*32*2 = 1024, 2048 bytes
// CHECK-LABEL: gmem_bulk_static:
// CHECK: buffer_load_{{dwordx4|b128}} v[{{[0-9]+:[0-9]+}}], [[V:v[0-9]+]], s[{{[0-9]+:[0-9]+}}], {{0|null}} offen{{$}}
// CHECK-NEXT: buffer_load_{{dwordx4|b128}} v[{{[0-9]+:[0-9]+}}], [[V]], s[{{[0-9]+:[0-9]+}}], {{0|null}} offen offset:1024
// CHECK-NEXT: buffer_load_{{dwordx4|b128}} v[{{[0-9]+:[0-9]+}}], [[V]], s[{{[0-9]+:[0-9]+}}], {{0|null}} offen offset:2048
// CHECK-NOT: buffer_load
// CHECK: buffer_store_{{dwordx4|b128}} v[{{[0-9]+:[0-9]+}}], [[W:v[0-9]+]], s[{{[0-9]+:[0-9]+}}], {{0|null}} offen{{$}}
// CHECK: buffer_store_{{dwordx4|b128}} v[{{[0-9]+:[0-9]+}}], [[W]], s[{{[0-9]+:[0-9]+}}], {{0|null}} offen offset:1024
// CHECK: buffer_store_{{dwordx4|b128}} v[{{[0-9]+:[0-9]+}}], [[W]], s[{{[0-9]+:[0-9]+}}], {{0|null}} offen offset:2048
// CHECK-NOT: buffer_store
// CHECK: s_endpgm
extern "C" __global__ __launch_bounds__(64) void gmem_bulk_static(const fp16_t* a, fp16_t* b) {
    const int lane = static_cast<int>(thread_idx_x());
    auto u = make_partition_layout(tile_48x32{}, opus::make_tuple(number<32>{}, number<1>{}),
                                   opus::make_tuple(lane / 4, lane % 4));
    auto v = make_gmem(a).load<8>(u);  // 24 elements: vector_t<fp16_t, 24>
    static_assert(vector_traits<decltype(v)>::size == 24, "bulk load returns all y elements");
    make_gmem(b).store<8>(v, u);
}

// dynamic row stride: still exactly 3 loads and 3 stores, no loop
// CHECK-LABEL: gmem_bulk_dynamic:
// CHECK-COUNT-3: buffer_load_{{dwordx4|b128}}
// CHECK-NOT: buffer_load
// CHECK-NOT: s_cbranch
// CHECK-COUNT-3: buffer_store_{{dwordx4|b128}}
// CHECK-NOT: buffer_store
// CHECK: s_endpgm
extern "C" __global__ __launch_bounds__(64) void gmem_bulk_dynamic(const fp16_t* a, fp16_t* b, int stride) {
    const int lane = static_cast<int>(thread_idx_x());
    auto u = make_partition_layout(tile_48x32{}, opus::make_tuple(stride, number<1>{}),
                                   opus::make_tuple(lane / 4, lane % 4));
    make_gmem(b).store<8>(make_gmem(a).load<8>(u), u);
}

// fp32 with load<4>: 6 issues of dwordx4 (y (3, 8) cut into 2 chunks per row)
// CHECK-LABEL: gmem_bulk_fp32_x4:
// CHECK-COUNT-6: buffer_load_{{dwordx4|b128}}
// CHECK-NOT: buffer_load
// CHECK: s_endpgm
extern "C" __global__ __launch_bounds__(64) void gmem_bulk_fp32_x4(const fp32_t* a, fp32_t* b) {
    const int lane = static_cast<int>(thread_idx_x());
    auto u = make_partition_layout(tile_48x32{}, opus::make_tuple(number<32>{}, number<1>{}),
                                   opus::make_tuple(lane / 4, lane % 4));
    make_gmem(b).store<4>(make_gmem(a).load<4>(u), u);
}

// predicated: issue y0 == 1 deselected by a y-predicate -> 2 loads, 2 stores
// CHECK-LABEL: gmem_bulk_pred:
// CHECK-COUNT-2: buffer_load_{{dwordx4|b128}}
// CHECK-NOT: buffer_load
// CHECK-COUNT-2: buffer_store_{{dwordx4|b128}}
// CHECK-NOT: buffer_store
// CHECK: s_endpgm
extern "C" __global__ __launch_bounds__(64) void gmem_bulk_pred(const fp16_t* a, fp16_t* b) {
    const int lane = static_cast<int>(thread_idx_x());
    auto u = make_partition_layout(tile_48x32{}, opus::make_tuple(number<32>{}, number<1>{}),
                                   opus::make_tuple(lane / 4, lane % 4));
    auto pred = [](auto y) { return opus::get<0>(y).value != 1; };
    auto v = make_gmem(a).load_if<8>(pred, u);
    make_gmem(b).store_if<8>(pred, v, u);
}

// lane predicate: exec-masked, one load / one store
// CHECK-LABEL: gmem_lane_pred:
// CHECK: s_and_saveexec_b{{32|64}}
// CHECK: buffer_load_{{dwordx4|b128}}
// CHECK: buffer_store_{{dwordx4|b128}}
// CHECK: s_endpgm
extern "C" __global__ __launch_bounds__(64) void gmem_lane_pred(const fp32_t* a, fp32_t* b, int n) {
    const int i = static_cast<int>(thread_idx_x()) * 4;
    auto v = make_gmem(a).load_if<4>(i < n, i);
    make_gmem(b).store_if<4>(i < n, v, i);
}
