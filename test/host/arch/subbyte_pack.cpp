// Host tests: sub-byte element types (fp4_t / int4_t / uint4_t) and their bit-packed
// containers (opus/core/subbyte.hpp): sizes, traits, nibble order, proxy reads and writes,
// bit casts to integers, factories; aiter's named fp4 / fp8 conversions against a
// brute-force e2m1 model.
#include <opus/arch.hpp>
#include <opus/arch/aiter.hpp>  // aiter's layer (what opus/opus.hpp adds)

#include <catch2/catch_test_macros.hpp>

#include <cmath>
#include <cstring>

using namespace opus;

#if defined(__clang__)
#pragma clang diagnostic ignored "-Wpsabi"
#elif defined(__GNUC__)
#pragma GCC diagnostic ignored "-Wpsabi"
#endif

namespace {
fp4_t f4(unsigned code) { return fp4_t{static_cast<unsigned char>(code)}; }
template <typename P> unsigned code_of(const P& v) { return unsigned(v.value); }
template <typename C> uint32_t bytes_u32(const C& c) {
    uint32_t u = 0;
    std::memcpy(&u, &c, sizeof(c));
    return u;
}
} // namespace

// ---- traits and sizes -----------------------------------------------------------------------
static_assert(sizeof(fp4_t) == 1 && sizeof(int4_t) == 1 && sizeof(uint4_t) == 1);
static_assert(sizeof(fp4_t[4]) == 4, "a C array of fp4_t is not packed");
static_assert(sizeof_bits<fp4_t>::value == 4 && sizeof_bits<int4_t>::value == 4 && sizeof_bits_v<uint4_t> == 4);
static_assert(sizeof_bits<fp32_t>::value == 32 && sizeof_bits_v<array<fp4_t, 8>> == 32);
static_assert(num_packs_v<fp4_t> == 2 && num_packs_v<int4_t> == 2 && num_packs_v<float> == 1);
static_assert(is_packs_v<fp4_t> && is_packs_v<const int4_t&> && is_packs_v<uint4_t> && !is_packs_v<int> && !is_packs_v<e8m0_t>);
static_assert(!is_packs_v<array<fp4_t, 2>> && !is_packs_v<fp4x8_t>);
static_assert(fp4_t::bits == 4 && fp4_t::exp_bits == 2 && fp4_t::mantissa_bits == 1 && fp4_t::is_signed && !uint4_t::is_signed);
static_assert(is_same_v<fp4_t::storage, unsigned char>);
static_assert(sizeof(array<fp4_t, 2>) == 1 && sizeof(array<fp4_t, 4>) == 2 && sizeof(array<fp4_t, 8>) == 4);
static_assert(sizeof(array<int4_t, 16>) == 8 && sizeof(array<uint4_t, 16>) == 8 && sizeof(array<fp4_t, 3>) == 2);
static_assert(packed_bytes_v<fp4_t, 7> == 4 && packed_bytes_v<float, 3> == 12);
static_assert(array<fp4_t, 8>::size() == 8 && is_array_v<array<fp4_t, 8>>);
static_assert(is_vector_v<vector_t<fp4_t, 8>> && !is_array_v<vector_t<fp4_t, 8>>);
static_assert(sizeof(vector_t<fp4_t, 8>) == 4 && vector_traits<vector_t<fp4_t, 8>>::size == 8);
static_assert(is_same_v<vector_traits<vector_t<int4_t, 16>>::dtype, int4_t>);
static_assert(is_same_v<fp4x8_t, vector_t<fp4_t, 8>> && is_same_v<int4x4_t, packed_vector<int4_t, 4>>);

struct subbyte_pack_probe {};

// numeric_limits of a sub-byte type: the code of ONE value
static_assert(numeric_limits<fp4_t>::max().value == 0x7 && numeric_limits<fp4_t>::lowest().value == 0xf);
static_assert(numeric_limits<fp4_t>::min().value == 0x2 && numeric_limits<fp4_t>::denorm_min().value == 0x1);
static_assert(numeric_limits<int4_t>::max().value == 0x7 && numeric_limits<int4_t>::min().value == 0x8);
static_assert(numeric_limits<uint4_t>::max().value == 0xf && numeric_limits<uint4_t>::min().value == 0x0);
static_assert(numeric_limits<int4_t>::lowest().value == 0x8 && numeric_limits<uint4_t>::lowest().value == 0x0);
static_assert(numeric_limits<int4_t>::is_specialized && numeric_limits<int4_t>::is_integer &&
              numeric_limits<int4_t>::is_signed && numeric_limits<int4_t>::digits == 3 &&
              !numeric_limits<int4_t>::has_infinity && !numeric_limits<int4_t>::has_quiet_NaN);
