// async_load into a __shared__ array (a generic pointer) forms the DMA's LDS address from the
// integer value of the generic address plus the issue's offset, as aiter's opus does, not as
// an address-space-3 pointer cast back to an integer: in aiter's gfx950 mxscale split-K GEMMs
// the pointer form cost 6 to 12 more SALU per K iteration in the loop that issues the DMAs
// (opus/mem/dma.hpp, buffer_load_lds_at). Checked on the optimized LLVM IR.
// TARGETS: gfx90a gfx942 gfx950
// FLAGS: -emit-llvm
#include <opus/hip_minimal.hpp>
#include <opus/mem.hpp>
using namespace opus;

// The slot's address is converted once ([[BASE]]); each issue adds its offset in 32 bits
// (the pointer form converted every issue's LDS pointer: a GEP, addrspacecast, ptrtoint and
// trunc per issue).
// CHECK-LABEL: define {{.*}}@dma_integer_address(
// CHECK: [[BASE:%[0-9]+]] = trunc i64 {{%[0-9]+}} to i32
// CHECK: buffer.load.lds(
// CHECK-NEXT: [[I1:%[0-9]+]] = add i32 {{%[0-9]+}}, [[BASE]]
// CHECK-NEXT: [[P1:%[0-9]+]] = inttoptr i32 [[I1]] to ptr addrspace(3)
// CHECK-NEXT: buffer.load.lds({{.*}}, ptr addrspace(3) {{(noundef )?}}[[P1]],
// CHECK-NEXT: [[I2:%[0-9]+]] = add i32 {{%[0-9]+}}, [[BASE]]
// CHECK-NEXT: [[P2:%[0-9]+]] = inttoptr i32 [[I2]] to ptr addrspace(3)
// CHECK-NEXT: buffer.load.lds({{.*}}, ptr addrspace(3) {{(noundef )?}}[[P2]],
extern "C" __global__ __launch_bounds__(256) void dma_integer_address(const fp32_t* a, fp32_t* out, int loops,
                                                                     int stride) {
    __shared__ fp32_t lds[3][4][1056];
    const int tid = static_cast<int>(thread_idx_x());
    auto g = make_gmem(a);
    // 4 groups x 2 issues of one float per lane; a wave's lanes adjacent, waves 64 floats apart
    auto ug = make_layout(opus::make_tuple(number<4>{}, number<2>{}, number<4>{}, number<64>{}),
                          opus::make_tuple(stride, 512, number<64>{}, number<1>{}),
                          opus::make_tuple(_, _, tid / 64, tid % 64));
    auto us = make_layout(opus::make_tuple(number<4>{}, number<2>{}, number<4>{}, number<64>{}),
                          opus::make_tuple(number<1056>{}, number<528>{}, number<64>{}, number<1>{}),
                          opus::make_tuple(_, _, tid / 64, 0));
    float acc = 0.f;
    for (int k = 0; k < loops; ++k) {
        g.async_load<1>(&lds[k % 3][0][0], ug, us, k * 64);
        s_waitcnt_vmcnt(0_I);
        s_barrier();
        acc += lds[k % 3][tid & 3][tid];
    }
    out[tid] = acc;
}

// the single-access form: the address as an integer too
// CHECK-LABEL: define {{.*}}@dma_integer_address_single(
// CHECK: [[B:%[0-9]+]] = inttoptr i32 {{%[0-9]+}} to ptr addrspace(3)
// CHECK-NEXT: buffer.load.lds({{.*}}, ptr addrspace(3) {{(noundef )?}}[[B]],
// CHECK: ret void
extern "C" __global__ __launch_bounds__(64) void dma_integer_address_single(const fp32_t* a, fp32_t* out, int k) {
    __shared__ fp32_t lds[2][256];
    const int tid = static_cast<int>(thread_idx_x());
    make_gmem(a).async_load<1>(&lds[k & 1][64], tid);
    s_waitcnt_vmcnt(0_I);
    out[tid] = lds[k & 1][64 + tid];
}
