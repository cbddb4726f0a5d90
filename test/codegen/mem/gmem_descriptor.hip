// The buffer resource descriptor: word 3 is the per-generation constant (gfx9: 0x00020000,
// gfx11/gfx12: 0x31004000), num_records is the byte size given to make_gmem, or
// 0xffffffff (no OOB protection) without one; the stride (word 1 bits 16+) is 0. gfx1250 (clang-22)
// has its own format: num_records from bit 57 (the size shifted left by 25 into word 1, the rest
// into word 2), word 3 0 (test/codegen/mem/mem_gfx1250.hip).
// MAX-VGPR: 8
#include <opus/hip_minimal.hpp>
#include <opus/mem.hpp>
using namespace opus;

// CHECK-LABEL: gmem_desc_sized:
// CHECK-GFX9-DAG: s_mov_b32 s{{[0-9]+}}, 0x20000
// CHECK-GFX11-DAG: s_mov_b32 s{{[0-9]+}}, 0x31004000
// CHECK-GFX12-DAG: s_mov_b32 s{{[0-9]+}}, 0x31004000
// CHECK-GFX1250-DAG: s_lshl_b32 s{{[0-9]+}}, s{{[0-9]+}}, 25
// CHECK-GFX1250-DAG: s_lshr_b32 s{{[0-9]+}}, s{{[0-9]+}}, 7
// (clang-22: s_lshl_b32 + s_cmp_lt_u32 + s_cselect for the 2^32 clamp; clang-19 forms the
// product in 64 bits: s_lshl_b64 + v_cmp_lt_u64)
// CHECK-DAG: s_lshl_b{{32|64}} {{s\[?[0-9]+(:[0-9]+\])?}}, {{s\[?[0-9]+(:[0-9]+\])?}}, 2
// CHECK: s_endpgm
extern "C" __global__ __launch_bounds__(64) void gmem_desc_sized(const fp32_t* a, fp32_t* b, int n) {
    const int i = static_cast<int>(thread_idx_x());
    make_gmem(b).store(make_gmem(a, n * sizeof(fp32_t)).load(i), i);
}

// CHECK-LABEL: gmem_desc_unsized:
// CHECK-GFX9-DAG: s_mov_b32 s{{[0-9]+}}, 0x20000
// CHECK-GFX9-DAG: s_mov_b32 s{{[0-9]+}}, -1
// CHECK-GFX11-DAG: s_mov_b32 s{{[0-9]+}}, -1
// CHECK-GFX12-DAG: s_mov_b32 s{{[0-9]+}}, -1
// CHECK-GFX1250-DAG: s_or_b64 s[{{[0-9]+:[0-9]+}}], s[{{[0-9]+:[0-9]+}}], 0xfe00000000000000
// CHECK-GFX1250-DAG: s_mov_b32 s{{[0-9]+}}, 0x1ffffff
// CHECK: s_endpgm
extern "C" __global__ __launch_bounds__(64) void gmem_desc_unsized(const fp32_t* a, fp32_t* b) {
    const int i = static_cast<int>(thread_idx_x());
    make_gmem(b).store(make_gmem(a).load(i), i);
}