static_assert(numeric_limits<uint4_t>::is_specialized && !numeric_limits<uint4_t>::is_signed &&
              numeric_limits<uint4_t>::digits == 4);
static_assert(is_same_v<decltype(numeric_limits<int4_t>::max()), int4_t>);
// finfo of the 4-bit integers: their values as floats
static_assert(finfo<int4_t>::bits == 4 && finfo<int4_t>::max() == 7.0f && finfo<int4_t>::min() == -8.0f &&
              finfo<int4_t>::lowest() == -8.0f && finfo<int4_t>::eps() == 1.0f && finfo<int4_t>::tiny() == 1.0f);
static_assert(finfo<uint4_t>::bits == 4 && finfo<uint4_t>::max() == 15.0f && finfo<uint4_t>::min() == 0.0f &&
              finfo<uint4_t>::lowest() == 0.0f && finfo<uint4_t>::eps() == 1.0f);
// and the smallest steps, 1 as for the other integer types
static_assert(finfo<int4_t>::smallest_normal() == 1.0f && finfo<int4_t>::denorm_min() == 1.0f &&
              finfo<uint4_t>::smallest_normal() == 1.0f && finfo<uint4_t>::denorm_min() == 1.0f &&
              finfo<uint4_t>::tiny() == 1.0f);
// types opus does not register have no limits (as std::numeric_limits of a class type)
static_assert(!numeric_limits<long>::is_specialized && !numeric_limits<subbyte_pack_probe>::is_specialized);

// the proxy works in constant expressions
constexpr uint32_t constexpr_pack() {
    array<fp4_t, 4> a;
    for (int i = 0; i < 4; ++i) a[i] = fp4_t{static_cast<unsigned char>(i + 1)};
    a[0] = a[3];
    return uint32_t(a.content[0]) | uint32_t(a.content[1]) << 8;
}
static_assert(constexpr_pack() == 0x4324u);

TEST_CASE("packed array: value i in byte i/2, low nibble first", "[arch][subbyte]") {
    array<fp4_t, 8> a;
    for (int i = 0; i < 8; ++i) a[i] = f4(i);
    unsigned char raw[4];
    std::memcpy(raw, &a, 4);
    CHECK(raw[0] == 0x10);
    CHECK(raw[1] == 0x32);
    CHECK(raw[2] == 0x54);
    CHECK(raw[3] == 0x76);
    CHECK(__builtin_bit_cast(uint32_t, a) == 0x76543210u);
    // and back: bit_cast of an integer, value i = bits [4i, 4i + 4)
    const auto b = __builtin_bit_cast(array<fp4_t, 4>, uint16_t(0xabcd));
    CHECK(code_of(fp4_t(b[0])) == 0xd);
    CHECK(code_of(fp4_t(b[1])) == 0xc);
    CHECK(code_of(fp4_t(b[2])) == 0xb);
    CHECK(code_of(fp4_t(b[3])) == 0xa);
    const auto c = __builtin_bit_cast(array<fp4_t, 8>, 0x89abcdefu);
    for (int i = 0; i < 8; ++i) CHECK(code_of(fp4_t(c[i])) == unsigned(0xf - i));
}

TEST_CASE("packed array: proxy reads, writes and value copies", "[arch][subbyte]") {
    array<fp4_t, 8> a;
    CHECK(bytes_u32(a) == 0u); // value-initialized storage
    for (int i = 0; i < 8; ++i) a[i] = f4(15 - i);
    for (int i = 0; i < 8; ++i) CHECK(code_of(fp4_t(a[i])) == unsigned(15 - i));
    CHECK(code_of(fp4_t(a[number<5>{}])) == 10u);
    a[number<6>{}] = f4(3);
    CHECK(code_of(get<6>(a)) == 3u);
    // writing one value leaves its byte neighbour alone, and only the low 4 bits are stored
    a[2] = f4(0xf5);
    CHECK(code_of(fp4_t(a[2])) == 5u);
    CHECK(code_of(fp4_t(a[3])) == 12u);
    // proxy = proxy copies the value, not the reference
    a[0] = a[1];
    CHECK(code_of(fp4_t(a[0])) == 14u);
    a[1] = f4(7);
    CHECK(code_of(fp4_t(a[0])) == 14u);
    // a proxy read through a const array
    const auto& ca = a;
    const_subbyte_reference<fp4_t> r = ca[1];
    CHECK(code_of(r.get()) == 7u);
    a.fill(f4(0xa));
    CHECK(bytes_u32(a) == 0xaaaaaaaau);
    a.clear();
    CHECK(bytes_u32(a) == 0u);
    fill(a, f4(1));
    CHECK(bytes_u32(a) == 0x11111111u);
}

