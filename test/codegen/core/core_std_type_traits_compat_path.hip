// Codegen: opus/opus.hpp (the include path of aiter's single header) brings in <type_traits>
// like that header did, so code written for aiter's opus that spells std::is_same_v after including only it
// compiles unchanged. <opus.hpp> does not (diagnostics/core/core_std_type_traits_default.hip).
#include <opus/hip_minimal.hpp>
#include <opus/opus.hpp>

template <typename T> __device__ int pick() { return std::is_same_v<T, opus::bf16_t> ? 16 : 32; }

// CHECK-LABEL: core_std_is_same_compat_path:
// CHECK: {{mov_b32(_e32)? v[0-9]+, 16}}
// CHECK: s_endpgm
extern "C" __global__ __launch_bounds__(64) void core_std_is_same_compat_path(int* out) {
    out[opus::thread_idx_x()] = pick<opus::bf16_t>();
}
