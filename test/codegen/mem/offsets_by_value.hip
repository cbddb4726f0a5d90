// The element offset of gmem/smem load, store, load_if, store_if, async_load, tr_load and
// atomic_add is an index_t taken by value, as in aiter's opus (`load(int v_os, ...)`): a
// 64-bit offset (`size_t i = threadIdx.x; g.load<4>(i * 4)`) is narrowed at the call.
// When the offset was a `const O&` template parameter, the 64-bit value reached LLVM through
// a temporary, InstCombine saw the 32-bit thread id only as the truncation of a 64-bit
// value and rewrote the kernel's own `threadIdx.x < 32` as a 64-bit mask test
// (v_and_b32 + v_cmp_eq_u64 instead of one v_cmp_gt_u32; aiter's
// fuse_qk_rope_concat_and_cache_mla kernels: +2 to +4 instructions each). The thread id
// here comes, as in a ROCm build, from a 64-bit value narrowed to 32 bits.
#include <opus/hip_minimal.hpp>
#include <opus/mem.hpp>
using namespace opus;

// (an opaque 64-bit copy of the work-item id, as __ockl_get_local_id returns it; the asm is
// not volatile, so repeated reads are one value)
__device__ inline unsigned tid32() {
    unsigned long long id64;
    asm("; id64 %0" : "=v"(id64) : "0"(static_cast<unsigned long long>(__builtin_amdgcn_workitem_id_x())));
    return static_cast<unsigned>(id64);
}

// CHECK-LABEL: k_size_t_offset:
// CHECK-DAG: buffer_load_{{dwordx2|b64}}
// CHECK-DAG: {{v_cmp_gt_u32_e32 vcc(_lo)?, 32, v[0-9]+|v_cmpx_gt_u32_e32 32, v[0-9]+}}
// CHECK: buffer_store_{{dwordx2|b64}}
// CHECK: s_endpgm
extern "C" __global__ __launch_bounds__(256) void k_size_t_offset(const fp16_t* a, fp16_t* b, const fp16_t* c,
                                                                  int n) {
    auto gi = make_gmem(a, n * sizeof(fp16_t));
    auto go = make_gmem(b, n * sizeof(fp16_t));
    unsigned long idx = tid32();
    auto v = gi.load<4>(idx * 4);
    fp16_t x{};
    int xi = 0;
    if (tid32() < 32) {
        xi = static_cast<int>(tid32());
        x = c[xi];
    }
    go.store<4>(v, idx * 4);
    if (tid32() < 32) b[xi] = x;
}

// the same with smem: a 64-bit element offset is narrowed at the call (ds_read/ds_write
// take it as a 32-bit address)
// CHECK-LABEL: k_smem_size_t_offset:
// CHECK: ds_{{write|store}}_b64
// CHECK: ds_{{read|load}}_b64
// CHECK: s_endpgm
extern "C" __global__ __launch_bounds__(256) void k_smem_size_t_offset(fp16_t* b) {
    __shared__ fp16_t lds[1024];
    auto s = make_smem(lds);
    unsigned long idx = tid32();
    s.store<4>(fp16x4_t{1, 2, 3, 4}, idx * 4);
    sync_threads();
    auto v = s.load<4>((idx ^ 1) * 4);
    b[idx] = v[0] + v[3];
}

// every other single-offset form takes a 64-bit offset the same way (narrowed at the call;
// a form that still deduced the offset's type would be a compile error or a different
// overload here)
// CHECK-LABEL: k_size_t_offset_forms:
// CHECK-DAG: buffer_load_{{dword|b32}}
// CHECK-DAG: buffer_store_{{dword|b32}}
// CHECK-DAG: s_endpgm
extern "C" __global__ __launch_bounds__(64) void k_size_t_offset_forms(fp32_t* a, int n) {
    __shared__ fp32_t lds[256];
    auto g = make_gmem(a, n * sizeof(fp32_t));
    unsigned long idx = tid32();
    const fp32_t v = g.load_if<1>(idx < 16, idx)[0];
    g.store_if<1>(idx < 16, v + 1.0f, idx + 64);
    g.async_load<1>(lds, idx);
    g.atomic_add<1>(v, idx + 128);
    (void)g.load<1>(static_cast<unsigned long>(idx), static_cast<unsigned long>(n));
}
