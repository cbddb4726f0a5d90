// smem: LDS pointers stay in address space 3 (ds_* instructions, never flat_*); the widest
// ds instruction per access; bulk forms with static strides use immediate ds offsets.
// Runs on every codegen target (gfx9, gfx11, gfx12): where the ISAs name the same instruction
// differently the check lists both spellings, gfx9 first ({{dwordx4|b128}}, ds_{{read|load}},
// soffset {{0|null}}); each ISA has only one of them.
// MAX-VGPR: 32
#include <opus/hip_minimal.hpp>
#include <opus/mem.hpp>
using namespace opus;

// fp16 load<8> -> one ds_read_b128; store<8> one ds_write_b128
// CHECK-LABEL: smem_fp16_x8:
// CHECK-NOT: {{^[[:space:]]+flat_}}
// CHECK: ds_{{write|store}}_b128
// sync_threads() orders memory like __syncthreads(): the LDS write completes before the barrier
// CHECK: {{s_waitcnt lgkmcnt\(0\)|s_wait_dscnt 0x0}}
// CHECK-NEXT: s_barrier
// CHECK: ds_{{read|load}}_b128
// CHECK-NOT: ds_{{read|load}}
// CHECK-NOT: {{^[[:space:]]+flat_}}
// CHECK: s_endpgm
extern "C" __global__ __launch_bounds__(256) void smem_fp16_x8(const fp16_t* a, fp16_t* b) {
    __shared__ fp16_t lds[64 * 8];
    auto s = make_smem(lds);
    const int i = static_cast<int>(thread_idx_x()) * 8;
    s.store<8>(make_gmem(a).load<8>(i), i);
    sync_threads();
    make_gmem(b).store<8>(s.load<8>(512 - 8 - i), i);
}

// widths: fp32 x1 ds_read_b32, fp32 x2 b64, fp8 x2 u16, fp32 x16 -> 4 x b128
// CHECK-LABEL: smem_widths:
// CHECK-NOT: {{^[[:space:]]+flat_}}
// CHECK-DAG: ds_{{read|load}}_b32
// CHECK-DAG: ds_{{read|load}}_b64
// CHECK-DAG: ds_{{read|load}}_u16
// CHECK-DAG: ds_{{read|load}}_b128 {{.*}} offset:48
// CHECK-NOT: {{^[[:space:]]+flat_}}
// CHECK: s_endpgm
extern "C" __global__ __launch_bounds__(64) void smem_widths(const fp32_t* in, fp32_t* out, fp8_t* out8, int k) {
    __shared__ fp32_t lds[64 * 16];
    __shared__ fp8_t lds8[256];
    auto s = make_smem(lds);
    auto s8 = make_smem(lds8);
    const int i = static_cast<int>(thread_idx_x());
    lds[i * 3] = in[i];
    lds8[i * 3] = static_cast<fp8_t>(k);
    auto a = s.load(k + i);
    auto b = s.load<2>(2 * k + 2 * i);
    auto c = s8.load<2>(2 * i);
    auto d = s.load<16>(16 * i);
    auto g = make_gmem(out);
    g.store(a, i);
    g.store(b, 2 * i + 64);
    g.store(d, 16 * i + 256);
    make_gmem(out8).store(c, 2 * i);
}

// bulk: a y-shape (3, 8) fp16 tile, load<8> -> exactly 3 ds_read_b128 at immediate offsets
// CHECK-LABEL: smem_bulk:
// CHECK: ds_{{write|store}}_b16
// CHECK: ds_{{read|load}}_b128 v[{{[0-9]+:[0-9]+}}], [[A:v[0-9]+]]{{$}}
// CHECK: ds_{{read|load}}_b128 v[{{[0-9]+:[0-9]+}}], [[A]] offset:1024
// CHECK: ds_{{read|load}}_b128 v[{{[0-9]+:[0-9]+}}], [[A]] offset:2048
// CHECK-NOT: ds_{{read|load}}
// CHECK: s_endpgm
struct tile_48x32 {
    OPUS_H_D constexpr auto shape() { return opus::make_tuple(number<3>{}, number<16>{}, number<4>{}, number<8>{}); }
    OPUS_H_D constexpr auto dim() { return opus::tuple<opus::tuple<y_dim, p_dim>, opus::tuple<p_dim, y_dim>>{}; }
};
extern "C" __global__ __launch_bounds__(64) void smem_bulk(const fp16_t* in, fp16_t* out) {
    __shared__ fp16_t lds[48 * 32];
    const int lane = static_cast<int>(thread_idx_x());
    lds[lane * 7] = in[lane];
    auto u = make_partition_layout(tile_48x32{}, opus::make_tuple(number<32>{}, number<1>{}),
                                   opus::make_tuple(lane / 4, lane % 4));
    auto v = make_smem(lds).load<8>(u);
    make_gmem(out).store<8>(v, u);
}

// A generic pointer LLVM cannot trace to a __shared__ array (here read from memory): the
// generic -> LDS cast takes its low word as it is. A generic pointer to LDS is never null, so
// there is no null test (s_cmp_lg_u64 + s_cselect of -1, the LDS null) and only that word is
// loaded. clang-19 has no lowering of a cast known to be non-null and keeps the test.
// CHECK-LABEL: smem_from_loaded_pointer:
// CHECK-CLANG22-NOT: s_cmp_lg_u64
// CHECK-CLANG22-NOT: s_cselect
// CHECK-CLANG19: s_cmp_lg_u64
// CHECK: ds_{{write|store}}_b32
// CHECK: s_endpgm
extern "C" __global__ __launch_bounds__(64) void smem_from_loaded_pointer(float* out, float** table, int i) {
    auto s = make_smem(table[i]);
    s.store<1>(float(thread_idx_x()), thread_idx_x());
    sync_threads();
    out[thread_idx_x()] = s.load<1>(thread_idx_x() ^ 1)[0];
}
