// SPDX-License-Identifier: MIT
// opus/mem/tdm.hpp - tensor DMA windows of gfx1250 (tensor_load_to_lds / tensor_store_from_lds).
//
// A window moves one tile between a global tensor and LDS with a single instruction issued by
// one wave; the transfer completes asynchronously (s_wait_tensorcnt). The tensor's extents clip
// the tile: elements outside the tensor read as 0 and are not written.
//
//   using win = opus::tdm<fp16_t, opus::seq<64, 32>>;            // 64 x 32 tile, dim 0 fastest
//   auto w = opus::make_tdm<win>(lds_addr, ptr, cols, rows, row_stride, col0, row0);
//   w.async_load();                    // LDS <- the tile at (col0, row0)
//   w.move(64_I);                      // next tile along dim 0 (element deltas, dim 0 first)
//   auto d = w.make_descriptor(slot);  // the D# for LDS element offset `slot`, issued later:
//   win::async_load(d);  opus::s_wait_tensorcnt<0>();
//
// Dimensions are in D# order, dim 0 the contiguous one (stride 1); make_tdm(lds, ptr, layout)
// takes an opus::layout in opus order (last dimension contiguous) and reverses it. Extents,
// strides, origins and LDS offsets are element counts; the two base addresses are bytes.
// Policies (tdm_traits: padding, multicast, gather, cache) come in any order (opus/mem/tdm_desc.hpp).
// All window state is uniform (SGPRs): make_tdm, move and set_* make their inputs uniform with
// s_readfirstlane. Parsed in host code and gfx1250 device passes only; the instructions need
// clang >= 22. docs/mem.md (tensor DMA); tests: test/host/mem/test_tdm_desc.cpp,
// test/codegen/mem/tdm_gfx1250.hip, test/device/mem/test_tdm_gfx1250.hip.
#pragma once

#include "../core/config.hpp"
#include "../arch/target.hpp"

#if !OPUS_DEVICE_PASS || OPUS_HAS_TENSOR_DMA
#include "../core/layout.hpp"
#include "../core/static_for.hpp"
#include "../core/tuple.hpp"
#include "../arch/workgroup.hpp"
#include "tdm_desc.hpp"

OPUS_NAMESPACE_BEGIN
namespace detail {
// The wave's first lane's value: window state stays scalar even when an input is divergent.
OPUS_H_D u32_t tdm_uniform(u32_t v) {
#if OPUS_DEVICE_PASS
    return __builtin_constant_p(v) ? v : u32_t(__builtin_amdgcn_readfirstlane(int(v)));
#else
    return v;
#endif
}
OPUS_H_D u64_t tdm_uniform(u64_t v) { return (u64_t(tdm_uniform(u32_t(v >> 32))) << 32) | tdm_uniform(u32_t(v)); }
template <typename T> inline constexpr bool tdm_static_zero_v = is_same_v<remove_cvref_t<T>, number<0>>;
} // namespace detail

namespace detail {
// The run-time multicast mask of the workgroups of a ClusterDimX x ClusterDimY cluster that share
// this one's column (AlongY: tdm_traits::peers_along_y) or row (peers_along_x); bit
// y * ClusterDimX + x. A cluster extent of 1 gives 0 (no multicast).
template <index_t ClusterDimX, index_t ClusterDimY, bool AlongY>
OPUS_H_D tdm_traits::mask tdm_peers() {
    static_assert(ClusterDimX >= 1 && ClusterDimY >= 1 && ClusterDimX * ClusterDimY <= 16,
                  "tdm_traits::peers_along_x / peers_along_y<X, Y>: a cluster has 1..16 workgroups");
    constexpr index_t peers = AlongY ? ClusterDimY : ClusterDimX, step = AlongY ? ClusterDimX : 1;
    if constexpr (peers == 1) {
        return tdm_traits::mask{0};
    } else {
        constexpr u32_t bits = [] { u32_t b = 0; for (index_t i = 0; i < peers; ++i) b |= 1u << (i * step); return b; }();
        if constexpr (AlongY) return tdm_traits::mask{u16_t(bits << u32_t(cluster_workgroup_id_x()))};
        else return tdm_traits::mask{u16_t(bits << (u32_t(cluster_workgroup_id_y()) * ClusterDimX))};
    }
}
} // namespace detail

