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
static_assert(is_same_v<mfma_f32_32x32x8_f16, mfma_t<fp16_t, fp16_t, fp32_t, 32, 32, 8>>);

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
