// <opus.hpp> does not include <type_traits> by default (compile cost, see opus/core/meta.hpp):
// std::is_same_v after including only <opus.hpp> is an error unless OPUS_STD_TYPE_TRAITS=1.
// (opus/opus.hpp, the reference's include path, does include it: see
// codegen/core/core_std_type_traits_compat_path.hip.)
// EXPECT-ERROR: no template named 'is_same_v' in namespace 'std'
#include <opus/hip_minimal.hpp>
#include <opus.hpp>

template <typename T> __device__ int pick() { return std::is_same_v<T, opus::fp16_t> ? 16 : 32; }

extern "C" __global__ void core_std_is_same(int* out) { out[0] = pick<opus::fp16_t>(); }