namespace tdm_traits {
template <index_t ClusterDimX, index_t ClusterDimY>
OPUS_H_D mask peers_along_y() { return detail::tdm_peers<ClusterDimX, ClusterDimY, true>(); }
template <index_t ClusterDimX, index_t ClusterDimY>
OPUS_H_D mask peers_along_x() { return detail::tdm_peers<ClusterDimX, ClusterDimY, false>(); }
} // namespace tdm_traits

// tdm<DataType, TileShape, Policies...>: a tensor DMA window; TileShape is seq<D0, D1, ...> in D#
// order (D0 contiguous), 2 to 5 dimensions.
template <typename DataType, typename TileShape, typename... Policies>
struct tdm {
    using traits = tdm_traits::resolve<DataType, TileShape, Policies...>;
    using descriptor = detail::tdm_desc<traits>;
    using data_type = DataType;
    using tile_shape = TileShape;
    static constexpr u32_t ndim = u32_t(TileShape::size());
    static constexpr bool has_dim2 = ndim >= 3, has_dim3 = ndim >= 4, has_dim4 = ndim >= 5;
    static constexpr bool is_gather = traits::gather_tag::enabled;
    static constexpr bool needs_groups23 = descriptor::needs_groups23;
    static constexpr u32_t elem_bytes = u32_t(sizeof(DataType));

    // The window's state: everything make_descriptor() needs, uniform.
    u32_t lds_base_addr = 0;                      // LDS byte address of slot 0
    u64_t global_base_addr = 0;                   // the tensor's byte address
    u64_t global_offset_bytes = 0;                // the tile origin's byte offset in it
    u32_t extent[ndim]{};                         // the tensor's extents
    u32_t origin[ndim]{};                         // the tile's origin
    u64_t stride[ndim - 1]{};                     // stride[i]: elements between neighbours along dim i + 1
    u32_t workgroup_mask_override = u32_t(traits::multicast_tag::bits);
    u32_t tile_dim1_override = u32_t(TileShape::at(1));
    u32_t dim1_clamped = 0;                       // extent[1] - origin[1] (0 past it), kept by move()
    u32_t gidx[8] = {0, 0, 0, 0, 0, 0, 0, 0};     // gather: the row indices, packed as groups 2 and 3
    u32_t gather_n = 0;                           // gather: how many are valid

    // A 2D window: the tensor's extents (shape0 contiguous), the elements between rows
    // (dim0_stride) and the tile's origin.
    OPUS_H_D void make(u32_t lds_base_address, const void* global_base_address, u32_t shape0, u32_t shape1,
                       u64_t dim0_stride, u32_t origin_0 = 0, u32_t origin_1 = 0) {
        static_assert(ndim == 2, "opus::tdm::make / make_tdm(lds, ptr, shape0, shape1, stride, ...): a 2D window; "
                                 "give a 3D..5D window an opus::layout (make_tdm(lds, ptr, layout))");
        if constexpr (ndim == 2) {
            const u32_t shape[2] = {shape0, shape1}, coord[2] = {origin_0, origin_1};
            const u64_t pitch[1] = {dim0_stride};
            make_from_layout(lds_base_address, global_base_address, shape, pitch, coord);
        }
    }
    // Any rank, in D# order: extents, strides (pitch[i] for dim i + 1) and the tile origin.
    OPUS_H_D void make_from_layout(u32_t lds_base_address, const void* global_base_address,
                                   const u32_t (&shape)[ndim], const u64_t (&pitch)[ndim - 1],
                                   const u32_t (&coord)[ndim]) {
        lds_base_addr = detail::tdm_uniform(lds_base_address);
        global_base_addr = detail::tdm_uniform(u64_t(reinterpret_cast<__UINTPTR_TYPE__>(global_base_address)));
        static_for<ndim>([&](auto i) {
            extent[i.value] = detail::tdm_uniform(shape[i.value]);
            origin[i.value] = detail::tdm_uniform(coord[i.value]);
        });
        static_for<ndim - 1>([&](auto i) { stride[i.value] = detail::tdm_uniform(pitch[i.value]); });
        u64_t offset = origin[0];  // elements; dim 0 is contiguous
        static_for<ndim - 1>([&](auto i) { offset += u64_t(origin[i.value + 1]) * stride[i.value]; });
        global_offset_bytes = offset * elem_bytes;
        dim1_clamped = detail::uniform_sub_sat(extent[1], origin[1]);
    }

