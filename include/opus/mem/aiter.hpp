// SPDX-License-Identifier: MIT
// opus/mem/aiter.hpp - aiter's layer for the mem module: the spellings of aiter's
// single-header opus that opus's own API spells otherwise, for code written for it. Included
// by opus/opus.hpp only (test/diagnostics/mem/aiter_spelling_own_api.hip).
#pragma once
// Plain C++ (no HIP) stops here with one clear error instead of a wall of them.
#include "../core/config.hpp"
#if !OPUS_HIP
#error "opus/mem/aiter.hpp is device code: compile it as HIP (hipcc, amdclang++, clang++ -x hip). Plain C++ host code includes <opus/core.hpp>, the host half of opus (host C++ may also use <opus/arch.hpp> and <opus/mma.hpp>)"
#else

#include "../arch/dtype.hpp"
#include "../arch/target.hpp"

OPUS_NAMESPACE_BEGIN

// The raw buffer atomics under aiter's names (code written for it calls them directly, with a
// descriptor built as an i32x4_t): the LLVM intrinsics of the legacy (<4 x i32> descriptor)
// form, declared only where the target has the instruction (opus: gmem::atomic_add).
#if OPUS_HAS_BUFFER_ATOMIC_PK_ADD_BF16
__attribute__((device)) bf16x2_t llvm_amdgcn_raw_buffer_atomic_fadd_v2bf16(bf16x2_t vdata, i32x4_t rsrc, index_t voffset,
                                                         index_t soffset, index_t aux)
    __asm("llvm.amdgcn.raw.buffer.atomic.fadd.v2bf16");
#endif
#if OPUS_HAS_BUFFER_ATOMIC_PK_ADD_F16
__attribute__((device)) fp16x2_t llvm_amdgcn_raw_buffer_atomic_fadd_v2f16(fp16x2_t vdata, i32x4_t rsrc, index_t voffset,
                                                        index_t soffset, index_t aux)
    __asm("llvm.amdgcn.raw.buffer.atomic.fadd.v2f16");
#endif
__attribute__((device)) fp32_t llvm_amdgcn_raw_buffer_atomic_fadd_f32(fp32_t vdata, i32x4_t rsrc, index_t voffset, index_t soffset,
                                                    index_t aux) __asm("llvm.amdgcn.raw.buffer.atomic.fadd.f32");
__attribute__((device)) i32_t llvm_amdgcn_raw_buffer_atomic_add_i32(i32_t vdata, i32x4_t rsrc, index_t voffset, index_t soffset,
                                                   index_t aux) __asm("llvm.amdgcn.raw.buffer.atomic.add.i32");
__attribute__((device)) i32_t llvm_amdgcn_raw_buffer_atomic_cmpswap_i32(i32_t src, i32_t cmp, i32x4_t rsrc, index_t voffset,
                                                       index_t soffset, index_t aux)
    __asm("llvm.amdgcn.raw.buffer.atomic.cmpswap.i32");

OPUS_NAMESPACE_END
#endif // OPUS_HIP
