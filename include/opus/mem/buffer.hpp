// SPDX-License-Identifier: MIT
// opus/mem/buffer.hpp - raw building blocks of gmem/smem: the buffer resource descriptor,
// byte-sized buffer load/store, the buffer->LDS ("async") load, LDS access and the access
// plan that turns an N-element vector into full-width instructions.
//
// Everything here is in opus::detail; the public API is gmem (gmem.hpp) and smem (smem.hpp).
//
// Access plan: an access of B bytes is issued as
//   B in {1, 2, 4, 8, 12, 16}   one instruction of that width (byte, short, dword .. dwordx4)
//   B a multiple of 16          B/16 dwordx4 (b128) instructions at +0, +16, ...
// any other size is rejected with a static_assert (detail::check_width, opus/mem/access.hpp).
//
// Builtins (accepted by clang 19 .. 22): __builtin_amdgcn_make_buffer_rsrc,
// __builtin_amdgcn_raw_buffer_{load,store}_b{8,16,32,64,96,128}; the LDS load calls the
// llvm.amdgcn.raw.ptr.buffer.load.lds intrinsic by name.
#pragma once
// Plain C++ (no HIP) stops here with one clear error instead of a wall of them.
#include "opus/core/config.hpp"
#if !OPUS_HIP
#error "opus/mem/buffer.hpp is device code: compile it as HIP (hipcc, amdclang++, clang++ -x hip). Plain C++ host code includes <opus/core.hpp>, the host half of opus (host C++ may also use <opus/arch.hpp> and <opus/mma.hpp>)"
#else

#include "opus/core/static_for.hpp"
#include "opus/core/vector.hpp"
#include "opus/core/static_for.hpp"
#include "opus/arch/target.hpp"
#include "opus/arch/dtype.hpp"
#include "opus/arch/lane.hpp"

// The intrinsic is called by its LLVM name: clang 19 has no builtin for it, and clang 22's
// __builtin_amdgcn_raw_ptr_buffer_load_lds rejects a template-dependent size argument.
// The call is convergent (every HIP function call is) and must stay so: the DMA takes one
// LDS address (M0) for the wave, so two DMAs on the two sides of a lane-dependent branch
// must not merge into one under a select of their addresses (the builtin, not convergent,
// lets LLVM do that: test/codegen/mem/async_load_divergent.hip).
extern "C" __attribute__((device)) void opus_detail_raw_ptr_buffer_load_lds(
    __amdgpu_buffer_rsrc_t rsrc, OPUS_LDS_ADDR void* lds, unsigned size, int voffset, int soffset,
    int offset, int aux) __asm("llvm.amdgcn.raw.ptr.buffer.load.lds");

OPUS_NAMESPACE_BEGIN

using buffer_rsrc_t = __amdgpu_buffer_rsrc_t;

// num_records of a descriptor without a size: no out-of-bounds protection.
inline constexpr uint32_t buffer_no_size = 0xffffffffu;

// word 3 (format/config bits) of a buffer resource descriptor on the compile target
OPUS_H_D constexpr uint32_t buffer_default_config() { return buffer_rsrc_word3(); }

// Widths (bytes per lane) the global->LDS copy of the compile target takes (its row's
// dma_widths). On targets without one every width is "supported" through the synchronous
// fallback.
OPUS_H_D constexpr bool lds_dma_width_supported(index_t bytes) {
#if OPUS_TARGET_FACT(lds_dma) != OPUS_LDS_DMA_NONE
    return bytes > 0 && bytes <= 16 && ((OPUS_TARGET_FACT(dma_widths) >> bytes) & 1) != 0;
#else
    return bytes > 0;
#endif
}

