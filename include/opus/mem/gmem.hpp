// opus/mem/gmem.hpp - global memory through a buffer resource descriptor.
//
//   auto g = opus::make_gmem(ptr);                 // no size: no out-of-bounds protection
//   auto g = opus::make_gmem(ptr, n * sizeof(T));  // sized: OOB loads read 0, OOB stores
//                                                  // are dropped (by the hardware)
//   auto v = g.load<4>(offset);                    // 4 elements, e.g. fp16x4_t
//   auto v = g.load<4, 3>(offset);                 // aux = 3: group non-temporal
//   g.store<4>(v, offset);   g.store(v, offset);   // N deduced from v
//   auto t = g.load<8>(u);   g.store<8>(t, u);     // layout-based bulk (one issue per vector)
//   auto v = g.load_if<4>(pred, offset);           // zero where pred is false
//   g.store_if<4>(pred, v, offset);
//   g.async_load<1>(lds, v_offset, s_offset);      // global -> LDS without registers
//   g.async_load<1>(lds, u_gmem, u_smem);
//
// Offsets (v_offset and the optional scalar s_offset) are in elements of T, as integers or
// number<> expressions (x / 4_I); see opus/mem/access.hpp for vector-typed and 4-bit T.
// Accesses: 1, 2, 4, 8, 12, 16 bytes as one buffer instruction (ubyte, ushort, dword ..
// dwordx4); a multiple of 16 bytes as several dwordx4 at +16-byte immediate offsets. Other
// widths fail with a static_assert.
//
// aux: the instruction's cache-policy bits (glc/slc on gfx90a, sc0/nt on gfx942/gfx950;
// 0 = default, 3 = group non-temporal).
//
// Out-of-bounds behaviour with a sized descriptor (num_records = bytes): the hardware checks
// every dword of an access separately on gfx9 (and the byte/short of sub-dword accesses):
// a dword that does not lie entirely inside [0, bytes) reads 0 / is not written, the other
// dwords of the same vector are accessed normally. So a vector straddling the end is
// partially loaded (in-range dwords) and partially zero. Portable code should not depend on
// the sub-vector behaviour of gfx11/gfx12 and keep `bytes` a multiple of 4.
// Without a size (num_records = 0xffffffff) nothing is checked.
//
// Layout-based forms walk the layout's y-space (opus/mem/bulk.hpp): one N-wide instruction
// per issue, fully unrolled; the result holds issue k in elements [k*N, (k+1)*N). With
// static strides the per-issue offsets are immediates of one base address.
//
// Predicated forms: `pred` is a lane-level bool, or for the layout forms also a callable
// taking the issue's y index tuple (tuple of number<>). load_if returns 0 for deselected
// issues, store_if skips them; both select issues with the same detail::issue_pred, so the
// same predicate and layout select the same elements.
//
// async_load<N>(lds, v_offset, s_offset): every lane moves N elements from
// v_offset + s_offset to lds + lane_id * N elements (the buffer->LDS "lds" path; the compiler
// sets M0 from `lds`, which must be wave-uniform). Widths per lane: gfx90a/gfx942 1, 2, 4
// bytes, gfx950 also 12 and 16; any other width is a static_assert. Targets without LDS DMA
// (gfx11, gfx12) load to registers and write the same LDS bytes (synchronous fallback).
// Layout form: issue k reads u_gmem(y_k) and writes lds + u_smem(y_k) (+ lane * N elements);
// u_smem must be the same on every lane and have the y shape of u_gmem. Wait with s_waitcnt vmcnt(0) (and a barrier
// for other waves) before reading the LDS data.
#pragma once

#include "opus/mem/access.hpp"
#include "opus/mem/bulk.hpp"
#include "opus/mem/smem.hpp"

namespace opus {

template <typename T_>
struct gmem {
    using T = remove_cvref_t<T_>;
    using value_type = T;
    buffer_rsrc_t rsrc;

    OPUS_D gmem(const T* p, uint32_t bytes = buffer_no_size) : rsrc(detail::make_buffer_rsrc(p, bytes)) {}
    OPUS_D explicit gmem(buffer_rsrc_t r) : rsrc(r) {}

    // ---- single access -------------------------------------------------------------------
    template <index_t N = 1, index_t aux = 0, typename O, enable_if_t<!is_layout_v<O>, int> = 0>
    OPUS_D auto load(const O& v_offset, index_t s_offset = 0) const {
        if constexpr (detail::check_width<T, N>()) {
            return load_bytes<N, aux>(detail::byte_offset<T>(v_offset), detail::byte_offset<T>(s_offset));
        }
    }

    // load<N>/store<N> at byte offsets (what every element-offset form ends in)
    template <index_t N = 1, index_t aux = 0>
    OPUS_D auto load_bytes(index_t v_bytes, index_t s_bytes = 0) const {
        if constexpr (detail::check_width<T, N>())
            return detail::buffer_load_bytes<detail::access_t<T, N>, detail::access_bytes<T, N>, aux>(rsrc, v_bytes, s_bytes);
    }
    template <index_t N = -1, index_t aux = 0, typename V>
    OPUS_D void store_bytes(const V& v, index_t v_bytes, index_t s_bytes = 0) const {
        constexpr index_t n = N < 0 ? detail::deduced_units<T, V> : N;
        if constexpr (detail::check_width<T, n>() && detail::check_data<T, n, V>())
            detail::buffer_store_bytes<detail::access_bytes<T, n>, aux>(v, rsrc, v_bytes, s_bytes);
    }

