// Device tests: opus/arch/math.hpp on the GPU is within the accuracy docs/arch.md states ("Device
// math") of a double reference computed here on the host: fp32 on a sweep of bit patterns, dense
// ranges (exp's whole range, log near 1) and the special values; fp16 on every value. Where the
// page says an f32 instruction does not support denormals (LLVM), the test accepts the result for
// a zero input / a flushed result as well as the true one. Skips (CTest: Skipped) without an AMD GPU.
#include "device_test.hpp"
#include <opus/arch.hpp>
#include <opus/arch/math.hpp>

#include <cmath>
#include <cstdint>
#include <cstring>
#include <map>
#include <string>
#include <vector>

namespace {

constexpr int n_f32_fn = 14; // rsqrt rcp sqrt exp2 log2 exp log abs floor ceil trunc rint round fma
constexpr int n_f16_fn = 11; // rsqrt rcp sqrt exp2 log2 exp log abs floor rint fma

float f32(uint32_t u) { float f; std::memcpy(&f, &u, 4); return f; }

double ulp_at(double v, int mant, int emin) {
    v = std::fabs(v);
    int e = emin;
    if (v >= std::ldexp(1.0, emin)) { std::frexp(v, &e); --e; }
    return std::ldexp(1.0, e - mant);
}
double ulp_f32(double v) { return ulp_at(v, 23, -126); }
double ulp_f16(double v) { return ulp_at(v, 10, -14); }

// |got - ref| in ulps of ref (NaN for NaN, the same infinity for an infinite ref; a finite ref
// beyond max is matched by the infinity it rounds to; an infinite result for a finite ref counts
// as max + 1 ulp); 1e30 for a wrong special value
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
double err_f16(double got, double ref) { return err_ulps(got, ref, 65504.0, ulp_f16); }

bool same_bits(float a, float b) { return (std::isnan(a) && std::isnan(b)) || std::memcmp(&a, &b, 4) == 0; }
bool is_denormal(double x) { return x != 0 && std::fabs(x) < 0x1p-126; }

// exp(x) = v_exp_f32(x * log2(e)): the bound of docs/arch.md for |x|
double exp_bound(float x) {
    const float a = std::fabs(x);
    return a <= 1 ? 2.1 : a <= 10 ? 9.0 : a <= 30 ? 30.0 : 65.0;
}

std::vector<float> f32_inputs() {
    std::vector<float> v;
    for (uint64_t u = 0; u <= 0xffffffffull; u += 65521) v.push_back(f32(uint32_t(u)));
    for (int i = 0; i <= 40000; ++i) v.push_back(-105.0f + 195.0f * float(i) / 40000.0f); // exp's range
    for (int i = -20000; i <= 20000; ++i) v.push_back(1.0f + float(i) * 0x1p-20f);      // log near 1
    for (float s : {0.0f, -0.0f, 1.0f, -1.0f, 2.0f, 0.5f, 4.0f, 0x1p-126f, -0x1p-126f, 0x1p-149f, -0x1p-149f,
                    0x1p-130f, 0x1.fffffcp-127f, 0x1p126f, 0x1p127f, -0x1p127f, 0x1.fffffep127f, -0x1.fffffep127f,
                    HUGE_VALF, -HUGE_VALF, __builtin_nanf(""), 128.0f, 127.99f, -126.0f, -127.0f, -130.0f,
                    -149.0f, -150.0f, 88.72f, 88.73f, -87.33f, -87.34f, -103.9f, -104.0f})
        v.push_back(s);
    return v;
}

} // namespace

extern "C" __global__ __launch_bounds__(256) void opus_math_f32(const float* in, float* out, int n) {
    const int i = int(opus::block_idx_x() * 256u + opus::thread_idx_x());
    if (i >= n) return;
    const float x = in[i], y = in[(i + 1) % n], z = in[(i + 7) % n];
    float* o = out + i;
    o[0 * n] = opus::rsqrt(x);
    o[1 * n] = opus::rcp(x);
    o[2 * n] = opus::sqrt(x);
    o[3 * n] = opus::exp2(x);
    o[4 * n] = opus::log2(x);
    o[5 * n] = opus::exp(x);
    o[6 * n] = opus::log(x);
    o[7 * n] = opus::abs(x);
    o[8 * n] = opus::floor(x);
    o[9 * n] = opus::ceil(x);
    o[10 * n] = opus::trunc(x);
    o[11 * n] = opus::rint(x);
    o[12 * n] = opus::round(x);
    o[13 * n] = opus::fma(x, y, z);
}

