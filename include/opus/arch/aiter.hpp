// SPDX-License-Identifier: MIT
// opus/arch/aiter.hpp - aiter's layer for the arch module: the spellings of aiter's
// single-header opus that opus's own API spells otherwise: the named fp8 / fp4 conversions
// (opus: cast<D>(x[, scale])), which convert exactly as cast does (the reference's byte-select
// argument, number<sel>, is accepted and has no effect: the values always come back in the
// returned vector); sync_workgroup and gfx1250's named-barrier helpers; and earlier opus's
// warp_id() (opus: wave_id()) and OPUS_WARP_SIZE (opus: get_warp_size()). Included by
// opus/opus.hpp only (test/diagnostics/arch/aiter_spelling_own_api.hip).
#pragma once

#include "cast.hpp"
#include "workgroup.hpp"
#include "lane.hpp"

OPUS_DETAIL_PSABI_OFF  // (vectors by value: as in cast.hpp)

// (a macro: defined for code that tests it in #if; opus's own code asks get_warp_size())
#define OPUS_WARP_SIZE OPUS_DETAIL_WAVE_SIZE

OPUS_NAMESPACE_BEGIN

OPUS_D index_t warp_id() { return wave_id(); }

namespace detail {
template <typename T> struct identity { using type = T; };
} // namespace detail

// fp8: the same conversion as cast<fp8_t> / cast<fp32_t> (the target's fp8 encoding).
// (templates with a non-deduced argument: the bodies are instantiated only where used)
template <typename F = fp32_t> OPUS_H_D auto fp32_to_fp8(typename detail::identity<F>::type x) { return detail::from_f32<fp8_t>(x); }
template <typename Q = fp8_t> OPUS_H_D auto fp8_to_fp32(typename detail::identity<Q>::type x) { return detail::to_f32(x); }
template <typename S, index_t sel = 0, enable_if_t<is_same_v<S, fp32x2_t>, int> = 0>
OPUS_H_D auto fp32_to_fp8_packed_x2(const S& s, number<sel> = {}) { return detail::cast_vector<fp8_t>(s); }
template <typename S, enable_if_t<is_same_v<S, fp32x4_t>, int> = 0>
OPUS_H_D auto fp32_to_fp8_packed_x4(const S& s) { return detail::cast_vector<fp8_t>(s); }
template <typename S, index_t sel = 0, enable_if_t<is_same_v<S, fp8x2_t>, int> = 0>
OPUS_H_D auto fp8_to_fp32_packed_x2(const S& s, number<sel> = {}) { return detail::cast_vector<fp32_t>(s); }
template <typename S, enable_if_t<is_same_v<S, fp8x4_t>, int> = 0>
OPUS_H_D auto fp8_to_fp32_packed_x4(const S& s) { return detail::cast_vector<fp32_t>(s); }

// fp4 (MX e2m1, scale as in cast<fp4_t>(x, scale)): N fp32 / bf16 values <-> array<fp4_t, N>.
// The x2 forms also take one fp4_t (its byte read as two values) and a number<sel>, which
// is accepted and ignored (the two values always are the returned ones).
template <typename S, index_t sel = 0, enable_if_t<is_same_v<S, fp32x2_t>, int> = 0>
OPUS_H_D auto fp32_to_fp4_packed_x2(const S& s, float scale = 1.0f, number<sel> = {}) { return detail::pack_fp4<array<fp4_t, 2>, 2>(s, scale); }
template <typename S, enable_if_t<is_same_v<S, fp32x4_t>, int> = 0>
OPUS_H_D auto fp32_to_fp4_packed_x4(const S& s, float scale = 1.0f) { return detail::pack_fp4<array<fp4_t, 4>, 4>(s, scale); }
template <typename S, enable_if_t<is_same_v<S, fp32x8_t>, int> = 0>
OPUS_H_D auto fp32_to_fp4_packed_x8(const S& s, float scale = 1.0f) { return detail::pack_fp4<array<fp4_t, 8>, 8>(s, scale); }
template <typename S, index_t sel = 0, enable_if_t<is_same_v<S, fp4_t> || is_same_v<S, array<fp4_t, 2>>, int> = 0>
OPUS_H_D auto fp4_to_fp32_packed_x2(const S& s, float scale = 1.0f, number<sel> = {}) { return detail::unpack_fp4<2>(s, scale); }
template <typename S, enable_if_t<is_same_v<S, array<fp4_t, 4>>, int> = 0>
OPUS_H_D auto fp4_to_fp32_packed_x4(const S& s, float scale = 1.0f) { return detail::unpack_fp4<4>(s, scale); }
template <typename S, enable_if_t<is_same_v<S, array<fp4_t, 8>>, int> = 0>
OPUS_H_D auto fp4_to_fp32_packed_x8(const S& s, float scale = 1.0f) { return detail::unpack_fp4<8>(s, scale); }

