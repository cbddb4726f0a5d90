// aiter's layer through the reference's include path: the spellings that <opus.hpp> does not
// have (test/diagnostics/*/aiter_spelling_*.hip) compile through opus/opus.hpp and mean what
// opus's own names mean.
// TARGETS: gfx942
#include <opus/hip_minimal.hpp>
#include <opus/opus.hpp>
using namespace opus;

static_assert(is_constant_v<number<3>> && is_constant<number<0>>::value && is_static_v<const number<1>&>);
static_assert(!is_constant_v<int> && !is_static_v<index_t>);
static_assert(OPUS_WARP_SIZE == get_warp_size(), "OPUS_WARP_SIZE is the compile target's wave size");
// the named instruction is the reference's type (opus::mfma<..., 64>) over opus's adaptor
static_assert(is_same_v<mfma_f32_32x32x8_f16, mfma<fp16_t, fp16_t, fp32_t, 32, 32, 8, 64>>);
static_assert(is_same_v<mfma_f32_32x32x8_f16::adaptor, mfma_t<fp16_t, fp16_t, fp32_t, 32, 32, 8>>);
// the factories return this layer's types: opus's adaptors with aiter's member names
using aiter_mma_t = decltype(make_mfma<fp16_t, fp16_t, fp32_t>(32_I, 32_I, 8_I));
static_assert(aiter_mma_t::grpm_a == 32 && aiter_mma_t::warp_size == 64 && aiter_mma_t::lane_width == 32);
using aiter_tiled_t = decltype(make_tiled_mma<fp16_t, fp16_t, fp32_t>(seq<2, 1, 1>{}, seq<1, 2, 1>{}, seq<32, 32, 8>{}));
static_assert(aiter_tiled_t::expd_m == 2 && aiter_tiled_t::mma_a_len == 4 && is_same_v<aiter_tiled_t::MMA, aiter_mma_t>);

// CHECK-LABEL: aiter_layer:
// CHECK: v_cvt_pk_fp8_f32
// CHECK: buffer_atomic_add {{v[0-9]+}}, {{v[0-9]+}}, s[{{[0-9]+:[0-9]+}}], 0 offen
// CHECK: v_mfma_f32_32x32x8{{_?}}f16
// CHECK: s_endpgm
extern "C" __global__ __launch_bounds__(64) void aiter_layer(fp8_t* q, const float* x, int* counts, fp32x16_t* c,
                                                              const fp16x4_t* a) {
    const int lane = thread_id_x();
    q[lane] = fp32_to_fp8(x[lane]);
    const auto bits = reinterpret_cast<__UINTPTR_TYPE__>(counts);
    const i32x4_t rsrc{static_cast<int>(static_cast<unsigned>(bits)), static_cast<int>((bits >> 32) & 0xffffu), 256,
                       static_cast<int>(buffer_default_config())};
    llvm_amdgcn_raw_buffer_atomic_add_i32(warp_id(), rsrc, lane * 4, 0, 0);
    c[lane] = mfma_f32_32x32x8_f16{}(a[lane], a[lane], c[lane]);
}
