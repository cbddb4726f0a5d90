// Through the reference's path (opus/opus.hpp), a layout-based store of fp32 data through a
// gmem/smem of bf16_t or fp16_t converts value by value with the C++ conversion (round to
// nearest even), as aiter's opus does when a kernel stores its fp32 accumulator tile through a
// gmem<bf16_t> (store<N>(g, v_c, u_c, offset)). gfx950 has the packed native conversion;
// gfx942 rounds in software (no truncation). opus's own API rejects it, as every other store
// form (diagnostics/mem/gmem_layout_store_element_mismatch.hip).
// TARGETS: gfx942 gfx950
// MAX-VGPR: 64  (gfx942: 24 values rounded in software)
#include <opus/hip_minimal.hpp>
#include <opus/opus.hpp>
using namespace opus;

struct tile_48x32 {
    OPUS_H_D constexpr auto shape() { return opus::make_tuple(number<3>{}, number<16>{}, number<4>{}, number<8>{}); }
    OPUS_H_D constexpr auto dim() { return opus::tuple<opus::tuple<y_dim, p_dim>, opus::tuple<p_dim, y_dim>>{}; }
};

// 24 fp32 values per lane -> 3 issues of 8 bf16 (16 bytes each)
// CHECK-LABEL: gmem_store_f32_to_bf16:
// CHECK-GFX950-COUNT-12: v_cvt_pk_bf16_f32
// CHECK-GFX942-NOT: v_cvt_pk_bf16_f32
// CHECK-GFX942: v_bfe_u32
// CHECK-COUNT-3: buffer_store_dwordx4
// CHECK-NOT: buffer_store
// CHECK: s_endpgm
extern "C" __global__ __launch_bounds__(64) void gmem_store_f32_to_bf16(const fp32_t* a, bf16_t* b) {
    const int lane = static_cast<int>(thread_idx_x());
    auto u = make_partition_layout(tile_48x32{}, opus::make_tuple(number<32>{}, number<1>{}),
                                   opus::make_tuple(lane / 4, lane % 4));
    auto v = make_gmem(a).load<8>(u);  // vector_t<fp32_t, 24>
    store<8>(make_gmem(b), v, u, 64);  // free form with a scalar offset, as aiter's code writes it
}

// the same into LDS, fp16: v_cvt_f16_f32 (packed on both targets)
// CHECK-LABEL: smem_store_f32_to_f16:
// CHECK: v_cvt_{{(pk_)?}}f16_f32
// CHECK-COUNT-3: ds_write_b128
// CHECK: s_endpgm
extern "C" __global__ __launch_bounds__(64) void smem_store_f32_to_f16(const fp32_t* a, fp16_t* b) {
    __shared__ fp16_t lds[48 * 32];
    const int lane = static_cast<int>(thread_idx_x());
    auto u = make_partition_layout(tile_48x32{}, opus::make_tuple(number<32>{}, number<1>{}),
                                   opus::make_tuple(lane / 4, lane % 4));
    make_smem(lds).store<8>(make_gmem(a).load<8>(u), u);
    __builtin_amdgcn_s_waitcnt(0);
    b[lane] = lds[63 - lane];
}
