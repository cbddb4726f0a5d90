// SPDX-License-Identifier: MIT
// opus/mem/tdm_desc.hpp - the tensor DMA descriptor of gfx1250 (host and device).
//
// gfx1250's tensor_load_to_lds / tensor_store_from_lds take their whole job in SGPR operand
// groups, the D#: group 0 (4 dwords: addresses, gather mode), group 1 (8 dwords: element size,
// multicast mask, LDS padding, tensor and tile extents, the first two strides) and, for a tile
// of more than two dimensions or a gather, groups 2 and 3 (4 dwords each). This header holds
//   detail::tdm_fields     every D# field as a named (group, first bit, width) encoding
//   tdm_traits             the compile-time policies of a window: padding, multicast, gather, cache
//   detail::tdm_desc<T>    the operand groups of one window type: compile-time fields in the
//                          initializers, set<Field>(v) for the runtime ones
// The window that kernels use (opus::tdm, make_tdm) is opus/mem/tdm.hpp. Field positions and
// their sources: docs/mem.md (tensor DMA); test/host/mem/test_tdm_desc.cpp pins every one.
// Parsed in host code and gfx1250 device passes only.
#pragma once

#include "../core/config.hpp"
#include "../arch/target.hpp"

#if !OPUS_DEVICE_PASS || OPUS_HAS_TENSOR_DMA
#include "../core/array.hpp"
#include "../core/meta.hpp"
#include "../core/seq.hpp"
#include "../core/vector.hpp"
#include "../arch/dtype.hpp"

OPUS_DETAIL_PSABI_OFF  // (the group initializers return 8-dword vectors: host code warns without it)
OPUS_NAMESPACE_BEGIN
namespace detail {

// Bits [Lo, Lo + Width) of operand group G, counted from bit 0 of the group's dword 0. A field
// may straddle dwords; put() replaces it in an array of dwords (u32 at compile time, the i32
// operand vector at run time) and get() reads it back.
template <int G, int Lo, int Width>
struct tdm_field {
    static_assert(Width >= 1 && Width <= 64, "tdm_field: 1..64 bits");
    static constexpr int group = G, lo = Lo, width = Width;
    static constexpr u64_t mask = Width == 64 ? ~u64_t(0) : (u64_t(1) << Width) - 1;