TEST_CASE("packed array: construction, make_array, concat_array, repeated", "[arch][subbyte]") {
    const array<fp4_t, 4> src{f4(1), f4(2), f4(3), f4(4)};
    CHECK(bytes_u32(src) == 0x4321u);
    const array<fp4_t, 2> pair{src[2], src[3]}; // from proxies, as aiter's code writes it
    CHECK(__builtin_bit_cast(uint8_t, pair) == 0x43);
    auto m = make_array(f4(5), f4(6), f4(7));
    STATIC_REQUIRE(is_same_v<decltype(m), array<fp4_t, 3>>);
    CHECK(sizeof(m) == 2);
    CHECK(code_of(get<2>(m)) == 7u);
    auto c = concat_array(make_array(f4(1), f4(2)), make_array(f4(3), f4(4)));
    STATIC_REQUIRE(is_same_v<decltype(c), array<fp4_t, 4>>);
    CHECK(bytes_u32(c) == 0x4321u);
    CHECK(bytes_u32(make_repeated_array<8>(f4(9))) == 0x99999999u);
}

TEST_CASE("packed vector: vector_t<fp4_t, N> / int4 / uint4", "[arch][subbyte]") {
    vector_t<fp4_t, 8> v;
    for (int i = 0; i < 8; ++i) v[i] = f4(7 - i);
    CHECK(__builtin_bit_cast(uint32_t, v) == 0x01234567u);
    const array<fp4_t, 8>& as_array = v; // a packed vector is a packed array
    CHECK(code_of(get<0>(as_array)) == 7u);
    clear(v);
    CHECK(__builtin_bit_cast(uint32_t, v) == 0u);
    fill(v, f4(2));
    CHECK(__builtin_bit_cast(uint32_t, v) == 0x22222222u);
    const auto arr = to_array(v);
    STATIC_REQUIRE(is_same_v<remove_cvref_t<decltype(arr)>, array<fp4_t, 8>>);
    CHECK(bytes_u32(arr) == 0x22222222u);

    array<int4_t, 16> s;
    array<uint4_t, 16> u;
    for (int i = 0; i < 16; ++i) {
        s[i] = int4_t{static_cast<unsigned char>(i)};
        u[i] = uint4_t{static_cast<unsigned char>(15 - i)};
    }
    for (int i = 0; i < 16; ++i) {
        CHECK(code_of(int4_t(s[i])) == unsigned(i));
        CHECK(code_of(uint4_t(u[i])) == unsigned(15 - i));
    }
    unsigned char raw[8];
    std::memcpy(raw, &s, 8);
    CHECK(raw[0] == 0x10);
    CHECK(raw[7] == 0xfe);
    // int4 codes read as two's complement, uint4 as unsigned
    const auto si = cast<i32_t>(s);
    const auto ui = cast<i32_t>(u);
    for (int i = 0; i < 16; ++i) {
        CHECK(si[i] == (i >= 8 ? i - 16 : i));
        CHECK(ui[i] == 15 - i);
    }
}

// ---- conversions ------------------------------------------------------------------------------
namespace {
// brute force: the e2m1 code nearest to x (ties to the even code), saturating at +-6
unsigned e2m1_model(float x) {
    static const float mag[8] = {0.f, 0.5f, 1.f, 1.5f, 2.f, 3.f, 4.f, 6.f};
    const unsigned sign = std::signbit(x) ? 8u : 0u;
    const float a = std::fabs(x);
    unsigned best = 0;
    for (unsigned c = 1; c < 8; ++c) {
        const float d = std::fabs(a - mag[c]), db = std::fabs(a - mag[best]);
        if (d < db || (d == db && (c & 1u) == 0u)) best = c;
    }
    return sign | best;
}
float e2m1_value(unsigned code) {
    static const float mag[8] = {0.f, 0.5f, 1.f, 1.5f, 2.f, 3.f, 4.f, 6.f};
    return (code & 8u ? -1.f : 1.f) * mag[code & 7u];
}
} // namespace

