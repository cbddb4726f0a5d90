// Codegen: gfx1250 is its own target row (clang defines __GFX12__ there too, but it is not
// RDNA4): wave32, 320 KiB of LDS per workgroup, the split wait counters (no expcnt), the
// barrier as signal + wait, and the conversions it has natively (bf16, fp8 / bf8).
// TARGETS: gfx1250
#include <opus/hip_minimal.hpp>
#include <opus/arch.hpp>
#include <opus/arch/aiter.hpp>  // aiter's layer (what opus/opus.hpp adds)

using namespace opus;

static_assert(OPUS_GFX1250 && !OPUS_GFX12 && !OPUS_GFX11 && !OPUS_GFX9, "gfx1250 is its own family");
static_assert(get_target() == target::gfx1250 && get_warp_size() == 32 && !OPUS_WAVE64, "wave32 only");
static_assert(target_has_wmma(target::gfx1250) && target_wave_size(target::gfx1250) == 32, "row facts");
static_assert(get_smem_size() == 327680, "320 KiB of LDS per workgroup (clang-22 accepts 327680, not more)");
static_assert(!OPUS_HAS_LDS_DMA && !OPUS_HAS_LDS_TR_READ && OPUS_HAS_FP8_CVT && !OPUS_HAS_FP4_CVT &&
                  OPUS_HAS_FP4_PK8_CVT,
              "memory and conversion features");
// the row's features and columns as the derived macros give them (arch/target.hpp)
static_assert(OPUS_HAS_ASYNC_LDS_DMA && OPUS_HAS_CLUSTERS && OPUS_HAS_NAMED_BARRIERS && OPUS_HAS_TENSOR_DMA &&
                  OPUS_HAS_TTMP8_WAVE_ID && OPUS_HAS_VALU_MIN_I64 && OPUS_HAS_CPOL_SCOPE && !OPUS_HAS_DPP_ROW_BCAST,
              "gfx1250's feature bits");
static_assert(OPUS_WAITCNT_FORM == OPUS_WAITCNT_SEPARATE_ASYNC && waitcnt_lgkm_max == 63 && OPUS_BF16_CVT_IGNORES_MODE,
              "split waits with asynccnt; dscnt up to 63; bf16 rounds to nearest even");
static_assert(buffer_rsrc_word3() == 0x31004000u, "the descriptor flags aiter's opus passes (test/codegen/mem/mem_gfx1250.hip)");

// the row's value reaches the code
// CHECK-LABEL: arch_gfx1250_id:
// CHECK: mov_b32 v{{[0-9]+}}, 7{{$}}
// CHECK: s_endpgm
extern "C" __global__ __launch_bounds__(32) void arch_gfx1250_id(int* out) { out[0] = static_cast<int>(get_target()); }

// the largest LDS array get_smem_size() promises compiles
// CHECK-LABEL: arch_gfx1250_lds:
// CHECK: s_endpgm
// CHECK: .amdhsa_group_segment_fixed_size 327680
extern "C" __global__ __launch_bounds__(32) void arch_gfx1250_lds(float* p, int i) {
    __shared__ float s[get_smem_size() / sizeof(float)];
    s[i] = p[i];
    sync_threads();
    p[i + 1] = s[i ^ 1];
}

// s_waitcnt(vm, lgkm): vm waits on loadcnt and asynccnt (global->LDS async loads, which vmcnt
// covers on gfx9), lgkm on dscnt, through LLVM's wait intrinsics, which the backend may merge
// (s_wait_loadcnt_dscnt: loadcnt in bits 8.., dscnt in 0..5)
// CHECK-LABEL: arch_gfx1250_waitcnt:
// CHECK-DAG: s_wait_loadcnt{{(_dscnt)?}} 0x3{{(02)?$}}
// CHECK-DAG: s_wait_asynccnt 0x3
// CHECK-DAG: s_wait_asynccnt 0x5
// CHECK-NOT: s_wait_expcnt
// CHECK: s_endpgm
extern "C" __global__ __launch_bounds__(32) void arch_gfx1250_waitcnt() {
    s_waitcnt(3_I, 2_I);
    s_waitcnt_vmcnt(5_I);
}

// every split counter (loadcnt 1 and dscnt 2 merged into one instruction)
// CHECK-LABEL: arch_gfx1250_split_waits:
// CHECK-DAG: s_wait_loadcnt_dscnt 0x102
// CHECK-DAG: s_wait_storecnt 0x3
// CHECK-DAG: s_wait_kmcnt 0x4
// CHECK-DAG: s_wait_asynccnt 0x5
// CHECK-DAG: s_wait_tensorcnt 0x6
// CHECK: s_endpgm
extern "C" __global__ __launch_bounds__(32) void arch_gfx1250_split_waits() {
    s_wait_loadcnt(1_I);
    s_wait_dscnt(2_I);
    s_wait_storecnt(3_I);
    s_wait_kmcnt(4_I);
    s_wait_asynccnt(5_I);
    s_wait_tensorcnt(6_I);
}

