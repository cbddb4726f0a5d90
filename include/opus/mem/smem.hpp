// opus/mem/smem.hpp - shared memory (LDS) access.
//
//   __shared__ fp16_t lds[2048];
//   auto s = opus::make_smem(lds);        // smem<fp16_t>; the pointer is kept in address
//                                          // space 3, so every access is a ds_read/ds_write
//   auto v = s.load<8>(offset);            // fp16x8_t, one ds_read_b128
//   s.store<8>(v, offset);                 // one ds_write_b128 (N may be deduced from v)
//   auto t = s.load<4>(u);  s.store<4>(t, u);   // layout-based bulk forms (see gmem.hpp)
//
// Offsets are in elements of T (see opus/mem/access.hpp for vector and 4-bit types). An
// access of B bytes uses the widest ds instruction: ds_read_b128 chunks for B >= 16, else
// b64/b32/u16/u8 (12 bytes: b64 + b32). The address must be aligned to the access width
// (min(B, 16) bytes) as the ds instructions require.
#pragma once

#include "opus/mem/access.hpp"
#include "opus/mem/bulk.hpp"

namespace opus {

template <typename T_>
struct smem {
    using T = remove_cvref_t<T_>;
    using value_type = T;
    detail::lds_ptr_t<T> ptr;

    OPUS_D detail::lds_ptr_t<uint8_t> bytes() const { return (detail::lds_ptr_t<uint8_t>)ptr; }

    // ---- single access -------------------------------------------------------------------
    template <index_t N = 1, typename O, enable_if_t<!is_layout_v<O>, int> = 0>
    OPUS_D auto load(const O& offset) const {
        if constexpr (detail::check_width<T, N>()) {
            return detail::lds_load_bytes<detail::access_t<T, N>, detail::access_bytes<T, N>>(
                bytes() + detail::byte_offset<T>(offset));
        }
    }
    template <index_t N = -1, typename V, typename O, enable_if_t<!is_layout_v<O>, int> = 0>
    OPUS_D void store(const V& v, const O& offset) const {
        constexpr index_t n = N < 0 ? detail::deduced_units<T, V> : N;
        if constexpr (detail::check_width<T, n>() && detail::check_data<T, n, V>()) {
            detail::lds_store_bytes<detail::access_bytes<T, n>>(v, bytes() + detail::byte_offset<T>(offset));
        }
    }

    // ---- layout-based bulk access ------------------------------------------------------------
    template <index_t N = 1, typename U, enable_if_t<is_layout_v<U>, int> = 0>
    OPUS_D auto load(const U& u) const {
        if constexpr (detail::check_width<T, N>()) {
            const auto plan = detail::make_issue_plan<N>(u);
            using plan_t = decltype(plan);
            detail::access_t<T, N * plan_t::issues> r{};
            static_for<plan_t::issues>([&](auto k) {
                detail::put_chunk<T, N>(r, k.value, detail::lds_load_bytes<detail::access_t<T, N>, detail::access_bytes<T, N>>(
                                                        bytes() + detail::plan_byte_offset<T>(plan, k.value)));
            });
            return r;
        }
    }
    template <index_t N = 1, typename V, typename U, enable_if_t<is_layout_v<U>, int> = 0>
    OPUS_D void store(const V& data, const U& u) const {
        const auto plan = detail::make_issue_plan<N>(u);
        using plan_t = decltype(plan);
        if constexpr (detail::check_width<T, N>() && detail::check_data<T, N * plan_t::issues, V>()) {
            static_for<plan_t::issues>([&](auto k) {
                detail::lds_store_bytes<detail::access_bytes<T, N>>(
                    detail::take_chunk<T, N>(data, k.value), bytes() + detail::plan_byte_offset<T>(plan, k.value));
            });
        }
    }
};

template <typename T>
OPUS_D smem<T> make_smem(T* p) {
    return smem<T>{(detail::lds_ptr_t<T>)(p)};
}
template <typename T>
OPUS_D smem<T> make_smem(OPUS_LDS_AS T* p) {
    return smem<T>{(detail::lds_ptr_t<T>)(p)};
}

namespace detail {
template <typename S>
OPUS_D lds_ptr_t<uint8_t> to_lds_bytes(const smem<S>& s) {
    return s.bytes();
}
} // namespace detail

} // namespace opus