    template <typename Words>
    OPUS_H_D static constexpr void put(Words& w, u64_t v) {
        for (int d = Lo / 32; d <= (Lo + Width - 1) / 32; ++d) {
            const int s = d * 32 - Lo;  // bit of the field at this dword's bit 0 (< 0: field starts inside)
            const u32_t m = s >= 0 ? u32_t(mask >> s) : u32_t(mask << -s);
            const u32_t p = s >= 0 ? u32_t(v >> s) : u32_t(v << -s);
            using E = decltype(w[0] + 0);
            w[d] = E((u32_t(w[d]) & ~m) | (p & m));
        }
    }
    template <typename Words>
    OPUS_H_D static constexpr u64_t get(const Words& w) {
        u64_t v = 0;
        for (int d = Lo / 32; d <= (Lo + Width - 1) / 32; ++d) {
            const int s = d * 32 - Lo;
            const u64_t x = u64_t(u32_t(w[d]));
            v |= s >= 0 ? (x << s) : (x >> -s);
        }
        return v & mask;
    }
};

// The D# fields opus programs (LLVM's gfx1250 tensor instructions; bit positions: docs/mem.md).
namespace tdm_fields {
// group 0
using valid         = tdm_field<0, 0, 2>;     // 1: a tensor descriptor (0: the instruction does nothing)
using index_size    = tdm_field<0, 30, 1>;    // gather: 0 = 16-bit row indices, 1 = 32-bit
using gather_mode   = tdm_field<0, 31, 1>;    // groups 2/3 hold row indices instead of dims 2..4
using lds_addr      = tdm_field<0, 32, 32>;   // LDS byte address
using global_addr   = tdm_field<0, 64, 57>;   // global byte address
using type          = tdm_field<0, 126, 2>;   // 2 (tensor)
// group 1
using workgroup_mask        = tdm_field<1, 0, 16>;   // multicast peers in the cluster (0: none)
using data_size             = tdm_field<1, 16, 2>;   // log2 of the element's bytes
using atomic_barrier_enable = tdm_field<1, 18, 1>;
using iterate_enable        = tdm_field<1, 19, 1>;
using pad_enable            = tdm_field<1, 20, 1>;
using early_timeout         = tdm_field<1, 21, 1>;   // multicast early timeout
using pad_interval          = tdm_field<1, 22, 3>;   // pad after every 8 << enc bytes written to LDS
using pad_amount            = tdm_field<1, 25, 7>;   // pad by 4 * (enc + 1) bytes
using tensor_dim0           = tdm_field<1, 48, 32>;  // elements left from the tile origin, per dim
using tensor_dim1           = tdm_field<1, 80, 32>;
using tile_dim0             = tdm_field<1, 112, 16>; // tile extents in elements
using tile_dim1             = tdm_field<1, 128, 16>; // gather: number of valid row indices
using tile_dim2             = tdm_field<1, 144, 16>;
using tensor_dim0_stride    = tdm_field<1, 160, 48>; // elements between dim-1 neighbours
using tensor_dim1_stride    = tdm_field<1, 208, 48>; // elements between dim-2 neighbours
// group 2
using tensor_dim2           = tdm_field<2, 0, 32>;
using tensor_dim3           = tdm_field<2, 32, 32>;
using tensor_dim2_stride    = tdm_field<2, 64, 48>;
using tile_dim3             = tdm_field<2, 112, 16>;
// group 3
using tensor_dim3_stride    = tdm_field<3, 0, 48>;
using tensor_dim4           = tdm_field<3, 48, 32>;
using tile_dim4             = tdm_field<3, 80, 16>;
} // namespace tdm_fields

// A D# element is one value of 1, 2, 4 or 8 bytes; a 4-bit type only as the one-byte pair
// (array<fp4_t, 2>, fp4x2_t): a bare fp4_t has sizeof 1 for 4 bits of data, and a wider packed
// vector would make every extent, stride and pad count several values at once.
template <typename T>
inline constexpr bool tdm_element_ok_v =
    is_packs_v<typename vector_traits<T>::dtype>
        ? (sizeof(T) == 1 && vector_traits<T>::size == 2)
        : (sizeof_bits_v<T> == index_t(sizeof(T)) * 8 &&
           (sizeof(T) == 1 || sizeof(T) == 2 || sizeof(T) == 4 || sizeof(T) == 8));
#define OPUS_TDM_ELEMENT_MSG_                                                                     \
    "a tdm element is one value of 1, 2, 4 or 8 bytes; 4-bit data only as the one-byte pair "     \
    "array<fp4_t, 2> / fp4x2_t (not fp4_t, not a wider packed vector)"

struct tdm_tag_padding {};
struct tdm_tag_multicast {};
struct tdm_tag_gather {};
struct tdm_tag_cache {};
template <typename P> auto tdm_tag_probe(int) -> typename P::tdm_tag;
template <typename P> void tdm_tag_probe(...);
template <typename P> using tdm_tag_of_t = decltype(tdm_tag_probe<P>(0));  // void: not a tdm_traits tag
template <typename Tag, typename P> inline constexpr int tdm_is_tag_v = is_same_v<tdm_tag_of_t<P>, Tag> ? 1 : 0;

template <typename Tag, typename Default, typename... Ps> struct tdm_pick { using type = Default; };
template <typename Tag, typename Default, typename P, typename... Ps>
struct tdm_pick<Tag, Default, P, Ps...> {
    using type = conditional_t<tdm_is_tag_v<Tag, P> != 0, P, typename tdm_pick<Tag, Default, Ps...>::type>;
};
} // namespace detail

