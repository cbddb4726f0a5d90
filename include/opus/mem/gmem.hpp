// SPDX-License-Identifier: MIT
// opus/mem/gmem.hpp - global memory through a buffer resource descriptor.
//
//   auto g = opus::make_gmem(ptr);                 // no size: no out-of-bounds protection
//   auto g = opus::make_gmem(ptr, n * sizeof(T));  // sized: OOB loads read 0, OOB stores
//                                                  // are dropped (by the hardware)
//                                                  // (a 64-bit size is clamped to 0xffffffff:
//                                                  // opus/mem/range.hpp)
//   auto v = g.load<4>(offset);                    // 4 elements, e.g. fp16x4_t
//   auto v = g.load<4, 3>(offset);                 // aux = 3: group non-temporal
//   auto v = g.load<4>(offset, s_offset, number<3>{});   // the same, aux as an argument
//   g.store<4>(v, offset);   g.store(v, offset);   // N deduced from v
//   g.store<4>(v, offset, s_offset, number<3>{});  // aux (store<N, V, aux>: V may be given)
//   g.store<4>(1.0f, offset);                      // a scalar is written to all 4 elements
//   auto t = g.load<8>(u);   g.store<8>(t, u);     // layout-based bulk (one issue per vector)
//   auto v = g.load_if<4>(pred, offset);           // zero where pred is false
//   g.store_if<4>(pred, v, offset);
//   g.async_load<1>(lds, v_offset, s_offset);      // global -> LDS without registers
//   g.async_load<1>(lds, v_offset, s_offset, number<IOS>{});   // + immediate (bytes)
//   g.async_load<1>(lds, u_gmem, u_smem);          // layout form (+ s_offset, number<IOS>)
//   g.async_load_if<1>(pred, lds, u_gmem, u_smem); // deselected issues write zeros to LDS
//   auto old = g.atomic_add<1>(x, offset);         // buffer atomics (below)
//   g._load<4>(v_bytes), g._store<4>(v, v_bytes), g._async_load<1>(lds, v_bytes)  // bytes
//   g.cached_rsrc                                  // the descriptor (an SGPR quad)
//
// Trailing arguments after the offsets are those of aiter's opus: (v_offset, s_offset,
// number<aux>) for load/store, (.., s_offset, number<IOS>, number<aux>) for async_load and
// (.., s_offset, number<IOE>, number<aux>) for atomic_add. Template parameters likewise:
// load<N, aux>, store<N, V, aux>, async_load<N, IOS, aux>, atomic_add<N, IOE, V, aux>.
//
// Offsets (v_offset and the optional scalar s_offset) are in elements of T, as integers or
// number<> expressions (x / 4_I); see opus/mem/access.hpp for vector-typed and 4-bit T.
// Accesses: 1, 2, 4, 8, 12, 16 bytes as one buffer instruction (ubyte, ushort, dword ..
// dwordx4); a multiple of 16 bytes as several dwordx4 at +16-byte immediate offsets. Other
// widths fail with a static_assert.
//
// aux: the instruction's cache-policy bits (glc/slc on gfx90a, sc0/nt on gfx942/gfx950;
// 0 = default, 3 = group non-temporal; on gfx12 / gfx1250 th[2:0] and scope[4:3], for atomics
// make_atomic_cpol in opus/arch/target.hpp).
//
// Out-of-bounds behaviour with a sized descriptor (num_records = bytes): the hardware checks
// every dword of an access separately on gfx9: a dword that does not lie entirely inside
// [0, bytes) reads 0 / is not written, the other dwords of the same vector are accessed
// normally. So a vector straddling the end is partially loaded (in-range dwords) and
// partially zero. Portable code should not depend on the sub-vector behaviour of gfx11/gfx12
// (possibly all or nothing) nor on a byte/short whose dword is partly out of range: keep
// `bytes` a multiple of the vector size. Sources: docs/evidence.md.
// Without a size (num_records = 0xffffffff) nothing is checked.
//
// Layout-based forms walk the layout's y-space (opus/core/layout_offsets.hpp): one N-wide instruction
// per issue, fully unrolled; the result holds issue k in elements [k*N, (k+1)*N). With
// static strides the per-issue offsets are immediates of one base address.
//
// Predicated forms: `pred` is a lane-level bool, or for the layout forms a callable: taking
// one number<> per y dim (aiter's form: the issue's indices in the vectorized issue space,
// innermost index counting N-wide chunks), or the issue's y index tuple (innermost index =
// chunk * N). load_if returns 0 for deselected issues, store_if skips them; both select
// issues with the same detail::issue_pred, so the same predicate and layout select the
// same elements.
//
// async_load<N>(lds, v_offset, s_offset, number<IOS>): every lane moves N elements from
// v_offset + s_offset (+ IOS bytes) to lds + IOS bytes + lane_id * N elements (the
// buffer->LDS "lds" path). The LDS address comes from M0, which the compiler sets from the
// FIRST ACTIVE lane's `lds` (s_readfirstlane): pass the same lds on every lane, or lane
// l's own slot lds0 + l * N (then lane 0 must be active). IOS is the instruction's 12-bit
// offset field ([0, 4095] bytes, static_assert otherwise); the hardware adds it to the LDS
// address as well (CDNA3 ISA, "Memory Buffer Load to LDS": LDS_ADDR = M0 base + inst_offset +
// TID * size), so it shifts BOTH ends of the copy. Widths per lane: gfx90a/gfx942 1, 2, 4
// bytes, gfx950 also 12 and 16; any other width (e.g. the 8 bytes aiter's opus silently
// drops) is a static_assert. Targets without LDS DMA (gfx11, gfx12) load to registers and
// write the same LDS bytes (synchronous fallback).
// Layout form: issue k reads u_gmem(y_k) and writes lds + u_smem(y'_k) (+ lane * N elements,
// y'_k: issue k of u_smem's own y space, which may be shaped differently with the same count;
// with the first-active-lane rule above). async_load_if(pred, lds, u_gmem, u_smem): u_smem
// must give every lane its own slot (lane 0's + l * N elements, aiter's convention); a
// deselected issue writes zeros there; M0 comes from the first lane reaching the issue,
// selected or not (aiter's takes it from the first selected lane: wrong when lane 0 is
// deselected). Wait with s_waitcnt vmcnt(0) (and a barrier for other waves) before
// reading the LDS data.
//
// atomic_add<N>(x, v_offset, s_offset, number<IOE>) adds x to memory and returns the old
// value: fp32_t x1 (buffer_atomic_add_f32, all targets), fp16_t x2 (buffer_atomic_pk_add_f16:
// gfx90a/gfx942/gfx950/gfx12; gfx11: compare-and-swap loop), bf16_t x2
// (buffer_atomic_pk_add_bf16: gfx950/gfx12; others: compare-and-swap loop), i32_t/u32_t x1
// (buffer_atomic_add). IOE is a compile-time element offset (into the offset field). Other
// types/counts are a static_assert. Layout form: atomic_add<N>(data, u): one per issue.
#pragma once
// Plain C++ (no HIP) stops here with one clear error instead of a wall of them.
#include "../core/config.hpp"
#if !OPUS_HIP
#error "opus/mem/gmem.hpp is device code: compile it as HIP (hipcc, amdclang++, clang++ -x hip). Plain C++ host code includes <opus/core.hpp>, the host half of opus (host C++ may also use <opus/arch.hpp> and <opus/mma.hpp>)"
#else

