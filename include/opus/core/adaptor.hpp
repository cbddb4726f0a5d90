// SPDX-License-Identifier: MIT
// opus/core/adaptor.hpp - distributed tensor views: x-dims split into p-dims (across
// threads) and y-dims (inside a thread).
//
// An adaptor is any type with constexpr shape() and dim():
//   shape(): the flat extents of every sub-dimension, e.g. (3_I, 16_I, 4_I, 8_I)
//   dim():   one entry per x-dim, each a tuple of p_dim / y_dim tags (or one bare tag),
//            e.g. tuple<tuple<y_dim, p_dim>, tuple<p_dim, y_dim>>{}
// which reads as: x0 = 48 = [y0 = 3, p0 = 16], x1 = 32 = [p1 = 4, y1 = 8].
//
//   unfold_x_stride(dim, shape, x_stride)  a stride per flat sub-dim: packed inside each
//                                          x-dim and scaled by that x-dim's stride
//                                          -> (16*s0, s0, 8*s1, s1)
//   unfold_p_coord(dim, p_coord)           the coordinate tuple: p coords at p_dim
//                                          positions, `_` at y_dim positions
//                                          -> (_, p0, p1, _)
//   make_layout(shape, unfold_x_stride(..), unfold_p_coord(..))  then u(y0, y1) is the
//   offset of this thread's element (y0, y1); u.y_shape() == (3, 8).
//
//   unfold_x_shape(dim, shape)   the x-dim extents, (48, 32)
//   y_shape_of(dim, shape)       the y extents, (3, 8);   p_shape_of(dim, shape): (16, 4)
//   make_partition_layout<cached_vec>(adaptor, x_stride, p_coord)   the layout above
//   make_partition_layout_packed<cached_vec>(adaptor, p_coord)      x strides packed from
//                                                                   unfold_x_shape
#pragma once

#include "layout.hpp"

OPUS_NAMESPACE_BEGIN

struct p_dim {};
struct y_dim {};

template <typename T> inline constexpr bool is_p_dim_v = is_same_v<remove_cvref_t<T>, p_dim>;
template <typename T> inline constexpr bool is_y_dim_v = is_same_v<remove_cvref_t<T>, y_dim>;

namespace detail {
template <typename T> struct group_size { static constexpr index_t value = 1; };
template <typename... T> struct group_size<tuple<T...>> { static constexpr index_t value = sizeof...(T); };

template <typename Dim> struct dim_info;
template <typename... G>
struct dim_info<tuple<G...>> {
    static constexpr index_t rank_x = sizeof...(G);
    static constexpr auto& map = concat_map_v<group_size<G>::value...>;  // flat -> (x, pos in x)
    static constexpr index_t rank = (0 + ... + group_size<G>::value);
    // first flat position of x-dim x, and one past the last of the x-dim holding position j
    static constexpr index_t group_begin(index_t x) {
        constexpr index_t k[] = {group_size<G>::value..., 0};
        index_t b = 0;
        for (index_t i = 0; i < x; ++i) b += k[i];
        return b;
    }
    static constexpr index_t group_end(index_t j) { return group_begin(map.outer[j] + 1); }
};
template <typename Dim>
using flat_dim_t = decltype(flatten_tuple(declval<const Dim&>()));

template <typename Flat> struct tag_positions;
template <typename... T>
struct tag_positions<tuple<T...>> {
    using p = filter_seq<is_p_dim_v<T>...>;
    using y = filter_seq<is_y_dim_v<T>...>;
    static_assert(((is_p_dim_v<T> || is_y_dim_v<T>) && ...),
                  "opus: an adaptor's dim() may only contain p_dim and y_dim tags");
    // index of flat position j among the p dims
    static constexpr index_t p_index(index_t j) { return filter_positions<is_p_dim_v<T>...>::rank(j); }
};

template <typename Info, typename Shape, typename XStride, index_t... J>
OPUS_H_D constexpr auto unfold_x_stride_impl(const Shape& s, const XStride& xs, seq<J...>) {
    return opus::make_tuple(mul_all(get<Info::map.outer[J]>(xs),
                              suffix_product(s, make_index_seq<J + 1, Info::group_end(J)>{}))...);
}
template <typename Info, typename Shape, index_t... X>
OPUS_H_D constexpr auto unfold_x_shape_impl(const Shape& s, seq<X...>) {
    return opus::make_tuple(suffix_product(
        s, make_index_seq<Info::group_begin(X), Info::group_begin(X + 1)>{})...);
}
template <typename Flat, typename Coord, index_t J>
OPUS_H_D constexpr auto p_coord_at(const Coord& c) {
    if constexpr (is_p_dim_v<tuple_element_t<J, Flat>>)
        return get<tag_positions<Flat>::p_index(J)>(c);
    else return underscore{};
}
template <typename Flat, typename Coord, index_t... J>
OPUS_H_D constexpr auto unfold_p_coord_impl(const Coord& c, seq<J...>) {
    return opus::make_tuple(p_coord_at<Flat, Coord, J>(c)...);
}
template <typename Dim, typename Shape>
OPUS_H_D constexpr void check_dim_shape() {
    static_assert(dim_info<Dim>::rank == tuple_size_v<Shape>,
                  "opus: mismatched ranks: an adaptor's shape() must have one extent per p_dim/y_dim tag of dim()");
}
} // namespace detail