// ---- policies of a tensor DMA window ---------------------------------------------------------
// tdm<T, Shape, Policies...> takes these tags in any order, each at most once; a missing one
// takes its default (no padding, no multicast, no gather, default_cache_policy).
namespace tdm_traits {

// D# bits opus leaves clear (their programming is not documented publicly).
inline constexpr bool atomic_barrier_enable = false;
inline constexpr bool iterate_enable = false;
inline constexpr bool multicast_early_timeout = false;

// cache policy: opus::make_cache_policy (opus/arch/target.hpp) under the names aiter's opus uses
using opus::load_temporal_hint;
using opus::store_temporal_hint;
using opus::make_cache_policy;
using scope = atomic_scope;
inline constexpr int default_cache_policy = make_cache_policy();  // regular, device scope

template <int Policy>
struct cache {
    using tdm_tag = detail::tdm_tag_cache;
    static_assert((Policy & ~0x3f) == 0, "tdm_traits::cache<Policy>: a cache policy has 6 bits (make_cache_policy)");
    static constexpr int cache_policy = Policy;
};

// padding<T, IntervalElements, AmountElements>: the LDS side skips AmountElements after every
// IntervalElements written (element counts of T; the D# holds bytes: an interval of 8 << e
// bytes, e in 0..7, and an amount of 4 * (e + 1) bytes, e in 0..127). padding<> is none.
// pitch_elements is the padded LDS row a kernel reads with.
template <typename T = u8_t, index_t IntervalElements = 0, index_t AmountElements = 0>
struct padding {
    using tdm_tag = detail::tdm_tag_padding;
    static constexpr bool enabled = IntervalElements != 0 || AmountElements != 0;
    static constexpr index_t interval_bytes = IntervalElements * index_t(sizeof(T));
    static constexpr index_t amount_bytes = AmountElements * index_t(sizeof(T));
    static constexpr index_t pitch_elements = IntervalElements + AmountElements;
    static_assert(detail::tdm_element_ok_v<T>, "tdm_traits::padding<T, ...>: " OPUS_TDM_ELEMENT_MSG_);
    static_assert(!enabled || (IntervalElements > 0 && AmountElements > 0),
                  "tdm_traits::padding: give both counts (> 0) or neither (padding<> is no padding)");
    static_assert(!enabled || (interval_bytes >= 8 && interval_bytes <= 1024 && (interval_bytes & (interval_bytes - 1)) == 0),
                  "tdm_traits::padding: IntervalElements * sizeof(T) must be a power of two from 8 to 1024 bytes");
    static_assert(!enabled || (amount_bytes >= 4 && amount_bytes <= 512 && amount_bytes % 4 == 0),
                  "tdm_traits::padding: AmountElements * sizeof(T) must be a multiple of 4 bytes from 4 to 512");
    static constexpr u64_t encoded_interval = enabled ? u64_t(__builtin_ctz(unsigned(interval_bytes)) - 3) : 0;
    static constexpr u64_t encoded_amount = enabled ? u64_t(amount_bytes / 4 - 1) : 0;
    // Both encodings 0 (8-byte interval, 4-byte pad) is refused, as aiter's opus does, which
    // calls it unpredictable on the hardware (unverified here: docs/mem.md).
    static_assert(!enabled || encoded_interval != 0 || encoded_amount != 0,
                  "tdm_traits::padding: an 8-byte interval with a 4-byte pad is not supported");
};
// One read vector (ReadVectorBytes) of pad per row of RowElements: the usual LDS bank-conflict fix.
template <typename T, index_t RowElements, index_t ReadVectorBytes = 16>
using padding_auto = padding<T, RowElements, ReadVectorBytes / index_t(sizeof(T))>;

// multicast<W...>: the workgroups of the cluster (indices y * cluster_dim_x + x) that receive
// the tile too; multicast<> is none. A single peer is refused: it is no multicast, and a
// multicast load from a workgroup outside a cluster launch may hang.
template <index_t... Workgroups>
struct multicast {
    using tdm_tag = detail::tdm_tag_multicast;
    static_assert(((Workgroups >= 0 && Workgroups < 16) && ...), "tdm_traits::multicast: peer indices are 0..15");
    static constexpr u16_t bits = u16_t((0u | ... | (1u << (Workgroups & 15))));
    static_assert(sizeof...(Workgroups) != 1,
                  "tdm_traits::multicast<W>: one peer is no multicast; use multicast<> (none) or two or more peers");
    static_assert(__builtin_popcount(unsigned(bits)) == int(sizeof...(Workgroups)),
                  "tdm_traits::multicast: a peer index is repeated");
};
// A run-time peer mask (tdm::set_workgroup_mask): made by peers_along_x / peers_along_y
// (opus/mem/tdm.hpp), which give 0 for a single workgroup.
struct mask { u16_t bits; };

// gather<16> / gather<32>: the tile's rows are a list of row indices (16- or 32-bit, up to 16 /
// 8 of them, tdm::set_indices) instead of consecutive rows; gather<> is none. 2D tiles only.
template <index_t IndexBits = 0>
struct gather {
    using tdm_tag = detail::tdm_tag_gather;
    static_assert(IndexBits == 0 || IndexBits == 16 || IndexBits == 32,
                  "tdm_traits::gather<IndexBits>: 16 or 32 (gather<> is no gather)");
    static constexpr bool enabled = IndexBits != 0;
    static constexpr u64_t index_size = IndexBits == 32 ? 1 : 0;
    static constexpr index_t max_indices = IndexBits == 32 ? 8 : 16;
};

// The resolved configuration of tdm<DataType, TileShape, Policies...>.
template <typename DataType, typename TileShape, typename... Policies>
struct resolve {
    static_assert(((!is_same_v<detail::tdm_tag_of_t<Policies>, void>) && ...),
                  "opus::tdm<T, Shape, Policies...>: every policy is a tdm_traits tag (padding, multicast, gather, cache)");
    static_assert((0 + ... + detail::tdm_is_tag_v<detail::tdm_tag_padding, Policies>) <= 1, "opus::tdm: two padding policies");
    static_assert((0 + ... + detail::tdm_is_tag_v<detail::tdm_tag_multicast, Policies>) <= 1, "opus::tdm: two multicast policies");
    static_assert((0 + ... + detail::tdm_is_tag_v<detail::tdm_tag_gather, Policies>) <= 1, "opus::tdm: two gather policies");
    static_assert((0 + ... + detail::tdm_is_tag_v<detail::tdm_tag_cache, Policies>) <= 1, "opus::tdm: two cache policies");
    using data_type = DataType;
    using tile_shape = TileShape;
    using padding_tag = typename detail::tdm_pick<detail::tdm_tag_padding, padding<>, Policies...>::type;
    using multicast_tag = typename detail::tdm_pick<detail::tdm_tag_multicast, multicast<>, Policies...>::type;
    using gather_tag = typename detail::tdm_pick<detail::tdm_tag_gather, gather<>, Policies...>::type;
    static constexpr int cache_pol =
        detail::tdm_pick<detail::tdm_tag_cache, cache<default_cache_policy>, Policies...>::type::cache_policy;
};

} // namespace tdm_traits

