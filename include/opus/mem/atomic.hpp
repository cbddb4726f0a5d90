// SPDX-License-Identifier: MIT
// opus/mem/atomic.hpp - buffer atomics (gmem::atomic_add).
#pragma once
// Plain C++ (no HIP) stops here with one clear error instead of a wall of them.
#include "../core/config.hpp"
#if !OPUS_HIP
#error "opus/mem/atomic.hpp is device code: compile it as HIP (hipcc, amdclang++, clang++ -x hip). Plain C++ host code includes <opus/core.hpp>, the host half of opus (host C++ may also use <opus/arch.hpp> and <opus/mma.hpp>)"
#else

#include "rsrc.hpp"

// The LLVM intrinsics by name (clang has no raw_ptr buffer-atomic builtins before clang 22).
typedef _Float16 opus_detail_half2_t __attribute__((ext_vector_type(2)));
typedef __bf16 opus_detail_bhalf2_t __attribute__((ext_vector_type(2)));
extern "C" {
__attribute__((device)) float opus_detail_buffer_atomic_fadd_f32(float, __amdgpu_buffer_rsrc_t, int, int, int) __asm(
    "llvm.amdgcn.raw.ptr.buffer.atomic.fadd.f32");
__attribute__((device)) opus_detail_half2_t opus_detail_buffer_atomic_fadd_v2f16(
    opus_detail_half2_t, __amdgpu_buffer_rsrc_t, int, int, int) __asm("llvm.amdgcn.raw.ptr.buffer.atomic.fadd.v2f16");
__attribute__((device)) opus_detail_bhalf2_t opus_detail_buffer_atomic_fadd_v2bf16(
    opus_detail_bhalf2_t, __amdgpu_buffer_rsrc_t, int, int, int) __asm("llvm.amdgcn.raw.ptr.buffer.atomic.fadd.v2bf16");
__attribute__((device)) int opus_detail_buffer_atomic_add_i32(int, __amdgpu_buffer_rsrc_t, int, int, int) __asm(
    "llvm.amdgcn.raw.ptr.buffer.atomic.add.i32");
__attribute__((device)) int opus_detail_buffer_atomic_cmpswap_i32(int, int, __amdgpu_buffer_rsrc_t, int, int, int) __asm(
    "llvm.amdgcn.raw.ptr.buffer.atomic.cmpswap.i32");
}

OPUS_NAMESPACE_BEGIN
namespace detail {

// packed 2 x 16-bit add through a compare-and-swap loop on the dword (targets without the
// packed atomic); returns the old value
template <typename V2>
OPUS_D V2 buffer_atomic_pk_add_cas(const V2& x, buffer_rsrc_t r, index_t voff, index_t soff) {
    int old = __builtin_amdgcn_raw_buffer_load_b32(r, voff, soff, 0);
    int assumed;
    do {
        assumed = old;
        using E = typename vector_traits<V2>::dtype;
        const V2 cur = __builtin_bit_cast(V2, assumed);
        V2 nxt;
        nxt[0] = static_cast<E>(static_cast<float>(cur[0]) + static_cast<float>(x[0]));
        nxt[1] = static_cast<E>(static_cast<float>(cur[1]) + static_cast<float>(x[1]));
        old = opus_detail_buffer_atomic_cmpswap_i32(__builtin_bit_cast(int, nxt), assumed, r, voff, soff, 0);
    } while (old != assumed);
    return __builtin_bit_cast(V2, old);
}

// buffer atomic add of N elements of T; returns the old value
template <typename T, index_t N, index_t aux, typename V>
OPUS_D auto buffer_atomic_add(const V& x, buffer_rsrc_t r, index_t voff, index_t soff) {
    using S = typename unit_info<T>::scalar;
    constexpr index_t n = N * unit_info<T>::values;
    constexpr bool f32 = is_same_v<S, fp32_t> && n == 1;
    constexpr bool f16x2 = is_same_v<S, fp16_t> && n == 2;
    constexpr bool bf16x2 = is_same_v<S, bf16_t> && n == 2;
    constexpr bool i32 = (is_same_v<S, i32_t> || is_same_v<S, u32_t>) && n == 1;
    static_assert(f32 || f16x2 || bf16x2 || i32,
                  "opus::gmem::atomic_add: unsupported element type / count; supported per call: "
                  "1 fp32_t, 2 fp16_t, 2 bf16_t, 1 i32_t or 1 u32_t");
    using R = access_t<T, N>;
    if constexpr ((f32 || f16x2 || bf16x2 || i32) && check_data<T, N, V>()) {
        if constexpr (f32) {
            return __builtin_bit_cast(R, opus_detail_buffer_atomic_fadd_f32(__builtin_bit_cast(fp32_t, x), r, voff, soff, aux));
        } else if constexpr (f16x2 && OPUS_HAS_BUFFER_ATOMIC_PK_ADD_F16) {
            return __builtin_bit_cast(R, opus_detail_buffer_atomic_fadd_v2f16(__builtin_bit_cast(opus_detail_half2_t, x), r, voff, soff, aux));
        } else if constexpr (bf16x2 && OPUS_HAS_BUFFER_ATOMIC_PK_ADD_BF16) {
            return __builtin_bit_cast(R, opus_detail_buffer_atomic_fadd_v2bf16(__builtin_bit_cast(bf16x2_t, x), r, voff, soff, aux));
        } else if constexpr (f16x2 || bf16x2) {  // no packed atomic on the target
            using V2 = conditional_t<f16x2, fp16x2_t, bf16x2_t>;
            return __builtin_bit_cast(R, buffer_atomic_pk_add_cas(__builtin_bit_cast(V2, x), r, voff, soff));
        } else {
            return __builtin_bit_cast(R, opus_detail_buffer_atomic_add_i32(__builtin_bit_cast(i32_t, x), r, voff, soff, aux));
        }
    }
}

} // namespace detail
OPUS_NAMESPACE_END
#endif // OPUS_HIP
