// SPDX-License-Identifier: MIT
// opus/arch/lane.hpp - lane-level utilities: DPP, ds_bpermute shuffles, max/min/med3,
// s_waitcnt with the per-target encoding, barriers, lane and wave ids.
//
// Device-only functions (OPUS_D). In the host pass they exist so that host+device code
// parses, but they do nothing useful there (they return their input / 0).
#pragma once

#include "target.hpp"
#include "../core/meta.hpp"
#include "../core/number.hpp"

OPUS_NAMESPACE_BEGIN

// ---- DPP controls (dpp_ctrl operand of v_mov_b32_dpp) -------------------------------------
namespace dpp {
OPUS_H_D constexpr index_t quad_perm(index_t a, index_t b, index_t c, index_t d) { return a | (b << 2) | (c << 4) | (d << 6); }
OPUS_H_D constexpr index_t row_shl(index_t n) { return 0x100 + n; } // n in 1..15
OPUS_H_D constexpr index_t row_shr(index_t n) { return 0x110 + n; } // n in 1..15
OPUS_H_D constexpr index_t row_ror(index_t n) { return 0x120 + n; } // n in 1..15
inline constexpr index_t wave_shl1 = 0x130;  // gfx9 only
inline constexpr index_t wave_rol1 = 0x134;  // gfx9 only
inline constexpr index_t wave_shr1 = 0x138;  // gfx9 only
inline constexpr index_t wave_ror1 = 0x13c;  // gfx9 only
inline constexpr index_t row_mirror = 0x140;
inline constexpr index_t row_half_mirror = 0x141;
inline constexpr index_t row_bcast15 = 0x142; // gfx9 only
inline constexpr index_t row_bcast31 = 0x143; // gfx9 only
} // namespace dpp

namespace detail {
template <typename T> OPUS_H_D constexpr int to_i32_bits(const T& v) {
    static_assert(sizeof(T) <= 4, "opus lane op: 8-, 16- or 32-bit types only (split wider types)");
    if constexpr (sizeof(T) == 4) return __builtin_bit_cast(int, v);
    else if constexpr (sizeof(T) == 2) return int(__builtin_bit_cast(uint16_t, v));
    else return int(__builtin_bit_cast(uint8_t, v));
}
template <typename T> OPUS_H_D constexpr T from_i32_bits(int v) {
    if constexpr (sizeof(T) == 4) return __builtin_bit_cast(T, v);
    else if constexpr (sizeof(T) == 2) return __builtin_bit_cast(T, uint16_t(v));
    else return __builtin_bit_cast(T, uint8_t(v));
}
} // namespace detail

// mov_dpp(v, number<ctrl>): v from the lane selected by ctrl (0 where the source is invalid
// and BoundCtrl is set). upd_dpp(old, v, ctrl): like mov_dpp, but lanes disabled by the row /
// bank masks keep `old`; lanes whose source is invalid read 0 while BoundCtrl is set (the
// default of both, as in aiter's opus) and keep `old` with bool_constant<false>{}.
template <typename T, index_t Ctrl, index_t RowMask = 0xf, index_t BankMask = 0xf, bool BoundCtrl = true>
OPUS_D T mov_dpp(const T& v, number<Ctrl>, number<RowMask> = {}, number<BankMask> = {}, bool_constant<BoundCtrl> = {}) {
#if OPUS_DEVICE_PASS
    return detail::from_i32_bits<T>(__builtin_amdgcn_mov_dpp(detail::to_i32_bits(v), Ctrl, RowMask, BankMask, BoundCtrl));
#else
    return v;
#endif
}
// (`old` may be of another type of the same size, e.g. upd_dpp(0, v_float, ...): its bits are
// taken, as in aiter's opus)
template <typename O, typename T, index_t Ctrl, index_t RowMask = 0xf, index_t BankMask = 0xf, bool BoundCtrl = true>
OPUS_D T upd_dpp(const O& old, const T& v, number<Ctrl>, number<RowMask> = {}, number<BankMask> = {}, bool_constant<BoundCtrl> = {}) {
    static_assert(sizeof(O) == sizeof(T), "opus::upd_dpp(old, v, ctrl): old must have the size of v (its bits are used)");
#if OPUS_DEVICE_PASS
    return detail::from_i32_bits<T>(__builtin_amdgcn_update_dpp(detail::to_i32_bits(old), detail::to_i32_bits(v), Ctrl, RowMask, BankMask, BoundCtrl));
#else
    (void)old;
    return v;
#endif
}