// every fp16 value (opus::fp16_t: __fp16 or _Float16, whichever this compiler's opus uses)
extern "C" __global__ __launch_bounds__(256) void opus_math_f16(opus::fp16_t* out) {
    const int i = int(opus::block_idx_x() * 256u + opus::thread_idx_x());
    const int n = 65536;
    const opus::fp16_t x = __builtin_bit_cast(opus::fp16_t, static_cast<unsigned short>(i));
    const opus::fp16_t y = __builtin_bit_cast(opus::fp16_t, static_cast<unsigned short>(i * 7919 + 1));
    const opus::fp16_t z = __builtin_bit_cast(opus::fp16_t, static_cast<unsigned short>(i * 104729 + 3));
    opus::fp16_t* o = out + i;
    o[0 * n] = opus::rsqrt(x);
    o[1 * n] = opus::rcp(x);
    o[2 * n] = opus::sqrt(x);
    o[3 * n] = opus::exp2(x);
    o[4 * n] = opus::log2(x);
    o[5 * n] = opus::exp(x);
    o[6 * n] = opus::log(x);
    o[7 * n] = opus::abs(x);
    o[8 * n] = opus::floor(x);
    o[9 * n] = opus::rint(x);
    o[10 * n] = opus::fma(x, y, z);
}

TEST_CASE("device math, fp32: the stated accuracy", "[arch][math]") {
    OPUS_REQUIRE_GPU();
    const std::vector<float> in = f32_inputs();
    const int n = int(in.size());
    opus_test::device_buffer<float> d_in(in);
    opus_test::device_buffer<float> d_out(size_t(n) * n_f32_fn);
    opus_math_f32<<<dim3((n + 255) / 256), dim3(256)>>>(d_in.ptr, d_out.ptr, n);
    OPUS_HIP_CHECK(hipGetLastError());
    OPUS_HIP_CHECK(hipDeviceSynchronize());
    const std::vector<float> out = d_out.to_host();
    auto r = [&](int f, int i) { return out[size_t(f) * n + i]; };

    int bad = 0;
    std::map<std::string, int> bad_by_fn; // the first 3 failures of each function are reported
    auto expect = [&](bool ok, const char* fn, float x, float got, double ref) {
        if (ok) return;
        ++bad;
        if (++bad_by_fn[fn] <= 3)
            UNSCOPED_INFO(fn << "(" << x << " = " << std::hexfloat << x << std::defaultfloat << ") = " << got
                             << ", reference " << ref);
    };
    for (int i = 0; i < n; ++i) {
        const float x = in[i];
        const double xd = x;
        // rsqrt, rcp, log2: 1 ulp; a denormal input may read as 0 (LLVM: not supported)
        {
            const double ref = 1.0 / std::sqrt(xd);
            const float got = r(0, i);
            bool ok = err_f32(got, ref) <= 1.0 || (x == 0 && std::isinf(got));
            if (is_denormal(xd)) ok = ok || (std::isinf(got) || std::isnan(got));
            expect(ok, "rsqrt", x, got, ref);
        }
        {
            const double ref = 1.0 / xd;
            const float got = r(1, i);
            bool ok = err_f32(got, ref) <= 1.0;
            if (is_denormal(xd)) ok = ok || (std::isinf(got) && std::signbit(got) == std::signbit(x));
            if (is_denormal(ref)) ok = ok || (got == 0 && std::signbit(got) == std::signbit(x)); // flushed result
            expect(ok, "rcp", x, got, ref);
        }
        {
            const double ref = std::sqrt(xd);
            expect(err_f32(r(2, i), ref) <= 0.5, "sqrt", x, r(2, i), ref); // correctly rounded
        }
        {
            const double ref = std::exp2(xd);
            const float got = r(3, i);
            bool ok = err_f32(got, ref) <= 1.0;
            if (ref < 0x1p-126) ok = ok || std::fabs(got - ref) < 0x1p-126; // below 2^-126: not supported
            expect(ok, "exp2", x, got, ref);
        }
        {
            const double ref = std::log2(xd);
            const float got = r(4, i);
            bool ok = err_f32(got, ref) <= 1.0;
            if (is_denormal(xd)) ok = ok || got == -HUGE_VALF || (x < 0 && std::isnan(got));
            expect(ok, "log2", x, got, ref);
        }
        {
            const double ref = std::exp(xd);
            const float got = r(5, i);
            bool ok = err_f32(got, ref) <= exp_bound(x);
            if (ref < 0x1p-126) ok = ok || std::fabs(got - ref) < 0x1p-126; // below 2^-126: not supported
            expect(ok, "exp", x, got, ref);
        }
        {
            const double ref = std::log(xd);
            const float got = r(6, i);
            bool ok = err_f32(got, ref) <= 2.3;
            if (is_denormal(xd)) ok = ok || got == -HUGE_VALF || (x < 0 && std::isnan(got));
            expect(ok, "log", x, got, ref);
        }
        // exact
        expect(same_bits(r(7, i), std::fabs(x)), "abs", x, r(7, i), std::fabs(xd));
        expect(same_bits(r(8, i), std::floor(x)), "floor", x, r(8, i), std::floor(xd));
        expect(same_bits(r(9, i), std::ceil(x)), "ceil", x, r(9, i), std::ceil(xd));
        expect(same_bits(r(10, i), std::trunc(x)), "trunc", x, r(10, i), std::trunc(xd));
        expect(same_bits(r(11, i), std::nearbyint(x)), "rint", x, r(11, i), std::nearbyint(xd));
        expect(same_bits(r(12, i), std::round(x)), "round", x, r(12, i), std::round(xd));
        const float fref = std::fma(x, in[(i + 1) % n], in[(i + 7) % n]);
        expect(same_bits(r(13, i), fref), "fma", x, r(13, i), fref);
    }
    for (const auto& [fn, count] : bad_by_fn) UNSCOPED_INFO(fn << ": " << count << " inputs outside the bound");
    CHECK(bad == 0);
    // the special values the page lists
    auto at = [&](float x) {
        for (int i = n - 1; i >= 0; --i)
            if (same_bits(in[i], x)) return i;
        return 0;
    };
    CHECK(r(0, at(0.0f)) == HUGE_VALF);
    CHECK(r(0, at(HUGE_VALF)) == 0.0f);
    CHECK(std::isnan(r(0, at(-1.0f))));
    CHECK(r(1, at(-0.0f)) == -HUGE_VALF);
    CHECK(r(3, at(-HUGE_VALF)) == 0.0f);
    CHECK(r(3, at(128.0f)) == HUGE_VALF);
    CHECK(r(4, at(0.0f)) == -HUGE_VALF);
    CHECK(std::isnan(r(4, at(-1.0f))));
    CHECK(r(4, at(1.0f)) == 0.0f);
    CHECK(r(5, at(88.73f)) == HUGE_VALF);
}

