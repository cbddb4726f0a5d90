// aiter-opus spellings of gmem/smem: free functions (same code as the members), byte-offset
// members, trailing (s_offset, number<aux>) arguments, async_load's immediate offset (in the
// instruction's offset field; the LDS end moves by the same bytes, done by the hardware),
// store<N, V>, scalar broadcast, predicated async load with LDS zero fill.
// TARGETS: gfx90a gfx942 gfx950
// MAX-VGPR: 32
#include <opus/hip_minimal.hpp>
#include <opus/mem.hpp>
using namespace opus;

// member and free-function spellings: one dwordx4 load + store each, same code (one
// v_lshlrev for the address, no other vector instruction)
// CHECK-LABEL: member_form:
// CHECK-COUNT-1: v_lshlrev_b32
// CHECK: buffer_load_dwordx4 [[R:v\[[0-9]+:[0-9]+\]]], [[A:v[0-9]+]], s[{{[0-9:]+}}], 0 offen{{$}}
// CHECK-NOT: {{[[:space:]]v_}}
// CHECK: buffer_store_dwordx4 [[R]], [[A]], s[{{[0-9:]+}}], 0 offen{{$}}
// CHECK-NEXT: s_endpgm
extern "C" __global__ __launch_bounds__(64) void member_form(const fp32_t* a, fp32_t* b) {
    const int i = static_cast<int>(thread_idx_x()) * 4;
    auto ga = make_gmem(a);
    auto gb = make_gmem(b);
    gb.store<4>(ga.load<4>(i), i);
}
// CHECK-LABEL: free_form:
// CHECK-COUNT-1: v_lshlrev_b32
// CHECK: buffer_load_dwordx4 [[R:v\[[0-9]+:[0-9]+\]]], [[A:v[0-9]+]], s[{{[0-9:]+}}], 0 offen{{$}}
// CHECK-NOT: {{[[:space:]]v_}}
// CHECK: buffer_store_dwordx4 [[R]], [[A]], s[{{[0-9:]+}}], 0 offen{{$}}
// CHECK-NEXT: s_endpgm
extern "C" __global__ __launch_bounds__(64) void free_form(const fp32_t* a, fp32_t* b) {
    const int i = static_cast<int>(thread_idx_x()) * 4;
    auto ga = make_gmem(a);
    auto gb = make_gmem(b);
    static_assert(is_gmem_v<decltype(ga)> && is_mem_v<decltype(gb)> && !is_smem_v<decltype(ga)>, "traits");
    auto v = opus::load<4>(ga, i);
    opus::store<4>(gb, v, i);
}

// byte-offset members with a scalar offset and aux = 3 as a trailing number<>
// CHECK-LABEL: byte_members:
// CHECK-GFX90A: buffer_load_dwordx2 {{.*}} offen glc slc
// CHECK-GFX942: buffer_load_dwordx2 {{.*}} offen sc0 nt
// CHECK-GFX950: buffer_load_dwordx2 {{.*}} offen sc0 nt
// CHECK: buffer_store_dwordx2 {{.*}} offen{{$}}
// CHECK: s_endpgm
extern "C" __global__ __launch_bounds__(64) void byte_members(const fp16_t* a, fp16_t* b, int s) {
    const int byte = static_cast<int>(thread_idx_x()) * 8;
    auto v = make_gmem(a)._load<4>(byte, s, number<3>{});
    make_gmem(b)._store<4>(v, byte);
}

// store<N, V>: the data converted to the named vector type; a scalar broadcast to 4 lanes
// CHECK-LABEL: store_typed_and_broadcast:
// CHECK: buffer_store_dwordx2
// CHECK: buffer_store_dwordx4
// CHECK: s_endpgm
extern "C" __global__ __launch_bounds__(64) void store_typed_and_broadcast(fp16_t* b, fp32_t* c, fp16_t x) {
    const int i = static_cast<int>(thread_idx_x()) * 4;
    make_gmem(b).store<4, fp16x4_t>(fp16x4_t{x, x, x, x}, i);
    make_gmem(c).store<4>(1.0f, i);
}

