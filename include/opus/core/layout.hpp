// SPDX-License-Identifier: MIT
// opus/core/layout.hpp - layout descriptors: offset = sum_d index[d] * stride[d].
//
//   auto u = make_layout(opus::make_tuple(128_I, 64_I));          // packed row-major: stride (64, 1)
//   u(4, 8) == 264;  u(opus::make_tuple(4, 8)) == 264
//   make_layout(opus::make_tuple(128, 64))(4, 8) == 264           // runtime extents: strides too
//   make_layout(shape_tuple, stride_tuple)                  // explicit strides
//   make_layout(shape_tuple, stride_tuple, coord_tuple)     // with a coordinate (see below)
//   make_layout(128_I, 64_I)                                // 1 to 4 scalar extents, packed
//   make_layout(seq<128, 64>{})                             // a seq shape: its number<>s
//   make_layout_packed(shape_tuple, coord_tuple)            // packed strides + coordinate
//   u.shape(), u.stride(), u.coord(), u.shape<0>(), u.stride<1>(), u.y_shape()
//
// Extents, strides, coordinates and indices may each be number<> (static) or integers
// (dynamic); a call on static indices with static strides is a number<> (zero instructions:
// test/codegen/core/core_layout_static_fold.hip).
//
// Coordinate: a tuple of the layout's rank whose entries are either a fixed index or the
// placeholder `_` (opus::underscore). operator() then takes one index per `_`, in order,
// and the fixed entries contribute their constant part. This is how partition layouts are
// expressed: shape (3,16,4,8), coord (_, lane/4, lane%4, _) -> u(y0, y1). Without a
// coordinate every dimension is free. The free dimensions are the layout's "y" dims:
// y_shape() is their extents.
//
// Variants, chosen by make_layout<cached_vec>(...):
//   cached_vec <  0  layout            recomputes the whole sum on every call
//   cached_vec == 0  layout_linear     (default) folds the fixed-coordinate part into a
//                                      mutable `linear_offset`; u += n slides the window
//   cached_vec >  0  layout_cached<V>  layout_linear + the full offsets of every y-issue for
//                                      vector width V precomputed in u.offsets (see
//                                      static_for_y below); u.cached(number<k>) / y_offset<V>(u, k, y)
//
// y-issue iteration (what gmem/smem bulk load<V>(u)/store<V>(v, u) use):
//   static_for_y<V>(u, [&](auto issue, auto y) { ... u(y) ... });
// enumerates, fully unrolled and in row-major order, one issue per V-wide access of the
// layout's y-space: the innermost y extent Yl is cut into Yl/V chunks (V must divide Yl).
// `issue` is number<k>; `y` is a tuple of number<> y indices whose last entry is
// chunk * V. Example: y_shape (3, 8), V = 4 -> 6 issues, y = (0,0),(0,4),(1,0),(1,4),(2,0),(2,4).
// The registers of issue k are elements [k*V, (k+1)*V) of the row-major y-space, so a
// bulk load of a y_shape (3, 8) tile returns 24 elements in y order.
//   y_issue_count<V>(u) / y_issue_count<V>(y_shape)   number<issues>
//   y_offset<V>(u, issue, y)   offset of that issue (from the cache for layout_cached<V>)
//
// Helpers on coordinates:
//   merge_peepholed_tuple(opus::make_tuple(a, _, b, _), opus::make_tuple(x, y)) == opus::make_tuple(a, x, b, y)
//   flat_to_coords(f, make_index_seq<R>{}, static_shape)   row-major index_t coordinates of f
#pragma once

#include "tuple.hpp"
#include "static_for.hpp"
#include "array.hpp"

OPUS_NAMESPACE_BEGIN

// `_`: a free (y) dimension in a layout coordinate
struct underscore {};
inline constexpr underscore _{};

template <typename T>
inline constexpr bool is_underscore_v = is_same_v<remove_cvref_t<T>, underscore>;
template <typename T>
struct is_underscore : bool_constant<is_underscore_v<T>> {};