TEST_CASE("device math, fp16: every value", "[arch][math]") {
    OPUS_REQUIRE_GPU();
    const int n = 65536;
    opus_test::device_buffer<opus::fp16_t> d_out(size_t(n) * n_f16_fn);
    opus_math_f16<<<dim3(n / 256), dim3(256)>>>(d_out.ptr);
    OPUS_HIP_CHECK(hipGetLastError());
    OPUS_HIP_CHECK(hipDeviceSynchronize());
    const std::vector<opus::fp16_t> out = d_out.to_host();
    auto val = [](unsigned short u) { return double(__builtin_bit_cast(opus::fp16_t, u)); };
    auto r = [&](int f, int i) { return double(out[size_t(f) * n + i]); };
    const char* names[n_f16_fn] = {"rsqrt", "rcp", "sqrt", "exp2", "log2", "exp", "log", "abs", "floor", "rint", "fma"};
    int bad = 0, bad_by_fn[n_f16_fn] = {};
    for (int i = 0; i < n; ++i) {
        const double x = val(static_cast<unsigned short>(i));
        const double y = val(static_cast<unsigned short>(i * 7919 + 1)), z = val(static_cast<unsigned short>(i * 104729 + 3));
        // the fma reference: exact in long double (products of halves have 22 bits, the sum spans
        // at most 64), then one rounding to half
        const double fma_ref = double(static_cast<_Float16>(std::fma(static_cast<long double>(x), static_cast<long double>(y),
                                                                    static_cast<long double>(z))));
        const double ref[n_f16_fn] = {1.0 / std::sqrt(x), 1.0 / x, std::sqrt(x), std::exp2(x), std::log2(x),
                                      std::exp(x), std::log(x), std::fabs(x), std::floor(x), std::nearbyint(x), fma_ref};
        // f16 instructions support denormals (LLVM): 0.51 ulp (sqrt: correctly rounded), exp / log
        // through float: 0.51 ulp; the rest exact
        const double bound[n_f16_fn] = {0.51, 0.51, 0.5, 0.51, 0.51, 0.51, 0.51, 0, 0, 0, 0};
        for (int f = 0; f < n_f16_fn; ++f) {
            const double e = err_f16(r(f, i), ref[f]);
            const bool ok = e <= bound[f] || (f == 0 && x == 0 && std::isinf(r(f, i)));
            if (!ok && ++bad_by_fn[f] <= 3)
                UNSCOPED_INFO(names[f] << "(" << x << ") = " << r(f, i) << ", reference " << ref[f]);
            bad += !ok;
        }
    }
    for (int f = 0; f < n_f16_fn; ++f)
        if (bad_by_fn[f]) UNSCOPED_INFO(names[f] << ": " << bad_by_fn[f] << " inputs outside the bound");
    CHECK(bad == 0);
}
