// OPUS_GMEM_RANGE_CLAMP=0 (the opt-out of opus/mem/range.hpp): make_gmem(p, bytes) with a
// 64-bit size keeps the low 32 bits as aiter's opus does, and a runtime 64-bit size costs no
// compare or select (gmem_range_clamp.hip checks the default, the clamp).
#define OPUS_GMEM_RANGE_CLAMP 0
#include <opus/hip_minimal.hpp>
#include <opus/mem.hpp>
using namespace opus;

// 2^32 + 4 bytes: num_records 4 (gfx1250: 4 << 25 in word 1, 0 in word 2)
// CHECK-LABEL: trunc_2p32_plus_4:
// CHECK-GFX9: s_mov_b32 s{{[0-9]+}}, 4{{$}}
// CHECK-GFX11: s_mov_b32 s{{[0-9]+}}, 4{{$}}
// CHECK-GFX12: s_mov_b32 s{{[0-9]+}}, 4{{$}}
// CHECK-GFX1250: s_or_b64 s[{{[0-9]+:[0-9]+}}], s[{{[0-9]+:[0-9]+}}], 0x800000000000000{{$}}
// CHECK: s_endpgm
extern "C" __global__ __launch_bounds__(64) void trunc_2p32_plus_4(const fp32_t* a, fp32_t* b) {
    const int i = static_cast<int>(thread_idx_x());
    b[i] = make_gmem(a, (1ull << 32) + 4).load(i)[0];
}

// a runtime 64-bit size: its low word is the range, no compare, no select
// CHECK-LABEL: trunc_u64:
// CHECK-NOT: _cmp_
// CHECK-NOT: s_cselect
// CHECK: buffer_load_{{dword|b32}}
// CHECK: s_endpgm
extern "C" __global__ __launch_bounds__(64) void trunc_u64(const fp32_t* a, fp32_t* b, unsigned long long n) {
    const int i = static_cast<int>(thread_idx_x());
    b[i] = make_gmem(a, n).load(i)[0];
}

// n * sizeof(T) from an int count, the aiter idiom: no compare, no select
// CHECK-LABEL: trunc_int_count:
// CHECK-NOT: _cmp_
// CHECK-NOT: s_cselect
// CHECK: buffer_load_{{dword|b32}}
// CHECK: s_endpgm
extern "C" __global__ __launch_bounds__(64) void trunc_int_count(const fp32_t* a, fp32_t* b, int n) {
    const int i = static_cast<int>(thread_idx_x());
    b[i] = make_gmem(a, n * sizeof(fp32_t)).load(i)[0];
}
