// async_load hands the LDS address to the DMA as an integer (as aiter's opus does), so the
// compiler does not make later LDS reads of the wave wait for the DMA: a software pipeline
// that reads stage i while stage i+1 is in flight keeps its overlap. The kernel waits
// explicitly (s_waitcnt_vmcnt + barrier) before reading what async_load wrote. With the
// __shared__ array visible to LLVM 22, an s_waitcnt vmcnt(0) appeared before the ds_read
// below. (LLVM 19 waits before any LDS read after an LDS DMA, whatever the address: the
// reference does the same there.)
// TARGETS: gfx942 gfx950
// MAX-VGPR: 16
#include <opus/hip_minimal.hpp>
#include <opus/mem.hpp>
using namespace opus;

// CHECK-LABEL: pipelined:
// CHECK: buffer_load_dword {{.*}} lds
// CHECK-CLANG22-NOT: s_waitcnt vmcnt
// CHECK: ds_read_b32
// CHECK: s_waitcnt vmcnt(0)
// CHECK: s_barrier
// CHECK: s_endpgm
extern "C" __global__ __launch_bounds__(256) void pipelined(const fp32_t* a, fp32_t* b) {
    __shared__ fp32_t stage[2][64];   // two LDS variables: LLVM gives their accesses alias
    __shared__ fp32_t other[64];      // scopes, and then tracks the DMA per variable
    const int i = static_cast<int>(thread_idx_x());
    stage[1][i] = static_cast<fp32_t>(i);
    other[i] = 1.0f;
    barrier();
    make_gmem(a).async_load<1>(&stage[0][0], i);                  // stage 0 in flight
    const fp32_t prev = make_smem(&stage[1][0]).load(63 - i)[0];  // read stage 1 meanwhile
    s_waitcnt_vmcnt(number<0>{});
    barrier();
    b[i] = prev + stage[0][i] + other[63 - i];
}

// the same with async_load_if and a per-lane predicate (M0 from the first lane's address,
// passed to the DMA without the generic-address round trip: a readfirstlane value carries
// no provenance either)
// CHECK-LABEL: pipelined_if:
// CHECK: buffer_load_dword {{.*}} lds
// CHECK-CLANG22-NOT: s_waitcnt vmcnt
// CHECK: ds_read_b32
// CHECK: s_waitcnt vmcnt(0)
// CHECK: s_barrier
// CHECK: s_endpgm
extern "C" __global__ __launch_bounds__(256) void pipelined_if(const fp32_t* a, fp32_t* b, int n) {
    __shared__ fp32_t stage[2][64];
    __shared__ fp32_t other[64];
    const int i = static_cast<int>(thread_idx_x());
    stage[1][i] = static_cast<fp32_t>(i);
    other[i] = 1.0f;
    barrier();
    auto ug = make_layout(opus::make_tuple(number<1>{})) + i;
    auto us = make_layout(opus::make_tuple(number<1>{})) + i;
    opus::async_load_if(make_gmem(a), [&](auto) { return i < n; }, &stage[0][0], ug, us);
    const fp32_t prev = make_smem(&stage[1][0]).load(63 - i)[0];
    s_waitcnt_vmcnt(number<0>{});
    barrier();
    b[i] = prev + stage[0][i] + other[63 - i];
}
