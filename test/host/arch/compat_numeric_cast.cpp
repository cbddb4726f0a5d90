// Host tests: numeric_limits / finfo spellings of aiter's opus (quiet_nan(), finfo<T>::eps() ...)
// with values derived here from each format's definition (exponent/mantissa widths, bias,
// inf/NaN rules), cast<bf16_t>(x, number<Mode>) against fp32_to_bf16<Mode>, and
// float -> integer casts against a reference built on doubles.
#include <opus/arch.hpp>

#include <catch2/catch_test_macros.hpp>

#include <cmath>
#include <cstdint>
#include <cstring>

using namespace opus;

#if defined(__clang__)
#pragma clang diagnostic ignored "-Wpsabi"
#elif defined(__GNUC__)
#pragma GCC diagnostic ignored "-Wpsabi"
#endif

namespace {

// A float format as a test describes it, independent of opus::fp_format.
struct fmt_def {
    int ebits, mbits, bias;
    bool has_inf;   // IEEE-like: exp all-ones is inf/NaN
    bool nan_ones;  // e4m3fn: only s.1111.111 is NaN
    bool fnuz;      // only 1000..0 is NaN, no -0, no inf
};

double decode(const fmt_def& f, uint32_t code) {
    const uint32_t sign = code >> (f.ebits + f.mbits) & 1u;
    const uint32_t e = (code >> f.mbits) & ((1u << f.ebits) - 1u), m = code & ((1u << f.mbits) - 1u);
    double v = e == 0 ? std::ldexp(double(m), 1 - f.bias - f.mbits) : std::ldexp(1.0 + std::ldexp(double(m), -f.mbits), int(e) - f.bias);
    return sign ? -v : v;
}
double max_of(const fmt_def& f) {
    const uint32_t eall = (1u << f.ebits) - 1u, mall = (1u << f.mbits) - 1u;
    if (f.has_inf) return decode(f, ((eall - 1u) << f.mbits) | mall);
    if (f.nan_ones) return decode(f, (eall << f.mbits) | (mall - 1u));
    return decode(f, (eall << f.mbits) | mall);
}
bool is_nan(const fmt_def& f, uint32_t code) {
    const uint32_t eall = (1u << f.ebits) - 1u, mall = (1u << f.mbits) - 1u;
    const uint32_t mag = code & ((1u << (f.ebits + f.mbits)) - 1u);
    if (f.fnuz) return code == (1u << (f.ebits + f.mbits));
    if (f.nan_ones) return mag == ((eall << f.mbits) | mall);
    return (mag >> f.mbits) == eall && (mag & mall) != 0;
}

template <typename T> uint32_t bits(const T& v) { return detail::raw_bits(v); }
template <typename T> double value(const fmt_def& f, const T& v) { return decode(f, bits(v)); }

constexpr fmt_def F32{8, 23, 127, true, false, false}, F16{5, 10, 15, true, false, false}, BF16{8, 7, 127, true, false, false};
constexpr fmt_def E4M3FN{4, 3, 7, false, true, false}, E4M3FNUZ{4, 3, 8, false, false, true};
constexpr fmt_def E5M2{5, 2, 15, true, false, false}, E5M2FNUZ{5, 2, 16, false, false, true};

template <typename T> void check_float_type(const fmt_def& f, double torch_eps) {
    using L = numeric_limits<T>;
    using I = finfo<T>;
    INFO("ebits " << f.ebits << " mbits " << f.mbits << " bias " << f.bias);
    const double mx = max_of(f), tiny = std::ldexp(1.0, 1 - f.bias);
    // numeric_limits: values in T itself
    CHECK(value(f, L::max()) == mx);
    CHECK(value(f, L::lowest()) == -mx);
    CHECK(value(f, L::min()) == tiny);
    CHECK(is_nan(f, bits(L::quiet_nan())));
    CHECK(bits(L::quiet_nan()) == bits(L::quiet_NaN()));
    if (f.has_inf) CHECK(bits(L::infinity()) == ((1u << f.ebits) - 1u) << f.mbits);
    else CHECK(bits(L::infinity()) == 0u); // no infinity: T{} (as std::numeric_limits)
    CHECK(value(f, L::epsilon()) == std::ldexp(1.0, -f.mbits));
    // finfo: floats with torch.finfo's meaning
    static_assert(sizeof(I::eps()) == sizeof(float) && sizeof(I::max()) == sizeof(float), "finfo returns float");
    CHECK(double(I::max()) == mx);
    CHECK(double(I::min()) == -mx);
    CHECK(double(I::tiny()) == tiny);
    CHECK(double(I::smallest_normal()) == tiny);
    CHECK(double(I::eps()) == torch_eps);
    CHECK(double(I::denorm_min()) == std::ldexp(1.0, 1 - f.bias - f.mbits));
    CHECK(double(I::lowest()) == -mx);
    CHECK(I::bits == 1 + f.ebits + f.mbits);
}

template <typename T> void check_int_type() {
    using L = numeric_limits<T>;
    constexpr bool sgn = T(-1) < T(0);
    constexpr int b = int(sizeof(T) * 8);
    const long long mx = sgn ? (1LL << (b - 1)) - 1 : (1LL << b) - 1, mn = sgn ? -(1LL << (b - 1)) : 0;
    CHECK((long long)L::max() == mx);
    CHECK((long long)L::min() == mn);
    CHECK((long long)L::lowest() == mn);
    CHECK(L::quiet_nan() == T(0));
    CHECK(L::infinity() == T(0));
    CHECK(finfo<T>::bits == b);
    CHECK(finfo<T>::max() == float(mx)); // finfo is float: 2^31 - 1 rounds to 2^31
    CHECK(finfo<T>::min() == float(mn));
}

} // namespace