namespace detail {
struct with_offset_t {};

// the entries of a tuple of integers / number<>s as plain index values, in one function per
// tuple type (a pack expansion that indexes .v[] needs no get<I> per use)
template <index_t N> struct index_values { index_t v[N > 0 ? N : 1]; };
template <index_t... I, typename... T>
OPUS_H_D constexpr index_values<sizeof...(T)> to_index_values(const tuple_base<seq<I...>, T...>& t) {
    return {{static_cast<index_t>(get<I>(t))...}};
}

// positions where Flags is true, as a seq (O(1) depth)
template <bool... Flags>
struct filter_positions {
    static constexpr index_t count = (0 + ... + (Flags ? 1 : 0));
    // how many of the flags before position j are true (this and make() run at compile time
    // only: no host/device attributes)
    static constexpr index_t rank(index_t j) {
        constexpr bool f[] = {Flags..., false};
        index_t c = 0;
        for (index_t i = 0; i < j; ++i) c += f[i] ? 1 : 0;
        return c;
    }
    struct arr { index_t v[count + 1]; };
    static constexpr arr make() {
        arr a{};
        constexpr bool f[] = {Flags..., false};
        index_t k = 0;
        for (index_t i = 0; i < static_cast<index_t>(sizeof...(Flags)); ++i)
            if (f[i]) a.v[k++] = i;
        return a;
    }
};
template <bool... Flags>
inline constexpr auto filter_positions_v = filter_positions<Flags...>::make();
template <typename FP, typename Idx, bool... Flags> struct filter_seq_impl;
template <bool... Flags, index_t... J>
struct filter_seq_impl<filter_positions<Flags...>, seq<J...>> {
    using type = seq<filter_positions_v<Flags...>.v[J]...>;
};
template <bool... Flags>
using filter_seq = typename filter_seq_impl<filter_positions<Flags...>,
                                            make_index_seq<filter_positions<Flags...>::count>>::type;

// free (y) dims of a coordinate type
template <typename Coord, index_t Rank> struct coord_dims;
template <index_t Rank> struct coord_dims<tuple<>, Rank> { using free = make_index_seq<Rank>; };
template <typename... C, index_t Rank>
struct coord_dims<tuple<C...>, Rank> {
    using free = filter_seq<is_underscore_v<C>...>;
    using fixed = filter_seq<!is_underscore_v<C>...>;
};

// keep numbers as numbers, make runtime values index_t
template <typename T>
OPUS_H_D constexpr auto as_index(const T& v) {
    if constexpr (is_number_v<T>) return v;
    else return static_cast<index_t>(v);
}

// Sum / product of index values: a number<> when every operand is one, else index_t.
// Deliberately no overloaded operators: an expression mixing number<> and int makes clang
// enumerate every built-in arithmetic candidate, a front-end cost paid in every layout call.
template <typename... T>
OPUS_H_D constexpr auto add_all(const T&... v) {
    if constexpr ((is_number_v<T> && ...)) return number<(0 + ... + T::value)>{};
    else return (index_t(0) + ... + static_cast<index_t>(v));
}
template <typename... T>
OPUS_H_D constexpr auto mul_all(const T&... v) {
    if constexpr ((is_number_v<T> && ...)) return number<(1 * ... * T::value)>{};
    else return (index_t(1) * ... * static_cast<index_t>(v));
}

template <typename Shape, index_t... J>
OPUS_H_D constexpr auto suffix_product(const Shape& s, seq<J...>) {
    return mul_all(get<J>(s)...);
}
template <index_t... I, typename... T>
OPUS_H_D constexpr auto packed_stride_impl(const tuple_base<seq<I...>, T...>& s) {
    return opus::make_tuple(suffix_product(s, make_index_seq<I + 1, sizeof...(I)>{})...);
}

// the entries J... of a tuple
template <typename Shape, index_t... J>
OPUS_H_D constexpr auto pick(const Shape& s, seq<J...>) { return opus::make_tuple(get<J>(s)...); }

template <typename T> struct static_seq_of;
template <typename... T>
struct static_seq_of<tuple<T...>> {
    static_assert((is_number_v<T> && ...),
                  "opus: this operation needs a static y shape (every extent a number<>)");
    using type = seq<remove_cvref_t<T>::value...>;
};
template <index_t... Is>
struct static_seq_of<seq<Is...>> { using type = seq<Is...>; };
} // namespace detail

