// Host tests: dtype traits, vector aliases, numeric_limits/finfo per format, target macros in
// the host pass, casts of containers.
#include <opus/arch.hpp>

#include <catch2/catch_test_macros.hpp>

using namespace opus;

#if defined(__clang__)
#pragma clang diagnostic ignored "-Wpsabi"
#elif defined(__GNUC__)
#pragma GCC diagnostic ignored "-Wpsabi"
#endif

static_assert(OPUS_HOST_PASS == 1 && OPUS_GFX942 == 0 && OPUS_GFX950 == 0 && OPUS_GFX9 == 0);
static_assert(get_warp_size() == 64);
static_assert(is_dtype_v<fp8_t> && is_dtype_v<fp4_t> && is_dtype_v<e8m0_t> && !is_dtype_v<long>);
// every dtype opus declares is registered (one list in detail::dtype_info), cv-ref too
static_assert(is_dtype_v<fp32_t> && is_dtype_v<fp16_t> && is_dtype_v<bf16_t> && is_dtype_v<bf8_t> &&
              is_dtype_v<i32_t> && is_dtype_v<u32_t> && is_dtype_v<i16_t> && is_dtype_v<u16_t> &&
              is_dtype_v<i8_t> && is_dtype_v<u8_t> && is_dtype_v<int4_t> && is_dtype_v<uint4_t> &&
              is_dtype_v<fp8_e4m3fnuz_t> && is_dtype_v<bf8_e5m2fnuz_t> && is_dtype_v<fp8_e4m3fn_t> &&
              is_dtype_v<bf8_e5m2_t> && is_dtype_v<const fp16_t&> && is_dtype_v<i64_t> && is_dtype_v<u64_t>);
// i64_t / u64_t are aiter's spellings (long long: the same mangled names in kernel signatures)
static_assert(is_same_v<i64_t, long long> && is_same_v<u64_t, unsigned long long>);
static_assert(!is_dtype_v<double> && !is_dtype_v<fp16x4_t> && !is_dtype_v<void>);
static_assert(is_vector_v<fp16x4_t> && !is_vector_v<fp16_t> && is_vector_v<fp4x8_t> && !is_vector_v<fp4_t>);
static_assert(vector_traits<fp8x16_t>::size == 16 && vector_traits<fp4x8_t>::size == 8);
static_assert(is_same_v<vector_traits<bf16x64_t>::dtype, bf16_t>);
static_assert(sizeof_bits_v<fp4_t> == 4 && sizeof_bits_v<fp4x8_t> == 32 && sizeof_bits_v<int4_t> == 4 && sizeof_bits_v<fp16x4_t> == 64);
static_assert(num_packs_v<fp4_t> == 2 && num_packs_v<fp16_t> == 1 && is_packs_v<uint4_t> && !is_packs_v<e8m0_t>);
static_assert(sizeof(fp8x4_t) == 4 && sizeof(fp4x8_t) == 4 && sizeof(fp32x64_t) == 256);
static_assert(!is_same_v<fp8_t, bf8_t> && !is_same_v<fp8_t, i8_t> && !is_same_v<bf8_t, u8_t>);

// every <name>x<N>_t (declared directly as a vector type in dtype.hpp) is vector_t<<name>_t, N>
template <typename T, typename X1, typename X2, typename X4, typename X8, typename X16, typename X32, typename X64>
constexpr bool vector_aliases_are_vector_t =
    is_same_v<X1, vector_t<T, 1>> && is_same_v<X2, vector_t<T, 2>> && is_same_v<X4, vector_t<T, 4>> &&
    is_same_v<X8, vector_t<T, 8>> && is_same_v<X16, vector_t<T, 16>> && is_same_v<X32, vector_t<T, 32>> &&
    is_same_v<X64, vector_t<T, 64>>;
