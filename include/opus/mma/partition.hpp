// SPDX-License-Identifier: MIT
// opus/mma/partition.hpp - partition layouts in the spelling of aiter's single-header opus:
//
//   auto u_a = partition_layout_a<CV>(mma, opus::make_tuple(stride_m, stride_k), p_coord);
//   auto u_b = partition_layout_b<CV>(mma, opus::make_tuple(stride_n, stride_k), p_coord);
//   auto u_c = partition_layout_c<CV>(mma, opus::make_tuple(stride_m, stride_n), p_coord);
//   auto u_c = partition_layout_c_packed<CV>(mma, p_coord);     // x strides packed
//   partition_layout_a<CV>(mma, x_stride)  /  partition_layout_a<CV>(mma)   (no lane coordinate:
//   every dim free; the second with the strides packed over all dims)
//
// mma: a make_mfma / make_wmma / make_tiled_mma adaptor (or opus::mfma / opus::wmma). CV picks
// the layout type as make_layout does (< 0 layout, 0 layout_linear, > 0 layout_cached<CV>).
// The p coordinate lists the lane (and wave) coordinates in the field's order:
//   instruction  A: (lane % grpm_a, lane / grpm_a)   B: likewise   C: (lane / grpn_c, lane % grpn_c),
//                swap_ab C: (lane % grpn_c, lane / grpn_c)
//   tiled        A: (wave_m, lane % grpm_a, wave_k, lane / grpm_a)
//                B: (wave_n, lane % grpn_b, wave_k, lane / grpn_b)
//                C: (wave_m, <instruction C M coordinate>, wave_n, <instruction C N coordinate>)
//
// These layouts are the field's, not those of mma.layout_a(...): a lane's K registers split
// as [rept, pack] (pack: at most 16 bytes) and every y dim is kept, extent 1 too, so a y
// coordinate has the same arity for every expansion factor. Their y order is the register
// order operator() / step_k expect ([expand][expand][rept][pack]). Within an instruction the
// K order of a lane's registers may differ from mma.layout_a's (e.g. gfx950 fp8 f8f6f4: two
// 16-value K blocks per lane instead of 32 consecutive K), identically for A and B, so
// C = A * B holds either way (test/host/mma/test_partition_layout.cpp simulates every
// instruction). C's layout is the hardware's; on gfx12 wave64, whose C lane groups are
// swizzled, partition_layout_c stops with a static_assert (use mma.layout_c with
// mma.lane_coord_c(lane)).
#pragma once

#include "opus/mma/mfma.hpp"
#include "opus/mma/tiled_mma.hpp"