// packed (row-major) strides of a shape tuple: stride[i] = shape[i+1] * ... * shape[r-1]
template <typename Shape>
OPUS_H_D constexpr auto packed_stride(const Shape& s) {
    return detail::packed_stride_impl(s);
}

// ---- peepholed tuples --------------------------------------------------------------------
// merge_peepholed_tuple(pt, in): the `_` entries of pt, in order, replaced by the elements of
// in; the other entries kept:  (a, _, b, _) + (x, y) -> (a, x, b, y). `in` must have exactly
// one element per `_` of pt.
namespace detail {
template <bool U, index_t I, index_t R, typename PT, typename IT>
OPUS_H_D constexpr auto peephole_pick(const PT& pt, const IT& it) {
    if constexpr (U) return get<R>(it);
    else return get<I>(pt);
}
template <index_t... I, typename... P, typename IT>
OPUS_H_D constexpr auto merge_peepholed_impl(const tuple_base<seq<I...>, P...>& pt, const IT& it) {
    using holes = filter_positions<is_underscore_v<P>...>;
    return opus::make_tuple(peephole_pick<is_underscore_v<P>, I, holes::rank(I)>(pt, it)...);
}
} // namespace detail
template <typename... P, typename... N>
OPUS_H_D constexpr auto merge_peepholed_tuple(const tuple<P...>& pt, const tuple<N...>& in) {
    constexpr index_t holes = (0 + ... + (is_underscore_v<P> ? 1 : 0));
    static_assert(holes == sizeof...(N),
                  "opus::merge_peepholed_tuple(pt, in): in must have exactly one element per `_` of pt");
    if constexpr (holes == 0) return pt;
    else return detail::merge_peepholed_impl(pt, in);
}

// flat_to_coords(flat, make_index_seq<R>{}, shape): the row-major coordinates (index_t) of a
// flat index in a static shape (a tuple of R number<>s); the last dimension varies fastest
template <index_t... Is, index_t... Ns>
OPUS_H_D constexpr auto flat_to_coords(index_t flat, seq<Is...>, const tuple<number<Ns>...>&) {
    static_assert(sizeof...(Is) == sizeof...(Ns),
                  "opus::flat_to_coords(flat, seq, shape): the seq must be make_index_seq<rank of shape>");
    static_assert(((Ns > 0) && ...), "opus::flat_to_coords: every extent of the shape must be > 0");
    return opus::make_tuple(detail::ford_shape<Ns...>::coord(flat, Is)...);
}

// ---- y-issue space -----------------------------------------------------------------------
template <index_t Vec, typename YSeq> struct y_issue_space;
template <index_t Vec, index_t... Ys>
struct y_issue_space<Vec, seq<Ys...>> {
    static constexpr index_t rank = sizeof...(Ys);
    static_assert(rank > 0, "opus::y_issue_space: the layout has no y (free) dimension");
    static_assert(Vec > 0, "opus::y_issue_space: vector width must be > 0");
    static constexpr index_t last = seq<Ys...>::at(rank - 1);
    static_assert(last % Vec == 0,
                  "opus::y_issue_space: the vector width must divide the innermost y extent");
    static constexpr index_t chunks = last / Vec;
    static constexpr index_t issues = (1 * ... * Ys) / Vec;
    static constexpr index_t elements = (1 * ... * Ys);
    // y index `dim` of issue k (compile time only)
    static constexpr index_t coord(index_t k, index_t dim) {
        index_t n[] = {Ys..., 1};
        n[rank - 1] = chunks;  // the innermost extent counts Vec-wide chunks
        index_t stride = 1;
        for (index_t d = rank - 1; d > dim; --d) stride *= n[d];
        return (k / stride) % n[dim] * (dim == rank - 1 ? Vec : 1);
    }
    template <index_t K, index_t... D>
    OPUS_H_D static constexpr auto y_of(seq<D...>) { return tuple<number<coord(K, D)>...>{}; }
    template <index_t K>
    OPUS_H_D static constexpr auto y(number<K> = {}) { return y_of<K>(make_index_seq<rank>{}); }
};

