// SPDX-License-Identifier: MIT
// opus/core/mdiv.hpp - division of 32-bit unsigned integers by a divisor fixed at run time,
// through a precomputed "magic" multiplier (one mul_hi, an add and a shift instead of the
// long software division of the GPU).
//
//     opus::mdiv m(n_cols);                  // on the host; pass m to the kernel by value
//     unsigned q = m.div(i), r; m.divmod(i, q, r);
//
// Layout (three unsigned ints: divisor, multiplier, shift), constructor and member functions
// are those of aiter's opus::mdiv, so a kernel argument built by either header is read right
// by the other. Supported divisors: 1 .. 2^32-1; div/divmod are exact for every dividend
// 0 .. 2^32-1 (test/host/core/test_core_mdiv.cpp). mdiv(0) is the default-constructed mdiv
// (div returns the dividend). Differences from aiter's mdiv, which is exact only for dividends below about 2^31
// and divisors up to 2^31 (its 32-bit sum wraps; larger divisors do not terminate): the sum
// of the multiply-high and the dividend is a 64-bit add (33 significant bits) and the shift a
// 64-bit shift: about one more instruction per division (s_add_u32 + s_addc_u32 for uniform
// dividends; v_add_co + v_addc, or v_lshl_add_u64 on gfx942/gfx950, for per-lane ones) and a
// register pair for the sum. (Keeping the carry with a compare and select instead
// (v_add_co + v_cndmask) saves the pair copies per lane but moves uniform divisions to VALU,
// which costs more in total.) The instruction sequence is pinned by
// test/codegen/core/core_mdiv.hip.
//
// Method: s = ceil(log2 d), m = floor(2^32 * (2^s - d) / d) + 1 < 2^32; then for n < 2^32
// floor(n / d) = (mulhi(n, m) + n) >> s, with the sum taken in 33 bits (Granlund and
// Montgomery, "Division by invariant integers using multiplication", 1994, the N+1-bit case).
#pragma once

#include "config.hpp"

OPUS_NAMESPACE_BEGIN

struct mdiv {
    unsigned int divisor;
    unsigned int multiplier;
    unsigned int shift;

    OPUS_H_D constexpr mdiv() : divisor(0), multiplier(0), shift(0) {}
    OPUS_H_D constexpr mdiv(unsigned int divisor_)
        : divisor(divisor_), multiplier(magic_multiplier(divisor_)), shift(magic_shift(divisor_)) {}

    OPUS_H_D constexpr unsigned int div(unsigned int dividend) const {
        const uint64_t hi = (static_cast<uint64_t>(dividend) * multiplier) >> 32;
        return static_cast<unsigned int>((hi + dividend) >> shift);  // the sum needs 33 bits
    }
    OPUS_H_D constexpr void divmod(unsigned int dividend, unsigned int& quotient, unsigned int& remainder) const {
        quotient = div(dividend);
        remainder = dividend - quotient * divisor;
    }
    OPUS_H_D constexpr unsigned int get() const { return divisor; }

    // ceil(log2(d)) (0 for d <= 1)
    OPUS_H_D static constexpr unsigned int magic_shift(unsigned int d) {
        unsigned int s = 0;
        while (s < 32 && (uint64_t(1) << s) < d) ++s;
        return s;
    }
    OPUS_H_D static constexpr unsigned int magic_multiplier(unsigned int d) {
        if (d == 0) return 0;
        const uint64_t s = magic_shift(d);
        return static_cast<unsigned int>((((uint64_t(1) << s) - d) << 32) / d + 1);
    }
};

OPUS_NAMESPACE_END