// shfl(v, src_lane): v of lane src_lane (ds_bpermute_b32; src_lane taken modulo the wave).
template <typename T> OPUS_D T shfl(const T& v, index_t src_lane) {
#if OPUS_DEVICE_PASS
    return detail::from_i32_bits<T>(__builtin_amdgcn_ds_bpermute(src_lane << 2, detail::to_i32_bits(v)));
#else
    (void)src_lane;
    return v;
#endif
}

// ---- max / min / med3 -------------------------------------------------------------------------
OPUS_H_D float max(float a, float b) { return __builtin_fmaxf(a, b); }
OPUS_H_D float min(float a, float b) { return __builtin_fminf(a, b); }
template <typename T> OPUS_H_D constexpr T max(T a, T b) { return a < b ? b : a; }
template <typename T> OPUS_H_D constexpr T min(T a, T b) { return b < a ? b : a; }

// Median of three: v_med3_f32 / v_med3_f16 / v_med3_i32 / v_med3_u32.
OPUS_H_D float med3(float a, float b, float c) {
#if OPUS_DEVICE_PASS
    return __builtin_amdgcn_fmed3f(a, b, c);
#else
    return __builtin_fmaxf(__builtin_fminf(a, b), __builtin_fminf(__builtin_fmaxf(a, b), c));
#endif
}
OPUS_H_D _Float16 med3(_Float16 a, _Float16 b, _Float16 c) {
#if OPUS_DEVICE_PASS
    return __builtin_amdgcn_fmed3h(a, b, c);
#else
    return _Float16(med3(float(a), float(b), float(c)));
#endif
}
template <typename T> OPUS_H_D constexpr T med3(T a, T b, T c) { return max(min(a, b), min(max(a, b), c)); }