#include "range.hpp"
#include "rsrc.hpp"
#include "dma.hpp"
#include "atomic.hpp"
#include "smem.hpp"

OPUS_NAMESPACE_BEGIN
namespace detail {
// make_gmem(p[, bytes[, config]]) is callable: p a data pointer (any cv / __restrict) or an
// array, the others integers
template <typename P, typename... R>
inline constexpr bool make_gmem_args_ok = __is_convertible_to(P, const volatile void*) && sizeof...(R) <= 2 &&
                                           (__is_convertible_to(R, uint64_t) && ...);
// the requirement line of the misuse static_assert shows the arguments' types
template <typename Pointer, typename... Rest>
struct make_gmem_arguments { static constexpr bool ok = make_gmem_args_ok<Pointer, Rest...>; };
} // namespace detail

template <typename T_>
struct gmem {
    static_assert(!__is_pointer(remove_cvref_t<T_>),
                  "opus::gmem<T>: T is the element type (fp16_t, fp32x4_t, ...), not a pointer: make_gmem(p) takes a "
                  "pointer to the data, not a pointer to a pointer");
    using T = remove_cvref_t<T_>;
    using value_type = T;
    using scalar_type = typename detail::unit_info<T>::scalar;
    static constexpr index_t vector_size = detail::unit_info<T>::values;  // scalars per element
    template <index_t vec = 1>
    using vector_type = detail::access_t<T, vec>;  // what load<vec> returns
    buffer_rsrc_t cached_rsrc;
  private:
    static constexpr index_t bits = detail::unit_info<T>::bits;  // of one element: offsets scale by it
    template <index_t N> static constexpr index_t access_bytes = detail::access_bytes<T, N>;
  public:

    OPUS_D gmem(const void* p, uint32_t bytes = buffer_no_size, uint32_t config = buffer_default_config())
        : cached_rsrc(make_buffer_rsrc(p, bytes, config))
#if OPUS_HAS_ASYNC_LDS_DMA
          , dma_span{uint64_t((__UINTPTR_TYPE__)p), bytes}
#endif
    {}
    OPUS_D explicit gmem(buffer_rsrc_t r)
        : cached_rsrc(r)
#if OPUS_HAS_ASYNC_LDS_DMA
          , dma_span(detail::to_global_span(r))
#endif
    {}

    // ---- byte offsets (what every element-offset form ends in) ----------------------------
    template <index_t N = 1, index_t aux = 0>
    OPUS_D auto _load(index_t v_bytes, index_t s_bytes = 0, number<aux> = {}) const {
        if constexpr (detail::check_width<T, N>())
            return detail::from_image<vector_type<N>, access_bytes<N>>(
                detail::buffer_load_bytes<access_bytes<N>, aux>(cached_rsrc, v_bytes, s_bytes));
        else  // (after the width's static_assert: a value, so no second error in the caller)
            return vector_type<(N > 0 ? N : 1)>{};
    }
    // data: N elements of T, or any value of exactly that many bytes (stored bit for bit)
    template <index_t N = -1, typename V, index_t aux = 0>
    OPUS_D void _store(const V& v, index_t v_bytes, index_t s_bytes = 0, number<aux> = {}) const {
        constexpr index_t n = N < 0 ? detail::deduced_units<T, V> : N;
        if constexpr (detail::check_width<T, n>() && detail::check_raw_data<T, n, V>())
            detail::buffer_store_bytes<access_bytes<n>, aux, true>(v, cached_rsrc, v_bytes, s_bytes);
    }
    // global -> LDS at byte offsets; IOS (bytes) goes into the instruction's offset field and
    // moves BOTH ends: global v+s+IOS -> LDS lds + IOS + lane * N elements
    template <index_t N = 1, index_t IOS = 0, index_t aux = 0, typename D>
    OPUS_D void _async_load(const D& lds, index_t v_bytes, index_t s_bytes = 0, number<IOS> = {},
                            number<aux> = {}) const {
        if constexpr (detail::check_width<T, N>())
            detail::buffer_load_lds_at<access_bytes<N>, aux, IOS>(dma_source(), lds, 0, v_bytes, s_bytes);
    }

    // ---- single access (offsets in elements of T) -----------------------------------------
    template <index_t N = 1, index_t aux = 0>
    OPUS_D auto load(index_t v_offset, index_t s_offset = 0, number<aux> = {}) const {
        return _load<N, aux>(detail::byte_offset<T>(v_offset), detail::byte_offset<T>(s_offset));
    }