TEST_CASE("fp4_to_fp32_packed_x2/x4/x8 and fp4_to_bf16_packed_x2: every byte", "[arch][subbyte][cast]") {
    for (unsigned b = 0; b < 256; ++b) {
        const auto p = __builtin_bit_cast(array<fp4_t, 2>, uint8_t(b));
        const fp32x2_t f = fp4_to_fp32_packed_x2(p);
        CHECK(f[0] == e2m1_value(b & 15u));
        CHECK(f[1] == e2m1_value(b >> 4));
        CHECK(std::signbit(f[0]) == bool(b & 8u)); // -0 stays -0
        const fp32x2_t g = fp4_to_fp32_packed_x2(p, 0.25f);
        CHECK(g[1] == e2m1_value(b >> 4) * 0.25f);
        const bf16x2_t h = fp4_to_bf16_packed_x2(p, 8.f);
        CHECK(float(h[0]) == e2m1_value(b & 15u) * 8.f);
        CHECK(float(h[1]) == e2m1_value(b >> 4) * 8.f);
        // one fp4_t: its byte read as a pair (aiter's convention)
        const fp32x2_t s = fp4_to_fp32_packed_x2(fp4_t{uint8_t(b)});
        CHECK(s[1] == e2m1_value(b >> 4));
        const fp32x2_t s2 = cast<fp32_t>(fp4_t{uint8_t(b)});
        CHECK(s2[0] == e2m1_value(b & 15u));
    }
    const auto q = __builtin_bit_cast(array<fp4_t, 8>, 0xfedc3210u);
    const fp32x8_t v = fp4_to_fp32_packed_x8(q, 2.f);
    const float want8[8] = {0.f, 1.f, 2.f, 3.f, -4.f, -6.f, -8.f, -12.f};
    for (int i = 0; i < 8; ++i) CHECK(v[i] == want8[i]);
    const fp32x4_t w = fp4_to_fp32_packed_x4(__builtin_bit_cast(array<fp4_t, 4>, uint16_t(0x7f90)));
    CHECK((w[0] == 0.f && w[1] == -0.5f && w[2] == -6.f && w[3] == 6.f));
}

TEST_CASE("fp32_to_fp4_packed_x2/x4/x8, bf16_to_fp4_packed_x2: RNE vs brute force", "[arch][subbyte][cast]") {
    // dense samples: every multiple of 1/64 in [-8, 8] plus all midpoints, scaled
    for (int k = -520; k <= 520; ++k) {
        const float x = float(k) / 64.f;
        for (float scale : {1.f, 0.5f, 4.f}) {
            const auto p2 = fp32_to_fp4_packed_x2(fp32x2_t{x * scale, -x * scale}, scale);
            STATIC_REQUIRE(is_same_v<decltype(p2), const array<fp4_t, 2>>);
            CHECK(code_of(get<0>(p2)) == e2m1_model(x));
            CHECK(code_of(get<1>(p2)) == e2m1_model(-x));
        }
        const auto p4 = fp32_to_fp4_packed_x4(fp32x4_t{x, 2 * x, x / 2, -x});
        CHECK(bytes_u32(p4) == (e2m1_model(x) | e2m1_model(2 * x) << 4 | e2m1_model(x / 2) << 8 | e2m1_model(-x) << 12));
        const auto p8 = fp32_to_fp4_packed_x8(fp32x8_t{x, x, x, x, x, x, x, -x}, 1.f);
        CHECK(code_of(get<6>(p8)) == e2m1_model(x));
        CHECK(code_of(get<7>(p8)) == e2m1_model(-x));
        const bf16_t bx = bf16_t(x), b3 = bf16_t(3 * x); // 3x may round in bf16
        const auto b2 = bf16_to_fp4_packed_x2(bf16x2_t{bx, b3});
        CHECK(__builtin_bit_cast(uint8_t, b2) == (e2m1_model(float(bx)) | e2m1_model(float(b3)) << 4));
    }
    // saturation, infinities
    const auto s = fp32_to_fp4_packed_x2(fp32x2_t{100.f, -__builtin_inff()});
    CHECK(__builtin_bit_cast(uint8_t, s) == 0xf7);
}