namespace detail {

template <typename T>
using lds_ptr_t = OPUS_LDS_ADDR T*;

OPUS_D buffer_rsrc_t make_buffer_rsrc(const void* p, uint32_t num_records, uint32_t config = buffer_rsrc_word3()) {
    // num_records as it is: clang 22's builtin takes it as a 64-bit integer (zero-extended, as
    // aiter's opus passes it), clang 19's as int (the same 32 bits)
    return __builtin_amdgcn_make_buffer_rsrc(const_cast<void*>(p), static_cast<short>(0), num_records,
                                             static_cast<int>(config));
}

// ---- access plan ---------------------------------------------------------------------------
OPUS_H_D constexpr bool access_bytes_ok(index_t b) {
    return b == 1 || b == 2 || b == 4 || b == 8 || b == 12 || b == 16 || (b > 16 && b % 16 == 0);
}

// bytes of one access chunk: 16 for wide accesses, else the whole access
template <index_t B>
inline constexpr index_t chunk_bytes = B > 16 ? 16 : B;

// raw register type of a chunk of B bytes
template <index_t B> struct raw_chunk;
template <> struct raw_chunk<1> { using type = uint8_t; };
template <> struct raw_chunk<2> { using type = uint16_t; };
template <> struct raw_chunk<4> { using type = uint32_t; };
template <> struct raw_chunk<8> { using type = vector_t<uint32_t, 2>; };
template <> struct raw_chunk<12> { using type = vector_t<uint32_t, 3>; };
template <> struct raw_chunk<16> { using type = vector_t<uint32_t, 4>; };
template <index_t B> using raw_chunk_t = typename raw_chunk<B>::type;

// raw register image of a whole access (B bytes)
template <index_t B, bool Wide = (B > 16)> struct raw_image { using type = raw_chunk_t<B>; };
template <index_t B> struct raw_image<B, true> { using type = vector_t<uint32_t, B / 4>; };
template <index_t B>
using raw_image_t = typename raw_image<B>::type;

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

// ---- whole access <-> chunks -----------------------------------------------------------------
// get/set chunk K (16 bytes) of a wide raw image
template <index_t K, index_t B>
OPUS_D raw_chunk_t<16> image_chunk(const raw_image_t<B>& img) {
    return raw_chunk_t<16>{img[4 * K], img[4 * K + 1], img[4 * K + 2], img[4 * K + 3]};
}
template <index_t K, index_t B>
OPUS_D void set_image_chunk(raw_image_t<B>& img, const raw_chunk_t<16>& c) {
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

// ---- LDS ------------------------------------------------------------------------------------
// Any pointer to LDS (generic pointer from a __shared__ array, or already address space 3)
// as an address-space-3 byte pointer.
template <typename P>
OPUS_D lds_ptr_t<uint8_t> to_lds_bytes(P* p) {
    return (lds_ptr_t<uint8_t>)(p);
}
#if OPUS_DEVICE_PASS
template <typename P>
OPUS_D lds_ptr_t<uint8_t> to_lds_bytes(OPUS_LDS_ADDR P* p) {
    return (lds_ptr_t<uint8_t>)(p);
}
#endif

// one ds read of a C (by value: clang 19 cannot bind address-space-3 lvalues to references)
template <typename C>
OPUS_D C lds_read(lds_ptr_t<uint8_t> p) {
    const C c = *reinterpret_cast<const lds_ptr_t<C>>(p);
    return c;
}

template <typename R, index_t B>
OPUS_D R lds_load_bytes(lds_ptr_t<uint8_t> p) {
    if constexpr (B <= 16 && B != 12) {
        return from_image<R, B>(lds_read<raw_chunk_t<B>>(p));
    } else if constexpr (B == 12) {
        // ds_read_b64 + ds_read_b32 (a vec3 load would read 16 bytes)
        raw_image_t<12> img;
        const auto lo = lds_read<raw_chunk_t<8>>(p);
        img[0] = lo[0];
        img[1] = lo[1];
        img[2] = lds_read<uint32_t>(p + 8);
        return from_image<R, B>(img);
    } else {
        raw_image_t<B> img;
        detail::unroll<B / 16>([&](auto k) {
            set_image_chunk<k.value, B>(img, lds_read<raw_chunk_t<16>>(p + k.value * 16));
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
        *reinterpret_cast<lds_ptr_t<raw_chunk_t<B>>>(p) = to_image<B>(v);
    } else if constexpr (B == 12) {
        const raw_image_t<B> img = to_image<B>(v);
        *reinterpret_cast<lds_ptr_t<raw_chunk_t<8>>>(p) = raw_chunk_t<8>{img[0], img[1]};
        *reinterpret_cast<lds_ptr_t<uint32_t>>(p + 8) = img[2];
    } else {
        const raw_image_t<B> img = to_image<B>(v);
        detail::unroll<B / 16>([&](auto k) {
            *reinterpret_cast<lds_ptr_t<raw_chunk_t<16>>>(p + k.value * 16) = image_chunk<k.value, B>(img);
        });
    }
}

// the LDS address of the first active lane (what the hardware takes from M0)
OPUS_D lds_ptr_t<uint8_t> first_lane_lds(lds_ptr_t<uint8_t> p) {
    return (lds_ptr_t<uint8_t>)(__UINTPTR_TYPE__)(uint32_t)__builtin_amdgcn_readfirstlane(
        static_cast<int>((uint32_t)(__UINTPTR_TYPE__)p));
}

// buffer -> LDS: every lane moves B bytes from (voff + soff + IOS) to lds + IOS + lane * B.
// IOS is the instruction's 12-bit offset field: the hardware adds it to the LDS address too
// (CDNA3 ISA, "Memory Buffer Load to LDS": LDS_ADDR = LDSbase + LDS_offset + inst_offset +
// TID * size, with LDSbase + LDS_offset from M0), so both ends of the copy move by IOS.
// M0 is set from `lds` by the compiler (s_readfirstlane: the first active lane's address).
// FirstLane: lds carries no provenance of its own (first_lane_lds()'s readfirstlane result, or
// buffer_load_lds_at's integer address) and is passed as it is.
#if OPUS_HAS_ASYNC_LDS_DMA
// What gfx1250's global->LDS loads need of a buffer: its base address and num_records. gmem
// keeps the pointer and size it was made from (as aiter's opus keeps its raw_ptr there), so
// these stay plain values LLVM hoists and shares between loads; from a bare descriptor they are
// read back from its SGPRs (clang-22's gfx1250 format: base in bits 0..56, num_records from bit
// 57 on), an asm statement per call that LLVM does not share (test/codegen/mem/mem_gfx1250.hip).
struct global_span {
    uint64_t base;
    uint32_t records;
};
OPUS_D global_span to_global_span(global_span s) { return s; }
OPUS_D global_span to_global_span(buffer_rsrc_t r) {
    vector_t<uint32_t, 4> w;
    asm("" : "=s"(w) : "s"(r));  // (the descriptor is opaque to the language: read its SGPRs)
    // num_records as 32 bits (opus's descriptors never hold more; a larger one reads as 2^32 - 1)
    return {uint64_t(w[0]) | (uint64_t(w[1] & 0x1ffffffu) << 32),
            (w[2] >> 25) != 0 ? 0xffffffffu : (w[1] >> 25) | (w[2] << 7)};
}
#endif

// R: the buffer's descriptor; on gfx1250 also a global_span.
template <index_t B, index_t aux, index_t IOS = 0, bool FirstLane = false, typename R>
OPUS_D void buffer_load_lds(const R& r, lds_ptr_t<uint8_t> lds, index_t voff, index_t soff) {
    static_assert(IOS >= 0 && IOS < 4096,
                  "opus::gmem::async_load: the immediate offset must be in [0, 4095] bytes "
                  "(the 12-bit offset field of the buffer instruction)");
#if OPUS_HAS_LDS_DMA
    static_assert(lds_dma_width_supported(B),
                  "opus::gmem::async_load<N>: N * sizeof(T) bytes per lane is not a buffer->LDS "
                  "width of this target (gfx90a/gfx942: 1, 2, 4 bytes; gfx950: 1, 2, 4, 12, 16 bytes)");
    if constexpr (lds_dma_width_supported(B)) {
        // The LDS address goes in as an integer (no provenance), as aiter's opus passes it:
        // with the __shared__ array visible, LLVM's waitcnt pass makes every later LDS access
        // of the wave wait for the DMA (an s_waitcnt vmcnt before ds_reads of other buffers in
        // a software pipeline). The kernel synchronizes explicitly instead - s_waitcnt_vmcnt
        // and a barrier before LDS written by async_load is read - which it needs anyway for
        // the other waves' data.
        // (through the generic address: the optimizer folds an LDS -> integer -> LDS round trip).
        // A readfirstlane result needs no such trip, whose generic -> integer step costs a
        // compare and select (the null test of the cast) where the address is not a constant.
        if constexpr (FirstLane) {
            opus_detail_raw_ptr_buffer_load_lds(r, lds, B, voff, soff, IOS, aux);
        } else {
            const auto dst = (OPUS_LDS_ADDR void*)(__UINTPTR_TYPE__)(uint32_t)(__UINTPTR_TYPE__)(void*)lds;
            opus_detail_raw_ptr_buffer_load_lds(r, dst, B, voff, soff, IOS, aux);
        }
    }
#elif OPUS_HAS_ASYNC_LDS_DMA
    // gfx1250 has no buffer->LDS load; its global->LDS loads (global_load_async_to_lds_b8/32/64/
    // 128) do no bounds check: a lane whose B bytes are not all below the buffer's num_records
    // writes zeros instead, as a buffer load would read 0.
    // IOS moves both ends (passed as address arithmetic, not as the instruction's offset).
    // Tracked by ASYNCcnt: s_waitcnt's vector-memory count waits for it on gfx1250
    // (test/codegen/mem/mem_gfx1250.hip).
    static_assert(lds_dma_width_supported(B),
                  "opus::gmem::async_load<N>: N * sizeof(T) bytes per lane must be 1, 2, 4, 8, 12 or 16 on gfx1250");
    const global_span span = to_global_span(r);
    const uint64_t base = span.base;
    const uint32_t records = span.records;
    // the byte offset as the buffer instructions form it: 32 bits
    const uint32_t off = uint32_t(voff) + uint32_t(soff) + uint32_t(IOS);
    const uint32_t end = uniform_sub_sat(records, uint32_t(B - 1));  // first offset not in range
    // The instruction takes each lane's LDS address. A wave-uniform lds gets + lane * B (the
    // other targets' rule); a lane-varying one is each lane's own destination, which is what
    // the rule gives for lane slots lds0 + l * B and costs no VGPR for the lane offset
    // (mbcnt of an all-or-nothing mask; test/codegen/mem/mem_gfx1250.hip).
    const uint32_t a = (uint32_t)(__UINTPTR_TYPE__)lds;
    uint32_t lanes = ~0u;  // all lanes when lds is uniform, else none
    if constexpr (!FirstLane) {
        const uint32_t varying = __builtin_amdgcn_ballot_w32(a != uint32_t(__builtin_amdgcn_readfirstlane(int(a))));
        // (in SALU: a select of the compare becomes a VALU mask)
        asm("s_cmp_eq_u32 %1, 0\n\ts_cselect_b32 %0, -1, 0" : "=s"(lanes) : "s"(varying) : "scc");
    }
    const uint32_t slot = __builtin_amdgcn_mbcnt_lo(lanes, 0u) * uint32_t(B);
    const lds_ptr_t<uint8_t> dst = (lds_ptr_t<uint8_t>)(__UINTPTR_TYPE__)(a + uint32_t(IOS) + slot);
    if (off < end) {
        using gptr_t = __attribute__((address_space(1))) uint8_t*;
        const auto src = (gptr_t)(__UINTPTR_TYPE__)(base + off);
        if constexpr (B == 16)
            __builtin_amdgcn_global_load_async_to_lds_b128((__attribute__((address_space(1))) vector_t<int, 4>*)src,
                                                           (lds_ptr_t<vector_t<int, 4>>)dst, 0, aux);
        else if constexpr (B == 8)
            __builtin_amdgcn_global_load_async_to_lds_b64((__attribute__((address_space(1))) vector_t<int, 2>*)src,
                                                          (lds_ptr_t<vector_t<int, 2>>)dst, 0, aux);
        else if constexpr (B == 4)
            __builtin_amdgcn_global_load_async_to_lds_b32((__attribute__((address_space(1))) int*)src,
                                                          (lds_ptr_t<int>)dst, 0, aux);
        else if constexpr (B == 12) {
            __builtin_amdgcn_global_load_async_to_lds_b64((__attribute__((address_space(1))) vector_t<int, 2>*)src,
                                                          (lds_ptr_t<vector_t<int, 2>>)dst, 0, aux);
            __builtin_amdgcn_global_load_async_to_lds_b32((__attribute__((address_space(1))) int*)(src + 8),
                                                          (lds_ptr_t<int>)(dst + 8), 0, aux);
        } else {
            detail::unroll<B>([&](auto k) {
                __builtin_amdgcn_global_load_async_to_lds_b8((__attribute__((address_space(1))) char*)(src + k.value),
                                                             (lds_ptr_t<char>)(dst + k.value), 0, aux);
            });
        }
    } else {
        lds_store_bytes<B>(raw_image_t<B>{}, dst);
    }
#else
    // No LDS DMA on this target: load to registers, then write where the DMA would have
    // (the first active lane's lds, as M0, + IOS + lane * B).
    const auto v = buffer_load_bytes<raw_image_t<B>, B, aux>(r, voff + IOS, soff);
    lds_store_bytes<B>(v, first_lane_lds(lds) + IOS + lane_id() * B);
#endif
}

// buffer -> LDS at lds + lds_off bytes. From a generic pointer (a __shared__ array) on the
// targets with buffer->LDS loads, the destination is formed as aiter's opus forms it: the
// integer value of the generic address, converted once, plus each issue's offset in 32 bits
// (test/codegen/mem/gmem_async_load_offsets.hip). Converting each issue's LDS pointer instead
// adds scalar instructions per issue in the loop that issues the DMAs. An address-space-3
// pointer, and gfx1250's global->LDS loads, keep the pointer form.
template <index_t B, index_t aux, index_t IOS, typename P, typename R>
OPUS_D void buffer_load_lds_at(const R& r, P* lds, index_t lds_off, index_t voff, index_t soff) {
#if OPUS_HAS_LDS_DMA
    const uint32_t a = (uint32_t)(__UINTPTR_TYPE__)(const void*)lds + uint32_t(lds_off);
    buffer_load_lds<B, aux, IOS, true>(r, (lds_ptr_t<uint8_t>)(__UINTPTR_TYPE__)a, voff, soff);
#else
    buffer_load_lds<B, aux, IOS>(r, to_lds_bytes(lds) + lds_off, voff, soff);
#endif
}
#if OPUS_DEVICE_PASS
template <index_t B, index_t aux, index_t IOS, typename P, typename R>
OPUS_D void buffer_load_lds_at(const R& r, OPUS_LDS_ADDR P* lds, index_t lds_off, index_t voff, index_t soff) {
    buffer_load_lds<B, aux, IOS>(r, to_lds_bytes(lds) + lds_off, voff, soff);
}
#endif

// ---- buffer atomics ------------------------------------------------------------------------
// Instructions per target (OPUS_HAS_BUFFER_ATOMIC_* in arch/target.hpp; checked by
// test/codegen/mem/gmem_atomic.hip): f32 add and i32/u32 add everywhere, packed f16x2 / bf16x2
// add natively where the target has it, else a compare-and-swap loop.

} // namespace detail
OPUS_NAMESPACE_END

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

} // namespace detail

// a buffer resource descriptor for `size` bytes at `p` (no size: no out-of-bounds checks)
OPUS_D buffer_rsrc_t make_buffer_rsrc(const void* p, uint32_t size = buffer_no_size,
                                      uint32_t config = buffer_default_config()) {
    return detail::make_buffer_rsrc(p, size, config);
}

OPUS_NAMESPACE_END
#endif // OPUS_HIP
