// async_load under divergent control flow: the buffer -> LDS DMA takes its LDS address from
// M0, one value for the whole wave (the first active lane's). Two async_loads on the two
// sides of a lane-dependent branch must stay two instructions, each issued with its own
// lanes active and its own M0. opus calls the intrinsic as a convergent function, so LLVM
// does not merge them. With aiter's opus (the builtin, not convergent) clang 22 merges this
// kernel's pair into ONE buffer_load ... lds under a select of the two LDS addresses: M0 is
// then lane 0's address and lanes 32..63 write stage[k] instead of stage[k + 1].
// TARGETS: gfx90a gfx942 gfx950
// MAX-VGPR: 16
#include <opus/hip_minimal.hpp>
#include <opus/mem.hpp>
using namespace opus;

// CHECK-LABEL: divergent_async:
// CHECK: {{s_(mov|movk|add|lshl)_(b32|i32) m0}},
// CHECK: buffer_load_dword {{v[0-9]+}}, s[{{[0-9]+:[0-9]+}}], {{.*}} offen lds
// CHECK: {{s_(mov|movk|add|lshl)_(b32|i32) m0}},
// CHECK: buffer_load_dword {{v[0-9]+}}, s[{{[0-9]+:[0-9]+}}], {{.*}} offen lds
// CHECK: s_endpgm
extern "C" __global__ __launch_bounds__(64) void divergent_async(const fp32_t* a, fp32_t* out, int k) {
    __shared__ fp32_t stage[4][64];
    auto g = make_gmem(a);
    const int i = static_cast<int>(thread_idx_x());
    const int half = (i / 32) % 2;  // lanes 0..31: 0, lanes 32..63: 1
    static_for<2>([&](auto h) {
        if (h.value == half) g.async_load<1>(&stage[k + h.value][0], i + h.value * 64);
    });
    __builtin_amdgcn_s_waitcnt(0);
    __builtin_amdgcn_s_barrier();
    out[i] = stage[k][i] + stage[k + 1][i];
}
