// smem::tr_load (gfx950): ds_read_b64_tr_b16 / _b8 / _b4, 64 bits per lane; constant parts of
// the address (static strides, u + number<N>) in the instruction's offset field.
// TARGETS: gfx950
#include <opus/hip_minimal.hpp>
#include <opus/mem.hpp>
using namespace opus;

// CHECK-LABEL: tr_b16_offset:
// CHECK: ds_read_b64_tr_b16 {{v\[[0-9]+:[0-9]+\]}}, {{v[0-9]+}}{{$}}
// CHECK: ds_read_b64_tr_b16 {{v\[[0-9]+:[0-9]+\]}}, {{v[0-9]+}} offset:64
// CHECK: s_endpgm
extern "C" __global__ __launch_bounds__(64) void tr_b16_offset(fp16x4_t* o) {
    __shared__ fp16_t lds[4096];
    const int i = static_cast<int>(thread_idx_x());
    auto s = make_smem(lds);
    auto a = s.tr_load<4>(i * 4);
    auto b = opus::tr_load<4>(s, i * 4 + 32);
    o[i] = a + b;
}

// layout form: issues at +0 / +256 bytes (row stride 128 fp16), shifted by 8 elements: +16
// CHECK-LABEL: tr_b16_layout:
// CHECK: ds_read_b64_tr_b16 {{v\[[0-9]+:[0-9]+\]}}, [[A:v[0-9]+]] offset:16
// CHECK: ds_read_b64_tr_b16 {{v\[[0-9]+:[0-9]+\]}}, [[A]] offset:272
// CHECK: s_endpgm
extern "C" __global__ __launch_bounds__(64) void tr_b16_layout(fp16x8_t* o) {
    __shared__ fp16_t lds[4096];
    const int lane = static_cast<int>(thread_idx_x());
    auto u = make_layout(opus::make_tuple(number<2>{}, number<64>{}, number<4>{}),
                         opus::make_tuple(number<128>{}, number<4>{}, number<1>{}), opus::make_tuple(_, lane, _));
    o[lane] = make_smem(lds).tr_load<4>(u + number<8>{});
}

// 8-bit and 4-bit variants
// CHECK-LABEL: tr_b8_b4:
// CHECK-DAG: ds_read_b64_tr_b8
// CHECK-DAG: ds_read_b64_tr_b4
// CHECK: s_endpgm
extern "C" __global__ __launch_bounds__(64) void tr_b8_b4(fp8x8_t* o, fp4x16_t* o4) {
    __shared__ fp8_t l8[1024];
    __shared__ fp4_t l4[1024];
    const int i = static_cast<int>(thread_idx_x());
    o[i] = make_smem(l8).tr_load<8>(i * 8);
    o4[i] = make_smem(l4).tr_load<16>(i * 16);
}

// predicated: a deselected issue reads nothing (zeros)
// CHECK-LABEL: tr_if:
// CHECK: ds_read_b64_tr_b16
// CHECK-NOT: ds_read_b64_tr_b16
// CHECK: s_endpgm
extern "C" __global__ __launch_bounds__(64) void tr_if(fp16x8_t* o) {
    __shared__ fp16_t lds[4096];
    const int lane = static_cast<int>(thread_idx_x());
    auto u = make_layout(opus::make_tuple(number<2>{}, number<64>{}, number<4>{}),
                         opus::make_tuple(number<128>{}, number<4>{}, number<1>{}), opus::make_tuple(_, lane, _));
    o[lane] = opus::tr_load_if<4>(make_smem(lds), [](auto i0, auto) { return i0.value == 1; }, u);
}
