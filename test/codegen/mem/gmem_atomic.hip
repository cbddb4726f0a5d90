// gmem::atomic_add: one buffer atomic where the target has it, a compare-and-swap loop where
// it has not (packed fp16 on gfx11, packed bf16 before gfx950 / gfx12). The immediate element
// offset lands in the instruction's offset field.
#include <opus/hip_minimal.hpp>
#include <opus/mem.hpp>
using namespace opus;

// CHECK-LABEL: atomic_f32:
// CHECK: buffer_atomic_add_f32 {{v[0-9]+}}, {{v[0-9]+}}, s[{{[0-9:]+}}], {{0|null}} offen offset:8
// CHECK: s_endpgm
extern "C" __global__ __launch_bounds__(64) void atomic_f32(fp32_t* p, fp32_t x) {
    const int i = static_cast<int>(thread_idx_x());
    make_gmem(p).atomic_add<1>(x, i, 0, number<2>{});
}

// returning form: the old value comes back
// CHECK-LABEL: atomic_f32_ret:
// CHECK-GFX9: buffer_atomic_add_f32 {{v[0-9]+}}, {{v[0-9]+}}, s[{{[0-9:]+}}], 0 offen {{glc|sc0}}
// CHECK-GFX11: buffer_atomic_add_f32 {{v[0-9]+}}, {{v[0-9]+}}, s[{{[0-9:]+}}], 0 offen glc
// CHECK-GFX12: buffer_atomic_add_f32 {{v[0-9]+}}, {{v[0-9]+}}, s[{{[0-9:]+}}], null offen th:TH_ATOMIC_RETURN
// CHECK: s_endpgm
extern "C" __global__ __launch_bounds__(64) void atomic_f32_ret(fp32_t* p, fp32_t* o, fp32_t x) {
    const int i = static_cast<int>(thread_idx_x());
    o[i] = make_gmem(p).atomic_add(x, i)[0];  // the old value, as vector_t<fp32_t, 1>
}

// CHECK-LABEL: atomic_f16x2:
// CHECK-GFX90A: buffer_atomic_pk_add_f16
// CHECK-GFX942: buffer_atomic_pk_add_f16
// CHECK-GFX950: buffer_atomic_pk_add_f16
// CHECK-GFX1201: buffer_atomic_pk_add_f16
// CHECK-GFX1100: buffer_atomic_cmpswap_b32
// CHECK: s_endpgm
extern "C" __global__ __launch_bounds__(64) void atomic_f16x2(fp16_t* p, fp16_t x) {
    const int i = static_cast<int>(thread_idx_x()) * 2;
    make_gmem(p).atomic_add<2>(fp16x2_t{x, x}, i);
}

// CHECK-LABEL: atomic_bf16x2:
// CHECK-GFX950: buffer_atomic_pk_add_bf16
// CHECK-GFX1201: buffer_atomic_pk_add_bf16
// CHECK-GFX90A: buffer_atomic_cmpswap {{v\[[0-9]+:[0-9]+\]}}
// CHECK-GFX942: buffer_atomic_cmpswap {{v\[[0-9]+:[0-9]+\]}}
// CHECK-GFX1100: buffer_atomic_cmpswap_b32
// CHECK: s_endpgm
extern "C" __global__ __launch_bounds__(64) void atomic_bf16x2(bf16_t* p, bf16_t x) {
    const int i = static_cast<int>(thread_idx_x()) * 2;
    make_gmem(p).atomic_add<2>(bf16x2_t{x, x}, i);
}

// CHECK-LABEL: atomic_i32:
// CHECK-GFX9: buffer_atomic_add {{v[0-9]+}}, {{v[0-9]+}}, s[{{[0-9:]+}}], 0 offen{{$}}
// CHECK-GFX11: buffer_atomic_add_u32
// CHECK-GFX12: buffer_atomic_add_u32
// CHECK: s_endpgm
extern "C" __global__ __launch_bounds__(64) void atomic_i32(i32_t* p, i32_t x) {
    const int i = static_cast<int>(thread_idx_x());
    make_gmem(p).atomic_add(x, i);
}

// layout form: one atomic per issue at immediate offsets of one address
// CHECK-LABEL: atomic_layout:
// CHECK: buffer_atomic_add_f32 {{.*}} offen{{$}}
// CHECK: buffer_atomic_add_f32 {{.*}} offen offset:256
// CHECK: s_endpgm
extern "C" __global__ __launch_bounds__(64) void atomic_layout(fp32_t* p, fp32_t x) {
    const int lane = static_cast<int>(thread_idx_x());
    auto u = make_layout(opus::make_tuple(number<2>{}, number<64>{}), opus::make_tuple(number<64>{}, number<1>{}),
                         opus::make_tuple(_, lane));
    make_gmem(p).atomic_add<1>(fp32x2_t{x, x}, u);
}
