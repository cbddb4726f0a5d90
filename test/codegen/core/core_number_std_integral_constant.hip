// Through opus/opus.hpp (the reference header's path, which includes <type_traits>),
// number<I> is a std::integral_constant<index_t, I>, as in aiter's opus: field code that
// takes std::integral_constant<int, N> (aiter's rope helpers: warp_shfl_xor_sync_vec(v,
// std::integral_constant<int, M>)) accepts opus::number<N> and deduces N.
#include <opus/hip_minimal.hpp>
#include <opus/opus.hpp>

static_assert(std::is_base_of_v<std::integral_constant<opus::index_t, 7>, opus::number<7>>,
              "number<I> derives from std::integral_constant through opus/opus.hpp");
static_assert(std::is_same_v<opus::true_type, std::true_type>, "opus::true_type is std::true_type there");

template <int N>
__device__ int take_std_constant(std::integral_constant<int, N>) { return N; }

// CHECK-LABEL: core_number_std:
// CHECK: {{mov_b32(_e32)? v[0-9]+, 42}}
// CHECK: s_endpgm
extern "C" __global__ __launch_bounds__(64) void core_number_std(int* out) {
    out[opus::thread_idx_x()] = take_std_constant(opus::number<40>{}) + take_std_constant(opus::number<2>{});
}
