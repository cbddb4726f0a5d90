// A bulk LDS load whose issues span 8 KiB or more takes its base as an integer (as aiter's
// opus does), not as the __shared__ array LLVM folds an address-space cast back to: folded,
// the array's link-time address is merged into every issue's offset, and in a K loop the
// issues that land past the 16-bit ds offset each become a `base + constant` VGPR hoisted out
// of the loop (opus/mem/smem.hpp, bulk_load_base). Here a 3-stage K loop reads an A and a B
// tile (12.4 KiB span) from one LDS buffer whose B region starts at 0x12000 bytes. Folded,
// every B read at 0x12000 + y got its own `v_add_u32 vN, 0x13080, ...` and no immediate
// offset; now the B tile takes one add and the same four immediates as the A tile. In aiter's
// gfx950 mxscale flatmm split-K GEMM the folded form held 19 such VGPRs: 2248 instead of 2075
// instructions and 424 instead of 376 bytes of scratch.
// TARGETS: gfx950
#include <opus/hip_minimal.hpp>
#include <opus/core.hpp>
#include <opus/mem.hpp>
using namespace opus;

// CHECK-LABEL: stage_loop_reads:
// CHECK-NOT: {{0x13080|0x14100|0x15180}}
// CHECK: s_barrier
// CHECK-NOT: {{0x13080|0x14100|0x15180}}
// CHECK: ds_read_b128 {{.*}} offset:12672
// CHECK-NOT: {{0x13080|0x14100|0x15180}}
// CHECK: ds_read_b128 {{.*}} offset:12672
// CHECK-NOT: {{0x13080|0x14100|0x15180}}
// CHECK: s_endpgm
extern "C" __global__ __launch_bounds__(256) void stage_loop_reads(const int* __restrict__ src, fp32_t* out,
                                                                   int loops) {
    __shared__ int smem[36864];  // A: 3 stages of 24 KiB at 0, B: 3 stages at 0x12000
    const int lane = static_cast<int>(thread_idx_x()) % 64;
    const int wave = __builtin_amdgcn_readfirstlane(static_cast<int>(thread_idx_x()) / 64);
    constexpr auto shape = opus::make_tuple(number<2>{}, number<4>{}, number<2>{}, number<16>{}, number<4>{});
    constexpr auto dim = opus::make_tuple(opus::make_tuple(y_dim{}, p_dim{}, y_dim{}, p_dim{}, y_dim{}));
    auto u = make_layout<0>(shape,
                            opus::make_tuple(number<2112>{}, number<512>{}, number<1056>{}, number<16>{}, number<1>{}),
                            unfold_p_coord(dim, opus::make_tuple(wave, lane % 16)));
    for (int i = static_cast<int>(thread_idx_x()); i < 36864; i += 256) smem[i] = src[i];
    barrier();
    fp32_t acc = 0;
    for (int k = 0; k < loops; ++k) {
        const int slot = k % 3;
        auto sa = make_smem(&smem[slot * 6144 + (lane / 16) * 4]);
        auto sb = make_smem(&smem[18432 + slot * 6144 + (lane / 16) * 4]);
        auto a = sa.load<4>(u);
        auto b = sb.load<4>(u);
        s_barrier();
        static_for<32>([&](auto i) { acc += static_cast<fp32_t>(a[i.value] * b[i.value]); });
    }
    out[thread_idx_x()] = acc;
}
