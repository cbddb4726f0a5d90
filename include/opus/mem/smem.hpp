// SPDX-License-Identifier: MIT
// opus/mem/smem.hpp - shared memory (LDS) access.
//
//   __shared__ fp16_t lds[2048];
//   auto s = opus::make_smem(lds);        // smem<fp16_t>; the pointer is kept in address
//                                          // space 3, so every access is a ds_read/ds_write
//   auto v = s.load<8>(offset);            // fp16x8_t, one ds_read_b128
//   s.store<8>(v, offset);                 // one ds_write_b128 (N may be deduced from v)
//   auto t = s.load<4>(u);  s.store<4>(t, u);   // layout-based bulk forms (see gmem.hpp)
//
//   opus::smem<fp16_t> s(ptr);            // any pointer to LDS (also void*)
//   auto t = s.load_if<4>(pred, u);  s.store_if<4>(pred, t, u);   // predicated bulk forms
//   auto r = s.tr_load<4>(offset);  s.tr_load<4>(u);  s.tr_load_if<4>(pred, u);   // gfx950
//   s._load<8>(bytes), s._store<8>(v, bytes), s._tr_load<4, IMM>(bytes)            // bytes
//   s.ptr                                   // the LDS byte address (address space 3)
//
// tr_load<N>: ds_read_b64_tr_b16 / _b8 / _b4 (gfx950 only; a static_assert on other
// targets): 64 bits per lane (N = 4 16-bit, 8 8-bit or 16 4-bit values), transposed within
// groups of lanes as the instruction defines. Constant parts of the address (static layout
// strides, `u + number<N>{}`) fold into the instruction's 16-bit offset field.
//
// Offsets are in elements of T (see opus/mem/access.hpp for vector and 4-bit types). An
// access of B bytes uses the widest ds instruction: ds_read_b128 chunks for B >= 16, else
// b64/b32/u16/u8 (12 bytes: b64 + b32). The address must be aligned to the access width
// (min(B, 16) bytes) as the ds instructions require.
#pragma once
// Plain C++ (no HIP) stops here with one clear error instead of a wall of them.
#include "../core/config.hpp"
#if !OPUS_HIP
#error "opus/mem/smem.hpp is device code: compile it as HIP (hipcc, amdclang++, clang++ -x hip). Plain C++ host code includes <opus/core.hpp>, the host half of opus (host C++ may also use <opus/arch.hpp> and <opus/mma.hpp>)"
#else

#include "lds.hpp"

OPUS_NAMESPACE_BEGIN


template <typename T_>
struct smem {
    using T = remove_cvref_t<T_>;
    using value_type = T;
    using scalar_type = typename detail::unit_info<T>::scalar;
    static constexpr index_t vector_size = detail::unit_info<T>::values;  // scalars per element
    template <index_t vec = 1>
    using vector_type = detail::access_t<T, vec>;  // what load<vec> returns
    detail::lds_ptr_t<char> ptr;  // byte address in LDS
  private:
    static constexpr index_t bits = detail::unit_info<T>::bits;  // of one element: offsets scale by it
    template <index_t N> static constexpr index_t access_bytes = detail::access_bytes<T, N>;
  public:

    smem() = default;
    // from a pointer to LDS: a __shared__ array (generic pointer) or an address-space-3 one.
    // A generic pointer to LDS is never null; saying so removes the null test of the
    // generic -> LDS cast (s_cmp_lg_u64 + s_cselect per use where LLVM cannot fold it)
    template <typename P>
    OPUS_D smem(P* p) : ptr((__builtin_assume(p != nullptr), (detail::lds_ptr_t<char>)(p))) {}
#if OPUS_DEVICE_PASS  // (the host pass has no LDS address space: the overload above takes both)
    template <typename P>
    OPUS_D smem(OPUS_LDS_ADDR P* p) : ptr((detail::lds_ptr_t<char>)(p)) {}
#endif

    OPUS_D detail::lds_ptr_t<uint8_t> bytes() const { return (detail::lds_ptr_t<uint8_t>)ptr; }

