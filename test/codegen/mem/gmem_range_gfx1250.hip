// make_gmem(p, bytes) on gfx1250, whose descriptor holds num_records from bit 57 on (the size
// shifted left by 25 into word 1, its top 7 bits into word 2): the clamp of gmem_range_clamp.hip
// in that encoding. 0xffffffff is 0xfe000000 in word 1 and 0x1ffffff in word 2; 2^32 - 4 is
// 0xf8000000 and 0x1ffffff. A runtime 64-bit size stays scalar: gfx1250 has no scalar 64-bit
// compare or min, and a VALU clamp would put the descriptor in VGPRs, which costs a waterfall
// loop (v_readfirstlane, s_and_saveexec) around every buffer access.
// TARGETS: gfx1250
#include <opus/hip_minimal.hpp>
#include <opus/mem.hpp>
using namespace opus;

// CHECK-LABEL: range1250_2p32_plus_4:
// CHECK-NOT: 0x8000000
// CHECK-DAG: s_or_b64 s[{{[0-9]+:[0-9]+}}], s[{{[0-9]+:[0-9]+}}], 0xfe00000000000000
// CHECK-DAG: s_mov_b32 s{{[0-9]+}}, 0x1ffffff
// CHECK: buffer_load_b32
// CHECK: s_endpgm
extern "C" __global__ __launch_bounds__(64) void range1250_2p32_plus_4(const fp32_t* a, fp32_t* b) {
    const int i = static_cast<int>(thread_idx_x());
    b[i] = make_gmem(a, (1ull << 32) + 4).load(i)[0];
}

// CHECK-LABEL: range1250_2p32_minus_4:
// CHECK-DAG: s_or_b64 s[{{[0-9]+:[0-9]+}}], s[{{[0-9]+:[0-9]+}}], 0xf800000000000000
// CHECK-DAG: s_mov_b32 s{{[0-9]+}}, 0x1ffffff
// CHECK: s_endpgm
extern "C" __global__ __launch_bounds__(64) void range1250_2p32_minus_4(const fp32_t* a, fp32_t* b) {
    const int i = static_cast<int>(thread_idx_x());
    b[i] = make_gmem(a, 0xfffffffcull).load(i)[0];
}

// an int count times sizeof: no compare (the 64-bit compare folds)
// CHECK-LABEL: range1250_int_times_2:
// CHECK-NOT: {{s_cselect|v_cndmask|v_min}}
// CHECK: buffer_load_u16
// CHECK: s_endpgm
extern "C" __global__ __launch_bounds__(64) void range1250_int_times_2(const fp16_t* a, fp16_t* b, int n) {
    const int i = static_cast<int>(thread_idx_x());
    b[i] = make_gmem(a, n * sizeof(fp16_t)).load(i)[0];
}

// a runtime 64-bit size: one scalar compare of the high word, one select
// CHECK-LABEL: range1250_u64:
// CHECK-NOT: {{v_min_i64|v_readfirstlane|s_and_saveexec}}
// CHECK: s_cmp_lt_i32
// CHECK: s_cselect_b32 s{{[0-9]+}}, s{{[0-9]+}}, -1
// CHECK-NOT: {{v_min_i64|v_readfirstlane|s_and_saveexec}}
// CHECK: buffer_load_b32
// CHECK: s_endpgm
extern "C" __global__ __launch_bounds__(64) void range1250_u64(const fp32_t* a, fp32_t* b, unsigned long long n) {
    const int i = static_cast<int>(thread_idx_x());
    b[i] = make_gmem(a, n).load(i)[0];
}