namespace opus {
namespace detail {
template <typename M>
OPUS_H_D constexpr void check_field_c() {
    static_assert(remove_cvref_t<M>::field_c_linear,
                  "opus::partition_layout_c: gfx12 wave64 WMMA takes C's lane groups in the order 0, 2, 1, 3, "
                  "which a layout of (lane % 16, lane / 16) cannot express: use mma.layout_c(x_stride, "
                  "mma.lane_coord_c(lane)) (or p_coord_c for a tiled MMA)");
}
template <typename...> using partition_void_t = void;
template <typename M, typename = void> struct partition_of_mma { static constexpr bool value = false; };
template <typename M>
struct partition_of_mma<M, partition_void_t<typename M::field>> { static constexpr bool value = true; };
} // namespace detail

template <index_t CV = 0, typename M, typename S, typename C>
OPUS_H_D constexpr auto partition_layout_a(const M&, const S& x_stride, const C& p_coord) {
    static_assert(detail::partition_of_mma<remove_cvref_t<M>>::value,
                  "opus::partition_layout_*(mma, ...): the first argument must be an MMA adaptor (make_mfma, "
                  "make_wmma, make_tiled_mma, opus::mfma<...>)");
    return remove_cvref_t<M>::field::part_a::template layout<CV, true>(x_stride, p_coord);
}
template <index_t CV = 0, typename M, typename S, typename C>
OPUS_H_D constexpr auto partition_layout_b(const M&, const S& x_stride, const C& p_coord) {
    static_assert(detail::partition_of_mma<remove_cvref_t<M>>::value,
                  "opus::partition_layout_*(mma, ...): the first argument must be an MMA adaptor (make_mfma, "
                  "make_wmma, make_tiled_mma, opus::mfma<...>)");
    return remove_cvref_t<M>::field::part_b::template layout<CV, true>(x_stride, p_coord);
}
template <index_t CV = 0, typename M, typename S, typename C>
OPUS_H_D constexpr auto partition_layout_c(const M&, const S& x_stride, const C& p_coord) {
    static_assert(detail::partition_of_mma<remove_cvref_t<M>>::value,
                  "opus::partition_layout_*(mma, ...): the first argument must be an MMA adaptor (make_mfma, "
                  "make_wmma, make_tiled_mma, opus::mfma<...>)");
    detail::check_field_c<M>();
    return remove_cvref_t<M>::field::part_c::template layout<CV, true>(x_stride, p_coord);
}

template <index_t CV = 0, typename M, typename C>
OPUS_H_D constexpr auto partition_layout_a_packed(const M&, const C& p_coord) {
    static_assert(detail::partition_of_mma<remove_cvref_t<M>>::value,
                  "opus::partition_layout_*(mma, ...): the first argument must be an MMA adaptor (make_mfma, "
                  "make_wmma, make_tiled_mma, opus::mfma<...>)");
    return remove_cvref_t<M>::field::part_a::template layout_packed<CV, true>(p_coord);
}
template <index_t CV = 0, typename M, typename C>
OPUS_H_D constexpr auto partition_layout_b_packed(const M&, const C& p_coord) {
    static_assert(detail::partition_of_mma<remove_cvref_t<M>>::value,
                  "opus::partition_layout_*(mma, ...): the first argument must be an MMA adaptor (make_mfma, "
                  "make_wmma, make_tiled_mma, opus::mfma<...>)");
    return remove_cvref_t<M>::field::part_b::template layout_packed<CV, true>(p_coord);
}
template <index_t CV = 0, typename M, typename C>
OPUS_H_D constexpr auto partition_layout_c_packed(const M&, const C& p_coord) {
    static_assert(detail::partition_of_mma<remove_cvref_t<M>>::value,
                  "opus::partition_layout_*(mma, ...): the first argument must be an MMA adaptor (make_mfma, "
                  "make_wmma, make_tiled_mma, opus::mfma<...>)");
    detail::check_field_c<M>();
    return remove_cvref_t<M>::field::part_c::template layout_packed<CV, true>(p_coord);
}

// no lane coordinate: every dim (p ones too) is an index of the layout
template <index_t CV = 0, typename M, typename S>
OPUS_H_D constexpr auto partition_layout_a(const M&, const S& x_stride) {
    static_assert(detail::partition_of_mma<remove_cvref_t<M>>::value,
                  "opus::partition_layout_*(mma, ...): the first argument must be an MMA adaptor (make_mfma, "
                  "make_wmma, make_tiled_mma, opus::mfma<...>)");
    return remove_cvref_t<M>::field::part_a::template layout_all<CV>(x_stride);
}
template <index_t CV = 0, typename M, typename S>
OPUS_H_D constexpr auto partition_layout_b(const M&, const S& x_stride) {
    static_assert(detail::partition_of_mma<remove_cvref_t<M>>::value,
                  "opus::partition_layout_*(mma, ...): the first argument must be an MMA adaptor (make_mfma, "
                  "make_wmma, make_tiled_mma, opus::mfma<...>)");
    return remove_cvref_t<M>::field::part_b::template layout_all<CV>(x_stride);
}
template <index_t CV = 0, typename M, typename S>
OPUS_H_D constexpr auto partition_layout_c(const M&, const S& x_stride) {
    static_assert(detail::partition_of_mma<remove_cvref_t<M>>::value,
                  "opus::partition_layout_*(mma, ...): the first argument must be an MMA adaptor (make_mfma, "
                  "make_wmma, make_tiled_mma, opus::mfma<...>)");
    return remove_cvref_t<M>::field::part_c::template layout_all<CV>(x_stride);
}
template <index_t CV = 0, typename M>
OPUS_H_D constexpr auto partition_layout_a(const M&) {
    static_assert(detail::partition_of_mma<remove_cvref_t<M>>::value,
                  "opus::partition_layout_*(mma, ...): the first argument must be an MMA adaptor (make_mfma, "
                  "make_wmma, make_tiled_mma, opus::mfma<...>)");
    return make_layout<CV>(remove_cvref_t<M>::field::part_a::shape());
}
template <index_t CV = 0, typename M>
OPUS_H_D constexpr auto partition_layout_b(const M&) {
    static_assert(detail::partition_of_mma<remove_cvref_t<M>>::value,
                  "opus::partition_layout_*(mma, ...): the first argument must be an MMA adaptor (make_mfma, "
                  "make_wmma, make_tiled_mma, opus::mfma<...>)");
    return make_layout<CV>(remove_cvref_t<M>::field::part_b::shape());
}
template <index_t CV = 0, typename M>
OPUS_H_D constexpr auto partition_layout_c(const M&) {
    static_assert(detail::partition_of_mma<remove_cvref_t<M>>::value,
                  "opus::partition_layout_*(mma, ...): the first argument must be an MMA adaptor (make_mfma, "
                  "make_wmma, make_tiled_mma, opus::mfma<...>)");
    return make_layout<CV>(remove_cvref_t<M>::field::part_c::shape());
}

} // namespace opus