    // ---- byte offsets --------------------------------------------------------------------
    template <index_t N = 1>
    OPUS_D auto _load(index_t v_bytes) const {
        if constexpr (detail::check_width<T, N>())
            return detail::lds_load_bytes<vector_type<N>, access_bytes<N>>(bytes() + v_bytes);
    }
    // data: N elements of T, or any value of exactly that many bytes (stored bit for bit)
    template <index_t N = -1, typename V>
    OPUS_D void _store(const V& v, index_t v_bytes) const {
        constexpr index_t n = N < 0 ? detail::deduced_units<T, V> : N;
        if constexpr (detail::check_width<T, n>() && detail::check_raw_data<T, n, V>())
            detail::lds_store_bytes<access_bytes<n>>(v, bytes() + v_bytes);
    }
    // transposing read at v_bytes + IMM (gfx950)
    template <index_t N = 1, index_t IMM = 0>
    OPUS_D auto _tr_load(index_t v_bytes) const {
        return detail::lds_tr_read<T, N>(bytes() + v_bytes + IMM);
    }

    // ---- single access (offsets in elements of T) -----------------------------------------
    template <index_t N = 1>
    OPUS_D auto load(index_t offset) const {
        return _load<N>(detail::byte_offset<T>(offset));
    }
    // N deduced from v when omitted; V may be given; a scalar is broadcast to N elements
    template <index_t N = -1, typename V>
    OPUS_D void store(const V& v, index_t offset) const {
        using D = remove_cvref_t<V>;
        if constexpr (detail::broadcast_store<T, N, D>) {
            store<N, vector_type<N>>(detail::broadcast_data<T, N>(v), offset);
        } else {
            constexpr index_t n = N < 0 ? detail::deduced_units<T, D> : N;
            if constexpr (detail::check_width<T, n>() && detail::check_data<T, n, D>())
                detail::lds_store_bytes<access_bytes<n>>(v, bytes() + detail::byte_offset<T>(offset));
        }
    }
    template <index_t N = 1>
    OPUS_D auto tr_load(index_t offset) const {
        return _tr_load<N>(detail::byte_offset<T>(offset));
    }

    // ---- layout-based bulk access ------------------------------------------------------------
    template <index_t N = 1, typename U, enable_if_t<is_layout_v<U>, int> = 0>
    OPUS_D auto load(const U& u) const { return bulk_load<N, false>(true, u); }
    template <index_t N = 1, typename P, typename U, enable_if_t<is_layout_v<U>, int> = 0>
    OPUS_D auto load_if(const P& pred, const U& u) const { return bulk_load<N, false>(pred, u); }
    // one ds_read_b64_tr per issue (gfx950); constant parts of the offsets (static strides,
    // layout_shifted) land in the instruction's offset field
    template <index_t N = 1, typename U, enable_if_t<is_layout_v<U>, int> = 0>
    OPUS_D auto tr_load(const U& u) const { return bulk_load<N, true>(true, u); }
    template <index_t N = 1, typename P, typename U, enable_if_t<is_layout_v<U>, int> = 0>
    OPUS_D auto tr_load_if(const P& pred, const U& u) const { return bulk_load<N, true>(pred, u); }
    template <index_t N = 1, typename V, typename U, enable_if_t<is_layout_v<U>, int> = 0>
    OPUS_D OPUS_DETAIL_OWN_API void store(const V& data, const U& u) const {
        store_if<N>(true_type{}, data, u);
    }
    template <index_t N = 1, typename P, typename V, typename U, enable_if_t<is_layout_v<U>, int> = 0>
    OPUS_D OPUS_DETAIL_OWN_API void store_if(const P& pred, const V& data, const U& u) const {
        if constexpr (detail::converting_store<T, V>) {  // the reference's fp32 tile into bf16/fp16 LDS
            store_if<N>(pred, detail::convert_values<scalar_type>(data), u);
        } else if constexpr (detail::check_width<T, N>() && detail::check_data<T, N * detail::issue_count<N, U>, V>()) {
            detail::scatter_issues<N, vector_type<N>, access_bytes<N>>(pred, data, u, [&](const auto& c, const auto& plan, index_t k) __attribute__((always_inline)) {
                detail::lds_store_bytes<access_bytes<N>>(c, bytes() + detail::plan_byte_offset<bits>(plan, k));
            }, detail::issue_seq<N, U>{});
        }
    }

