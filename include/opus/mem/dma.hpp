// SPDX-License-Identifier: MIT
// opus/mem/dma.hpp - global -> LDS copies without registers (gmem::async_load): the
// buffer->LDS load (OPUS_HAS_LDS_DMA), the global->LDS async load (OPUS_HAS_ASYNC_LDS_DMA) and,
// on targets with neither, a load to registers and an LDS store.
#pragma once
// Plain C++ (no HIP) stops here with one clear error instead of a wall of them.
#include "../core/config.hpp"
#if !OPUS_HIP
#error "opus/mem/dma.hpp is device code: compile it as HIP (hipcc, amdclang++, clang++ -x hip). Plain C++ host code includes <opus/core.hpp>, the host half of opus (host C++ may also use <opus/arch.hpp> and <opus/mma.hpp>)"
#else

#include "../arch/lane.hpp"
#include "rsrc.hpp"
#include "lds.hpp"

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
            unroll<B>([&](auto k) {
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
    const auto v = buffer_load_bytes<B, aux>(r, voff + IOS, soff);
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
#endif // OPUS_HIP