// async_load with an immediate: offset:32 on the buffer instruction (it moves the LDS end too)
// CHECK-LABEL: async_ios:
// CHECK: {{s_(mov|movk|cselect)_(b32|i32) m0}},
// CHECK: buffer_load_dword {{v[0-9]+}}, s[{{[0-9:]+}}], 0 offen offset:32 lds
// CHECK: s_endpgm
extern "C" __global__ __launch_bounds__(64) void async_ios(const fp32_t* a) {
    __shared__ fp32_t lds[64 + 8];
    const int i = static_cast<int>(thread_idx_x());
    make_gmem(a).async_load<1>(lds, i, 0, number<32>{});
}
// the same through the free function and the byte-offset member
// CHECK-LABEL: async_ios_free:
// CHECK: buffer_load_dword {{v[0-9]+}}, s[{{[0-9:]+}}], 0 offen offset:4092 lds
// CHECK: buffer_load_dword {{v[0-9]+}}, s[{{[0-9:]+}}], 0 offen offset:16 lds
// CHECK: s_endpgm
extern "C" __global__ __launch_bounds__(64) void async_ios_free(const fp32_t* a) {
    __shared__ fp32_t lds[64 + 1024];
    const int i = static_cast<int>(thread_idx_x());
    auto g = make_gmem(a);
    opus::async_load<1>(g, lds, i, 0, number<4092>{});
    g._async_load<1>(lds, i * 4, 0, number<16>{});
}

// async_load_if with a per-issue predicate: the DMA for selected lanes, a ds_write of 0 for
// the others
// CHECK-LABEL: async_if:
// CHECK-DAG: buffer_load_dword {{.*}} lds
// CHECK-DAG: ds_write_b32
// CHECK: s_endpgm
extern "C" __global__ __launch_bounds__(64) void async_if(const fp32_t* a, int n) {
    __shared__ fp32_t lds[64];
    const int i = static_cast<int>(thread_idx_x());
    auto ug = make_layout(opus::make_tuple(number<1>{})) + i;
    auto us = make_layout(opus::make_tuple(number<1>{})) + i;
    opus::async_load_if(make_gmem(a), [&](auto) { return i < n; }, lds, ug, us);
}
// M0 is the first lane's LDS address as it is: no null test of a generic-pointer round trip
// (s_cmp_lg_u32 ..., -1 + s_cselect_b32 m0, which aiter's test_load_store_if kernel paid
// before 2026-11-26)
// CHECK-LABEL: async_if_m0:
// CHECK-NOT: s_cselect_b32 m0
// CHECK: buffer_load_dword {{.*}} lds
// CHECK-NOT: s_cselect_b32 m0
// CHECK: s_endpgm
extern "C" __global__ __launch_bounds__(64) void async_if_m0(const fp32_t* a, int n) {
    __shared__ fp32_t lds[64];
    const int i = static_cast<int>(thread_idx_x());
    auto ug = make_layout(opus::make_tuple(number<1>{})) + i;
    auto us = make_layout(opus::make_tuple(number<1>{})) + i;
    opus::async_load_if(make_gmem(a), [&](auto) { return i < n; }, lds, ug, us);
    __builtin_amdgcn_s_waitcnt(0);
    __builtin_amdgcn_s_barrier();
}

// async_load layout form: the smem layout may have another y shape with the same issue count
// (gmem y (1, 4) against smem y (4)): 4 buffer loads to LDS
// CHECK-LABEL: async_layout_shapes:
// CHECK-COUNT-4: buffer_load_dword {{.*}} lds
// CHECK-NOT: buffer_load
// CHECK: s_endpgm
extern "C" __global__ __launch_bounds__(64) void async_layout_shapes(const fp32_t* a) {
    __shared__ fp32_t lds[4 * 64];
    const int lane = static_cast<int>(thread_idx_x());
    auto ug = make_layout(opus::make_tuple(number<1>{}, number<64>{}, number<4>{}),
                          opus::make_tuple(number<256>{}, number<4>{}, number<1>{}), opus::make_tuple(_, lane, _));
    auto us = make_layout(opus::make_tuple(number<4>{}), opus::make_tuple(number<64>{}));
    make_gmem(a).async_load<1>(lds, ug, us);
}