// ---- split wait counters (OPUS_WAITCNT_SEPARATE_ASYNC) ------------------------------------
// s_wait_loadcnt / _dscnt / _storecnt / _kmcnt / _asynccnt / _tensorcnt (number<N>): wait until at
// most N operations of that counter are outstanding: vector-memory loads, LDS, vector-memory
// stores, scalar memory and messages, global->LDS async loads, tensor DMA. Targets whose waits
// are OPUS_WAITCNT_SEPARATE_ASYNC only (a static_assert elsewhere); the waits go through LLVM's
// intrinsics, which the backend's own wait insertion understands
// (test/codegen/arch/arch_gfx1250.hip).
#if OPUS_WAITCNT_FORM == OPUS_WAITCNT_SEPARATE_ASYNC
namespace detail {
#if defined(__clang__)
#pragma clang diagnostic push
#pragma clang diagnostic ignored "-Wundefined-inline"
#endif
OPUS_D void wait_loadcnt(short n) __asm("llvm.amdgcn.s.wait.loadcnt");
OPUS_D void wait_dscnt(short n) __asm("llvm.amdgcn.s.wait.dscnt");
OPUS_D void wait_storecnt(short n) __asm("llvm.amdgcn.s.wait.storecnt");
OPUS_D void wait_kmcnt(short n) __asm("llvm.amdgcn.s.wait.kmcnt");
#if defined(__clang__)
#pragma clang diagnostic pop
#endif
} // namespace detail
#define OPUS_DETAIL_SPLIT_WAIT(name, max, call)                                                          \
    template <index_t N> OPUS_D void name(number<N> = {}) {                                              \
        static_assert(N >= 0 && N <= max, "opus::" #name ": the count must be in [0, " #max "]");          \
        call(N);                                                                                         \
    }
#else
#define OPUS_DETAIL_SPLIT_WAIT(name, max, call)                                                          \
    template <index_t N> OPUS_D void name(number<N> = {}) {                                              \
        static_assert(!OPUS_DEVICE_PASS || detail::always_false<number<N>>,                              \
                      "opus::" #name ": the split wait counters exist on gfx1250 only (other targets: "  \
                      "s_waitcnt)");                                                                     \
    }
#endif
OPUS_DETAIL_SPLIT_WAIT(s_wait_loadcnt, 63, detail::wait_loadcnt)
OPUS_DETAIL_SPLIT_WAIT(s_wait_dscnt, 63, detail::wait_dscnt)
OPUS_DETAIL_SPLIT_WAIT(s_wait_storecnt, 63, detail::wait_storecnt)
OPUS_DETAIL_SPLIT_WAIT(s_wait_kmcnt, 31, detail::wait_kmcnt)
OPUS_DETAIL_SPLIT_WAIT(s_wait_asynccnt, 63, __builtin_amdgcn_s_wait_asynccnt)
OPUS_DETAIL_SPLIT_WAIT(s_wait_tensorcnt, 63, __builtin_amdgcn_s_wait_tensorcnt)
#undef OPUS_DETAIL_SPLIT_WAIT

// ---- s_waitcnt ----------------------------------------------------------------------------------
// Counter limits (vmcnt 63 everywhere; lgkmcnt / dscnt the row's lgkm column) and the s_waitcnt
// immediate of the compile target, in the row's waitcnt form (OPUS_WAITCNT_*, arch/target.hpp;
// the SEPARATE forms issue one instruction per counter instead).
inline constexpr index_t waitcnt_vm_max = 63;
inline constexpr index_t waitcnt_lgkm_max = OPUS_TARGET_FACT(lgkm);

OPUS_H_D constexpr uint32_t waitcnt_imm(index_t vm, index_t lgkm, index_t exp = 7) {
#if OPUS_WAITCNT_FORM == OPUS_WAITCNT_IMM_VM_HIGH
    return (uint32_t(vm) << 10) | (uint32_t(lgkm) << 4) | uint32_t(exp);
#else
    return (uint32_t(vm) & 0xfu) | ((uint32_t(vm) >> 4) << 14) | (uint32_t(exp) << 4) | (uint32_t(lgkm) << 8);
#endif
}

// s_waitcnt(number<vm>, number<lgkm>[, number<exp>]): wait until at most vm vector-memory and
// lgkm LDS/scalar-memory operations (and exp exports, gfx9/gfx11) are outstanding. A count at
// or above the counter's maximum (waitcnt_*_max) means "no wait on this counter": it is
// encoded as the maximum, which never waits for less than was asked. (aiter's opus masks the
// count to the field width instead, so lgkmcnt 16 on gfx9 became lgkmcnt(0), a full wait; it
// also writes the gfx9 encoding on gfx11/gfx12.)
template <index_t Vm, index_t Lgkm, index_t Exp = 7>
OPUS_D void s_waitcnt(number<Vm>, number<Lgkm>, number<Exp> = {}) {
    static_assert(Vm >= 0, "opus::s_waitcnt: vmcnt must be >= 0");
    static_assert(Lgkm >= 0, "opus::s_waitcnt: lgkmcnt must be >= 0");
    static_assert(Exp >= 0, "opus::s_waitcnt: expcnt must be >= 0");
    constexpr index_t vm = Vm < waitcnt_vm_max ? Vm : waitcnt_vm_max;
    constexpr index_t lgkm = Lgkm < waitcnt_lgkm_max ? Lgkm : waitcnt_lgkm_max;
    constexpr index_t exp = Exp < 7 ? Exp : 7;
#if OPUS_WAITCNT_FORM == OPUS_WAITCNT_SEPARATE_ASYNC
    static_assert(Exp >= 7, "opus::s_waitcnt: gfx1250 has no expcnt counter (no s_wait_expcnt): leave the "
                            "third argument out");
    if constexpr (vm < waitcnt_vm_max) {  // vector memory: loads, and global->LDS async loads
        detail::wait_loadcnt(vm);
        __builtin_amdgcn_s_wait_asynccnt(vm);
    }
    if constexpr (lgkm < waitcnt_lgkm_max) detail::wait_dscnt(lgkm);
    (void)exp;
#elif OPUS_WAITCNT_FORM == OPUS_WAITCNT_SEPARATE
    if constexpr (vm < waitcnt_vm_max) asm volatile("s_wait_loadcnt %0" ::"n"(vm) : "memory");
    if constexpr (lgkm < waitcnt_lgkm_max) asm volatile("s_wait_dscnt %0" ::"n"(lgkm) : "memory");
    if constexpr (exp < 7) asm volatile("s_wait_expcnt %0" ::"n"(exp) : "memory");
#elif OPUS_DEVICE_PASS
    // One instruction per call, as in aiter's opus, even when every count is at its maximum
    // (a wait for nothing, e.g. an lgkm count above what the counter holds, which the
    // reference masks): the instruction keeps the compiler from scheduling LDS reads across
    // that point, which kernels written for the reference rely on to keep their registers
    // (test/codegen/arch/arch_workgroup_queries.hip, arch_waitcnt_lgkm16_only).
    __builtin_amdgcn_s_waitcnt(waitcnt_imm(vm, lgkm, exp));
#else
    (void)vm;
    (void)lgkm;
    (void)exp;
#endif
}
template <index_t Vm> OPUS_D void s_waitcnt_vmcnt(number<Vm> vm) { s_waitcnt(vm, number<waitcnt_lgkm_max>{}); }
template <index_t Lgkm> OPUS_D void s_waitcnt_lgkmcnt(number<Lgkm> lgkm) { s_waitcnt(number<waitcnt_vm_max>{}, lgkm); }

// ---- barriers -------------------------------------------------------------------------------------
// s_barrier(): the bare instruction (barrier(), the workgroup barrier that also orders
// memory, is sync_threads() in opus/arch/workgroup.hpp).
OPUS_D void s_barrier() {
#if OPUS_DEVICE_PASS
    __builtin_amdgcn_s_barrier();
#endif
}

// sched_barrier<Mask>(): a compiler scheduling fence (no instruction). Mask 0 lets nothing
// move across it; see the LLVM AMDGPU docs of __builtin_amdgcn_sched_barrier for the bits
// (e.g. keep prefetch loads of the next K tile ahead of this tile's MFMAs).
template <index_t Mask = 0>
OPUS_D void sched_barrier() {
    static_assert(Mask >= 0 && (Mask & ~0x7FF) == 0,
                  "opus::sched_barrier<Mask>: unknown mask bits (LLVM defines 0x001 .. 0x400; 0 = nothing may "
                  "cross)");
#if OPUS_DEVICE_PASS
    __builtin_amdgcn_sched_barrier(Mask);
#endif
}

// ---- lane / wave ids --------------------------------------------------------------------------------
OPUS_D index_t lane_id() {
#if OPUS_DEVICE_PASS && OPUS_WAVE64
    return index_t(__builtin_amdgcn_mbcnt_hi(~0u, __builtin_amdgcn_mbcnt_lo(~0u, 0u)));
#elif OPUS_DEVICE_PASS
    return index_t(__builtin_amdgcn_mbcnt_lo(~0u, 0u));
#else
    return 0;
#endif
}
// Wave index inside the workgroup (x dimension), uniform (scalar register).
OPUS_D index_t wave_id() {
#if OPUS_DEVICE_PASS
    return __builtin_amdgcn_readfirstlane(index_t(__builtin_amdgcn_workitem_id_x()) / OPUS_DETAIL_WAVE_SIZE);
#else
    return 0;
#endif
}

// shfl(v, src_lane, width): the wave split into groups of `width` lanes (a power of two, at
// most the wave size); v of lane src_lane % width of the caller's own group.
template <typename T> OPUS_D T shfl(const T& v, index_t src_lane, index_t width) {
    return shfl(v, (src_lane & (width - 1)) + (lane_id() & ~(width - 1)));
}

OPUS_NAMESPACE_END
