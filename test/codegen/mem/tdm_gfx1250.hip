// Codegen: gfx1250 tensor DMA windows (opus/mem/tdm.hpp). The descriptor stays in SGPRs (no
// VALU, no v_readfirstlane), tensor extents are clipped by two SALU instructions (compilers
// select a saturating subtract to a VALU clamp), a 2D tile issues the two-group form, a 3D tile
// and a gather the four-group one, and the cache policy reaches the instruction with its load
// or store spelling. The compile-time dwords land as immediates: gather<16> is 0x80000001,
// padding_auto<fp16_t, 64> with 2-byte elements 0x7110000 (data_size 1, pad on, interval
// 8 << 4, amount 4 * (3 + 1) bytes).
// TARGETS: gfx1250
#include <opus/hip_minimal.hpp>
#include <opus/mem.hpp>

using namespace opus;
namespace tt = opus::tdm_traits;

// CHECK-LABEL: tdm_2d_loop:
// CHECK-NOT: v_readfirstlane
// CHECK-NOT: clamp
// CHECK: s_sub_co_u32 [[R:s[0-9]+]], s{{[0-9]+}}, s{{[0-9]+}}
// CHECK-NEXT: s_cselect_b32 [[R]], 0, [[R]]
// CHECK: .LBB{{[0-9_]+}}:
// CHECK-NOT: v_readfirstlane
// CHECK: tensor_load_to_lds s[{{[0-9]+}}:{{[0-9]+}}], s[{{[0-9]+}}:{{[0-9]+}}] scope:SCOPE_DEV{{$}}
// CHECK: s_wait_tensorcnt 0x0
// CHECK: s_cbranch_scc0
// CHECK: ScratchSize: 0
extern "C" __global__ __launch_bounds__(64) void tdm_2d_loop(const fp16_t* a, fp16_t* out, int rows, int cols, int ld,
                                                             int k_tiles) {
    __shared__ fp16_t lds[2 * 64 * 32];
    using win = tdm<fp16_t, seq<64, 32>>;
    auto w = make_tdm<win>(u32_t(reinterpret_cast<__UINTPTR_TYPE__>(lds)), a, u32_t(cols), u32_t(rows), u64_t(ld), 0u,
                           u32_t(block_id_x() * 32));
    for (int k = 0; k < k_tiles; ++k) {
        w.async_load((k & 1) * 64 * 32);
        w.move(64_I);
        s_wait_tensorcnt<0>();
        sync_threads();
        out[thread_id_x() + k * 64] = lds[thread_id_x() + (k & 1) * 2048];
    }
}

// CHECK-LABEL: tdm_gather16:
// CHECK-NOT: {{^[[:space:]]+v_}}
// CHECK-DAG: s_mov_b32 s{{[0-9]+}}, 0x80000001
// CHECK: tensor_load_to_lds s[{{[0-9]+}}:{{[0-9]+}}], s[{{[0-9]+}}:{{[0-9]+}}], s[{{[0-9]+}}:{{[0-9]+}}], s[{{[0-9]+}}:{{[0-9]+}}] scope:SCOPE_DEV
// CHECK: s_endpgm
extern "C" __global__ __launch_bounds__(64) void tdm_gather16(const u16_t* a, const int* idx, int rows, int cols, int ld) {
    __shared__ u16_t lds[16 * 64];
    using win = tdm<u16_t, seq<64, 16>, tt::gather<16>>;
    auto w = make_tdm<win>(u32_t(reinterpret_cast<__UINTPTR_TYPE__>(lds)), a, u32_t(cols), u32_t(rows), u64_t(ld));
    int ix[16];
    static_for<16>([&](auto i) { ix[i.value] = idx[i.value]; });
    w.set_indices(ix, 16);
    async_load(w);
    s_wait_tensorcnt<0>();
}

// CHECK-LABEL: tdm_3d_layout:
// CHECK-NOT: {{^[[:space:]]+v_}}
// CHECK: tensor_load_to_lds s[{{[0-9]+}}:{{[0-9]+}}], s[{{[0-9]+}}:{{[0-9]+}}], s[{{[0-9]+}}:{{[0-9]+}}], s[{{[0-9]+}}:{{[0-9]+}}] th:TH_LOAD_NT scope:SCOPE_SYS
// CHECK: s_wait_tensorcnt 0x0
// CHECK: tensor_store_from_lds s[{{[0-9]+}}:{{[0-9]+}}], s[{{[0-9]+}}:{{[0-9]+}}], s[{{[0-9]+}}:{{[0-9]+}}], s[{{[0-9]+}}:{{[0-9]+}}] th:TH_STORE_NT_WB scope:SCOPE_DEV
// CHECK: s_wait_tensorcnt 0x0
// CHECK: tensor_store_from_lds s[{{[0-9]+}}:{{[0-9]+}}], s[{{[0-9]+}}:{{[0-9]+}}], s[{{[0-9]+}}:{{[0-9]+}}], s[{{[0-9]+}}:{{[0-9]+}}] th:TH_STORE_NT_WB scope:SCOPE_DEV
// CHECK: s_endpgm
extern "C" __global__ __launch_bounds__(64) void tdm_3d_layout(const float* a, float* b, int d0, int d1, int d2) {
    __shared__ float lds[32 * 8 * 4];
    const u32_t l = u32_t(reinterpret_cast<__UINTPTR_TYPE__>(lds));
    auto lay = make_layout(opus::make_tuple(d2, d1, d0), opus::make_tuple(d1 * d0, d0, 1_I));
    constexpr int ld_pol = make_cache_policy(load_temporal_hint::non_temporal, atomic_scope::sys);
    constexpr int st_pol = make_cache_policy(store_temporal_hint::non_temporal_write_back);
    auto w = make_tdm<float, seq<32, 8, 4>, tt::cache<ld_pol>>(l, a, lay);
    w.async_load();
    s_wait_tensorcnt<0>();
    auto o = make_tdm<float, seq<32, 8, 4>, tt::cache<st_pol>>(l, b, lay);
    const auto d = o.make_descriptor();
    decltype(o)::async_store(d);
    s_wait_tensorcnt<0>();
    async_store(o, 32u * 8u);  // the free form, at LDS element offset 256
}

// The peers of a 2 x 2 cluster along y: bits 0 and 2, shifted by this workgroup's x in the
// cluster (ttmp6[3:0]).
// CHECK-LABEL: tdm_multicast_padded:
// CHECK-NOT: {{^[[:space:]]+v_}}
// CHECK: s_and_b32 [[X:s[0-9]+]], ttmp6, 15
// CHECK: s_lshl_b32 [[M:s[0-9]+]], 5, [[X]]
// CHECK: s_or_b32 s{{[0-9]+}}, s{{[0-9]+}}, 0x7110000
// CHECK: tensor_load_to_lds s[{{[0-9]+}}:{{[0-9]+}}], s[{{[0-9]+}}:{{[0-9]+}}] scope:SCOPE_DEV{{$}}
// CHECK: s_endpgm
extern "C" __global__ __launch_bounds__(64) void tdm_multicast_padded(const fp16_t* a, int rows, int cols, int ld) {
    __shared__ fp16_t lds[72 * 32];
    using win = tdm<fp16_t, seq<64, 32>, tt::padding_auto<fp16_t, 64>>;
    auto w = make_tdm<win>(u32_t(reinterpret_cast<__UINTPTR_TYPE__>(lds)), a, u32_t(cols), u32_t(rows), u64_t(ld));
    w.set_workgroup_mask(tt::peers_along_y<2, 2>());
    w.async_load();
    s_wait_tensorcnt<0>();
}
