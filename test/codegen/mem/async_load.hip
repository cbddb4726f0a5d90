// async_load: global -> LDS through buffer loads with the `lds` bit; M0 is written with the
// LDS address; every width of the target works (gfx942: 1, 2, 4 bytes per lane; gfx950:
// also 12 and 16). Unsupported widths are a compile error (diagnostics/mem).
// TARGETS: gfx90a gfx942 gfx950
// MAX-VGPR: 16
#include <opus/hip_minimal.hpp>
#include <opus/mem.hpp>
using namespace opus;

// CHECK-LABEL: async_fp32_x1:
// CHECK: {{s_(mov|movk|cselect)_(b32|i32) m0}},
// CHECK: buffer_load_dword {{v[0-9]+}}, s[{{[0-9]+:[0-9]+}}], {{.*}} offen lds
// CHECK: s_waitcnt vmcnt(0)
// CHECK: ds_read_b32
// CHECK: s_endpgm
extern "C" __global__ __launch_bounds__(64) void async_fp32_x1(const fp32_t* a, fp32_t* b) {
    __shared__ fp32_t lds[64];
    const int i = static_cast<int>(thread_idx_x());
    make_gmem(a).async_load<1>(lds, i);
    __builtin_amdgcn_s_waitcnt(0);  // vmcnt(0) expcnt(0) lgkmcnt(0)
    make_gmem(b).store(make_smem(lds).load(63 - i), i);
}

// widths 1 / 2 / 4 bytes: fp8 x1 -> ubyte, fp16 x1 -> ushort, fp16 x2 -> dword
// CHECK-LABEL: async_small:
// CHECK: {{s_(mov|movk|cselect)_(b32|i32) m0}},
// CHECK-DAG: buffer_load_ubyte {{v[0-9]+}}, s[{{[0-9]+:[0-9]+}}], {{.*}} lds
// CHECK-DAG: buffer_load_ushort {{v[0-9]+}}, s[{{[0-9]+:[0-9]+}}], {{.*}} lds
// CHECK-DAG: buffer_load_dword {{v[0-9]+}}, s[{{[0-9]+:[0-9]+}}], {{.*}} lds
// CHECK: s_endpgm
extern "C" __global__ __launch_bounds__(64) void async_small(const fp8_t* a, const fp16_t* c, fp32_t* out) {
    __shared__ fp8_t l8[64];
    __shared__ fp16_t l16[256];
    const int i = static_cast<int>(thread_idx_x());
    make_gmem(a).async_load<1>(l8, i);
    make_gmem(c).async_load<1>(l16, i);
    make_gmem(c).async_load<2>(l16 + 64, 2 * i);
    __builtin_amdgcn_s_waitcnt(0);
    out[i] = static_cast<float>(l16[i ^ 1]) + static_cast<float>(l16[64 + i]) + static_cast<float>(l8[i]);
}

// layout form: one async load per issue, LDS block per issue from the smem layout
// (u_smem(y0) = y0 * 64 lanes * 1 element): 3 buffer loads with lds, each after an M0 write
// CHECK-LABEL: async_layout:
// CHECK: {{s_(mov|movk|cselect)_(b32|i32) m0}},
// CHECK: buffer_load_dword {{.*}} lds
// CHECK: {{s_(mov|movk|cselect)_(b32|i32) m0}},
// CHECK: buffer_load_dword {{.*}} lds
// CHECK: {{s_(mov|movk|cselect)_(b32|i32) m0}},
// CHECK: buffer_load_dword {{.*}} lds
// CHECK-NOT: buffer_load
// CHECK: s_endpgm
extern "C" __global__ __launch_bounds__(64) void async_layout(const fp32_t* a, fp32_t* b, int stride) {
    __shared__ fp32_t lds[3 * 64];
    const int lane = static_cast<int>(thread_idx_x());
    auto ug = make_layout(opus::make_tuple(number<3>{}, number<64>{}), opus::make_tuple(stride, number<1>{}),
                          opus::make_tuple(_, lane));
    auto us = make_layout(opus::make_tuple(number<3>{}), opus::make_tuple(number<64>{}));
    make_gmem(a).async_load<1>(lds, ug, us);
    __builtin_amdgcn_s_waitcnt(0);
    auto s = make_smem(lds);
    make_gmem(b).store(s.load(lane) + s.load(64 + lane) + s.load(128 + lane), lane);
}

#if OPUS_GFX950
// gfx950: 16 bytes per lane (fp32 x4) and 12 bytes (fp32 x3)
// CHECK-GFX950-LABEL: async_wide:
// CHECK-GFX950: {{s_(mov|movk|cselect)_(b32|i32) m0}},
// CHECK-GFX950-DAG: buffer_load_dwordx4 {{v[0-9]+}}, s[{{[0-9]+:[0-9]+}}], {{.*}} lds
// CHECK-GFX950-DAG: buffer_load_dwordx3 {{v[0-9]+}}, s[{{[0-9]+:[0-9]+}}], {{.*}} lds
// CHECK-GFX950: s_endpgm
extern "C" __global__ __launch_bounds__(64) void async_wide(const fp32_t* a, fp32_t* b) {
    __shared__ fp32_t lds[64 * 8];
    const int i = static_cast<int>(thread_idx_x());
    make_gmem(a).async_load<4>(lds, 4 * i);
    make_gmem(a).async_load<3>(lds + 256, 3 * i);
    __builtin_amdgcn_s_waitcnt(0);
    make_gmem(b).store(make_smem(lds).load<4>(4 * i), 4 * i);
    make_gmem(b).store(make_smem(lds).load<3>(256 + 3 * i), 256 + 3 * i);
}
#endif