    // Run-time multicast peers (tdm_traits::peers_along_x / _y), replacing the multicast<> tag's.
    OPUS_H_D void set_workgroup_mask(tdm_traits::mask m) { workgroup_mask_override = detail::tdm_uniform(u32_t(m.bits)); }
    // Run-time tile rows (tile_dim1, at most the TileShape's): one window type for tiles that
    // differ in their row count only.
    OPUS_H_D void set_tile_dim1(u32_t rows) { tile_dim1_override = detail::tdm_uniform(rows) & 0xffffu; }
    // gather: the rows to move, n of them (at most 16 16-bit or 8 32-bit indices); row i of the
    // LDS tile is tensor row idx[i] (dim-1 coordinate; keep the window's dim-1 origin at 0).
    template <typename Idx>
    OPUS_H_D void set_indices(const Idx* idx, int n) {
        static_assert(is_gather, "opus::tdm::set_indices: the window has no tdm_traits::gather<16 or 32> policy");
        constexpr int max_n = int(traits::gather_tag::max_indices);
        gather_n = u32_t(n < 0 ? 0 : (n > max_n ? max_n : n));  // tile_dim1 never names more rows than indices
        for (int i = 0; i < 8; ++i) gidx[i] = 0;
        for (int i = 0; i < n && i < max_n; ++i) {  // the operands go through s_readfirstlane at the issue
            if constexpr (max_n == 16) gidx[i / 2] |= (u32_t(idx[i]) & 0xffffu) << (16 * (i % 2));
            else gidx[i] = u32_t(idx[i]);
        }
    }

    // Moves the tile by element deltas in D# order (dim 0 first; missing trailing ones are 0).
    // A number<0> delta costs nothing.
    template <typename... Deltas>
    OPUS_H_D void move(Deltas... deltas) {
        static_assert(sizeof...(Deltas) <= ndim, "opus::tdm::move: more deltas than the window has dimensions");
        const auto ds = opus::make_tuple(deltas...);
        i64_t bytes = 0;
        static_for<sizeof...(Deltas)>([&](auto i) {
            constexpr index_t k = i.value;
            const auto d = get<k>(ds);
            if constexpr (!detail::tdm_static_zero_v<decltype(d)>) {
                origin[k] = detail::tdm_uniform(u32_t(i64_t(origin[k]) + i64_t(d)));
                if constexpr (k == 0) bytes += i64_t(d);
                else bytes += i64_t(d) * i64_t(stride[k - 1]);
                if constexpr (k == 1) dim1_clamped = detail::uniform_sub_sat(extent[1], origin[1]);
            }
        });
        if constexpr ((!detail::tdm_static_zero_v<Deltas> || ...))
            global_offset_bytes = detail::tdm_uniform(u64_t(i64_t(global_offset_bytes) + bytes * i64_t(elem_bytes)));
    }