    template <index_t N = -1, index_t aux = 0, typename V, typename O, enable_if_t<!is_layout_v<O>, int> = 0>
    OPUS_D void store(const V& v, const O& v_offset, index_t s_offset = 0) const {
        constexpr index_t n = N < 0 ? detail::deduced_units<T, V> : N;
        if constexpr (detail::check_width<T, n>() && detail::check_data<T, n, V>()) {
            store_bytes<n, aux>(v, detail::byte_offset<T>(v_offset), detail::byte_offset<T>(s_offset));
        }
    }

    template <index_t N = 1, index_t aux = 0, typename O, enable_if_t<!is_layout_v<O>, int> = 0>
    OPUS_D auto load_if(bool pred, const O& v_offset, index_t s_offset = 0) const {
        if constexpr (detail::check_width<T, N>()) {
            detail::access_t<T, N> r{};
            if (pred) r = load<N, aux>(v_offset, s_offset);
            return r;
        }
    }

    template <index_t N = -1, index_t aux = 0, typename V, typename O, enable_if_t<!is_layout_v<O>, int> = 0>
    OPUS_D void store_if(bool pred, const V& v, const O& v_offset, index_t s_offset = 0) const {
        if (pred) store<N, aux>(v, v_offset, s_offset);
    }

    // ---- layout-based bulk access ------------------------------------------------------------
    template <index_t N = 1, index_t aux = 0, typename U, enable_if_t<is_layout_v<U>, int> = 0>
    OPUS_D auto load(const U& u) const {
        return load_if<N, aux>(true, u);
    }

    template <index_t N = 1, index_t aux = 0, typename V, typename U, enable_if_t<is_layout_v<U>, int> = 0>
    OPUS_D void store(const V& data, const U& u) const {
        store_if<N, aux>(true, data, u);
    }

    template <index_t N = 1, index_t aux = 0, typename P, typename U, enable_if_t<is_layout_v<U>, int> = 0>
    OPUS_D auto load_if(const P& pred, const U& u) const {
        if constexpr (detail::check_width<T, N>()) {
            const auto plan = detail::make_issue_plan<N>(u);
            using plan_t = decltype(plan);
            detail::access_t<T, N * plan_t::issues> r{};
            static_for<plan_t::issues>([&](auto k) {
                if constexpr (is_same_v<P, bool>) {  // one predicate for all issues: no call per issue
                    if (!pred) return;
                } else if (!detail::issue_pred<typename plan_t::space>(pred, k)) {
                    return;
                }
                detail::put_chunk<T, N>(r, k.value, this->template load_bytes<N, aux>(
                                                        detail::plan_byte_offset<T>(plan, k.value)));
            });
            return r;
        }
    }

    template <index_t N = 1, index_t aux = 0, typename P, typename V, typename U,
              enable_if_t<is_layout_v<U>, int> = 0>
    OPUS_D void store_if(const P& pred, const V& data, const U& u) const {
        const auto plan = detail::make_issue_plan<N>(u);
        using plan_t = decltype(plan);
        if constexpr (detail::check_width<T, N>() && detail::check_data<T, N * plan_t::issues, V>()) {
            static_for<plan_t::issues>([&](auto k) {
                if constexpr (is_same_v<P, bool>) {  // one predicate for all issues: no call per issue
                    if (!pred) return;
                } else if (!detail::issue_pred<typename plan_t::space>(pred, k)) {
                    return;
                }
                this->template store_bytes<N, aux>(detail::take_chunk<T, N>(data, k.value),
                                                   detail::plan_byte_offset<T>(plan, k.value));
            });
        }
    }

    // ---- global -> LDS -----------------------------------------------------------------------
    template <index_t N = 1, index_t aux = 0, typename D, typename O, enable_if_t<!is_layout_v<O>, int> = 0>
    OPUS_D void async_load(const D& lds, const O& v_offset, index_t s_offset = 0) const {
        if constexpr (detail::check_width<T, N>()) {
            detail::buffer_load_lds<detail::access_bytes<T, N>, aux>(
                rsrc, detail::to_lds_bytes(lds), detail::byte_offset<T>(v_offset),
                detail::byte_offset<T>(s_offset));
        }
    }

    template <index_t N = 1, index_t aux = 0, typename D, typename UG, typename US,
              enable_if_t<is_layout_v<UG>, int> = 0>
    OPUS_D void async_load(const D& lds, const UG& u_gmem, const US& u_smem) const {
        if constexpr (detail::check_width<T, N>()) {
            const auto base = detail::to_lds_bytes(lds);
            const auto pg = detail::make_issue_plan<N>(u_gmem);
            const auto ps = detail::make_issue_plan<N>(u_smem);
            static_assert(is_same_v<typename decltype(pg)::space, typename decltype(ps)::space>,
                          "opus::gmem::async_load: the gmem and smem layouts must have the same y shape");
            static_for<decltype(pg)::issues>([&](auto k) {
                detail::buffer_load_lds<detail::access_bytes<T, N>, aux>(
                    rsrc, base + detail::plan_byte_offset<T>(ps, k.value),
                    detail::plan_byte_offset<T>(pg, k.value), 0);
            });
        }
    }
};

template <typename T>
OPUS_D gmem<T> make_gmem(const T* p) {
    return gmem<T>(p);
}
template <typename T, typename S>
OPUS_D gmem<T> make_gmem(const T* p, S bytes) {
    return gmem<T>(p, static_cast<uint32_t>(bytes));
}

} // namespace opus
