// Diagnostics: the scaled fp4 hardware cast does not exist on gfx942; asking for it is a
// static_assert naming the conversion and the compile target.
// TARGETS: gfx942
// EXPECT-ERROR: scaled fp4 conversion needs v_cvt_scalef32_pk_\*_fp4 \(gfx950\); the compile target gfx942 has none
// EXPECT-ERROR: always_false<opus::fp4_t, float __attribute__\(\(ext_vector_type\(8\)\)\)>
#include <opus/hip_minimal.hpp>
#include <opus/arch.hpp>

extern "C" __global__ __launch_bounds__(64) void k(const opus::fp32x8_t* in, opus::fp4x8_t* out, float s) {
    *out = opus::cast<opus::fp4_t>(*in, s);
}
