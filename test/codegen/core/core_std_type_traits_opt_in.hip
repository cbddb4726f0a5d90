// Codegen: with OPUS_STD_TYPE_TRAITS=1, code that spells std::is_same_v after including only
// <opus.hpp> compiles (without it, it does not: see diagnostics/core/core_std_type_traits_default.hip).
// FLAGS: -DOPUS_STD_TYPE_TRAITS=1
#include <opus/hip_minimal.hpp>
#include <opus.hpp>

template <typename T> __device__ int pick() { return std::is_same_v<T, opus::fp16_t> ? 16 : 32; }

// CHECK-LABEL: core_std_is_same:
// CHECK: {{mov_b32(_e32)? v[0-9]+, 16}}
// CHECK: s_endpgm
extern "C" __global__ __launch_bounds__(64) void core_std_is_same(int* out) {
    out[opus::thread_idx_x()] = pick<opus::fp16_t>();
}