    // The D# of the tile at its current origin, landing at LDS element offset lds_offset_elems.
    // Separate from the issue so that independent work can hide the SGPR writes.
    OPUS_H_D descriptor make_descriptor(u32_t lds_offset_elems = 0) const {
        namespace f = detail::tdm_fields;
        descriptor d;
        d.template set<f::lds_addr>(lds_base_addr + lds_offset_elems * elem_bytes);
        d.template set<f::global_addr>(global_base_addr + global_offset_bytes);
        d.template set<f::workgroup_mask>(workgroup_mask_override);
        // the extents left from the tile's origin, 0 at or past the end (a tile entirely outside
        // the tensor moves nothing; the instruction still counts in TENSORcnt)
        d.template set<f::tensor_dim0>(detail::uniform_sub_sat(extent[0], origin[0]));
        d.template set<f::tensor_dim1>(dim1_clamped);
        d.template set<f::tile_dim1>(is_gather ? gather_n : tile_dim1_override);
        d.template set<f::tensor_dim0_stride>(stride[0]);
        if constexpr (has_dim2) set_dim<f::tensor_dim1_stride, f::tensor_dim2, 2>(d);
        if constexpr (has_dim3) set_dim<f::tensor_dim2_stride, f::tensor_dim3, 3>(d);
        if constexpr (has_dim4) set_dim<f::tensor_dim3_stride, f::tensor_dim4, 4>(d);
        if constexpr (is_gather) {
            d.group2 = detail::tdm_dwords4{i32_t(gidx[0]), i32_t(gidx[1]), i32_t(gidx[2]), i32_t(gidx[3])};
            d.group3 = detail::tdm_dwords4{i32_t(gidx[4]), i32_t(gidx[5]), i32_t(gidx[6]), i32_t(gidx[7])};
        }
        return d;
    }

    // Issue a D# (TENSORcnt counts it until the data has landed / left LDS).
    OPUS_D static void async_load(const descriptor& d) { issue<false>(d); }
    OPUS_D static void async_store(const descriptor& d) { issue<true>(d); }
    OPUS_D void async_load(u32_t lds_offset_elems = 0) const { issue<false>(make_descriptor(lds_offset_elems)); }
    OPUS_D void async_store(u32_t lds_offset_elems = 0) const { issue<true>(make_descriptor(lds_offset_elems)); }

  private:
    // dim I (>= 2) of the D#: the stride to it and the elements left from the tile origin
    template <typename StrideField, typename DimField, u32_t I>
    OPUS_H_D void set_dim(descriptor& d) const {
        d.template set<StrideField>(stride[I - 1]);
        d.template set<DimField>(detail::uniform_sub_sat(extent[I], origin[I]));
    }
    template <bool Store>
    OPUS_D static void issue(const descriptor& d) {
        static_assert(Store || (traits::cache_pol & 7) != 7,
                      "opus::tdm::async_load: temporal hint 7 exists for stores only (store_temporal_hint::non_temporal_write_back)");
#if OPUS_DEVICE_PASS
        detail::tdm_dwords4 g2{0, 0, 0, 0}, g3{0, 0, 0, 0};
        if constexpr (needs_groups23) {
            g2 = d.group2;
            g3 = d.group3;
        }
#if __has_builtin(__builtin_amdgcn_tensor_load_to_lds_d2)
        // clang 22: groups 0..3 and the cache policy
        if constexpr (Store) __builtin_amdgcn_tensor_store_from_lds(d.group0, d.group1, g2, g3, traits::cache_pol);
        else __builtin_amdgcn_tensor_load_to_lds(d.group0, d.group1, g2, g3, traits::cache_pol);
#else
        // LLVM from PR #182334 on: a fifth group, which gfx1250 ignores
        const detail::tdm_dwords8 g4{0, 0, 0, 0, 0, 0, 0, 0};
        if constexpr (Store) __builtin_amdgcn_tensor_store_from_lds(d.group0, d.group1, g2, g3, g4, traits::cache_pol);
        else __builtin_amdgcn_tensor_load_to_lds(d.group0, d.group1, g2, g3, g4, traits::cache_pol);
#endif
#else
        (void)d;
#endif
    }
};

template <typename> struct is_tdm : false_type {};
template <typename T, typename S, typename... P> struct is_tdm<tdm<T, S, P...>> : true_type {};
template <typename T> inline constexpr bool is_tdm_v = is_tdm<remove_cvref_t<T>>::value;