#define OPUS_TEST_VEC_ALIASES(n)                                                                       \
    static_assert(vector_aliases_are_vector_t<n##_t, n##x1_t, n##x2_t, n##x4_t, n##x8_t, n##x16_t, n##x32_t, \
                                              n##x64_t>, #n "xN_t is not vector_t<" #n "_t, N>");
OPUS_TEST_VEC_ALIASES(fp32) OPUS_TEST_VEC_ALIASES(fp16) OPUS_TEST_VEC_ALIASES(bf16) OPUS_TEST_VEC_ALIASES(fp8)
OPUS_TEST_VEC_ALIASES(bf8) OPUS_TEST_VEC_ALIASES(i32) OPUS_TEST_VEC_ALIASES(u32) OPUS_TEST_VEC_ALIASES(i16)
OPUS_TEST_VEC_ALIASES(u16) OPUS_TEST_VEC_ALIASES(i8) OPUS_TEST_VEC_ALIASES(u8)
#undef OPUS_TEST_VEC_ALIASES
static_assert(!is_same_v<fp16x4_t, vector_t<fp16_t, 8>> && !is_same_v<i8x4_t, u8x4_t>);

static_assert(finfo<fp8_e4m3fnuz_t>::max() == 240.0f && finfo<fp8_e4m3fn_t>::max() == 448.0f);
static_assert(finfo<bf8_e5m2fnuz_t>::max() == 57344.0f && finfo<bf8_e5m2_t>::max() == 57344.0f);
static_assert(finfo<fp8_e4m3fnuz_t>::tiny() == 1.0f / 128 && finfo<fp8_e4m3fn_t>::tiny() == 1.0f / 64);
static_assert(finfo<bf8_e5m2fnuz_t>::tiny() == 1.0f / 32768 && finfo<bf8_e5m2_t>::tiny() == 1.0f / 16384);
static_assert(finfo<fp8_e4m3fn_t>::eps() == 0.125f && finfo<bf8_e5m2_t>::eps() == 0.25f && finfo<fp4_t>::eps() == 0.5f);
static_assert(finfo<fp4_t>::max() == 6.0f && finfo<fp4_t>::tiny() == 1.0f && finfo<fp4_t>::min() == -6.0f);
static_assert(finfo<fp16_t>::max() == 65504.0f && finfo<bf16_t>::eps() == 0.0078125f && finfo<fp32_t>::bits == 32);
static_assert(finfo<i8_t>::max() == 127 && finfo<u16_t>::max() == 65535 && finfo<int4_t>::min() == -8);
static_assert(finfo<fp8_t>::max() == 448.0f); // host pass: OCP
static_assert(numeric_limits<fp8_e4m3fn_t>::max().data == 0x7e && numeric_limits<fp8_e4m3fnuz_t>::quiet_NaN().data == 0x80);
static_assert(numeric_limits<bf8_e5m2_t>::infinity().data == 0x7c && !numeric_limits<fp8_e4m3fnuz_t>::has_infinity);
static_assert(numeric_limits<i8_t>::min() == -128 && numeric_limits<u32_t>::max() == 0xffffffffu);

TEST_CASE("same bits, different value per fp8 family", "[arch][dtype]") {
    CHECK(cast<fp32_t>(fp8_e4m3fnuz_t{0x7f}) == 240.f);
    CHECK(cast<fp32_t>(fp8_e4m3fn_t{0x7e}) == 448.f);
    CHECK(cast<fp32_t>(fp8_e4m3fnuz_t{0x08}) == 1.f / 128);
    CHECK(cast<fp32_t>(fp8_e4m3fn_t{0x08}) == 1.f / 64);
    // overflow: NaN (no saturation unless OPUS_FP8_SATURATE=1); just above the largest value
    // still rounds to it
    CHECK(cast<fp8_e4m3fnuz_t>(1000.f).data == 0x80);
    CHECK(cast<fp8_e4m3fn_t>(1000.f).data == 0x7f);
    CHECK(cast<fp8_e4m3fn_t>(-1000.f).data == 0xff);
    CHECK(cast<bf8_e5m2_t>(70000.f).data == 0x7c);
    CHECK(cast<fp8_e4m3fn_t>(460.f).data == 0x7e);
    CHECK(cast<fp8_e4m3fn_t>(470.f).data == 0x7f);
    CHECK(cast<fp8_e4m3fnuz_t>(247.f).data == 0x7f);
    CHECK(cast<fp8_e4m3fnuz_t>(-0.f).data == 0x00); // no -0 in FNUZ
    CHECK(cast<fp8_e4m3fn_t>(-0.f).data == 0x80);
    // cross-family: fnuz -> ocp keeps the value
    CHECK(cast<fp8_e4m3fn_t>(fp8_e4m3fnuz_t{0x40}).data == 0x38);
}

TEST_CASE("wide vector casts convert values", "[arch][cast]") {
    fp32x64_t v{};
    for (int i = 0; i < 64; ++i) v[i] = float(i) * 0.75f - 20.f;
    const auto h = cast<fp16_t>(v);
    const auto b = cast<bf16_t>(v);
    const auto e = cast<fp8_t>(v);
    const auto i32 = cast<i32_t>(cast<i16_t>(vector_t<i32_t, 32>{}));
    (void)i32;
    for (int i = 0; i < 64; ++i) {
        CHECK(float(h[i]) == v[i]);
        CHECK(bf16_to_fp32(b[i]) == cast<fp32_t>(fp32_to_bf16(v[i])));
        CHECK(cast<fp32_t>(e[i]) == cast<fp32_t>(cast<fp8_t>(v[i])));
    }
}

TEST_CASE("array and tuple casts", "[arch][cast]") {
    const auto a = cast<fp16_t>(make_array(1.5f, -2.f, 65536.f));
    CHECK(float(a[0]) == 1.5f);
    CHECK(float(a[1]) == -2.f);
    CHECK(__builtin_isinf(float(a[2])));
    const auto t = cast<fp32_t>(make_tuple(fp16_t(0.5f), fp8_e4m3fnuz_t{0x40}, i8_t(-3)));
    CHECK(get<0>(t) == 0.5f);
    CHECK(get<1>(t) == 1.f); // 0x40 is 2^(8-8) in FNUZ
    CHECK(get<2>(t) == -3.f);
}

TEST_CASE("packed int4 / fp4 / e8m0", "[arch][cast]") {
    int4x4_t p{};
    p.content[0] = 0x8f; // -1, -8
    p.content[1] = 0x71; // 1, 7
    const auto r = cast<fp32_t>(p);
    CHECK(r[0] == -1.f);
    CHECK(r[1] == -8.f);
    CHECK(r[2] == 1.f);
    CHECK(r[3] == 7.f);
    const auto f = cast<fp4_t>(fp32x4_t{0.25f, 0.75f, 5.f, -100.f});
    CHECK(uint32_t(f.content[0]) == 0x20u); // 0.25 -> 0 (tie to even), 0.75 -> 1.0
    CHECK(uint32_t(f.content[1]) == 0xf6u); // 5 -> 4 (tie to even), -100 -> -6
    const auto g = cast<fp32_t>(cast<fp4_t>(fp32x2_t{12.f, -3.f}, 4.f), 4.f);
    CHECK(g[0] == 12.f);
    CHECK(g[1] == -4.f); // -0.75 -> -1.0 (tie to even) * 4
    CHECK(cast<fp32_t>(e8m0_t{127}) == 1.f);
    CHECK(__builtin_isnan(cast<fp32_t>(e8m0_t{255})));
}

// user types registered with the public macros (docs/arch.md)
struct user_scalar_t { unsigned short bits; };
struct user_word_t { unsigned int bits; };
typedef unsigned long user_ul_t;  // (long long is opus's i64_t)
namespace opus {
OPUS_REGISTER_SCALAR_DTYPE(user_scalar)
OPUS_REGISTER_DTYPE(user_ul)
}
static_assert(is_dtype_v<user_scalar_t> && !is_dtype_v<user_word_t>);
static_assert(is_dtype_v<unsigned long> && is_same_v<opus::user_ulx4_t, vector_t<unsigned long, 4>> &&
              sizeof(opus::user_ulx64_t) == 64 * sizeof(unsigned long));
