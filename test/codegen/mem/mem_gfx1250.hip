// Codegen: gmem / smem on gfx1250 use its own encodings (buffer_*_b128, ds_*_b128) and its
// native packed fp16 / bf16 buffer atomics. clang-22 builds gfx1250's buffer descriptor in its
// own format: num_records (45 bits) from bit 57 on (the byte size shifted left by 25 into word 1,
// the rest in word 2) and only the low 4 bits of make_buffer_rsrc's flags, at bits 124..127
// (opus passes aiter's value, whose low bits are 0: docs/evidence.md).
// TARGETS: gfx1250
#include <opus/hip_minimal.hpp>
#include <opus/mem.hpp>

using namespace opus;

// CHECK-LABEL: mem_gfx1250_copy:
// CHECK-NOT: 0x31004000
// CHECK: s_lshl_b32 s{{[0-9]+}}, s{{[0-9]+}}, 27
// CHECK-NOT: 0x31004000
// CHECK: buffer_load_b128 v[{{[0-9:]+}}], v{{[0-9]+}}, s[{{[0-9:]+}}], null offen
// CHECK: ds_store_b128
// CHECK: s_barrier_signal -1
// CHECK: ds_load_b128
// CHECK: buffer_store_b128 v[{{[0-9:]+}}], v{{[0-9]+}}, s[{{[0-9:]+}}], null offen
// CHECK: s_endpgm
extern "C" __global__ __launch_bounds__(64) void mem_gfx1250_copy(const float* a, float* b, int n) {
    const int i = static_cast<int>(thread_idx_x());
    __shared__ float s[256];
    auto ga = make_gmem(a, n * 4);
    auto gb = make_gmem(b, n * 4);
    auto sm = make_smem(s);
    sm.store<4>(ga.load<4>(i * 4), i * 4);
    sync_threads();
    gb.store<4>(sm.load<4>((i ^ 1) * 4), i * 4);
}

// CHECK-LABEL: mem_gfx1250_atomics:
// CHECK-DAG: buffer_atomic_add_f32
// CHECK-DAG: buffer_atomic_pk_add_f16
// CHECK-DAG: buffer_atomic_pk_add_bf16
// CHECK-NOT: buffer_atomic_cmpswap
// CHECK: s_endpgm
extern "C" __global__ __launch_bounds__(64) void mem_gfx1250_atomics(float* p, fp16_t* h, bf16_t* g, float x) {
    const int i = static_cast<int>(thread_idx_x());
    make_gmem(p).atomic_add<1>(x, i);
    make_gmem(h).atomic_add<2>(fp16x2_t{fp16_t(x), fp16_t(x)}, 2 * i);
    make_gmem(g).atomic_add<2>(bf16x2_t{bf16_t(x), bf16_t(x)}, 2 * i);
}

// global -> LDS: global_load_async_to_lds_b{8,32,64,128} (gfx1250 has no buffer->LDS load),
// lanes past num_records write zeros instead (the buffer loads' out-of-range rule), a uniform
// lds gets + lane * B as on the other targets, and s_waitcnt's vector-memory count waits for
// the async loads too (ASYNCcnt)
// CHECK-LABEL: mem_gfx1250_async:
// CHECK-DAG: global_load_async_to_lds_b32
// CHECK-DAG: global_load_async_to_lds_b128
// CHECK-DAG: global_load_async_to_lds_b64
// CHECK-DAG: global_load_async_to_lds_b8
// CHECK-DAG: ds_store_b128
// CHECK: s_wait_asynccnt 0x0
// CHECK: s_barrier_signal -1
// CHECK: s_endpgm
extern "C" __global__ __launch_bounds__(256) void mem_gfx1250_async(const float* a, const fp16_t* h, float* b, int n) {
    __shared__ float s[2048];
    __shared__ fp16_t sh[256];
    const int i = static_cast<int>(thread_idx_x());
    auto g = make_gmem(a, n * 4);
    g.async_load<1>(s + i, i);                                           // 4 bytes
    g.async_load<4>(s + 256 + 4 * i, 4 * i, 0, number<32>{});            // 16 bytes, IOS 32
    g.async_load<3>(s + 1280 + 3 * i, 3 * i);                            // 12 bytes: b64 + b32
    make_gmem(h, n * 2).async_load<1>(sh + i, i);                        // 2 bytes: two b8
    s_waitcnt_vmcnt(0_I);
    sync_threads();
    b[i] = s[i] + s[256 + i] + s[1280 + i] + float(sh[i]);
}