// make_tdm: a 2D window from the tensor's extents (shape0 contiguous), its row stride and the
// tile origin; or a window of any rank from an opus::layout (opus order, last dimension
// contiguous with stride 1; its coordinate, if any, is the tile origin).
template <typename Window, enable_if_t<is_tdm_v<Window>, int> = 0>
OPUS_H_D Window make_tdm(u32_t lds_base_address, const void* global_base_address, u32_t shape0, u32_t shape1,
                         u64_t stride, u32_t origin0 = 0, u32_t origin1 = 0) {
    Window w;
    w.make(lds_base_address, global_base_address, shape0, shape1, stride, origin0, origin1);
    return w;
}
template <typename DataType, typename TileShape, typename... Policies>
OPUS_H_D tdm<DataType, TileShape, Policies...> make_tdm(u32_t lds_base_address, const void* global_base_address,
                                                        u32_t shape0, u32_t shape1, u64_t stride,
                                                        u32_t origin0 = 0, u32_t origin1 = 0) {
    return make_tdm<tdm<DataType, TileShape, Policies...>>(lds_base_address, global_base_address, shape0, shape1,
                                                           stride, origin0, origin1);
}
template <typename Window, typename Layout, enable_if_t<is_tdm_v<Window> && is_layout_v<Layout>, int> = 0>
OPUS_H_D Window make_tdm(u32_t lds_base_address, const void* global_base_address, const Layout& tensor) {
    using L = remove_cvref_t<Layout>;
    constexpr index_t n = index_t(Window::ndim);
    static_assert(L::rank == n, "opus::make_tdm(lds, ptr, layout): the layout's rank must be the window's");
    static_assert(tuple_size_v<typename L::coord_type> == 0 || L::num_free == 0,
                  "opus::make_tdm(lds, ptr, layout): the coordinate is the tile origin; it cannot have `_` entries");
    using inner_stride = remove_cvref_t<decltype(tensor.template stride<n - 1>())>;
    static_assert(!is_number_v<inner_stride> || inner_stride::value == 1,
                  "opus::make_tdm(lds, ptr, layout): the last dimension is contiguous (stride 1)");
    u32_t shape[n], coord[n];
    u64_t pitch[n - 1];
    static_for<n>([&](auto k) {  // D# dim k is layout dim n - 1 - k
        constexpr index_t l = n - 1 - k.value;
        shape[k.value] = u32_t(tensor.template shape<l>());
        if constexpr (tuple_size_v<typename L::coord_type> == 0) coord[k.value] = 0;
        else coord[k.value] = u32_t(get<l>(tensor.coord()));
    });
    static_for<n - 1>([&](auto k) { pitch[k.value] = u64_t(tensor.template stride<n - 2 - k.value>()); });
    Window w;
    w.make_from_layout(lds_base_address, global_base_address, shape, pitch, coord);
    return w;
}
template <typename DataType, typename TileShape, typename... Policies, typename Layout,
          enable_if_t<is_layout_v<Layout>, int> = 0>
OPUS_H_D tdm<DataType, TileShape, Policies...> make_tdm(u32_t lds_base_address, const void* global_base_address,
                                                        const Layout& tensor) {
    return make_tdm<tdm<DataType, TileShape, Policies...>>(lds_base_address, global_base_address, tensor);
}

// Free forms: async_load(w, ...) / async_store(w, ...) issue like w.async_load(...); a window
// is not a gmem/smem (load(w) does not compile).
template <typename Window, typename... A, enable_if_t<is_tdm_v<Window>, int> = 0>
OPUS_D void async_load(const Window& w, A&&... a) { w.async_load(static_cast<A&&>(a)...); }
template <typename Window, typename... A, enable_if_t<is_tdm_v<Window>, int> = 0>
OPUS_D void async_store(const Window& w, A&&... a) { w.async_store(static_cast<A&&>(a)...); }
template <typename Window, enable_if_t<is_tdm_v<Window>, int> = 0>
OPUS_H_D auto make_descriptor(const Window& w) { return w.make_descriptor(); }

OPUS_NAMESPACE_END
#endif // !OPUS_DEVICE_PASS || OPUS_HAS_TENSOR_DMA
