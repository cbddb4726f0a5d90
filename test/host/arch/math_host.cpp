// Host tests of opus/arch/math.hpp's host pass (plain C++: the host's float math), against
// <cmath> in double: every function within the host accuracy docs/arch.md states ("Device math",
// host column), on a sweep of fp32 bit patterns plus the special values, and on every fp16 value.
// The device pass is checked by test/codegen/arch/arch_math.hip (instructions) and
// test/device/arch/test_math_device.hip (accuracy on a GPU).
#include <opus/arch/math.hpp>

#include <catch2/catch_test_macros.hpp>

#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>
#include <vector>

namespace {

float f32(uint32_t u) { float f; std::memcpy(&f, &u, 4); return f; }
_Float16 f16(uint16_t u) { _Float16 h; std::memcpy(&h, &u, 2); return h; }

// One unit in the last place of a format with `mant` fraction bits and smallest normal exponent
// `emin`, at the (exact) value v.
double ulp_at(double v, int mant, int emin) {
    v = std::fabs(v);
    int e = emin;
    if (v >= std::ldexp(1.0, emin)) { std::frexp(v, &e); --e; }
    return std::ldexp(1.0, e - mant);
}
double ulp_f32(double v) { return ulp_at(v, 23, -126); }
double ulp_f16(double v) { return ulp_at(v, 10, -14); }

// |got - ref| in ulps of ref. NaN must give NaN, an infinite ref the same infinity; a finite ref
// beyond the largest finite value is matched exactly by the infinity it rounds to, and an infinite
// result for a finite ref counts as max + 1 ulp.
template <typename U> double err_ulps(double got, double ref, double max_finite, U ulp) {
    if (std::isnan(ref) || std::isnan(got)) return std::isnan(ref) && std::isnan(got) ? 0 : 1e30;
    if (std::isinf(ref)) return got == ref ? 0 : 1e30;
    if (std::fabs(ref) > max_finite) {
        if (std::isinf(got)) return std::signbit(got) == std::signbit(ref) ? 0 : 1e30;
        return std::fabs(got - ref) / ulp(max_finite);
    }
    if (std::isinf(got)) got = std::copysign(max_finite + ulp(max_finite), got);
    return std::fabs(got - ref) / ulp(ref);
}
double err_f32(float got, double ref) { return err_ulps(got, ref, 0x1.fffffep127, ulp_f32); }
double err_f16(_Float16 got, double ref) { return err_ulps(double(got), ref, 65504.0, ulp_f16); }

// fp32 inputs: every 251st bit pattern (both signs, all exponents) and the specials
std::vector<float> f32_inputs() {
    std::vector<float> v;
    for (uint64_t u = 0; u <= 0xffffffffull; u += 251) v.push_back(f32(uint32_t(u)));
    for (float s : {0.0f, -0.0f, 1.0f, -1.0f, 2.0f, 0.5f, 0x1p-126f, 0x1p-149f, 0x1.fffffep127f,
                    std::numeric_limits<float>::infinity(), -std::numeric_limits<float>::infinity(),
                    std::numeric_limits<float>::quiet_NaN(), 88.7f, -87.3f, -103.9f, 128.0f, -126.0f, -150.0f})
        v.push_back(s);
    return v;
}

// the largest error of f against ref over the inputs
template <typename F, typename R> double max_err_f32(const std::vector<float>& in, F f, R ref) {
    double m = 0;
    for (float x : in) {
        const double e = err_f32(f(x), ref(double(x)));
        if (e > m) {
            m = e;
            if (e > 1e20) { INFO("x = " << x << " got " << f(x) << " ref " << ref(double(x))); CHECK(e < 1e20); return m; }
        }
    }
    return m;
}

} // namespace