TEST_CASE("numeric_limits / finfo from the format definitions", "[arch][numeric]") {
    check_float_type<fp32_t>(F32, std::ldexp(1.0, -23));
    check_float_type<fp16_t>(F16, std::ldexp(1.0, -10));
    check_float_type<bf16_t>(BF16, std::ldexp(1.0, -7));
    check_float_type<fp8_e4m3fn_t>(E4M3FN, 0.125);
    check_float_type<fp8_e4m3fnuz_t>(E4M3FNUZ, 0.125);
    check_float_type<bf8_e5m2_t>(E5M2, 0.25);
    check_float_type<bf8_e5m2fnuz_t>(E5M2FNUZ, 0.125); // torch.finfo(float8_e5m2fnuz).eps
    // fp8_t / bf8_t follow the pass: the host pass is OCP
    check_float_type<fp8_t>(E4M3FN, 0.125);
    check_float_type<bf8_t>(E5M2, 0.25);
    check_int_type<i32_t>();
    check_int_type<u32_t>();
    check_int_type<i16_t>();
    check_int_type<u16_t>();
    check_int_type<i8_t>();
    check_int_type<u8_t>();
}

TEST_CASE("numeric_limits encodings PyTorch produces", "[arch][numeric]") {
    // float('nan') / the limits as torch stores them (external facts, per format)
    CHECK(bits(numeric_limits<fp32_t>::quiet_nan()) == 0x7fc00000u);
    CHECK(bits(numeric_limits<fp16_t>::quiet_nan()) == 0x7e00u);
    CHECK(bits(numeric_limits<bf16_t>::quiet_nan()) == 0x7fc0u);
    CHECK(bits(numeric_limits<fp8_e4m3fn_t>::quiet_nan()) == 0x7fu);
    CHECK(bits(numeric_limits<bf8_e5m2_t>::quiet_nan()) == 0x7fu);
    CHECK(bits(numeric_limits<fp8_e4m3fnuz_t>::quiet_nan()) == 0x80u);
    CHECK(bits(numeric_limits<bf8_e5m2fnuz_t>::quiet_nan()) == 0x80u);
    CHECK(bits(numeric_limits<bf8_e5m2_t>::infinity()) == 0x7cu);
    CHECK(bits(numeric_limits<fp8_e4m3fn_t>::max()) == 0x7eu);
    CHECK(bits(numeric_limits<fp8_e4m3fnuz_t>::lowest()) == 0xffu);
}

TEST_CASE("finfo of fp4, e8m0 and the sub-byte integers", "[arch][numeric]") {
    // e2m1: bias 1, no inf/NaN
    CHECK(finfo<fp4_t>::eps() == 0.5f);
    CHECK(finfo<fp4_t>::max() == 6.0f);
    CHECK(finfo<fp4_t>::min() == -6.0f);
    CHECK(finfo<fp4_t>::tiny() == 1.0f);
    CHECK(finfo<fp4_t>::bits == 4);
    CHECK(finfo<fp4_t>::denorm_min() == 0.5f);
    // e8m0: 2^(e - 127), e = 0..254
    CHECK(double(finfo<e8m0_t>::max()) == std::ldexp(1.0, 127));
    CHECK(double(finfo<e8m0_t>::min()) == std::ldexp(1.0, -127));
    CHECK(double(finfo<e8m0_t>::tiny()) == std::ldexp(1.0, -127));
    CHECK(finfo<e8m0_t>::eps() == 1.0f);
    CHECK(finfo<e8m0_t>::bits == 8);
    CHECK(finfo<int4_t>::max() == 7.0f);
    CHECK(finfo<uint4_t>::max() == 15.0f);
    CHECK(numeric_limits<e8m0_t>::quiet_nan().data == 0xff);
}

namespace {
float f32(uint32_t u) { float f; std::memcpy(&f, &u, 4); return f; }
uint32_t u32(float f) { uint32_t u; std::memcpy(&u, &f, 4); return u; }
template <int M> void check_bf16_mode(uint32_t u) {
    const float x = f32(u);
    const uint32_t want = bits(fp32_to_bf16<M>(x));
    CHECK(bits(cast<bf16_t>(x, number<M>{})) == want);
    CHECK(bits(fp32_to_bf16(x, number<M>{})) == want);
    const auto v = cast<bf16_t>(fp32x4_t{x, -x, x, 1.0f}, number<M>{});
    CHECK(bits(v[0]) == want);
    CHECK(bits(v[2]) == want);
    const auto a = cast<bf16_t>(make_array(x, x), number<M>{});
    CHECK(bits(a[1]) == want);
    const auto t = cast<bf16_t>(make_tuple(x, 1.0f), number<M>{});
    CHECK(bits(get<0>(t)) == want);
}
} // namespace

