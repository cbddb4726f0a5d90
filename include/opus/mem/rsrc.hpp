// SPDX-License-Identifier: MIT
// opus/mem/rsrc.hpp - the buffer resource descriptor and the buffer instructions that load
// or store one access through it (the access plan of opus/mem/access.hpp: one instruction of
// 1 .. 16 bytes, or 16-byte chunks at +0, +16, ...).
//
// Builtins (accepted by clang 19 .. 22): __builtin_amdgcn_make_buffer_rsrc,
// __builtin_amdgcn_raw_buffer_{load,store}_b{8,16,32,64,96,128}.
#pragma once
// Plain C++ (no HIP) stops here with one clear error instead of a wall of them.
#include "../core/config.hpp"
#if !OPUS_HIP
#error "opus/mem/rsrc.hpp is device code: compile it as HIP (hipcc, amdclang++, clang++ -x hip). Plain C++ host code includes <opus/core.hpp>, the host half of opus (host C++ may also use <opus/arch.hpp> and <opus/mma.hpp>)"
#else

#include "../arch/target.hpp"
#include "access.hpp"

OPUS_NAMESPACE_BEGIN

using buffer_rsrc_t = __amdgpu_buffer_rsrc_t;

// num_records of a descriptor without a size: no out-of-bounds protection.
inline constexpr uint32_t buffer_no_size = 0xffffffffu;

// word 3 (format/config bits) of a buffer resource descriptor on the compile target
OPUS_H_D constexpr uint32_t buffer_default_config() { return buffer_rsrc_word3(); }

namespace detail {

OPUS_D buffer_rsrc_t make_buffer_rsrc(const void* p, uint32_t num_records, uint32_t config = buffer_rsrc_word3()) {
    // num_records as it is: clang 22's builtin takes it as a 64-bit integer (zero-extended, as
    // aiter's opus passes it), clang 19's as int (the same 32 bits)
    return __builtin_amdgcn_make_buffer_rsrc(const_cast<void*>(p), static_cast<short>(0), num_records,
                                             static_cast<int>(config));
}

// ---- buffer load / store of one chunk ------------------------------------------------------
template <index_t B, index_t aux>
OPUS_D raw_chunk_t<B> buffer_load_chunk(buffer_rsrc_t r, index_t voff, index_t soff) {
    if constexpr (B == 1) return __builtin_amdgcn_raw_buffer_load_b8(r, voff, soff, aux);
    else if constexpr (B == 2) return __builtin_amdgcn_raw_buffer_load_b16(r, voff, soff, aux);
    else if constexpr (B == 4) return __builtin_amdgcn_raw_buffer_load_b32(r, voff, soff, aux);
    else if constexpr (B == 8)
        return __builtin_bit_cast(raw_chunk_t<8>, __builtin_amdgcn_raw_buffer_load_b64(r, voff, soff, aux));
    else if constexpr (B == 12)
        return __builtin_bit_cast(raw_chunk_t<12>, __builtin_amdgcn_raw_buffer_load_b96(r, voff, soff, aux));
    else
        return __builtin_bit_cast(raw_chunk_t<16>, __builtin_amdgcn_raw_buffer_load_b128(r, voff, soff, aux));
}

template <index_t B, index_t aux>
OPUS_D void buffer_store_chunk(const raw_chunk_t<B>& v, buffer_rsrc_t r, index_t voff, index_t soff) {
    if constexpr (B == 1) __builtin_amdgcn_raw_buffer_store_b8(v, r, voff, soff, aux);
    else if constexpr (B == 2) __builtin_amdgcn_raw_buffer_store_b16(v, r, voff, soff, aux);
    else if constexpr (B == 4) __builtin_amdgcn_raw_buffer_store_b32(v, r, voff, soff, aux);
    else if constexpr (B == 8) __builtin_amdgcn_raw_buffer_store_b64(v, r, voff, soff, aux);
    else if constexpr (B == 12) __builtin_amdgcn_raw_buffer_store_b96(v, r, voff, soff, aux);
    else __builtin_amdgcn_raw_buffer_store_b128(v, r, voff, soff, aux);
}

template <typename R, index_t B, index_t aux>
OPUS_D R buffer_load_bytes(buffer_rsrc_t r, index_t voff, index_t soff) {
    if constexpr (B <= 16) {
        return from_image<R, B>(buffer_load_chunk<B, aux>(r, voff, soff));
    } else {
        raw_image_t<B> img;
        detail::unroll<B / 16>([&](auto k) {
            set_image_chunk<k.value, B>(img, buffer_load_chunk<16, aux>(r, voff + k.value * 16, soff));
        });
        return from_image<R, B>(img);
    }
}

// Single: one access at a run-time offset (gmem's store / _store). On gfx1250 with clang <= 22
// its 16-byte store takes the offset as an opaque VGPR value, as aiter's opus passes it there
// (its guard against a miscompile opus has not reproduced, docs/evidence.md): LLVM then
// allocates registers around the store as with aiter's opus (with an immediate offset some of
// aiter's kernels need more VGPRs, and lose occupancy). Layout stores keep their
// immediate offsets (test/codegen/mem/gmem_bulk.hip).
template <index_t B, index_t aux, bool Single = false, typename R>
OPUS_D void buffer_store_bytes(const R& v, buffer_rsrc_t r, index_t voff, index_t soff) {
    const raw_image_t<B> img = to_image<B>(v);
#if OPUS_DETAIL_B128_STORE_OPAQUE_VOFF
    if constexpr (Single && B == 16) asm volatile("" : "+v"(voff));
#endif
    if constexpr (B <= 16) {
        buffer_store_chunk<B, aux>(img, r, voff, soff);
    } else {
        detail::unroll<B / 16>([&](auto k) {
            buffer_store_chunk<16, aux>(image_chunk<k.value, B>(img), r, voff + k.value * 16, soff);
        });
    }
}

} // namespace detail

// a buffer resource descriptor for `size` bytes at `p` (no size: no out-of-bounds checks)
OPUS_D buffer_rsrc_t make_buffer_rsrc(const void* p, uint32_t size = buffer_no_size,
                                      uint32_t config = buffer_default_config()) {
    return detail::make_buffer_rsrc(p, size, config);
}

OPUS_NAMESPACE_END
#endif // OPUS_HIP