TEST_CASE("math host pass, fp32: rsqrt, rcp, sqrt, exp2, log2, exp, log", "[arch][math]") {
    const std::vector<float> in = f32_inputs();
    // correctly rounded: sqrt, rcp (one IEEE operation each)
    CHECK(max_err_f32(in, [](float x) { return opus::sqrt(x); }, [](double x) { return std::sqrt(x); }) <= 0.5);
    CHECK(max_err_f32(in, [](float x) { return opus::rcp(x); }, [](double x) { return 1.0 / x; }) <= 0.5);
    // 1 / sqrt(x): two roundings
    CHECK(max_err_f32(in, [](float x) { return opus::rsqrt(x); }, [](double x) { return 1.0 / std::sqrt(x); }) <= 1.5);
    // the host's libm (glibc: below 1 ulp)
    CHECK(max_err_f32(in, [](float x) { return opus::exp2(x); }, [](double x) { return std::exp2(x); }) <= 1.0);
    CHECK(max_err_f32(in, [](float x) { return opus::log2(x); }, [](double x) { return std::log2(x); }) <= 1.0);
    CHECK(max_err_f32(in, [](float x) { return opus::exp(x); }, [](double x) { return std::exp(x); }) <= 1.0);
    CHECK(max_err_f32(in, [](float x) { return opus::log(x); }, [](double x) { return std::log(x); }) <= 1.0);
    // specials, as <cmath>
    CHECK(opus::rsqrt(0.0f) == HUGE_VALF);
    CHECK(opus::rsqrt(HUGE_VALF) == 0.0f);
    CHECK(std::isnan(opus::rsqrt(-1.0f)));
    CHECK(std::isnan(opus::log(-1.0f)));
    CHECK(opus::log2(0.0f) == -HUGE_VALF);
    CHECK(opus::exp2(-HUGE_VALF) == 0.0f);
    CHECK(opus::exp(100.0f) == HUGE_VALF);
}

TEST_CASE("math host pass, fp32: exact functions", "[arch][math]") {
    const std::vector<float> in = f32_inputs();
    auto same = [](float a, float b) { return (std::isnan(a) && std::isnan(b)) || std::memcmp(&a, &b, 4) == 0; };
    int bad = 0;
    for (float x : in) {
        bad += !same(opus::abs(x), std::fabs(x));
        bad += !same(opus::floor(x), std::floor(x));
        bad += !same(opus::ceil(x), std::ceil(x));
        bad += !same(opus::trunc(x), std::trunc(x));
        bad += !same(opus::rint(x), std::nearbyint(x));
        bad += !same(opus::round(x), std::round(x));
        const float y = x * 0.75f + 1.0f, z = -x * 0.5f;
        bad += !same(opus::fma(x, y, z), std::fma(x, y, z));
    }
    CHECK(bad == 0);
    CHECK(opus::round(2.5f) == 3.0f);
    CHECK(opus::round(-2.5f) == -3.0f);
    CHECK(opus::rint(2.5f) == 2.0f);
    CHECK(opus::rint(3.5f) == 4.0f);
    CHECK(std::signbit(opus::abs(-0.0f)) == false);
}

TEST_CASE("math host pass, fp16: every value, the float function rounded to half", "[arch][math]") {
    // the float result (within 1 float ulp) rounded to half: within 0.5 half ulp + 2^-13
    const double bound = 0.5 + 0x1p-12;
    double m[7] = {};
    int exact_bad = 0;
    for (uint32_t u = 0; u < 0x10000u; ++u) {
        const _Float16 h = f16(uint16_t(u));
        const double x = double(h);
        const double e[7] = {
            err_f16(opus::rsqrt(h), 1.0 / std::sqrt(x)), err_f16(opus::rcp(h), 1.0 / x),
            err_f16(opus::sqrt(h), std::sqrt(x)),        err_f16(opus::exp2(h), std::exp2(x)),
            err_f16(opus::log2(h), std::log2(x)),        err_f16(opus::exp(h), std::exp(x)),
            err_f16(opus::log(h), std::log(x)),
        };
        for (int i = 0; i < 7; ++i)
            if (e[i] > m[i]) m[i] = e[i];
        exact_bad += !(double(opus::floor(h)) == std::floor(x) || std::isnan(x));
        exact_bad += !(double(opus::abs(h)) == std::fabs(x) || std::isnan(x));
        exact_bad += !(double(opus::rint(h)) == std::nearbyint(x) || std::isnan(x));
    }
    for (int i = 0; i < 7; ++i) {
        INFO("function " << i << " (rsqrt, rcp, sqrt, exp2, log2, exp, log)");
        CHECK(m[i] <= bound);
    }
    CHECK(m[2] <= 0.5); // sqrt: correctly rounded
    CHECK(exact_bad == 0);
    const _Float16 a = _Float16(1.5f), b = _Float16(-2.0f), c = _Float16(0.25f);
    CHECK(opus::fma(a, b, c) == _Float16(-2.75f));
}