TEST_CASE("cast<bf16_t>(x, number<Mode>) is fp32_to_bf16<Mode>", "[arch][cast]") {
    // the modes really differ on this input: RNE rounds up, truncation does not
    CHECK(bits(cast<bf16_t>(f32(0x3f80ffffu), number<0>{})) == 0x3f81u);
    CHECK(bits(cast<bf16_t>(f32(0x3f80ffffu), number<2>{})) == 0x3f80u);
    CHECK(bits(cast<bf16_t>(f32(0x3f80ffffu), number<1>{})) == 0x3f80u);
    CHECK(bits(cast<bf16_t>(f32(0x7f800001u), number<1>{})) == 0x7fc0u);
    const uint32_t specials[] = {0u, 0x80000000u, 1u, 0x807fffffu, 0x00800000u, 0x3f808000u, 0x3f818000u,
                                 0x3f80ffffu, 0x7f7fffffu, 0xff7fffffu, 0x7f800000u, 0xff800000u,
                                 0x7fc00000u, 0x7f800001u, 0xffffffffu};
    for (uint32_t u : specials) {
        check_bf16_mode<0>(u);
        check_bf16_mode<1>(u);
        check_bf16_mode<2>(u);
        check_bf16_mode<3>(u);
    }
    for (uint64_t u = 0; u < (1ull << 32); u += 0x10001u * 7919u) {
        check_bf16_mode<0>(uint32_t(u));
        check_bf16_mode<2>(uint32_t(u));
    }
}

namespace {
// v_cvt_i32_f32 / v_cvt_u32_f32, then the low bits for narrow types
template <typename D> long long ref_f2i(double x) {
    constexpr bool u32 = sizeof(D) == 4 && D(-1) > D(0);
    const long long mx = u32 ? 4294967295LL : 2147483647LL, mn = u32 ? 0 : -2147483648LL;
    if (std::isnan(x)) return 0;
    const double t = std::trunc(x);
    const long long v = t >= double(mx) ? mx : t <= double(mn) ? mn : (long long)t;
    if constexpr (sizeof(D) == 4) return v;
    else {
        const unsigned long long low = (unsigned long long)v & ((1ull << (8 * sizeof(D))) - 1);
        const bool sgn = D(-1) < D(0);
        return sgn && (low >> (8 * sizeof(D) - 1)) ? (long long)low - (1LL << (8 * sizeof(D))) : (long long)low;
    }
}
template <typename D> void check_f2i(uint32_t u) {
    const float x = f32(u);
    INFO("x bits 0x" << std::hex << u);
    CHECK((long long)cast<D>(x) == ref_f2i<D>(x));
}
} // namespace

TEST_CASE("float -> integer casts: truncate, saturate to 32 bits, low bits for narrow types", "[arch][cast]") {
    CHECK(cast<i8_t>(2.9f) == 2);
    CHECK(cast<i8_t>(-2.9f) == -2);
    CHECK(cast<i8_t>(127.9f) == 127);
    CHECK(cast<i8_t>(-128.5f) == -128);
    CHECK(cast<i8_t>(300.f) == 44);  // 300 = 0x12c: low byte
    CHECK(cast<i32_t>(3e9f) == 2147483647);
    CHECK(cast<i32_t>(-3e9f) == -2147483647 - 1);
    CHECK(cast<i32_t>(f32(0x7fc00000u)) == 0);
    CHECK(cast<u32_t>(-5.f) == 0u);
    CHECK(cast<u32_t>(5e9f) == 0xffffffffu);
    CHECK(cast<u8_t>(-1.f) == 255);
    CHECK(cast<i32_t>(cast<bf16_t>(-7.5f)) == -7);
    const auto v = cast<i8_t>(fp32x4_t{1.5f, -1.5f, 100.f, -0.f});
    CHECK((v[0] == 1 && v[1] == -1 && v[2] == 100 && v[3] == 0));
    for (uint64_t u = 0; u < (1ull << 32); u += 0x1003u * 4099u) {
        check_f2i<i8_t>(uint32_t(u));
        check_f2i<u8_t>(uint32_t(u));
        check_f2i<i16_t>(uint32_t(u));
        check_f2i<i32_t>(uint32_t(u));
        check_f2i<u32_t>(uint32_t(u));
    }
    for (int i = -70000; i <= 70000; ++i) { // every integer and half-integer around the small ranges
        check_f2i<i8_t>(u32(float(i) * 0.5f));
        check_f2i<u16_t>(u32(float(i) + 0.5f));
    }
    for (uint32_t u : {0x4effffffu, 0x4f000000u, 0xcf000000u, 0xcf000001u, 0x4f7fffffu, 0x4f800000u, 0x7f800000u, 0xff800000u}) {
        check_f2i<i32_t>(u);
        check_f2i<u32_t>(u);
    }
}
