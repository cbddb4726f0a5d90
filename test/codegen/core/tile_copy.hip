// tile_copy: a 128 x 32 fp16 tile moved by 256 threads, 8 elements (16 bytes) per access.
// Through registers: 2 buffer_load_dwordx4 and 2 ds_write_b128 per thread, into LDS rows
// padded to 40 elements (the issue's 64-row step folds into the LDS offsets). Without
// registers (async_load, 16 bytes per lane on gfx950): 2 buffer_load_dwordx4 ... lds, each
// after its M0 write.
// TARGETS: gfx90a gfx942 gfx950
// MAX-VGPR: 24
#include <opus/hip_minimal.hpp>
#include <opus/mem.hpp>
#include <opus/core/tile_copy.hpp>
using namespace opus;

using tc = tile_copy<128, 32, 256, 8>;

// CHECK-LABEL: tile_copy_through_registers:
// CHECK-COUNT-2: buffer_load_dwordx4
// CHECK-NOT: buffer_load
// CHECK-COUNT-2: ds_write_b128
// CHECK-NOT: ds_write
// CHECK: s_endpgm
extern "C" __global__ __launch_bounds__(256) void tile_copy_through_registers(const fp16_t* a, float* out, int k) {
    __shared__ fp16_t lds[128 * 40];
    const index_t tid = thread_id_x();
    auto g = make_gmem(a);
    auto s = make_smem(lds);
    s.store<8>(g.load<8>(tc::layout(k, tid)), tc::layout(number<40>{}, tid));
    barrier();
    out[tid] = static_cast<float>(lds[(tid % 128) * 40 + tid / 128]);
}

#if OPUS_GFX950
// CHECK-GFX950-LABEL: tile_copy_async:
// CHECK-GFX950: {{s_(mov|movk|add|cselect)_(b32|i32|u32) m0}},
// CHECK-GFX950: buffer_load_dwordx4 {{.*}} lds
// CHECK-GFX950: {{s_(mov|movk|add|cselect)_(b32|i32|u32) m0}},
// CHECK-GFX950: buffer_load_dwordx4 {{.*}} lds
// CHECK-GFX950-NOT: buffer_load
// CHECK-GFX950: s_endpgm
extern "C" __global__ __launch_bounds__(256) void tile_copy_async(const fp16_t* a, float* out, int k) {
    __shared__ fp16_t lds[128 * 32];
    const index_t tid = thread_id_x();
    make_gmem(a).async_load<8>(lds, tc::layout(k, tid), tc::layout_async(wave_id() * get_warp_size()));
    s_waitcnt_vmcnt(0_I);
    barrier();
    out[tid] = static_cast<float>(lds[(tid % 128) * 32 + tid / 128]);
}
#endif
