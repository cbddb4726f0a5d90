// static_for and static_ford take their function object by value and are not force-inlined
// (as in aiter's opus), so LLVM simplifies each loop body before it inlines the loop: an fp16
// pair that a static_for builds element by element from fp32 results stays a packed value,
// and the rotation that produces it is vectorized (v_pk_mul_f32, one v_cvt_pk_f16_f32 per
// pair on gfx950). With a forced-inline loop taking F&&, the same kernel packed the halves
// with shifts and ors (v_cvt_f16_f32_sdwa, v_or_b32_sdwa) and did the first pair in scalar
// v_fma_mix: 56 instructions instead of 45 (aiter's rope kernels: 96 of 433 kernels per
// gfx950 unit up to 11 instructions longer). The pattern is a NEOX rotary embedding: cos/sin
// pairs, two fp16 halves per step; one kernel per loop form.
// TARGETS: gfx950
#include <opus/hip_minimal.hpp>
#include <opus/opus.hpp>

using namespace opus;

// every loop over the VP pairs: static_for<VP>(lambda) or static_ford<VP>(lambda), called
// directly (a wrapper function taking the lambda would hide the difference)
#define EACH_PAIR(...)                                \
    if constexpr (Ford) static_ford<VP>(__VA_ARGS__); \
    else static_for<VP>(__VA_ARGS__)

template <int VP, bool Ford, typename G>
OPUS_D void load_pairs(float (&x0)[VP], float (&x1)[VP], G& g, int off0, int off1) {
    auto v0 = g.template _load<VP>(off0);
    auto v1 = g.template _load<VP>(off1);
    EACH_PAIR([&](auto i) {
        x0[i.value] = float(v0[i.value]);
        x1[i.value] = float(v1[i.value]);
    });
}
template <int VP, bool Ford, typename G>
OPUS_D void store_pairs(G& g, const float (&y0)[VP], const float (&y1)[VP], int off0, int off1) {
    vector_t<fp16_t, VP> w0, w1;
    EACH_PAIR([&](auto i) {
        w0[i.value] = fp16_t(y0[i.value]);
        w1[i.value] = fp16_t(y1[i.value]);
    });
    g.template _store<VP>(w0, off0);
    g.template _store<VP>(w1, off1);
}

template <bool Ford>
OPUS_D void rotate_pairs(fp16_t* x, const float* c, const float* s, int heads, int stride, int half) {
    constexpr int VP = 2;
    auto gx = make_gmem(x);
    auto gc = make_gmem(c);
    auto gs = make_gmem(s);
    const int d = static_cast<int>(thread_id_x()) * VP;
    float cs[VP], sn[VP];
    auto vc = gc.template _load<VP>(d * 4);
    auto vs = gs.template _load<VP>(d * 4);
    EACH_PAIR([&](auto i) {
        cs[i.value] = vc[i.value];
        sn[i.value] = vs[i.value];
    });
    for (int h = 0; h < heads; ++h) {
        const int o0 = (h * stride + d) * 2, o1 = (h * stride + d + half) * 2;
        float x0[VP], x1[VP], y0[VP], y1[VP];
        load_pairs<VP, Ford>(x0, x1, gx, o0, o1);
        EACH_PAIR([&](auto i) {
            y0[i.value] = x0[i.value] * cs[i.value] - x1[i.value] * sn[i.value];
            y1[i.value] = x1[i.value] * cs[i.value] + x0[i.value] * sn[i.value];
        });
        store_pairs<VP, Ford>(gx, y0, y1, o0, o1);
    }
}

// CHECK-LABEL: static_for_rotate_pairs:
// CHECK-NOT: v_or_b32_sdwa
// CHECK-NOT: v_fma_mix
// CHECK: v_pk_mul_f32
// CHECK-NOT: v_or_b32_sdwa
// CHECK: v_cvt_pk_f16_f32
// CHECK-NOT: v_or_b32_sdwa
// CHECK: v_cvt_pk_f16_f32
// CHECK-NOT: v_or_b32_sdwa
// CHECK: s_endpgm
extern "C" __global__ __launch_bounds__(64) void static_for_rotate_pairs(fp16_t* x, const float* c, const float* s,
                                                                        int heads, int stride, int half) {
    rotate_pairs<false>(x, c, s, heads, stride, half);
}

// CHECK-LABEL: static_ford_rotate_pairs:
// CHECK-NOT: v_or_b32_sdwa
// CHECK-NOT: v_fma_mix
// CHECK: v_pk_mul_f32
// CHECK-NOT: v_or_b32_sdwa
// CHECK: v_cvt_pk_f16_f32
// CHECK-NOT: v_or_b32_sdwa
// CHECK: v_cvt_pk_f16_f32
// CHECK-NOT: v_or_b32_sdwa
// CHECK: s_endpgm
extern "C" __global__ __launch_bounds__(64) void static_ford_rotate_pairs(fp16_t* x, const float* c, const float* s,
                                                                         int heads, int stride, int half) {
    rotate_pairs<true>(x, c, s, heads, stride, half);
}