    // N deduced from v when omitted; V may be given (store<N, fp16x8_t>(...)); a scalar of
    // T's element type is broadcast to the N elements
    template <index_t N = -1, typename V, index_t aux = 0>
    OPUS_D void store(const V& v, index_t v_offset, index_t s_offset = 0, number<aux> = {}) const {
        using D = remove_cvref_t<V>;
        if constexpr (detail::broadcast_store<T, N, D>) {
            store<N, vector_type<N>, aux>(detail::broadcast_data<T, N>(v), v_offset, s_offset);
        } else {
            constexpr index_t n = N < 0 ? detail::deduced_units<T, D> : N;
            if constexpr (detail::check_width<T, n>() && detail::check_data<T, n, D>()) {
                detail::buffer_store_bytes<access_bytes<n>, aux, true>(
                    v, cached_rsrc, detail::byte_offset<T>(v_offset), detail::byte_offset<T>(s_offset));
            }
        }
    }

    template <index_t N = 1, index_t aux = 0>
    OPUS_D auto load_if(bool pred, index_t v_offset, index_t s_offset = 0, number<aux> = {}) const {
        decltype(load<N, aux>(v_offset)) r{};
        if (pred) r = load<N, aux>(v_offset, s_offset);
        return r;
    }

    template <index_t N = -1, typename V, index_t aux = 0>
    OPUS_D void store_if(bool pred, const V& v, index_t v_offset, index_t s_offset = 0, number<aux> = {}) const {
        if (pred) store<N, V, aux>(v, v_offset, s_offset);
    }

    // ---- layout-based bulk access ------------------------------------------------------------
    // (load and load_if call the walk, gather_issues, themselves: the shortest path to the issues)
    template <index_t N = 1, typename U, index_t aux = 0, enable_if_t<is_layout_v<U>, int> = 0>
    OPUS_D auto load(const U& u, index_t s_offset = 0, number<aux> = {}) const {
        if constexpr (detail::check_width<T, N>()) {
            return detail::gather_issues<N, vector_type<N * detail::issue_count<N, U>>, vector_type<N>, access_bytes<N>, bits>(
                true, u, detail::buffer_issue_load<vector_type<N>, access_bytes<N>, aux>{cached_rsrc, detail::byte_offset<T>(s_offset)},
                detail::issue_seq<N, U>{});
        }
    }

    template <index_t N = 1, typename V, typename U, index_t aux = 0, enable_if_t<is_layout_v<U>, int> = 0>
    OPUS_D OPUS_DETAIL_OWN_API void store(const V& data, const U& u, index_t s_offset = 0, number<aux> = {}) const {
        store_if<N>(true, data, u, s_offset, number<aux>{});
    }

    template <index_t N = 1, typename P, typename U, index_t aux = 0, enable_if_t<is_layout_v<U>, int> = 0>
    OPUS_D auto load_if(const P& pred, const U& u, index_t s_offset = 0, number<aux> = {}) const {
        if constexpr (detail::check_width<T, N>()) {
            return detail::gather_issues<N, vector_type<N * detail::issue_count<N, U>>, vector_type<N>, access_bytes<N>, bits>(
                pred, u, detail::buffer_issue_load<vector_type<N>, access_bytes<N>, aux>{cached_rsrc, detail::byte_offset<T>(s_offset)},
                detail::issue_seq<N, U>{});
        }
    }

    template <index_t N = 1, typename P, typename V, typename U, index_t aux = 0,
              enable_if_t<is_layout_v<U>, int> = 0>
    OPUS_D OPUS_DETAIL_OWN_API void store_if(const P& pred, const V& data, const U& u, index_t s_offset = 0,
                                             number<aux> = {}) const {
        if constexpr (detail::converting_store<T, V>) {  // the reference's fp32 tile into bf16/fp16 memory
            store_if<N>(pred, detail::convert_values<scalar_type>(data), u, s_offset, number<aux>{});
        } else {
            scatter<N, false, aux>(pred, data, u, s_offset);
        }
    }

    // ---- global -> LDS -----------------------------------------------------------------------
    template <index_t N = 1, index_t IOS = 0, index_t aux = 0, typename D>
    OPUS_D void async_load(const D& lds, index_t v_offset, index_t s_offset = 0, number<IOS> = {},
                           number<aux> = {}) const {
        _async_load<N, IOS, aux>(lds, detail::byte_offset<T>(v_offset), detail::byte_offset<T>(s_offset));
    }

