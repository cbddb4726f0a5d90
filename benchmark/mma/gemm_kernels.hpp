// opus/mma tiled GEMM kernel: C = A * B^T in fp16 with fp32 accumulation through
// make_tiled_mma, partition layouts and layout-based gmem loads, next to a hand-written
// builtin twin with the same tiling, the same loads and the same MFMA order. Used by the
// runtime benchmark (mma.hip) and the zero-overhead check (benchmark/isa_profile.py).
//
// A is M x K (row-major, lda = K), B is N x K (row-major: "B transposed", ldb = K), C is
// M x N fp32 (row-major, ldc = N). One block of 256 threads computes a 128 x 128 tile of C:
// 2 x 2 waves, each with 2 x 2 expansions of v_mfma_f32_32x32x8_f16 (64 x 64 per wave),
// 2 K expansions per step (K step 16). Operands come straight from global memory (buffer
// loads of 4 fp16 per issue, L2/L1-cached reuse across the block), no LDS staging: this is
// the register-direct GEMM of docs/walkthrough.md (stage 6). M, N multiples of 128, K of 16.
#pragma once
#include <opus/hip_minimal.hpp>
#include <opus/mem.hpp>
#include <opus/mma.hpp>

#include "gemm_index.hpp"  // the twin's hand-written index math (also checked on the host)


// ISA-WAIVE(gemm_f16, gfx942, clang-22): opus uses 2 VGPRs more (92 vs 90; occupancy the same, 5 waves/SIMD) and a few instructions fewer. The K loops are the same 8 buffer_load_dwordx2 + 8 MFMA + 8 address adds; the machine scheduler orders the 8 loads differently (opus: A0 B0 B1 A1 A0+16 B0+16 A1+16 B1+16), so all four address VGPRs stay live until the last load, while in the twin's order two of them die early and are reused as load destinations. Register-allocation luck of the same code, not work opus adds.
// ISA-WAIVE(gemm_f16, gfx950, clang-22): same as gfx942 (92 vs 90 VGPRs, a few instructions fewer, same occupancy).
// ISA-WAIVE(gemm_f16, gfx942, clang-19): clang 19 only (gfx950 needs clang >= 20): about +120 instructions and +40 VGPRs, all outside the K loop (the loop is the same). opus's flat accumulator (vtype_c, one 64-float vector over the four MFMAs) lives in AGPRs; clang 19 copies all of it to VGPRs before the stores (64 v_accvgpr_read + moves), while the twin's four separate 16-float accumulators are stored straight from AGPRs. Not the store path: a hand-written element store from the flat vector costs the same; with the array container (OPUS_TILE_CONTAINER=1) and per-instruction stores the copy disappears (29 vs 28 VGPRs) but clang 19 then duplicates the zero-initialisation (+60 v_accvgpr_write). clang 22 has none of it (opus a few instructions fewer).
#if defined(__gfx90a__) || defined(__gfx942__) || defined(__gfx950__)
#define OPUS_GEMM_ON 1
#else
#define OPUS_GEMM_ON 0
#endif

// ---------------------------------------------------------------------------- opus
extern "C" __global__ __launch_bounds__(OPUS_GEMM_BLOCK) void opus_gemm_f16(const opus::fp16_t* a, const opus::fp16_t* b,
                                                                           float* c, int n, int k) {
#if OPUS_GEMM_ON
    using namespace opus;
    auto mma = make_tiled_mma<fp16_t, fp16_t, fp32_t>(seq<2, 2, 2>{}, seq<2, 2, 1>{}, seq<32, 32, 8>{});
    using mma_t = decltype(mma);
    static_assert(mma_t::block_m == OPUS_GEMM_TILE && mma_t::block_n == OPUS_GEMM_TILE &&
                  mma_t::block_k == OPUS_GEMM_KSTEP, "tile");
    const int t = static_cast<int>(thread_idx_x());
    const int lane = t % 64;
    const auto w = mma.wave_coord(t / 64);
    const int bm = static_cast<int>(block_idx_y()), bn = static_cast<int>(block_idx_x());
    auto ga = make_gmem(a + static_cast<long>(bm) * OPUS_GEMM_TILE * k);
    auto gb = make_gmem(b + static_cast<long>(bn) * OPUS_GEMM_TILE * k);
    auto gc = make_gmem(c + static_cast<long>(bm) * OPUS_GEMM_TILE * n + bn * OPUS_GEMM_TILE);
    auto ua = mma.layout_a(make_tuple(k, 1_I), mma.p_coord_a(get<0>(w), get<2>(w), lane));
    auto ub = mma.layout_b(make_tuple(k, 1_I), mma.p_coord_b(get<1>(w), get<2>(w), lane));
    auto uc = mma.layout_c(make_tuple(n, 1_I), mma.p_coord_c(get<0>(w), get<1>(w), lane));
    typename mma_t::vtype_c acc{};
    for (int kk = 0; kk < k; kk += OPUS_GEMM_KSTEP) {
        const auto va = ga.load<4>(ua);
        const auto vb = gb.load<4>(ub);
        acc = mma(va, vb, acc);
        ua += OPUS_GEMM_KSTEP;
        ub += OPUS_GEMM_KSTEP;
    }
    gc.store<1>(acc, uc);
#else
    (void)a; (void)b; (void)c; (void)n; (void)k;
#endif
}

