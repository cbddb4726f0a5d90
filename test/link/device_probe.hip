// SPDX-License-Identifier: MIT
// One device translation unit of a device link test (check_device_link.cmake): compiled at -O0
// with -fgpu-rdc, once with opus's defaults (SIDE = d) and once with case CASE's macro (SIDE = k).
// Each case instantiates something the macro changes and that a -O0 device compile emits as a
// function of its own: a static loop's lambda inside opus::cast (opus's functions are
// force-inlined, their lambdas are not), or a kernel template instantiated with an opus type.
#include <opus.hpp>
#include "probe.hpp"
#define LINK_CAT2(a, b) a##b
#define LINK_CAT(a, b) LINK_CAT2(a, b)

#if CASE == LINK_FP8_SATURATE
extern "C" __global__ void LINK_CAT(probe_, SIDE)(unsigned char* out) {
    const auto r = opus::cast<opus::fp8_t>(opus::array<float, 3>{{1000.f, 1.f, 2.f}});
    out[0] = __builtin_bit_cast(unsigned char, r[0]);
}
#elif CASE == LINK_BF16_MODE
extern "C" __global__ void LINK_CAT(probe_, SIDE)(unsigned short* out) {
    const float f = __builtin_bit_cast(float, 0x3f808001u);
    const auto r = opus::cast<opus::bf16_t>(opus::array<float, 3>{{f, f, f}});
    out[0] = __builtin_bit_cast(unsigned short, r[0]);
}
#elif CASE == LINK_RANGE_CLAMP
template <typename G> __global__ void range_probe(G* out, const float* p, unsigned long long bytes) {
    *out = opus::make_gmem(p, bytes);
}
template __global__ void range_probe<opus::gmem<float>>(opus::gmem<float>*, const float*, unsigned long long);
#elif CASE == LINK_TILE_CONTAINER
using tiled = decltype(opus::make_tiled_mma<opus::fp16_t, opus::fp16_t, opus::fp32_t>(
    opus::seq<1, 1, 1>{}, opus::seq<1, 1, 1>{}, opus::seq<32, 32, 8>{}));
template <typename M> __global__ void tile_probe(typename M::ttype_a* a, typename M::ttype_c* c) {
    *c = M{}(*a, *a);
}
template __global__ void tile_probe<tiled>(tiled::ttype_a*, tiled::ttype_c*);
#elif CASE == LINK_STD_TRAITS
template <typename T> __global__ void traits_probe(T* t, int* out) {
    *out = opus::get<0>(*t) + opus::is_number_v<opus::number<1>>;
}
template __global__ void traits_probe<opus::tuple<int>>(opus::tuple<int>*, int*);
#endif