namespace detail {
// The compile-time part of a window's D#: each group's dwords with every field the window type
// fixes (element size, tile extents, policies) and the rest 0.
template <typename Traits>
struct tdm_consts {
    using T = typename Traits::data_type;
    using shape = typename Traits::tile_shape;
    static_assert(tdm_element_ok_v<T>, "opus::tdm<T, ...>: " OPUS_TDM_ELEMENT_MSG_);
    static constexpr index_t ndim = shape::size();
    static_assert(ndim >= 2 && ndim <= 5, "opus::tdm<T, seq<...>>: a tile has 2 to 5 dimensions");
    static constexpr bool gather = Traits::gather_tag::enabled;
    static_assert(!gather || ndim == 2, "opus::tdm: gather is for 2D tiles (the row indices take the place of dims 2..4)");
    static constexpr bool needs_groups23 = ndim > 2 || gather;
    OPUS_H_D static constexpr index_t tile(index_t i) { return i < ndim ? shape::at(i) : 1; }
    static_assert(tile(0) >= 1 && tile(0) <= 65535 && tile(1) >= 1 && tile(1) <= 65535 && tile(2) >= 1 &&
                      tile(2) <= 65535 && tile(3) >= 1 && tile(3) <= 65535 && tile(4) >= 1 && tile(4) <= 65535,
                  "opus::tdm<T, seq<...>>: every tile extent is 1..65535 (16-bit D# fields)");
    static_assert(!Traits::padding_tag::enabled || (tile(0) * index_t(sizeof(T))) % 4 == 0,
                  "opus::tdm: with padding, a tile row (tile_dim0 * sizeof(T)) is a multiple of 4 bytes");

