// A tile's per-lane offsets with a runtime row stride: the row index (wave and lane bits
// of the x-dim's p coordinates) is formed first and multiplied by the stride once, as
// aiter's opus gets it. Two things in opus decide this, both pinned here:
//  - the bulk issue plan of a layout_cached holds a copy of its offsets (a reference kept
//    the layout in memory through the kernel's first SROA, so Reassociate met the stride
//    products as stored values and left stride*lane + 16*stride*wave: an extra
//    v_mad_u64_u32 and scalar multiplies per layout);
//  - layout_to_offsets and the issue offsets are straight-line code, not a loop (opus
//    functions are always_inline: a loop reached the kernel as a loop, with the same effect
//    until it was unrolled, after those passes).
// The layout is that of a bf16 A tile load (256 threads, 2x2 waves, 8 lanes x 8 elements in
// K), compiled for every target.
#include <opus/hip_minimal.hpp>
#include <opus/core.hpp>
#include <opus/mem.hpp>
using namespace opus;

template <typename T>
__device__ auto tile_layout(int stride) {
    const int wave = __builtin_amdgcn_readfirstlane(static_cast<int>(thread_idx_x()) / 64);
    const int lane = static_cast<int>(thread_idx_x()) % 64;
    constexpr auto shape = opus::make_tuple(number<2>{}, number<2>{}, number<8>{}, number<2>{}, number<8>{}, number<8>{});
    constexpr auto dim = opus::make_tuple(opus::make_tuple(y_dim{}, p_dim{}, p_dim{}, p_dim{}),
                                          opus::make_tuple(p_dim{}, y_dim{}));
    return make_layout<8>(shape, unfold_x_stride(dim, shape, opus::make_tuple(stride, number<1>{})),
                          unfold_p_coord(dim, opus::make_tuple(wave / 2, lane / 8, wave % 2, lane % 8)));
}

// bulk load through the layout (the issue plan)
// CHECK-LABEL: tile_bulk_load:
// CHECK-NOT: {{v_mad_u64_u32|s_mul_i32}}
// CHECK: v_mul_lo_u32
// CHECK-NOT: {{v_mul_lo_u32|v_mad_u64_u32|s_mul_i32}}
// CHECK: s_endpgm
extern "C" __global__ __launch_bounds__(256) void tile_bulk_load(const bf16_t* a, int stride, bf16_t* out) {
    auto g = make_gmem(a);
    auto u = tile_layout<bf16_t>(stride);
    auto v = g.load<8>(u);
    make_gmem(out).store<16>(v, static_cast<int>(thread_idx_x()) * 16);
}

// layout_to_offsets, then one load per offset (what aiter's LDS swizzle wrappers do)
// CHECK-LABEL: tile_offsets_load:
// CHECK-NOT: {{v_mad_u64_u32|s_mul_i32}}
// CHECK: v_mul_lo_u32
// CHECK-NOT: {{v_mul_lo_u32|v_mad_u64_u32|s_mul_i32}}
// CHECK: s_endpgm
extern "C" __global__ __launch_bounds__(256) void tile_offsets_load(const bf16_t* a, int stride, bf16_t* out) {
    auto g = make_gmem(a);
    auto u = tile_layout<bf16_t>(stride);
    auto o = layout_to_offsets<8>(u);
    auto v0 = g.load<8>(o[0]);
    auto v1 = g.load<8>(o[1]);
    auto g_out = make_gmem(out);
    g_out.store<8>(v0, static_cast<int>(thread_idx_x()) * 16);
    g_out.store<8>(v1, static_cast<int>(thread_idx_x()) * 16 + 8);
}
