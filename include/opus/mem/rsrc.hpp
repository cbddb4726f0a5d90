// SPDX-License-Identifier: MIT
// opus/mem/rsrc.hpp - the buffer resource descriptor, the register image of one access (its B
// bytes as integers) and the buffer instructions that load or store one access through the
// descriptor (the access plan of opus/mem/access.hpp: one instruction of 1 .. 16 bytes, or
// 16-byte chunks at +0, +16, ...). The LDS accesses (opus/mem/lds.hpp) use the image too.
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

// the register image of B bytes (an access width): u8, u16, u32 or B / 4 dwords
template <index_t B> struct raw_image { using type = vector_t<uint32_t, B / 4>; };
template <> struct raw_image<1> { using type = uint8_t; };
template <> struct raw_image<2> { using type = uint16_t; };
template <> struct raw_image<4> { using type = uint32_t; };
template <index_t B> using raw_image_t = typename raw_image<B>::type;

// ---- whole access <-> chunks -----------------------------------------------------------------
// get/set chunk K (16 bytes) of a wide raw image
template <index_t K, index_t B>
OPUS_D raw_image_t<16> image_chunk(const raw_image_t<B>& img) {
    return raw_image_t<16>{img[4 * K], img[4 * K + 1], img[4 * K + 2], img[4 * K + 3]};
}
template <index_t K, index_t B>
OPUS_D void set_image_chunk(raw_image_t<B>& img, const raw_image_t<16>& c) {
    img[4 * K] = c[0];
    img[4 * K + 1] = c[1];
    img[4 * K + 2] = c[2];
    img[4 * K + 3] = c[3];
}

// register image <-> value of type R (R's size may exceed B for 3-element vectors)
template <typename R, index_t B>
OPUS_D R from_image(const raw_image_t<B>& img) {
    if constexpr (sizeof(R) == sizeof(raw_image_t<B>)) return __builtin_bit_cast(R, img);
    else {
        R r{};
        __builtin_memcpy(&r, &img, static_cast<size_t_>(B));
        return r;
    }
}
template <index_t B, typename R>
OPUS_D raw_image_t<B> to_image(const R& v) {
    if constexpr (sizeof(R) == sizeof(raw_image_t<B>)) return __builtin_bit_cast(raw_image_t<B>, v);
    else {
        raw_image_t<B> img{};
        __builtin_memcpy(&img, &v, static_cast<size_t_>(B));
        return img;
    }
}

// ---- buffer load / store of one access ------------------------------------------------------
// one access of B bytes at (voff, soff), as its register image: one instruction, or 16-byte
// chunks. Each instruction's result is what this function returns (from_image makes the
// caller's type of it): LLVM then marks it noundef when it inlines the function (the IR of
// test/codegen/mem/gmem_range_u32_ir.hip in scripts/isa-snapshot loses it otherwise).
template <index_t B, index_t aux>
OPUS_D raw_image_t<B> buffer_load_bytes(buffer_rsrc_t r, index_t voff, index_t soff) {
    if constexpr (B == 1) return __builtin_amdgcn_raw_buffer_load_b8(r, voff, soff, aux);
    else if constexpr (B == 2) return __builtin_amdgcn_raw_buffer_load_b16(r, voff, soff, aux);
    else if constexpr (B == 4) return __builtin_amdgcn_raw_buffer_load_b32(r, voff, soff, aux);
    else if constexpr (B == 8)
        return __builtin_bit_cast(raw_image_t<8>, __builtin_amdgcn_raw_buffer_load_b64(r, voff, soff, aux));
    else if constexpr (B == 12)
        return __builtin_bit_cast(raw_image_t<12>, __builtin_amdgcn_raw_buffer_load_b96(r, voff, soff, aux));
    else if constexpr (B == 16)
        return __builtin_bit_cast(raw_image_t<16>, __builtin_amdgcn_raw_buffer_load_b128(r, voff, soff, aux));
    else {
        raw_image_t<B> img;
        unroll<B / 16>([&](auto k) {
            set_image_chunk<k.value, B>(img, buffer_load_bytes<16, aux>(r, voff + k.value * 16, soff));
        });
        return img;
    }
}

// what gather_issues reads per issue of a gmem layout load: B bytes at the issue's offset
// (+ soff), as an R
template <typename R, index_t B, index_t aux>
struct buffer_issue_load {
    buffer_rsrc_t r;
    index_t soff;
    template <typename Plan>
    OPUS_D R operator()(const Plan&, index_t voff) const {
        return from_image<R, B>(buffer_load_bytes<B, aux>(r, voff, soff));
    }
};

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
    if constexpr (B == 1) __builtin_amdgcn_raw_buffer_store_b8(img, r, voff, soff, aux);
    else if constexpr (B == 2) __builtin_amdgcn_raw_buffer_store_b16(img, r, voff, soff, aux);
    else if constexpr (B == 4) __builtin_amdgcn_raw_buffer_store_b32(img, r, voff, soff, aux);
    else if constexpr (B == 8) __builtin_amdgcn_raw_buffer_store_b64(img, r, voff, soff, aux);
    else if constexpr (B == 12) __builtin_amdgcn_raw_buffer_store_b96(img, r, voff, soff, aux);
    else if constexpr (B == 16) __builtin_amdgcn_raw_buffer_store_b128(img, r, voff, soff, aux);
    else
        unroll<B / 16>([&](auto k) {
            __builtin_amdgcn_raw_buffer_store_b128(image_chunk<k.value, B>(img), r, voff + k.value * 16, soff, aux);
        });
}

} // namespace detail

// a buffer resource descriptor for `size` bytes at `p` (no size: no out-of-bounds checks)
OPUS_D buffer_rsrc_t make_buffer_rsrc(const void* p, uint32_t size = buffer_no_size,
                                      uint32_t config = buffer_default_config()) {
    // the size as it is: clang 22's builtin takes it as a 64-bit integer (zero-extended, as
    // aiter's opus passes it), clang 19's as int (the same 32 bits)
    return __builtin_amdgcn_make_buffer_rsrc(const_cast<void*>(p), static_cast<short>(0), size,
                                             static_cast<int>(config));
}

OPUS_NAMESPACE_END
#endif // OPUS_HIP
