// Host tests of opus::mdiv (core/mdiv.hpp): magic-number division must equal plain 32-bit
// unsigned division for every divisor 1 .. 2^32-1 and every dividend 0 .. 2^32-1. Checked on
// many divisors (small, powers of two and their neighbours, near 2^31 and 2^32, random) with
// boundary dividends, dividends around multiples of the divisor (near 2^32 in particular)
// and random dividends; every dividend of three 2^24-wide windows (bottom, around 2^31, top)
// for a few divisors.
#include <catch2/catch_test_macros.hpp>
#include <opus/core.hpp>

#include <cstddef>
#include <cstdint>
#include <vector>

using opus::mdiv;
using u64 = unsigned long long;

namespace {

// kernel-argument layout: three unsigned ints, in this order
static_assert(sizeof(mdiv) == 3 * sizeof(unsigned int));
static_assert(offsetof(mdiv, divisor) == 0);
static_assert(offsetof(mdiv, multiplier) == sizeof(unsigned int));
static_assert(offsetof(mdiv, shift) == 2 * sizeof(unsigned int));

// usable in constant expressions
static_assert(mdiv(7).div(4294967295u) == 613566756u);
static_assert(mdiv(4294967295u).div(4294967295u) == 1u);
static_assert(mdiv(4294967295u).div(4294967294u) == 0u);
static_assert(mdiv(1).div(4294967295u) == 4294967295u);
static_assert(mdiv(3).get() == 3u);

struct rng {  // splitmix64
    u64 s;
    uint32_t next() {
        u64 z = (s += 0x9e3779b97f4a7c15ull);
        z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
        z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
        return uint32_t((z ^ (z >> 31)) >> 32);
    }
};

// false (and bad = n) when m disagrees with plain division at dividend n
bool check_dividend(const mdiv& m, uint32_t n, uint32_t& bad) {
    const uint32_t d = m.get();
    uint32_t q = 0, r = 0;
    m.divmod(n, q, r);
    if (m.div(n) != n / d || q != n / d || r != n % d) {
        bad = n;
        return false;
    }
    return true;
}

std::vector<uint32_t> test_divisors() {
    std::vector<uint32_t> ds;
    for (uint32_t d = 1; d <= 300; ++d) ds.push_back(d);
    for (int k = 1; k < 32; ++k) {
        const uint32_t p = 1u << k;
        ds.push_back(p - 1);
        ds.push_back(p);
        ds.push_back(p + 1);
    }
    for (uint32_t d : {641u, 1000u, 65535u, 65537u, 3u * 65536u, 1000000007u, 0x7ffffffdu, 0x7fffffffu,
                       0x80000000u, 0x80000001u, 0x80000003u, 0xaaaaaaabu, 0xc0000000u, 0xfffffffdu,
                       0xfffffffeu, 0xffffffffu})
        ds.push_back(d);
    rng g{12345};
    for (int i = 0; i < 200; ++i) ds.push_back(g.next() | 1u);
    for (int i = 0; i < 100; ++i) ds.push_back((g.next() >> (g.next() % 31)) | 1u);
    return ds;
}

} // namespace

TEST_CASE("mdiv: default and divisor 1", "[core][mdiv]") {
    const mdiv z;
    CHECK(z.divisor == 0u);
    CHECK(z.multiplier == 0u);
    CHECK(z.shift == 0u);
    CHECK(mdiv(0).div(12345u) == 12345u);  // documented: mdiv(0) is the default mdiv
    const mdiv one(1);
    for (uint32_t n : {0u, 1u, 2u, 0x7fffffffu, 0x80000000u, 0xfffffffeu, 0xffffffffu}) CHECK(one.div(n) == n);
}

TEST_CASE("mdiv: magic values of aiter's construction where it is defined (divisor <= 2^31)",
          "[core][mdiv]") {
    // shift = ceil(log2 d), multiplier = floor(2^32 (2^shift - d) / d) + 1
    for (uint32_t d : {1u, 2u, 3u, 7u, 10u, 255u, 256u, 65537u, 0x40000001u, 0x7fffffffu, 0x80000000u}) {
        const mdiv m(d);
        uint32_t s = 0;
        while ((u64(1) << s) < d) ++s;
        const u64 mult = ((((u64(1) << s) - d) << 32) / d) + 1;
        CHECK(m.divisor == d);
        CHECK(m.shift == s);
        CHECK(m.multiplier == uint32_t(mult));
    }
}

TEST_CASE("mdiv: boundary, near-multiple and random dividends for many divisors", "[core][mdiv]") {
    rng g{777};
    for (uint32_t d : test_divisors()) {
        const mdiv m(d);
        uint32_t bad = 0;
        bool ok = true;
        auto t = [&](u64 n) {
            if (ok && n <= 0xffffffffull) ok = check_dividend(m, uint32_t(n), bad);
        };
        for (u64 n : {0ull, 1ull, 2ull, 0x7fffffffull, 0x80000000ull, 0x80000001ull, 0xfffffffeull,
                           0xffffffffull, u64(d) - 1, u64(d), u64(d) + 1})
            t(n);
        // around multiples of d: the largest ones below 2^32, those around 2^31, small ones
        const u64 kmax = 0xffffffffull / d;
        for (u64 k : {kmax, kmax - 1, kmax - 2, (0x80000000ull / d), (0x80000000ull / d) + 1, u64(2),
                           u64(3)}) {
            if (k == 0 || k > kmax) continue;
            t(k * d - 1);
            t(k * d);
            t(k * d + 1);
            t(k * d + d - 1);
        }
        for (int i = 0; i < 2000 && ok; ++i) {
            t(g.next());
            t(0xffffffffull - (g.next() & 0xffffu));  // top of the range
        }
        INFO("divisor " << d << ", dividend " << bad);
        CHECK(ok);
    }
}

TEST_CASE("mdiv: every dividend of three 2^24 windows for a few divisors", "[core][mdiv]") {
    for (uint32_t d : {7u, 641u, 0x7fffffffu, 0x80000001u, 0xfffffffbu}) {
        const mdiv m(d);
        uint32_t bad = 0;
        bool ok = true;
        for (u64 lo : {0ull, 0x80000000ull - (1ull << 23), 0x100000000ull - (1ull << 24)})
            for (u64 n = lo; ok && n < lo + (1ull << 24); ++n) ok = check_dividend(m, uint32_t(n), bad);
        INFO("divisor " << d << ", dividend " << bad);
        CHECK(ok);
    }
}