    OPUS_H_D static constexpr array<u32_t, 4> group0() {
        array<u32_t, 4> w{};
        tdm_fields::valid::put(w, 1);
        tdm_fields::index_size::put(w, Traits::gather_tag::index_size);
        tdm_fields::gather_mode::put(w, gather ? 1 : 0);
        tdm_fields::type::put(w, 2);
        return w;
    }
    OPUS_H_D static constexpr array<u32_t, 8> group1() {
        array<u32_t, 8> w{};
        tdm_fields::workgroup_mask::put(w, Traits::multicast_tag::bits);
        tdm_fields::data_size::put(w, u64_t(__builtin_ctz(unsigned(sizeof(T)))));
        tdm_fields::atomic_barrier_enable::put(w, tdm_traits::atomic_barrier_enable);
        tdm_fields::iterate_enable::put(w, tdm_traits::iterate_enable);
        tdm_fields::pad_enable::put(w, Traits::padding_tag::enabled ? 1 : 0);
        tdm_fields::early_timeout::put(w, tdm_traits::multicast_early_timeout);
        tdm_fields::pad_interval::put(w, Traits::padding_tag::encoded_interval);
        tdm_fields::pad_amount::put(w, Traits::padding_tag::encoded_amount);
        tdm_fields::tile_dim0::put(w, u64_t(tile(0)));
        tdm_fields::tile_dim1::put(w, u64_t(tile(1)));
        if (ndim > 2) tdm_fields::tile_dim2::put(w, u64_t(tile(2)));
        return w;
    }
    OPUS_H_D static constexpr array<u32_t, 4> group2() {
        array<u32_t, 4> w{};
        if (ndim > 3) tdm_fields::tile_dim3::put(w, u64_t(tile(3)));
        return w;
    }
    OPUS_H_D static constexpr array<u32_t, 4> group3() {
        array<u32_t, 4> w{};
        if (ndim > 4) tdm_fields::tile_dim4::put(w, u64_t(tile(4)));
        return w;
    }
    // dword I of group G, a scalar constant (an array member here would be odr-used by the
    // initializers below and loaded from memory)
    template <int G, int I>
    static constexpr u32_t word = G == 0 ? group0()[I] : G == 1 ? group1()[I] : G == 2 ? group2()[I & 3] : group3()[I & 3];
    // group G's initializer: its words as an operand vector
    template <int G, index_t... I>
    OPUS_H_D static constexpr auto dwords(seq<I...>) { return vector_t<i32_t, sizeof...(I)>{i32_t(word<G, I>)...}; }
};

using tdm_dwords4 = vector_t<i32_t, 4>;
using tdm_dwords8 = vector_t<i32_t, 8>;

// Groups 2 and 3: members only when the window needs them (an empty base otherwise).
template <bool Needed, typename C>
struct tdm_groups23 {};
template <typename C>
struct tdm_groups23<true, C> {
    tdm_dwords4 group2 = C::template dwords<2>(make_index_seq<4>{});
    tdm_dwords4 group3 = C::template dwords<3>(make_index_seq<4>{});
};

// The D# of one window type, as the instruction's operand groups. A default-constructed value
// holds the compile-time fields; set<Field>(v) writes a run-time one, get<Field>() reads one.
template <typename Traits>
struct tdm_desc : tdm_groups23<tdm_consts<Traits>::needs_groups23, tdm_consts<Traits>> {
    using consts = tdm_consts<Traits>;
    static constexpr bool needs_groups23 = consts::needs_groups23;
    static constexpr u32_t group0_dword0_const = consts::template word<0, 0>;  // valid | index_size | gather_mode

    tdm_dwords4 group0 = consts::template dwords<0>(make_index_seq<4>{});
    tdm_dwords8 group1 = consts::template dwords<1>(make_index_seq<8>{});

    template <typename F>
    OPUS_H_D void set(u64_t v) {
        if constexpr (F::group == 0) F::put(group0, v);
        else if constexpr (F::group == 1) F::put(group1, v);
        else {
            static_assert(needs_groups23, "tdm_desc::set: groups 2 and 3 belong to tiles of 3 or more dimensions and gathers");
            if constexpr (F::group == 2) F::put(this->group2, v);
            else F::put(this->group3, v);
        }
    }
    template <typename F>
    OPUS_H_D u64_t get() const {
        if constexpr (F::group == 0) return F::get(group0);
        else if constexpr (F::group == 1) return F::get(group1);
        else if constexpr (!needs_groups23) return 0;
        else if constexpr (F::group == 2) return F::get(this->group2);
        else return F::get(this->group3);
    }
};
#undef OPUS_TDM_ELEMENT_MSG_

} // namespace detail
OPUS_NAMESPACE_END
OPUS_DETAIL_PSABI_ON
#endif // !OPUS_DEVICE_PASS || OPUS_HAS_TENSOR_DMA