// sync_threads: release fence, barrier (signal + wait), acquire fence
// CHECK-LABEL: arch_gfx1250_sync:
// CHECK: s_barrier_signal -1
// CHECK-NEXT: s_barrier_wait -1
// CHECK: s_endpgm
extern "C" __global__ __launch_bounds__(64) void arch_gfx1250_sync(float* p, int i) {
    __shared__ float s[64];
    s[i] = p[i];
    sync_threads();
    p[i] = s[63 - i];
}

// native conversions: fp32 -> bf16 (round to nearest even for every mode), fp32 <-> fp8 packed
// CHECK-LABEL: arch_gfx1250_cvt:
// CHECK-DAG: v_cvt_pk_bf16_f32
// CHECK-DAG: v_cvt_pk_fp8_f32
// CHECK-DAG: v_cvt_pk_f32_fp8
// CHECK: s_endpgm
extern "C" __global__ __launch_bounds__(32) void arch_gfx1250_cvt(const float* a, bf16_t* b, float* c) {
    const int i = static_cast<int>(thread_idx_x());
    const float x = a[i];
    b[i] = cast<bf16_t>(x);
    const auto f8 = cast<fp8_t>(fp32x4_t{x, x + 1, x + 2, x + 3});
    const auto r = cast<fp32_t>(f8);
    c[i] = r[0] + r[1] + r[2] + r[3];
}

// clusters: the id builtins, sync_cluster as release / signal -3 / wait -3 / acquire at cluster
// scope, the hardware wave id
// CHECK-LABEL: arch_gfx1250_cluster:
// CHECK-DAG: s_and_b32 s{{[0-9]+}}, ttmp6, 15
// CHECK-DAG: s_getreg_b32 s{{[0-9]+}}, hwreg(HW_REG_IB_STS2, 21, 4)
// CHECK-DAG: s_bfe_u32 s{{[0-9]+}}, ttmp8, 0x50019
// CHECK: s_wait_storecnt 0x0
// CHECK: s_barrier_signal -3
// CHECK: s_barrier_wait -3
// CHECK: global_inv scope:SCOPE_SE
// CHECK: s_endpgm
extern "C" __global__ __launch_bounds__(64) __cluster_dims__(2, 1, 1) void arch_gfx1250_cluster(int* out) {
    const int i = static_cast<int>(thread_idx_x());
    out[i] = static_cast<int>(cluster_id_x() + 10 * cluster_workgroup_id_x() + 100 * cluster_workgroup_flat_id() +
                              1000 * waveid_in_workgroup());
    sync_cluster();
    out[i + 64] = 1;
}

// named barriers (aiter's spellings, opus/arch/aiter.hpp): init with a member count, join; aiter's
// sync_workgroup is sync_threads (its fences: the LDS store waited for before the barrier)
// CHECK-LABEL: arch_gfx1250_named_barrier:
// CHECK: s_barrier_init m0
// CHECK: s_barrier_join m0
// CHECK: ds_store_b32
// CHECK: s_wait_dscnt 0x0
// CHECK-NEXT: s_barrier_signal -1
// CHECK: s_barrier_wait -1
// CHECK: s_endpgm
extern "C" __global__ __launch_bounds__(64) void arch_gfx1250_named_barrier(int* out, int i) {
    DECLARE_NAMED_BARRIERS()
    __shared__ int s[64];
    if (thread_idx_x() == 0) s_barrier_init_ptr(&__nbar_1, 2);
    s_barrier_join_ptr(&__nbar_1);
    s[thread_idx_x()] = i;
    sync_workgroup();
    out[thread_idx_x()] = s[63 - thread_idx_x()];
}

// fp32 -> fp4: 8 values per v_cvt_scalef32_pk8_fp4_f32 (2 and 4 values: one call, the low
// bytes); fp4 -> fp32 stays the software conversion (the instruction takes an e8m0 scale, opus's
// cast any float scale)
// CHECK-LABEL: arch_gfx1250_fp4:
// CHECK-COUNT-3: v_cvt_scalef32_pk8_fp4_f32
// CHECK-NOT: v_cvt_scalef32_pk8_fp4_f32
// CHECK: s_endpgm
extern "C" __global__ __launch_bounds__(32) void arch_gfx1250_fp4(const fp32x8_t* a, unsigned* o, float s) {
    const int i = static_cast<int>(thread_idx_x());
    const fp32x8_t x = a[i];
    const auto f8 = cast<fp4_t>(x, s);
    const auto f2 = cast<fp4_t>(fp32x2_t{x[0], x[1]}, s);
    const auto f4 = cast<fp4_t>(fp32x4_t{x[2], x[3], x[4], x[5]}, s);
    o[3 * i] = __builtin_bit_cast(unsigned, f8);
    o[3 * i + 1] = __builtin_bit_cast(unsigned char, f2);
    o[3 * i + 2] = __builtin_bit_cast(unsigned short, f4);
}