    template <index_t N = 1, typename D, typename UG, typename US, index_t IOS = 0, index_t aux = 0,
              enable_if_t<is_layout_v<UG>, int> = 0>
    OPUS_D void async_load(const D& lds, const UG& u_gmem, const US& u_smem, index_t s_offset = 0,
                           number<IOS> = {}, number<aux> = {}) const {
        async_load_if<N>(true, lds, u_gmem, u_smem, s_offset, number<IOS>{}, number<aux>{});
    }

    // deselected issues write zeros to the lane's own LDS slot: u_smem must give lane l the
    // slot of lane 0 + l * N elements (the DMA's destination), as in aiter's opus
    template <index_t N = 1, typename P, typename D, typename UG, typename US, index_t IOS = 0, index_t aux = 0,
              enable_if_t<is_layout_v<UG>, int> = 0>
    OPUS_D void async_load_if(const P& pred, const D& lds, const UG& u_gmem, const US& u_smem,
                              index_t s_offset = 0, number<IOS> = {}, number<aux> = {}) const {
        if constexpr (detail::check_width<T, N>()) {
            constexpr index_t B = access_bytes<N>;
            const auto pg = detail::make_issue_plan<N>(u_gmem);
            const auto ps = detail::make_issue_plan<N>(u_smem);
            using plan_t = decltype(pg);
            static_assert(plan_t::issues == decltype(ps)::issues,
                          "opus::gmem::async_load: the gmem and smem layouts must have the same number of "
                          "N-wide issues (issue k of one pairs with issue k of the other)");
            const index_t s_bytes = detail::byte_offset<T>(s_offset);
            detail::unroll<plan_t::issues>([&](auto k) {
                if constexpr (is_same_v<P, bool>) {
                    if (pred)
                        detail::buffer_load_lds_at<B, aux, IOS>(dma_source(), lds, detail::plan_byte_offset<bits>(ps, k.value),
                                                                detail::plan_byte_offset<bits>(pg, k.value), s_bytes);
                } else {
                    const auto dst = detail::to_lds_bytes(lds) + detail::plan_byte_offset<bits>(ps, k.value);
                    // M0 from the first lane reaching the issue, selected or not (the DMA
                    // stays where lane 0 + l * B puts it when lane 0 is deselected); the zero
                    // fill writes each lane's own u_smem slot. (Not gather_issues: M0 is read
                    // before the predicate, which the walk evaluates first.)
                    const auto m0 = detail::first_lane_lds(dst);
                    if (detail::issue_pred<typename plan_t::space>(pred, k))
                        detail::buffer_load_lds<B, aux, IOS, true>(dma_source(), m0, detail::plan_byte_offset<bits>(pg, k.value),
                                                                   s_bytes);
                    else
                        detail::lds_store_bytes<B>(detail::raw_image_t<B>{}, dst + IOS);
                }
            });
        }
    }

    // ---- atomics -----------------------------------------------------------------------------
    // atomic add of N elements (f32 x1, f16 x2, bf16 x2, i32/u32 x1) at byte offsets; returns
    // the old value. IOS (bytes) goes into the instruction's offset field.
    template <index_t N = 1, index_t IOS = 0, typename V, index_t aux = 0>
    OPUS_D auto _atomic_add(const V& x, index_t v_bytes, index_t s_bytes = 0, number<IOS> = {},
                            number<aux> = {}) const {
        return detail::buffer_atomic_add<T, N, aux>(x, cached_rsrc, v_bytes + IOS, s_bytes);
    }
    // offsets and IOE (a compile-time immediate) in elements of T
    template <index_t N = 1, index_t IOE = 0, typename V, index_t aux = 0>
    OPUS_D auto atomic_add(const V& x, index_t v_offset, index_t s_offset = 0, number<IOE> = {},
                           number<aux> = {}) const {
        return detail::buffer_atomic_add<T, N, aux>(x, cached_rsrc,
                                                    detail::byte_offset<T>(v_offset) + detail::byte_offset<T>(IOE),
                                                    detail::byte_offset<T>(s_offset));
    }
    // one N-wide atomic add per issue of the layout (data: N * issues elements, issue order)
    template <index_t N = 1, typename V, typename U, index_t aux = 0, enable_if_t<is_layout_v<U>, int> = 0>
    OPUS_D void atomic_add(const V& data, const U& u, index_t s_offset = 0, number<aux> = {}) const {
        scatter<N, true, aux>(true_type{}, data, u, s_offset);
    }