template <typename Dim, typename Shape, typename XStride>
OPUS_H_D constexpr auto unfold_x_stride(const Dim&, const Shape& shape, const XStride& x_stride) {
    using info = detail::dim_info<Dim>;
    detail::check_dim_shape<Dim, Shape>();
    static_assert(info::rank_x == tuple_size_v<XStride>,
                  "opus::unfold_x_stride: mismatched ranks: need one x stride per x-dim (entry of dim())");
    return detail::unfold_x_stride_impl<info>(shape, x_stride, make_index_seq<info::rank>{});
}

template <typename Dim, typename PCoord>
OPUS_H_D constexpr auto unfold_p_coord(const Dim&, const PCoord& p_coord) {
    using flat = detail::flat_dim_t<Dim>;
    static_assert(detail::tag_positions<flat>::p::size() == tuple_size_v<PCoord>,
                  "opus::unfold_p_coord: mismatched ranks: need one p coordinate per p_dim tag");
    return detail::unfold_p_coord_impl<flat>(p_coord, make_index_seq<tuple_size_v<flat>>{});
}

template <typename Dim, typename Shape>
OPUS_H_D constexpr auto unfold_x_shape(const Dim&, const Shape& shape) {
    using info = detail::dim_info<Dim>;
    detail::check_dim_shape<Dim, Shape>();
    return detail::unfold_x_shape_impl<info>(shape, make_index_seq<info::rank_x>{});
}
template <typename Dim, typename Shape>
OPUS_H_D constexpr auto y_shape_of(const Dim&, const Shape& shape) {
    detail::check_dim_shape<Dim, Shape>();
    return detail::pick(shape, typename detail::tag_positions<detail::flat_dim_t<Dim>>::y{});
}
template <typename Dim, typename Shape>
OPUS_H_D constexpr auto p_shape_of(const Dim&, const Shape& shape) {
    detail::check_dim_shape<Dim, Shape>();
    return detail::pick(shape, typename detail::tag_positions<detail::flat_dim_t<Dim>>::p{});
}

template <index_t cached_vec = 0, typename Adaptor, typename XStride, typename PCoord>
OPUS_H_D constexpr auto make_partition_layout(Adaptor&& a, const XStride& x_stride, const PCoord& p_coord) {
    return make_layout<cached_vec>(a.shape(), unfold_x_stride(a.dim(), a.shape(), x_stride),
                                   unfold_p_coord(a.dim(), p_coord));
}
template <index_t cached_vec = 0, typename Adaptor, typename PCoord>
OPUS_H_D constexpr auto make_partition_layout_packed(Adaptor&& a, const PCoord& p_coord) {
    return make_partition_layout<cached_vec>(
        a, packed_stride(unfold_x_shape(a.dim(), a.shape())), p_coord);
}

OPUS_NAMESPACE_END

// Inside a kernel body (or any block scope):
#define OPUS_USING_COMMON_TYPES                                                               \
    using opus::operator""_I;                                                                 \
    using p_dim [[maybe_unused]] = opus::p_dim;                                               \
    using y_dim [[maybe_unused]] = opus::y_dim;
// At namespace scope: the above plus short aliases.
#define OPUS_USING_COMMON_TYPES_ALL                                                           \
    OPUS_USING_COMMON_TYPES                                                                   \
    template <opus::index_t I> using num = opus::number<I>;                                   \
    template <typename... T> using tup = opus::tuple<T...>;                                   \
    template <opus::index_t... Is> using seq = opus::seq<Is...>;
