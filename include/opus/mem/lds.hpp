// SPDX-License-Identifier: MIT
// opus/mem/lds.hpp - LDS primitives of smem (and of the global->LDS paths): LDS byte
// pointers, one access of B bytes as ds reads / writes, the transposing read.
#pragma once
// Plain C++ (no HIP) stops here with one clear error instead of a wall of them.
#include "../core/config.hpp"
#if !OPUS_HIP
#error "opus/mem/lds.hpp is device code: compile it as HIP (hipcc, amdclang++, clang++ -x hip). Plain C++ host code includes <opus/core.hpp>, the host half of opus (host C++ may also use <opus/arch.hpp> and <opus/mma.hpp>)"
#else

#include "rsrc.hpp"

OPUS_NAMESPACE_BEGIN
namespace detail {

template <typename T>
using lds_ptr_t = OPUS_LDS_ADDR T*;

// Any pointer to LDS (generic pointer from a __shared__ array, or already address space 3: P
// then carries the address space) as an address-space-3 byte pointer.
template <typename P>
OPUS_D lds_ptr_t<uint8_t> to_lds_bytes(P* p) {
    return (lds_ptr_t<uint8_t>)(p);
}

// one ds read of a C (by value: clang 19 cannot bind address-space-3 lvalues to references)
template <typename C>
OPUS_D C lds_read(lds_ptr_t<uint8_t> p) {
    const C c = *reinterpret_cast<const lds_ptr_t<C>>(p);
    return c;
}

template <typename R, index_t B>
OPUS_D R lds_load_bytes(lds_ptr_t<uint8_t> p) {
    if constexpr (B <= 16 && B != 12) {
        return from_image<R, B>(lds_read<raw_image_t<B>>(p));
    } else if constexpr (B == 12) {
        // ds_read_b64 + ds_read_b32 (a vec3 load would read 16 bytes)
        raw_image_t<12> img;
        const auto lo = lds_read<raw_image_t<8>>(p);
        img[0] = lo[0];
        img[1] = lo[1];
        img[2] = lds_read<uint32_t>(p + 8);
        return from_image<R, B>(img);
    } else {
        raw_image_t<B> img;
        unroll<B / 16>([&](auto k) {
            set_image_chunk<k.value, B>(img, lds_read<raw_image_t<16>>(p + k.value * 16));
        });
        return from_image<R, B>(img);
    }
}

template <index_t B, typename R>
OPUS_D void lds_store_bytes(const R& v, lds_ptr_t<uint8_t> p) {
    if constexpr (B > 16 && sizeof(R) == B && !__is_class(R) && __clang_major__ >= 22) {
        // A wide vector is stored as itself, in one IR store (the backend splits it into 16-byte
        // ds writes). Storing 16-byte chunks of its integer image makes SROA retype the
        // caller's vector, and the bitcast left behind can keep LLVM from merging the caller's
        // branches around the store, which keeps more values live across it
        // (test/codegen/mem/smem_wide_store_live.hip). Only 16-byte alignment is claimed
        // (clang 19 ignores the typedef's lower alignment and claims the vector's: chunks there).
        using aligned_t __attribute__((aligned(16))) = R;
        *reinterpret_cast<lds_ptr_t<aligned_t>>(p) = v;
    } else if constexpr (B <= 16 && B != 12) {
        *reinterpret_cast<lds_ptr_t<raw_image_t<B>>>(p) = to_image<B>(v);
    } else if constexpr (B == 12) {
        const raw_image_t<B> img = to_image<B>(v);
        *reinterpret_cast<lds_ptr_t<raw_image_t<8>>>(p) = raw_image_t<8>{img[0], img[1]};
        *reinterpret_cast<lds_ptr_t<uint32_t>>(p + 8) = img[2];
    } else {
        const raw_image_t<B> img = to_image<B>(v);
        unroll<B / 16>([&](auto k) {
            *reinterpret_cast<lds_ptr_t<raw_image_t<16>>>(p + k.value * 16) = image_chunk<k.value, B>(img);
        });
    }
}

// the LDS address of the first active lane (what the hardware takes from M0)
OPUS_D lds_ptr_t<uint8_t> first_lane_lds(lds_ptr_t<uint8_t> p) {
    return (lds_ptr_t<uint8_t>)(__UINTPTR_TYPE__)(uint32_t)__builtin_amdgcn_readfirstlane(
        static_cast<int>((uint32_t)(__UINTPTR_TYPE__)p));
}

// one ds_read_b64_tr_b{16,8,4} (gfx950): 64 bits per lane, transposed within lane groups
template <typename T, index_t N>
OPUS_D access_t<T, N> lds_tr_read(lds_ptr_t<uint8_t> p) {
    constexpr index_t bits = unit_info<T>::bits / unit_info<T>::values;  // of one scalar value
    static_assert(access_bytes<T, N> == 8,
                  "opus::smem::tr_load<N>: ds_read_b64_tr reads 64 bits per lane: N * bits of T must be 64 "
                  "(N = 4 for 16-bit, 8 for 8-bit, 16 for 4-bit types)");
    static_assert(bits == 16 || bits == 8 || bits == 4,
                  "opus::smem::tr_load: element type must be 16, 8 or 4 bits wide "
                  "(ds_read_b64_tr_b16 / _b8 / _b4)");
#if OPUS_DEVICE_PASS
    static_assert(OPUS_HAS_LDS_TR_READ && bits > 0,
                  "opus::smem::tr_load: ds_read_b64_tr_b16/_b8/_b4 exist on gfx950 only; the compile "
                  "target has no transposing LDS read");
#endif
#if OPUS_HAS_LDS_TR_READ
    if constexpr (access_bytes<T, N> == 8) {
        if constexpr (bits == 16) {
            using v4i16 = vector_t<i16_t, 4>;
            return __builtin_bit_cast(access_t<T, N>, __builtin_amdgcn_ds_read_tr16_b64_v4i16((lds_ptr_t<v4i16>)p));
        } else if constexpr (bits == 8) {
            using v2i32 = vector_t<i32_t, 2>;
            return __builtin_bit_cast(access_t<T, N>, __builtin_amdgcn_ds_read_tr8_b64_v2i32((lds_ptr_t<v2i32>)p));
        } else {
            using v2i32 = vector_t<i32_t, 2>;
            return __builtin_bit_cast(access_t<T, N>, __builtin_amdgcn_ds_read_tr4_b64_v2i32((lds_ptr_t<v2i32>)p));
        }
    }
#else
    (void)p;
    return access_t<T, N>{};
#endif
}
} // namespace detail
OPUS_NAMESPACE_END
#endif // OPUS_HIP