// The bounds check and the lane offset cost no VGPR live across a loop: the range's end is a
// scalar subtract (not a VALU clamp), and the lane offset is mbcnt of an SGPR mask that is all
// lanes for a uniform lds and none for lane slots (each lane's own address), so it is not a
// hoisted lane * B (aiter's mhc_pre_gemm_sqrsum lost a wave per SIMD to these two VGPRs).
// CHECK-LABEL: mem_gfx1250_async_loop:
// CHECK-NOT: clamp
// CHECK-DAG: s_sub_co_u32 [[END:s[0-9]+]], s{{[0-9]+}}, s{{[0-9]+}}
// CHECK-DAG: s_cselect_b32 [[END]], 0, [[END]]
// CHECK-DAG: s_cselect_b32 [[MASK:s[0-9]+]], -1, 0
// CHECK-DAG: v_mbcnt_lo_u32_b32 v{{[0-9]+}}, [[MASK]], 0
// CHECK-NOT: clamp
// CHECK: global_load_async_to_lds_b128
// CHECK-NOT: v_mbcnt_lo_u32_b32 v{{[0-9]+}}, -1, 0
// CHECK-NOT: clamp
// CHECK: s_endpgm
extern "C" __global__ __launch_bounds__(256) void mem_gfx1250_async_loop(const float* a, float* b, int n, int iters) {
    __shared__ float s[2048];
    const int i = static_cast<int>(thread_idx_x());
    auto g = make_gmem(a, n * 4);
    float acc = 0.f;
    for (int k = 0; k < iters; ++k) {
        g.async_load<4>(s + (k & 1) * 1024 + 4 * i, 4 * i + k * 1024);  // lane slots
        s_waitcnt_vmcnt(0_I);
        sync_threads();
        acc += s[(k & 1) * 1024 + i];
    }
    b[i] = acc;
}

// Loads of one gmem share its base and size: gmem keeps the pointer and byte size it was made
// from (detail::global_span), so no load reads them back from the descriptor's SGPRs (the
// base's mask 0x1ffffff, once per load when they were read back); from a bare descriptor the
// fields are read back, once per gmem.
// CHECK-LABEL: mem_gfx1250_async_span:
// CHECK-NOT: 0x1ffffff
// CHECK-COUNT-4: global_load_async_to_lds_b32
// CHECK-NOT: 0x1ffffff
// CHECK: s_endpgm
// CHECK-LABEL: mem_gfx1250_async_from_rsrc:
// CHECK: 0x1ffffff
// CHECK: global_load_async_to_lds_b32
// CHECK: s_endpgm
extern "C" __global__ __launch_bounds__(256) void mem_gfx1250_async_span(const float* a, float* b, int n) {
    __shared__ float s[1024];
    const int i = static_cast<int>(thread_idx_x());
    auto g = make_gmem(a, n * 4);
    static_for<4>([&](auto k) { g.async_load<1>(s + i + k.value * 256, i + k.value * 256); });
    s_waitcnt_vmcnt(0_I);
    sync_threads();
    b[i] = s[i] + s[1023 - i];
}
extern "C" __global__ __launch_bounds__(256) void mem_gfx1250_async_from_rsrc(const float* a, float* b, int n) {
    __shared__ float s[256];
    const int i = static_cast<int>(thread_idx_x());
    gmem<float> g(make_buffer_rsrc(a, n * 4));
    g.async_load<1>(s + i, i);
    s_waitcnt_vmcnt(0_I);
    sync_threads();
    b[i] = s[255 - i];
}

// an atomic's cache policy from make_atomic_cpol (opus/arch/target.hpp): non-returning at
// system scope, then the default (returning, device scope)
// CHECK-LABEL: mem_gfx1250_atomic_cpol:
// CHECK: buffer_atomic_add_f32 v{{[0-9]+}}, v{{[0-9]+}}, s[{{[0-9:]+}}], null offen scope:SCOPE_SYS
// CHECK: buffer_atomic_add_f32 v{{[0-9]+}}, v{{[0-9]+}}, s[{{[0-9:]+}}], null offen offset:256 th:TH_ATOMIC_RETURN scope:SCOPE_DEV
// CHECK: s_endpgm
extern "C" __global__ __launch_bounds__(64) void mem_gfx1250_atomic_cpol(float* p, float* o, float x) {
    const int i = static_cast<int>(thread_idx_x());
    auto g = make_gmem(p);
    g.atomic_add<1>(x, i, 0, number<0>{}, number<make_atomic_cpol(atomic_scope::sys, false)>{});
    o[i] = g.atomic_add<1>(x, i + 64, 0, number<0>{}, number<make_atomic_cpol()>{})[0];
}
