// make_gmem(p, bytes) with a 64-bit size: a size of 2^32 or more clamps num_records to
// 0xffffffff (s_mov_b32 -1) instead of keeping the low 32 bits (2^32 + 4 -> 4); sizes below
// 2^32 are kept; a 32-bit size costs nothing extra; a runtime 64-bit size is tested with
// one scalar compare of its high word. Element offsets near 2^31 (fp16) form their byte
// offset with one shift (unsigned 32-bit product). gfx1250's descriptor encodes the range
// differently: gmem_range_gfx1250.hip.
// TARGETS: gfx90a gfx942 gfx950 gfx1100 gfx1201
#include <opus/hip_minimal.hpp>
#include <opus/mem.hpp>
using namespace opus;

// CHECK-LABEL: range_2p32_plus_4:
// CHECK-NOT: s_mov_b32 s{{[0-9]+}}, 4{{$}}
// CHECK: s_mov_b32 s{{[0-9]+}}, -1
// CHECK: buffer_load_{{dword|b32}}
// CHECK: s_endpgm
extern "C" __global__ __launch_bounds__(64) void range_2p32_plus_4(const fp32_t* a, fp32_t* b) {
    const int i = static_cast<int>(thread_idx_x());
    b[i] = make_gmem(a, (1ull << 32) + 4).load(i)[0];
}

// CHECK-LABEL: range_5gib:
// CHECK-NOT: s_mov_b32 s{{[0-9]+}}, 0x40000000
// CHECK: s_mov_b32 s{{[0-9]+}}, -1
// CHECK: s_endpgm
extern "C" __global__ __launch_bounds__(64) void range_5gib(const fp32_t* a, fp32_t* b) {
    const int i = static_cast<int>(thread_idx_x());
    b[i] = make_gmem(a, 5ull << 30).load(i)[0];
}

// CHECK-LABEL: range_2p32_minus_1:
// CHECK: s_mov_b32 s{{[0-9]+}}, -1
// CHECK: s_endpgm
extern "C" __global__ __launch_bounds__(64) void range_2p32_minus_1(const fp32_t* a, fp32_t* b) {
    const int i = static_cast<int>(thread_idx_x());
    b[i] = make_gmem(a, 0xffffffffull).load(i)[0];
}

// CHECK-LABEL: range_2p32_minus_4:
// CHECK: s_mov_b32 s{{[0-9]+}}, -4
// CHECK: s_endpgm
extern "C" __global__ __launch_bounds__(64) void range_2p32_minus_4(const fp32_t* a, fp32_t* b) {
    const int i = static_cast<int>(thread_idx_x());
    b[i] = make_gmem(a, 0xfffffffcull).load(i)[0];
}

// a 32-bit size goes straight into num_records: no compare
// CHECK-LABEL: range_u32:
// CHECK-NOT: s_cselect
// CHECK: buffer_load_{{dword|b32}}
// CHECK: s_endpgm
extern "C" __global__ __launch_bounds__(64) void range_u32(const fp32_t* a, fp32_t* b, unsigned n) {
    const int i = static_cast<int>(thread_idx_x());
    b[i] = make_gmem(a, n).load(i)[0];
}

// an int count of fp16 values times sizeof: the sign-extended product is below 2^32 unless
// it is negative (then the low 32 bits are kept), so no compare and no select (clang-19
// forms the product in 64 bits and compares it with v_cmp_lt_u64 all the same)
// CHECK-LABEL: range_int_times_2:
// CHECK-CLANG22-NOT: {{s_cselect|v_cndmask}}
// CHECK: buffer_load_{{ushort|u16}}
// CHECK: s_endpgm
extern "C" __global__ __launch_bounds__(64) void range_int_times_2(const fp16_t* a, fp16_t* b, int n) {
    const int i = static_cast<int>(thread_idx_x());
    b[i] = make_gmem(a, n * sizeof(fp16_t)).load(i)[0];
}

// a runtime 64-bit size: one compare with 2^32 and a select of -1 (the clamp)
// CHECK-LABEL: range_u64:
// CHECK: {{[sv]}}_cmp_{{.*}}
// CHECK: s_cselect_b32 s{{[0-9]+}}, s{{[0-9]+}}, -1
// CHECK: s_endpgm
extern "C" __global__ __launch_bounds__(64) void range_u64(const fp32_t* a, fp32_t* b, unsigned long long n) {
    const int i = static_cast<int>(thread_idx_x());
    b[i] = make_gmem(a, n).load(i)[0];
}

// fp16 element offset 2^30 + lane: byte offset 2^31 + 2 * lane, one shift
// CHECK-LABEL: offset_fp16_2p30:
// CHECK: v_lshlrev_b32_e32 v{{[0-9]+}}, 1, v{{[0-9]+}}
// CHECK: buffer_load_{{ushort|u16}}
// CHECK: s_endpgm
extern "C" __global__ __launch_bounds__(64) void offset_fp16_2p30(const fp16_t* a, fp16_t* b) {
    const int i = static_cast<int>(thread_idx_x());
    b[i] = make_gmem(a).load((1 << 30) + i)[0];
}
