// smem::tr_load is ds_read_b64_tr_b16, which gfx942 does not have: a clear error.
// TARGETS: gfx942
// EXPECT-ERROR: exist on gfx950 only
#include <opus/hip_minimal.hpp>
#include <opus/mem.hpp>

extern "C" __global__ __launch_bounds__(64) void k(opus::fp16x4_t* o) {
    __shared__ opus::fp16_t lds[256];
    o[0] = opus::make_smem(lds).tr_load<4>(0);
}
