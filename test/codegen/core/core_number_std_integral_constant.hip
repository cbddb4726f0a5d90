// Through opus/opus.hpp (the reference header's path, which includes <type_traits>),
// number<I> is a std::integral_constant<index_t, I>, as in aiter's opus: code written for aiter's opus that
// takes std::integral_constant<int, N> (aiter's rope helpers: warp_shfl_xor_sync_vec(v,
// std::integral_constant<int, M>)) accepts opus::number<N> and deduces N.
// With std in number's associated namespaces, an unqualified make_tuple(number<>...) inside
// opus would also find std::make_tuple by ADL (ambiguous once <tuple> is included, as in
// aiter's mla kernels): opus qualifies its calls; the layout/mma code below instantiates them.
#include <tuple>
#include <opus/hip_minimal.hpp>
#include <opus/opus.hpp>

static_assert(std::is_base_of_v<std::integral_constant<opus::index_t, 7>, opus::number<7>>,
              "number<I> derives from std::integral_constant through opus/opus.hpp");
static_assert(std::is_same_v<opus::true_type, std::true_type>, "opus::true_type is std::true_type there");

template <int N>
__device__ int take_std_constant(std::integral_constant<int, N>) { return N; }

// CHECK-LABEL: core_layout_with_std_tuple:
// CHECK: s_endpgm
extern "C" __global__ __launch_bounds__(64) void core_layout_with_std_tuple(float* out) {
    using namespace opus;
    const int lane = static_cast<int>(thread_idx_x());
    auto u = make_layout(opus::make_tuple(number<4>{}, number<16>{}), opus::make_tuple(number<16>{}, number<1>{}));
    // (gfx1250 has no 16x16x16 f16 instruction: its native K is 32)
    auto mma = make_tiled_mma<fp16_t, fp16_t, fp32_t>(seq<2, 2, 1>{}, seq<1, 1, 1>{}, seq<16, 16, OPUS_GFX1250 ? 32 : 16>{},
                                                      mfma_adaptor_swap_ab{});
    auto uc = partition_layout_c(mma, opus::make_tuple(number<64>{}, number<1>{}),
                                 opus::make_tuple(0, lane % 16, 0, lane / 16));
    // the 48x32 tile of the seed, static x strides: every stride is a number<>
    auto dim = opus::tuple<opus::tuple<y_dim, p_dim>, opus::tuple<p_dim, y_dim>>{};
    auto shape = opus::make_tuple(number<3>{}, number<16>{}, number<4>{}, number<8>{});
    auto xs = unfold_x_stride(dim, shape, opus::make_tuple(number<32>{}, number<1>{}));
    static_assert(opus::remove_cvref_t<decltype(get<0>(xs))>::value == 16 * 32, "y0 stride: 16 rows of 32");
    out[lane] = static_cast<float>(u(lane / 16, lane % 16)) + static_cast<float>(sizeof(uc)) +
                static_cast<float>(get<1>(xs));
}

// CHECK-LABEL: core_number_std:
// CHECK: {{mov_b32(_e32)? v[0-9]+, 42}}
// CHECK: s_endpgm
extern "C" __global__ __launch_bounds__(64) void core_number_std(int* out) {
    out[opus::thread_idx_x()] = take_std_constant(opus::number<40>{}) + take_std_constant(opus::number<2>{});
}
