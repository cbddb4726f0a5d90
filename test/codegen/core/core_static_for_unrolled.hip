// Codegen: static_for<64> / static_ford<8,8> over a register array are fully unrolled: no
// loop (no s_cbranch), no scratch, and the 64 loads and stores are all emitted.
// TARGETS: gfx942 gfx950
#include <opus/hip_minimal.hpp>
#include <opus/core.hpp>

using namespace opus;

// CHECK-LABEL: core_static_for_64:
// CHECK-NOT: s_cbranch
// CHECK: v_mul_f32
// CHECK-NOT: s_cbranch
// CHECK: s_endpgm
extern "C" __global__ __launch_bounds__(64) void core_static_for_64(const float* in, float* out, float s) {
    array<float, 64> r;
    static_for<64>([&](auto i) { r[i] = in[i.value * 64 + thread_idx_x()]; });
    static_for<64>([&](auto i) { r[i] *= s; });
    static_for<64>([&](auto i) { out[i.value * 64 + thread_idx_x()] = r[i]; });
}

// CHECK-LABEL: core_static_ford_8x8:
// CHECK-NOT: s_cbranch
// CHECK: s_endpgm
extern "C" __global__ __launch_bounds__(64) void core_static_ford_8x8(const float* in, float* out) {
    array<float, 64> r;
    auto u = make_layout(make_tuple(8_I, 8_I));
    static_ford<8, 8>([&](auto i, auto j) { r[u(i, j)] = in[(i.value * 8 + j.value) * 64 + thread_idx_x()]; });
    static_ford<8, 8>([&](auto i, auto j) { out[(j.value * 8 + i.value) * 64 + thread_idx_x()] = r[u(i, j)]; });
}
