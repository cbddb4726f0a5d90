// SPDX-License-Identifier: MIT
// opus/core/subbyte.hpp - sub-byte element types ("packs") and their bit-packed containers.
//
// A pack type (arch/dtype.hpp: fp4_t, int4_t, uint4_t) is ONE logical value narrower than a
// byte. Standalone, or in a C array, it occupies a whole byte (the value in the low `bits`
// bits of its `value` member). opus::array<P, N> and vector_t<P, N> of a pack type are
// bit-packed instead: N values in packed_bytes_v<P, N> bytes, value i in byte i / num_packs at
// bit (i % num_packs) * bits (value 0 in the low nibble), so __builtin_bit_cast between
// array<fp4_t, 8> and a uint32_t maps value i to bits [4i, 4i + 4). Indexing such a container
// yields a proxy (subbyte_reference) that reads / writes the value's bits.
//
//   is_packs_v<T>  num_packs_v<T> (values per byte, 1 for other types)  packed_bytes_v<T, N>
//   OPUS_DEFINE_SUB_BYTE(name, bits, is_signed, exp_bits, mantissa_bits)  defines a pack type
//   OPUS_DETAIL_PACKED_CONTAINERS(name)   makes array<name, N> / packed_vector<name, N> packed
//                                         (used by arch/dtype.hpp after the type exists)
#pragma once

#include "number.hpp"

OPUS_NAMESPACE_BEGIN

// ---- traits ---------------------------------------------------------------------------------
template <typename T> struct is_packs : false_type {};
template <typename T> inline constexpr bool is_packs_v = is_packs<remove_cvref_t<T>>::value;

template <typename T, bool = is_packs_v<T>> struct num_packs { static constexpr int value = 1; };
template <typename T> struct num_packs<T, true> { static constexpr int value = int(remove_cvref_t<T>::num_packs); };
template <typename T> inline constexpr int num_packs_v = num_packs<T>::value;

// bytes of N values of T (whole bytes; N values of a pack type are bit-packed)
namespace detail {
template <typename T, bool = is_packs_v<T>> struct value_bits { static constexpr index_t value = index_t(sizeof(T)) * 8; };
template <typename T> struct value_bits<T, true> { static constexpr index_t value = index_t(remove_cvref_t<T>::bits); };
} // namespace detail
template <typename T, index_t N>
inline constexpr index_t packed_bytes_v = (detail::value_bits<T>::value * N + 7) / 8;

// A pack type: one value in the low `Bits` bits of a byte.
#define OPUS_DEFINE_SUB_BYTE(name_, bits_, signed_, exp_bits_, mantissa_bits_)                     \
    struct name_ {                                                                                 \
        using storage = unsigned char;                                                             \
        static constexpr unsigned int bits = bits_;                                                \
        static constexpr unsigned int mask = (1u << bits_) - 1u;                                   \
        static constexpr bool is_signed = signed_;                                                 \
        static constexpr unsigned int num_packs = 8u / bits_;                                      \
        static constexpr unsigned int exp_bits = exp_bits_;                                        \
        static constexpr unsigned int mantissa_bits = mantissa_bits_;                              \
        storage value;                                                                             \
    };                                                                                             \
    template <> struct is_packs<name_> : true_type {};

// ---- proxy references -------------------------------------------------------------------------
namespace detail {
template <typename T> OPUS_H_D constexpr T make_pack(unsigned int code) {
    T r{};
    r.value = static_cast<typename T::storage>(code & T::mask);
    return r;
}
} // namespace detail