template <typename Shape, typename Stride, typename Coord = tuple<>>
struct layout {
    static_assert(is_tuple_v<Shape> && is_tuple_v<Stride> && is_tuple_v<Coord>,
                  "opus::layout: shape, stride and coordinate must be opus::tuple");
    static constexpr index_t rank = tuple_size_v<Shape>;
    static_assert(rank == tuple_size_v<Stride>,
                  "opus::layout: mismatched ranks: shape and stride must have the same number of elements");
    static_assert(tuple_size_v<Coord> == 0 || tuple_size_v<Coord> == rank,
                  "opus::layout: mismatched ranks: the coordinate must have the same number of elements as the shape");
    using shape_type = Shape;
    using stride_type = Stride;
    using coord_type = Coord;
    using y_dims = typename detail::coord_dims<Coord, rank>::free;  // free dims, as seq
    static constexpr index_t num_free = y_dims::size();

    Shape shape_;
    Stride stride_;
    Coord coord_;

    constexpr layout() = default;
    OPUS_H_D constexpr layout(const Shape& s, const Stride& d, const Coord& c = Coord{})
        : shape_(s), stride_(d), coord_(c) {}

    OPUS_H_D constexpr const Shape& shape() const { return shape_; }
    OPUS_H_D constexpr const Stride& stride() const { return stride_; }
    OPUS_H_D constexpr const Coord& coord() const { return coord_; }
    template <index_t I>
    OPUS_H_D constexpr auto shape() const { return get<I>(shape_); }
    template <index_t I>
    OPUS_H_D constexpr auto stride() const { return get<I>(stride_); }
    // extents of the free (y) dimensions
    OPUS_H_D constexpr auto y_shape() const { return detail::pick(shape_, y_dims{}); }

    // the part of the offset contributed by fixed coordinate entries
    OPUS_H_D constexpr auto coord_offset() const {
        if constexpr (tuple_size_v<Coord> == 0) return number<0>{};
        else return coord_offset_impl(typename detail::coord_dims<Coord, rank>::fixed{});
    }
    // the part contributed by the free indices
    template <typename... Idx>
    OPUS_H_D constexpr auto free_offset(const Idx&... idx) const {
        if constexpr (sizeof...(Idx) == 1 && (is_tuple_v<Idx> && ...)) {
            return free_offset_tuple(idx...);
        } else {
            static_assert(sizeof...(Idx) == num_free,
                          "opus::layout::operator(): wrong number of indices (one per dimension, "
                          "or one per `_` of the coordinate)");
            if constexpr (sizeof...(Idx) == num_free) return free_offset_impl(y_dims{}, idx...);
            else return number<0>{};
        }
    }
    template <typename... Idx>
    OPUS_H_D constexpr auto operator()(const Idx&... idx) const {
        return detail::add_all(coord_offset(), free_offset(idx...));
    }

  private:
    template <index_t... D>
    OPUS_H_D constexpr auto coord_offset_impl(seq<D...> d) const { return free_offset_impl(d, get<D>(coord_)...); }
    template <index_t... D, typename... Idx>
    OPUS_H_D constexpr auto free_offset_impl(seq<D...>, const Idx&... idx) const {
        if constexpr (((is_number_v<Idx> && is_number_v<tuple_element_t<D, Stride>>) && ...))
            return number<(0 + ... + (Idx::value * tuple_element_t<D, Stride>::value))>{};
        else
            return (index_t(0) + ... + (static_cast<index_t>(idx) * static_cast<index_t>(get<D>(stride_))));
    }
    template <index_t... I, typename... T>
    OPUS_H_D constexpr auto free_offset_tuple(const detail::tuple_base<seq<I...>, T...>& t) const {
        return free_offset(get<I>(t)...);
    }
};

template <typename Shape, typename Stride, typename Coord = tuple<>>
struct layout_linear : layout<Shape, Stride, Coord> {
    using base = layout<Shape, Stride, Coord>;
    index_t linear_offset = 0;

    constexpr layout_linear() = default;
    OPUS_H_D constexpr layout_linear(const Shape& s, const Stride& d, const Coord& c = Coord{})
        : base(s, d, c), linear_offset(static_cast<index_t>(base::coord_offset())) {}
    // with the fixed-coordinate offset already computed by the caller (partition layouts)
    OPUS_H_D constexpr layout_linear(detail::with_offset_t, index_t offset, const Shape& s, const Stride& d,
                                     const Coord& c)
        : base(s, d, c), linear_offset(offset) {}