  private:
    // What the global->LDS loads address: the descriptor, or on gfx1250 (whose loads take a
    // global address) the pointer and size this gmem was made from, as aiter's opus keeps its
    // raw_ptr (assigning cached_rsrc does not change them there).
#if OPUS_HAS_ASYNC_LDS_DMA
    detail::global_span dma_span;
    OPUS_D const detail::global_span& dma_source() const { return dma_span; }
#else
    OPUS_D const buffer_rsrc_t& dma_source() const { return cached_rsrc; }
#endif

    // the layout store (Atomic: atomic add) of store_if / atomic_add: one N-wide access per
    // selected issue, issue k taking the data's elements [k*N, (k+1)*N)
    template <index_t N, bool Atomic, index_t aux, typename P, typename V, typename U>
    OPUS_D void scatter(const P& pred, const V& data, const U& u, index_t s_offset) const {
        if constexpr (detail::check_width<T, N>() && detail::check_data<T, N * detail::issue_count<N, U>, V>()) {
            const index_t s_bytes = detail::byte_offset<T>(s_offset);
            detail::scatter_issues<N, vector_type<N>, access_bytes<N>>(pred, data, u, [&](const auto& c, const auto& plan, index_t k) __attribute__((always_inline)) {
                if constexpr (Atomic) detail::buffer_atomic_add<T, N, aux>(c, cached_rsrc, detail::plan_byte_offset<bits>(plan, k), s_bytes);
                else detail::buffer_store_bytes<access_bytes<N>, aux>(c, cached_rsrc, detail::plan_byte_offset<bits>(plan, k), s_bytes);
            }, detail::issue_seq<N, U>{});
        }
    }
};

template <typename T> struct is_gmem : detail::is_instance_of<gmem, T> {};
template <typename T> inline constexpr bool is_gmem_v = is_gmem<remove_cvref_t<T>>::value;

// bytes (none: no out-of-bounds protection): a 64-bit size is clamped to the descriptor's
// 32-bit range (opus/mem/range.hpp), never truncated; a 32-bit one (int, unsigned) is the
// range as it is, converted to unsigned as in aiter's opus - never widened, so LLVM keeps the
// size arithmetic in 32 bits as it does there
template <typename T, typename S = uint32_t, enable_if_t<__is_convertible_to(S, uint64_t), int> = 0>
OPUS_D gmem<T> make_gmem(const T* p, S bytes = buffer_no_size, uint32_t config = buffer_default_config()) {
    if constexpr (__is_integral(S) && sizeof(S) <= 4)
        return gmem<T>(p, static_cast<uint32_t>(bytes), config);
    else
        return gmem<T>(p, detail::buffer_range_bytes(static_cast<uint64_t>(bytes)), config);
}
// any other arguments (p not a pointer, a size or config that is not an integer)
template <typename P, typename... R, enable_if_t<!detail::make_gmem_args_ok<P, R...>, int> = 0>
OPUS_D auto make_gmem(const P&, const R&...) {  // (auto: the body, and so the message, comes first)
    static_assert(detail::make_gmem_arguments<P, R...>::ok,
                  "opus::make_gmem(p[, bytes[, config]]): p must be a pointer to the data (const T*), bytes an "
                  "integer (64-bit, clamped to 0xffffffff), config a uint32_t");
    return detail::make_gmem_arguments<P, R...>{};
}

OPUS_NAMESPACE_END
#endif // OPUS_HIP
