// SPDX-License-Identifier: MIT
// opus/mma/operand.hpp - register containers of matrix-core operands, including the sub-byte
// formats of gfx950's scaled f8f6f4 MFMA.
//
//   (fp6_t, bf6_t: opus/arch/dtype.hpp)
//   packed6_vector<P, N>         N fp6/bf6 values back to back: value i at bits [6i, 6i + 6)
//                                of the little-endian dword stream (N: a multiple of 16)
//   mma_operand_t<T, N>          the per-lane register container of N values of T:
//                                vector_t<T, N>; packed_vector<fp4_t, N> (value i in byte i/2,
//                                low nibble first); packed6_vector<fp6_t / bf6_t, N>
//   mma_operand_slice<Off, Len>(v)  values [Off, Off + Len) of such a container
//   detail::mma_as_operand<V>(x)    any register container of V's size (or an f8f6f4
//                                   operand's full register image) as V (HIP)
//
// In every format value i of a lane's container is K element i of that lane: consecutive
// values at consecutive bit offsets, value 0 in the low bits of the first register. For fp8
// that is AMD's documented layout; for fp4 / fp6 it is the same rule by analogy (the compiler
// narrows those operands to 4 / 6 registers, so the packing is dense), not yet verified on
// hardware.
#pragma once

#include "../arch/dtype.hpp"
#include "../core/slice.hpp"
#include "../core/vector.hpp"

OPUS_NAMESPACE_BEGIN

template <typename P, index_t N>
struct packed6_vector {
    static_assert(N % 16 == 0, "opus::packed6_vector: N must be a multiple of 16 (whole 32-bit registers)");
    using pack_type = P;
    static constexpr index_t size = N;
    static constexpr index_t dwords = N * 6 / 32;
    uint32_t data[dwords];
};
template <typename P, index_t N> struct vector_traits<packed6_vector<P, N>, void> {
    using dtype = P;
    static constexpr index_t size = N;
    static constexpr bool is_vector = false;
};

namespace detail {
// bits of one operand value (fp4 4, fp6/bf6 6, others their size)
template <typename T> inline constexpr index_t mma_value_bits = index_t(sizeof(T) * 8);
template <> inline constexpr index_t mma_value_bits<fp4_t> = 4;
template <> inline constexpr index_t mma_value_bits<fp6_t> = 6;
template <> inline constexpr index_t mma_value_bits<bf6_t> = 6;

// by the value bits: fp4 packed_vector, fp6 / bf6 packed6_vector, others vector_t
template <typename T, index_t N, index_t Bits = mma_value_bits<T>> struct mma_operand { using type = vector_t<T, N>; };
template <typename T, index_t N> struct mma_operand<T, N, 4> { using type = packed_vector<T, N>; };
template <typename T, index_t N> struct mma_operand<T, N, 6> { using type = packed6_vector<T, N>; };
} // namespace detail

template <typename T, index_t N> using mma_operand_t = typename detail::mma_operand<T, N>::type;

#if OPUS_HIP
namespace detail {
// A register container reinterpreted as the operand type V: same size, or - the full register
// image (Image bytes) of an f8f6f4 operand holding a smaller (fp4 / fp6) one - its low registers.
template <typename V, typename R, index_t... I>
OPUS_D V mma_low_registers(const R& r, seq<I...>) {
    constexpr index_t n = sizeof...(I);
    if constexpr ((n & (n - 1)) == 0) {
        return __builtin_bit_cast(V, __builtin_shufflevector(r, r, I...));
    } else {  // 6 or 12 registers (fp6): an ext vector of that length is padded to a power of two
        struct regs { int v[n]; };
        return __builtin_bit_cast(V, regs{{r[I]...}});
    }
}
template <typename V, index_t Image = 32, typename X>
OPUS_D V mma_as_operand(const X& x) {
    if constexpr (is_same_v<V, X>) {
        return x;
    } else if constexpr (sizeof(X) == sizeof(V)) {
        return __builtin_bit_cast(V, x);
    } else if constexpr (!(sizeof(X) > sizeof(V) && sizeof(X) == Image)) {
        return V{};  // rejected by the caller's mma_operand_check (no second error here)
    } else {
        // the low registers (fp4: 4 of 8, 8 of 16; fp6: 6 / 12) as a register selection: a byte
        // copy becomes byte masks and permutes (pinned by test/codegen/mma/aiter_instr_gfx950.hip)
        static_assert(sizeof(V) % 4 == 0, "opus mma: internal (an operand is whole registers)");
        using regs = vector_t<int, Image / 4>;
        return mma_low_registers<V>(__builtin_bit_cast(regs, x), make_index_seq<index_t(sizeof(V)) / 4>{});
    }
}

} // namespace detail
#endif

// values [Off, Off + Len) of an operand container (whole bytes for fp4, whole dwords for fp6)
template <index_t Off, index_t Len, typename V>
OPUS_H_D constexpr auto mma_operand_slice(const V& v) {
    if constexpr (Off == 0 && Len == vector_traits<V>::size) {
        return v;
    } else if constexpr (is_packs_v<typename vector_traits<V>::dtype>) {  // packed_vector (2 values per byte)
        static_assert(Off % 2 == 0 && Len % 2 == 0, "opus::mma_operand_slice: fp4 slices are whole bytes");
        packed_vector<typename vector_traits<V>::dtype, Len> r;
        for (index_t i = 0; i < Len / 2; ++i) r.content[i] = v.content[Off / 2 + i];
        return r;
    } else if constexpr (is_vector_v<V>) {
        return slice(v, number<Off>{}, number<Off + Len>{});
    } else {  // packed6_vector
        static_assert(Off % 16 == 0 && Len % 16 == 0, "opus::mma_operand_slice: fp6 slices are whole registers");
        packed6_vector<typename V::pack_type, Len> r{};
        for (index_t i = 0; i < Len * 6 / 32; ++i) r.data[i] = v.data[Off * 6 / 32 + i];
        return r;
    }
}

OPUS_NAMESPACE_END