template <typename S, index_t sel = 0, enable_if_t<is_same_v<S, bf16x2_t>, int> = 0>
OPUS_H_D auto bf16_to_fp4_packed_x2(const S& s, float scale = 1.0f, number<sel> = {}) {
#if OPUS_DEVICE_PASS && OPUS_HAS_FP4_CVT
    const unsigned w = __builtin_amdgcn_cvt_scalef32_pk_fp4_bf16(0u, s, scale, 0);
    return __builtin_bit_cast(array<fp4_t, 2>, static_cast<uint8_t>(w));
#else
    return detail::sw_pack_fp4<array<fp4_t, 2>, 2>(detail::cast_vector<fp32_t>(s), scale);
#endif
}
template <typename S, index_t sel = 0, enable_if_t<is_same_v<S, fp4_t> || is_same_v<S, array<fp4_t, 2>>, int> = 0>
OPUS_H_D auto fp4_to_bf16_packed_x2(const S& s, float scale = 1.0f, number<sel> = {}) {
#if OPUS_DEVICE_PASS && OPUS_HAS_FP4_CVT
    return __builtin_amdgcn_cvt_scalef32_pk_bf16_fp4(unsigned(__builtin_bit_cast(uint8_t, s)), scale, 0);
#else
    return detail::cast_vector<bf16_t>(detail::unpack_fp4<2>(s, scale));
#endif
}

// ---- gfx1250 workgroup spellings ------------------------------------------------------------
// sync_workgroup(): aiter's bare s_barrier_signal / s_barrier_wait -1; here sync_threads() (the
// same barrier with its release / acquire fences, as opus's sync_threads() corrects).
OPUS_D void sync_workgroup() { sync_threads(); }

// Named barriers (gfx1250, clang >= 22): DECLARE_NAMED_BARRIERS() declares the 15 LDS barrier
// objects __nbar_1 .. __nbar_15 in a kernel; s_barrier_init_ptr(bar, members) /
// s_barrier_join_ptr(bar) are the builtins on one of them (signal / wait: the
// __builtin_amdgcn_s_barrier_signal_var / _wait builtins). Declared in gfx1250 passes and host
// code, as in aiter's opus.
#if (OPUS_HAS_NAMED_BARRIERS || !OPUS_DEVICE_PASS) && defined(__clang_major__) && __clang_major__ >= 22 && OPUS_HIP
#define DECLARE_NAMED_BARRIERS()                                                                             \
    [[maybe_unused]] __shared__ __amdgpu_named_workgroup_barrier_t __nbar_1, __nbar_2, __nbar_3, __nbar_4, __nbar_5, __nbar_6,  \
        __nbar_7, __nbar_8, __nbar_9, __nbar_10, __nbar_11, __nbar_12, __nbar_13, __nbar_14, __nbar_15;
OPUS_D void s_barrier_init_ptr(__amdgpu_named_workgroup_barrier_t* bar, u32_t members) {
#if OPUS_HAS_NAMED_BARRIERS
    __builtin_amdgcn_s_barrier_init(bar, members);
#else
    (void)bar, (void)members;
#endif
}
OPUS_D void s_barrier_join_ptr(__amdgpu_named_workgroup_barrier_t* bar) {
#if OPUS_HAS_NAMED_BARRIERS
    __builtin_amdgcn_s_barrier_join(bar);
#else
    (void)bar;
#endif
}
#endif

OPUS_NAMESPACE_END
OPUS_DETAIL_PSABI_ON