// ---------------------------------------------------------------------------- builtin twin
namespace opus_gemm {
typedef _Float16 half4 __attribute__((ext_vector_type(4)));
typedef float float16v __attribute__((ext_vector_type(16)));
__device__ inline __amdgpu_buffer_rsrc_t rsrc(const void* p) {
    return __builtin_amdgcn_make_buffer_rsrc(const_cast<void*>(p), static_cast<short>(0), -1,
                                             static_cast<int>(opus::buffer_rsrc_word3()));
}
} // namespace opus_gemm

extern "C" __global__ __launch_bounds__(OPUS_GEMM_BLOCK) void twin_gemm_f16(const opus::fp16_t* a, const opus::fp16_t* b,
                                                                           float* c, int n, int k) {
#if OPUS_GEMM_ON
    using opus_gemm::half4;
    using opus_gemm::float16v;
    const int t = static_cast<int>(__builtin_amdgcn_workitem_id_x());
    const int lane = t % 64, wave = t / 64;
    const int wm = wave / 2, wn = wave % 2;
    const int bm = static_cast<int>(__builtin_amdgcn_workgroup_id_y()), bn = static_cast<int>(__builtin_amdgcn_workgroup_id_x());
    const auto ra = opus_gemm::rsrc(a + static_cast<long>(bm) * OPUS_GEMM_TILE * k);
    const auto rb = opus_gemm::rsrc(b + static_cast<long>(bn) * OPUS_GEMM_TILE * k);
    const auto rc = opus_gemm::rsrc(c + static_cast<long>(bm) * OPUS_GEMM_TILE * n + bn * OPUS_GEMM_TILE);
    const int a0 = opus_gemm::twin_ab_offset(lane, wm, 0, 0, k);  // + e * 64 * k + ek * 8 per issue
    const int b0 = opus_gemm::twin_ab_offset(lane, wn, 0, 0, k);
    float16v acc[2][2] = {};
    for (int kk = 0; kk < k; kk += OPUS_GEMM_KSTEP) {
        half4 va[2][2], vb[2][2];
#pragma unroll
        for (int e = 0; e < 2; ++e)
#pragma unroll
            for (int ek = 0; ek < 2; ++ek)
                va[e][ek] = __builtin_bit_cast(half4, __builtin_amdgcn_raw_buffer_load_b64(ra, (a0 + e * 64 * k + ek * 8 + kk) * 2, 0, 0));
#pragma unroll
        for (int e = 0; e < 2; ++e)
#pragma unroll
            for (int ek = 0; ek < 2; ++ek)
                vb[e][ek] = __builtin_bit_cast(half4, __builtin_amdgcn_raw_buffer_load_b64(rb, (b0 + e * 64 * k + ek * 8 + kk) * 2, 0, 0));
#pragma unroll
        for (int ek = 0; ek < 2; ++ek)
#pragma unroll
            for (int em = 0; em < 2; ++em)
#pragma unroll
                for (int en = 0; en < 2; ++en)
                    acc[em][en] = __builtin_amdgcn_mfma_f32_32x32x8f16(va[em][ek], vb[en][ek], acc[em][en], 0, 0, 0);
    }
#pragma unroll
    for (int em = 0; em < 2; ++em)
#pragma unroll
        for (int en = 0; en < 2; ++en)
#pragma unroll
            for (int r = 0; r < 16; ++r) {
                const int row = opus_gemm::twin_c_row(lane, wm, em, r);
                const int col = opus_gemm::twin_c_col(lane, wn, en);
                __builtin_amdgcn_raw_buffer_store_b32(__builtin_bit_cast(unsigned, acc[em][en][r]), rc, (row * n + col) * 4, 0, 0);
            }
#else
    (void)a; (void)b; (void)c; (void)n; (void)k;
#endif
}
