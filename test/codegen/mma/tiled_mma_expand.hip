// Tiled MMA, EXPAND 2x1 over a 2x2 wave grid of 16x16x16 (the guide's 64x32x16 block):
// every wave issues EM*EN*EK = 2 MFMAs per K step, on flat vectors and on arrays, with the
// accumulators in registers; cbsz/abid/blgp after C reach every instruction. ({{_?}}: gfx90a spells it 16x16x16f16.)
// TARGETS: gfx90a gfx942 gfx950
// MAX-VGPR: 48
#include <opus/hip_minimal.hpp>
#include <opus/mma.hpp>

using tmma_t = decltype(opus::make_tiled_mma<opus::fp16_t, opus::fp16_t, opus::fp32_t>(
    opus::seq<2, 1, 1>{}, opus::seq<2, 2, 1>{}, opus::seq<16, 16, 16>{}, opus::mfma_adaptor_swap_ab{}));

// CHECK-LABEL: k_tiled_vector:
// CHECK-COUNT-2: v_mfma_f32_16x16x16{{_?}}f16
// CHECK-NOT: v_mfma
// CHECK: s_endpgm
extern "C" __global__ __launch_bounds__(256) void k_tiled_vector(const void* pa, const void* pb, void* pc) {
    unsigned t = opus::thread_idx_x();
    auto a = reinterpret_cast<const tmma_t::vtype_a*>(pa)[t];
    auto b = reinterpret_cast<const tmma_t::vtype_b*>(pb)[t];
    auto& c = reinterpret_cast<tmma_t::vtype_c*>(pc)[t];
    c = tmma_t{}(a, b, c);
}
// CHECK-LABEL: k_tiled_array:
// CHECK-COUNT-2: v_mfma_f32_16x16x16{{_?}}f16
// CHECK-NOT: v_mfma
// CHECK: s_endpgm
extern "C" __global__ __launch_bounds__(256) void k_tiled_array(const void* pa, const void* pb, void* pc) {
    unsigned t = opus::thread_idx_x();
    auto a = reinterpret_cast<const tmma_t::atype_a*>(pa)[t];
    auto b = reinterpret_cast<const tmma_t::atype_b*>(pb)[t];
    auto& c = reinterpret_cast<tmma_t::atype_c*>(pc)[t];
    c = tmma_t{}(a, b, c);
}
// The MFMA controls after C go to every instruction of the tile (blgp 3 here).
// CHECK-LABEL: k_tiled_controls:
// CHECK-COUNT-2: v_mfma_f32_16x16x16{{_?}}f16 {{.*}} blgp:3
// CHECK-NOT: v_mfma
// CHECK: s_endpgm
extern "C" __global__ __launch_bounds__(256) void k_tiled_controls(const void* pa, const void* pb, void* pc) {
    unsigned t = opus::thread_idx_x();
    auto a = reinterpret_cast<const tmma_t::vtype_a*>(pa)[t];
    auto b = reinterpret_cast<const tmma_t::vtype_b*>(pb)[t];
    auto& c = reinterpret_cast<tmma_t::vtype_c*>(pc)[t];
    c = tmma_t{}(a, b, c, opus::number<0>{}, opus::number<0>{}, opus::number<3>{});
}
// A K loop of 4 steps: 8 MFMAs, accumulator never leaves registers.
// CHECK-LABEL: k_tiled_kloop:
// CHECK-COUNT-8: v_mfma_f32_16x16x16{{_?}}f16
// CHECK-NOT: v_mfma
// CHECK: s_endpgm
extern "C" __global__ __launch_bounds__(256) void k_tiled_kloop(const void* pa, const void* pb, void* pc) {
    unsigned t = opus::thread_idx_x();
    tmma_t::vtype_c c{};
    opus::static_for<4>([&](auto k) {
        auto a = reinterpret_cast<const tmma_t::vtype_a*>(pa)[t + 256 * k.value];
        auto b = reinterpret_cast<const tmma_t::vtype_b*>(pb)[t + 256 * k.value];
        c = tmma_t{}(a, b, c);
    });
    reinterpret_cast<tmma_t::vtype_c*>(pc)[t] = c;
}