    template <typename... Idx>
    OPUS_H_D constexpr index_t operator()(const Idx&... idx) const {
        return linear_offset + static_cast<index_t>(base::free_offset(idx...));
    }
    OPUS_H_D constexpr layout_linear& operator+=(index_t d) { linear_offset += d; return *this; }
    OPUS_H_D constexpr layout_linear& operator-=(index_t d) { linear_offset -= d; return *this; }
    OPUS_H_D friend constexpr layout_linear operator+(layout_linear u, index_t d) { u += d; return u; }
    OPUS_H_D friend constexpr layout_linear operator-(layout_linear u, index_t d) { u -= d; return u; }
};

template <index_t Vec, typename Shape, typename Stride, typename Coord = tuple<>>
struct layout_cached : layout_linear<Shape, Stride, Coord> {
    using base = layout_linear<Shape, Stride, Coord>;
    using space = y_issue_space<Vec, typename detail::static_seq_of<
        decltype(declval<const base&>().y_shape())>::type>;
    static constexpr index_t cached_vec = Vec;
    static constexpr index_t num_issues = space::issues;
    // full offset (linear_offset + y part) of every issue, in issue order. `u += n` moves
    // linear_offset and every entry; an entry may also be rewritten directly (e.g. a swizzle):
    // bulk loads/stores of width Vec and layout_to_offsets<Vec> read these entries.
    array<index_t, num_issues> offsets{};

    constexpr layout_cached() = default;
    OPUS_H_D constexpr layout_cached(const Shape& s, const Stride& d, const Coord& c = Coord{})
        : base(s, d, c) { fill_offsets(); }
    // with the fixed-coordinate offset already computed (it must equal coord_offset())
    OPUS_H_D constexpr layout_cached(detail::with_offset_t w, index_t offset, const Shape& s, const Stride& d,
                                     const Coord& c)
        : base(w, offset, s, d, c) { fill_offsets(); }
    template <index_t K>
    OPUS_H_D constexpr index_t cached(number<K>) const {
        static_assert(K >= 0 && K < num_issues, "opus::layout_cached::cached: issue index out of range");
        return offsets[K];
    }
    OPUS_H_D constexpr layout_cached& operator+=(index_t d) {
        base::linear_offset += d;
        detail::unroll<num_issues>([&](auto k) { offsets[k.value] += d; });  // straight-line (layout_to_offsets)
        return *this;
    }
    OPUS_H_D constexpr layout_cached& operator-=(index_t d) { return *this += -d; }
    OPUS_H_D friend constexpr layout_cached operator+(layout_cached u, index_t d) { u += d; return u; }
    OPUS_H_D friend constexpr layout_cached operator-(layout_cached u, index_t d) { u -= d; return u; }

  private:
    OPUS_H_D constexpr void fill_offsets() {
        detail::unroll<num_issues>([&](auto k) {
            offsets[k.value] = base::linear_offset + static_cast<index_t>(base::free_offset(space::y(k)));
        });
    }
};

template <typename T> struct is_layout : false_type {};
template <typename S, typename D, typename C> struct is_layout<layout<S, D, C>> : true_type {};
template <typename S, typename D, typename C> struct is_layout<layout_linear<S, D, C>> : true_type {};
template <index_t V, typename S, typename D, typename C> struct is_layout<layout_cached<V, S, D, C>> : true_type {};
template <typename T>
inline constexpr bool is_layout_v = is_layout<remove_cvref_t<T>>::value;