TEST_CASE("cast<fp4_t> / cast<fp32_t> result types follow aiter's opus", "[arch][subbyte][cast]") {
    const fp32x8_t x{0.f, 0.5f, 1.f, 1.5f, 2.f, 3.f, 4.f, 6.f};
    const auto q = cast<fp4_t>(x);
    STATIC_REQUIRE(is_same_v<decltype(q), const array<fp4_t, 8>>);
    CHECK(bytes_u32(q) == 0x76543210u);
    const auto d = cast<fp32_t>(q);
    STATIC_REQUIRE(is_same_v<decltype(d), const fp32x8_t>);
    for (int i = 0; i < 8; ++i) CHECK(d[i] == x[i]);
    STATIC_REQUIRE(is_same_v<decltype(cast<fp4_t>(fp32x2_t{})), array<fp4_t, 2>>);
    STATIC_REQUIRE(is_same_v<decltype(cast<fp4_t>(fp32x4_t{})), array<fp4_t, 4>>);
    STATIC_REQUIRE(is_same_v<decltype(cast<fp4_t>(fp32x16_t{})), vector_t<fp4_t, 16>>);
    STATIC_REQUIRE(is_same_v<decltype(cast<fp32_t>(vector_t<fp4_t, 16>{})), fp32x16_t>);
    STATIC_REQUIRE(is_same_v<decltype(cast<fp4_t>(array<float, 16>{})), array<fp4_t, 16>>);
    STATIC_REQUIRE(is_same_v<decltype(cast<fp32_t>(array<fp4_t, 16>{})), array<float, 16>>);
    STATIC_REQUIRE(is_same_v<decltype(cast<fp16_t>(q)), fp16x8_t>);
    // fp16 / bf16 sources go through fp32; a scale divides on the way in, multiplies on the way out
    const auto h = cast<fp4_t>(bf16x4_t{bf16_t(1.f), bf16_t(-2.f), bf16_t(5.f), bf16_t(0.25f)});
    CHECK(bytes_u32(h) == 0x06c2u); // 1, -2, 5 -> 4 (tie to even), 0.25 -> 0 (tie to even)
    const auto sc = cast<fp32_t>(cast<fp4_t>(fp32x16_t{64.f, -96.f}, 16.f), 16.f);
    CHECK((sc[0] == 64.f && sc[1] == -96.f && sc[2] == 0.f));
}

TEST_CASE("fp32_to_fp8 / fp8_to_fp32 and the packed x2/x4 forms equal cast", "[arch][subbyte][cast]") {
    for (int k = -300; k <= 300; ++k) {
        const float x = float(k) * 1.75f;
        CHECK(__builtin_bit_cast(uint8_t, fp32_to_fp8(x)) == __builtin_bit_cast(uint8_t, cast<fp8_t>(x)));
        const fp8x2_t p2 = fp32_to_fp8_packed_x2(fp32x2_t{x, -x});
        const fp8x4_t p4 = fp32_to_fp8_packed_x4(fp32x4_t{x, -x, x / 64, 0.f});
        const fp8x4_t c4 = cast<fp8_t>(fp32x4_t{x, -x, x / 64, 0.f});
        CHECK(__builtin_bit_cast(uint16_t, p2) == __builtin_bit_cast(uint16_t, cast<fp8_t>(fp32x2_t{x, -x})));
        CHECK(__builtin_bit_cast(uint32_t, p4) == __builtin_bit_cast(uint32_t, c4));
        const fp32x4_t back = fp8_to_fp32_packed_x4(p4);
        const fp32x4_t cb = cast<fp32_t>(c4);
        // bitwise: |x| beyond the format's range converts to NaN (casts do not saturate)
        for (int i = 0; i < 4; ++i) CHECK(__builtin_bit_cast(uint32_t, back[i]) == __builtin_bit_cast(uint32_t, cb[i]));
        const fp32x2_t back2 = fp8_to_fp32_packed_x2(p2, number<0>{});
        CHECK(__builtin_bit_cast(uint32_t, back2[0]) == __builtin_bit_cast(uint32_t, fp8_to_fp32(p2[0])));
    }
}