  private:
    // The LDS base of a bulk load. smem(p) turns a generic pointer to a __shared__ array into
    // an LDS pointer with an address-space cast, which LLVM folds back to the array: its
    // address is a link-time constant, merged into every access's offset (a single access
    // then needs no base register at all). For a load whose issues span 8 KiB or more that
    // merge pushes issues past the 16-bit ds offset: each such issue needs its own
    // `base + constant` VGPR, which LLVM hoists out of a K loop, where many of them make a
    // large kernel spill. Those loads take the base through its integer value,
    // as aiter's opus does for every access: opaque to LLVM, so the issues keep their own
    // offsets as immediates. Smaller spans keep the folded base (aiter's fmha, mla and moe
    // kernels are smaller with it); a runtime y stride keeps it too. Pinned by
    // test/codegen/mem/smem_loop_offsets.hip.
    template <typename Plan>
    OPUS_D detail::lds_ptr_t<uint8_t> bulk_load_base() const {
        constexpr index_t span = detail::plan_static_span<remove_cvref_t<Plan>>::value;
        if constexpr (span >= 0 && span * bits >= 8192 * 8)
            return (detail::lds_ptr_t<uint8_t>)(__UINTPTR_TYPE__)(void*)bytes();
        else return bytes();
    }

    template <index_t N, bool Tr, typename P, typename U>
    OPUS_D auto bulk_load(const P& pred, const U& u) const {
        if constexpr (detail::check_width<T, N>()) {
            return detail::gather_issues<N, vector_type<N * detail::issue_count<N, U>>, vector_type<N>,
                                         access_bytes<N>, bits>(pred, u, [&](const auto& plan, index_t v_bytes) __attribute__((always_inline)) {
                const auto p = bulk_load_base<decltype(plan)>() + v_bytes;
                if constexpr (Tr) return detail::lds_tr_read<T, N>(p);
                else return detail::lds_load_bytes<vector_type<N>, access_bytes<N>>(p);
            }, detail::issue_seq<N, U>{});
        }
    }
};

template <typename T> struct is_smem : detail::is_instance_of<smem, T> {};
template <typename T> inline constexpr bool is_smem_v = is_smem<remove_cvref_t<T>>::value;

template <typename T>
OPUS_D smem<T> make_smem(T* p) {
    return smem<T>(p);
}
#if OPUS_DEVICE_PASS
template <typename T>
OPUS_D smem<T> make_smem(OPUS_LDS_ADDR T* p) {
    return smem<T>(p);
}
#endif
namespace detail {
template <typename T> inline constexpr bool smem_is_pointer = __is_pointer(T) || __is_array(T);  // (any cv / __restrict)
template <typename P> struct make_smem_argument { static constexpr bool ok = smem_is_pointer<P>; };
} // namespace detail
// make_smem of anything but a pointer (or array): a static_assert showing the argument type
template <typename P, enable_if_t<!detail::smem_is_pointer<P>, int> = 0>
OPUS_D auto make_smem(const P&) {
    static_assert(detail::make_smem_argument<P>::ok,
                  "opus::make_smem(p): p must be a pointer to LDS data (a __shared__ array or an address-space-3 "
                  "pointer)");
    return detail::make_smem_argument<P>{};
}

namespace detail {
template <typename S>
OPUS_D lds_ptr_t<uint8_t> to_lds_bytes(const smem<S>& s) {
    return s.bytes();
}
} // namespace detail

OPUS_NAMESPACE_END
#endif // OPUS_HIP