// ---- make_layout -------------------------------------------------------------------------
namespace detail {
template <typename T>
OPUS_H_D constexpr auto seq_as_tuple(const T& t) {
    if constexpr (is_seq_v<T>) return to_tuple(t);
    else return t;
}
template <index_t CV, typename Shape, typename Stride, typename Coord = tuple<>>
OPUS_H_D constexpr auto build_layout(const Shape& s, const Stride& d, const Coord& c = {}) {
    constexpr bool stride_ok = tuple_size_v<Shape> == tuple_size_v<Stride>;
    constexpr bool coord_ok = tuple_size_v<Coord> == 0 || tuple_size_v<Coord> == tuple_size_v<Shape>;
    static_assert(stride_ok,
                  "opus::make_layout: mismatched ranks: shape and stride must have the same number of elements");
    static_assert(coord_ok,
                  "opus::make_layout: mismatched ranks: the coordinate must have the same number of elements as the shape");
    if constexpr (stride_ok && coord_ok) {
        if constexpr (CV < 0) return layout<Shape, Stride, Coord>(s, d, c);
        else if constexpr (CV == 0) return layout_linear<Shape, Stride, Coord>(s, d, c);
        else return layout_cached<CV, Shape, Stride, Coord>(s, d, c);
    }
}
} // namespace detail

template <index_t cached_vec = 0, typename A0, typename... A>
OPUS_H_D constexpr auto make_layout(const A0& a0, const A&... a) {
    if constexpr (is_tuple_v<A0>) {
        static_assert(sizeof...(A) <= 2,
                      "opus::make_layout: takes (shape), (shape, stride) or (shape, stride, coord)");
        static_assert((is_tuple_v<A> && ...),
                      "opus::make_layout: stride and coordinate must be opus::tuple too");
        if constexpr (sizeof...(A) == 0) return detail::build_layout<cached_vec>(a0, packed_stride(a0));
        else return detail::build_layout<cached_vec>(a0, a...);
    } else {
        static_assert(sizeof...(A) <= 3, "opus::make_layout: takes 1 to 4 scalar extents");
        static_assert(!(is_tuple_v<A> || ...), "opus::make_layout: do not mix scalar extents and tuples");
        auto s = opus::make_tuple(detail::as_index(a0), detail::as_index(a)...);
        return detail::build_layout<cached_vec>(s, packed_stride(s));
    }
}

// a seq<...> shape (and stride / coordinate) is the tuple of its number<>s
template <index_t cached_vec = 0, index_t... Ns, typename... A>
OPUS_H_D constexpr auto make_layout(seq<Ns...>, const A&... a) {
    return make_layout<cached_vec>(tuple<number<Ns>...>{}, detail::seq_as_tuple(a)...);
}

// make_layout_packed(shape [, coord]): packed row-major strides (make_layout(shape) with an
// optional coordinate)
template <index_t cached_vec = 0, typename S, typename... C>
OPUS_H_D constexpr auto make_layout_packed(const S& s, const C&... c) {
    return make_layout<cached_vec>(detail::seq_as_tuple(s), packed_stride(detail::seq_as_tuple(s)),
                                   detail::seq_as_tuple(c)...);
}

// ---- y-issue helpers ---------------------------------------------------------------------
namespace detail {
template <typename T>
OPUS_H_D constexpr auto y_seq_of(const T& t) {
    if constexpr (is_layout_v<T>) return typename static_seq_of<decltype(t.y_shape())>::type{};
    else return typename static_seq_of<T>::type{};
}
} // namespace detail

// number of V-wide issues covering the y space of a layout, a y-shape tuple or a seq
template <index_t Vec, typename T>
OPUS_H_D constexpr auto y_issue_count(const T& t) {
    return number<y_issue_space<Vec, decltype(detail::y_seq_of(t))>::issues>{};
}

// static_for_y<V>(layout | y_shape tuple | seq, f): f(number<issue>, tuple<number<y>...>)
template <index_t Vec, typename T, typename F>
OPUS_H_D constexpr void static_for_y(const T& t, F&& f) {
    using space = y_issue_space<Vec, decltype(detail::y_seq_of(t))>;
    detail::unroll<space::issues>([&](auto k) { f(k, space::y(k)); });
}

// offset of issue k (whose y index tuple is y) in layout u
template <index_t Vec, typename U, index_t K, typename Y>
OPUS_H_D constexpr auto y_offset(const U& u, number<K> k, const Y& y) {
    if constexpr (Vec > 0 && is_same_v<U, layout_cached<Vec, typename U::shape_type,
                                       typename U::stride_type, typename U::coord_type>>)
        return u.cached(k);
    else return u(y);
}

OPUS_NAMESPACE_END
