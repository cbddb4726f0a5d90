// opus/opus.hpp with OPUS_STD_TYPE_TRAITS=0 skips <type_traits> (the compile-time opt-out).
// EXPECT-ERROR: no template named 'is_same_v' in namespace 'std'
#define OPUS_STD_TYPE_TRAITS 0
#include <opus/hip_minimal.hpp>
#include <opus/opus.hpp>

template <typename T> __device__ int pick() { return std::is_same_v<T, opus::fp16_t> ? 16 : 32; }

extern "C" __global__ void core_std_is_same_opt_out(int* out) { out[0] = pick<opus::fp16_t>(); }