// One value of a packed container (copying a proxy copies the reference; assigning to it
// writes the value).
template <typename T>
struct subbyte_reference {
    using storage = typename T::storage;
    storage* ptr_;
    unsigned int shift_;
    OPUS_H_D constexpr subbyte_reference(storage* p, unsigned int idx) : ptr_(p), shift_(idx * T::bits) {}
    subbyte_reference(const subbyte_reference&) = default;
    OPUS_H_D constexpr T get() const { return detail::make_pack<T>(unsigned(*ptr_) >> shift_); }
    OPUS_H_D constexpr operator T() const { return get(); }
    OPUS_H_D constexpr const subbyte_reference& operator=(const T& x) const {
        const unsigned int keep = ~(T::mask << shift_);
        *ptr_ = static_cast<storage>((unsigned(*ptr_) & keep) | ((unsigned(x.value) & T::mask) << shift_));
        return *this;
    }
    OPUS_H_D constexpr const subbyte_reference& operator=(const subbyte_reference& o) const { return *this = o.get(); }
};
template <typename T>
struct const_subbyte_reference {
    using storage = typename T::storage;
    const storage* ptr_;
    unsigned int shift_;
    OPUS_H_D constexpr const_subbyte_reference(const storage* p, unsigned int idx) : ptr_(p), shift_(idx * T::bits) {}
    OPUS_H_D constexpr const_subbyte_reference(const subbyte_reference<T>& r) : ptr_(r.ptr_), shift_(r.shift_) {}
    OPUS_H_D constexpr T get() const { return detail::make_pack<T>(unsigned(*ptr_) >> shift_); }
    OPUS_H_D constexpr operator T() const { return get(); }
};

// ---- packed storage ---------------------------------------------------------------------------
namespace detail {
template <typename Z, typename T> using pack_arg_t = decltype(static_cast<T>(declval<const Z&>()));

// The body of array<P, N> for a pack type P (see OPUS_DETAIL_PACKED_CONTAINERS).
template <typename T, index_t N>
struct packed_array {
    static_assert(N >= 0, "opus::array<P, N>: N must be >= 0");
    using value_type = T;
    using storage = typename T::storage;
    using reference = subbyte_reference<T>;
    using const_reference = const_subbyte_reference<T>;
    static constexpr bool is_packed = true;
    static constexpr index_t nstore = packed_bytes_v<T, N>;
    static constexpr unsigned int per = T::num_packs;

    storage content[nstore > 0 ? nstore : 1]{};

    packed_array() = default;
    // N values (or proxies of values): array<fp4_t, 2>{a[0], a[1]}
    template <typename... Z, enable_if_t<sizeof...(Z) == N && N != 0, int> = 0, typename = void_t<pack_arg_t<Z, T>...>>
    OPUS_H_D constexpr packed_array(const Z&... z) {
        index_t i = 0;
        ((void)((*this)[i] = static_cast<T>(z), ++i), ...);
    }

    OPUS_H_D static constexpr index_t size() { return N; }
    OPUS_H_D static constexpr bool empty() { return N == 0; }
    OPUS_H_D constexpr reference operator[](index_t i) { return reference(&content[i / per], unsigned(i % per)); }
    OPUS_H_D constexpr const_reference operator[](index_t i) const { return const_reference(&content[i / per], unsigned(i % per)); }
    template <index_t I> OPUS_H_D constexpr reference operator[](number<I>) {
        static_assert(I >= 0 && I < N, "opus::array::operator[]: static index out of range");
        return (*this)[I];
    }
    template <index_t I> OPUS_H_D constexpr const_reference operator[](number<I>) const {
        static_assert(I >= 0 && I < N, "opus::array::operator[]: static index out of range");
        return (*this)[I];
    }
    OPUS_H_D constexpr void fill(const T& v) {
        for (index_t i = 0; i < N; ++i) (*this)[i] = v;
    }
    OPUS_H_D constexpr void clear() {
        for (index_t i = 0; i < nstore; ++i) content[i] = storage(0);
    }
};
} // namespace detail

template <typename T, index_t N> struct array;

// vector_t<P, N> of a pack type P: a packed array that counts as a vector (is_vector_v).
template <typename P, index_t N>
struct packed_vector : array<P, N> {
    using array<P, N>::array;
    packed_vector() = default;
    OPUS_H_D constexpr packed_vector(const array<P, N>& a) : array<P, N>(a) {}
};

// Specializes array<name, N> (bit-packed); vector_t<name, N> of every pack type is
// packed_vector<name, N> (opus/core/vector.hpp).
#define OPUS_DETAIL_PACKED_CONTAINERS(name_)                                                         \
    template <index_t N> struct array<name_, N> : detail::packed_array<name_, N> {                 \
        using detail::packed_array<name_, N>::packed_array;                                         \
        array() = default;                                                                          \
    };

OPUS_NAMESPACE_END
