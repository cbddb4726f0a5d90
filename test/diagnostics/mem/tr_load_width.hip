// ds_read_b64_tr moves 64 bits per lane: tr_load<8> of fp16_t (128 bits) must not compile.
// TARGETS: gfx950
// EXPECT-ERROR: reads 64 bits per lane
#include <opus/hip_minimal.hpp>
#include <opus/mem.hpp>

extern "C" __global__ __launch_bounds__(64) void k(opus::fp16x8_t* o) {
    __shared__ opus::fp16_t lds[256];
    o[0] = opus::make_smem(lds).tr_load<8>(0);
}
