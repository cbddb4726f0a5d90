// The kernels of docs/cookbook.md, as the page shows them (extracted into the build tree by
// extract_cookbook.cmake), against host references: RMSNorm and softmax within a few fp32 /
// fp16 ulps, the fp8 quantize code for code against opus's host conversion of the same scaled
// value (and the dequantization scale exactly), the GEMM exactly (inputs on a grid of 1/4,
// partial sums exact in fp32; the bf16 result is the round-to-nearest-even of the exact sum).
// Skips without an AMD GPU.
#include "device_test.hpp"
#include "fp8_device.hpp"

#include "rmsnorm.hip"
#include "quantize.hip"
#include "softmax.hip"
#include "gemm.hip"

#include <cmath>
#include <cstdlib>
#include <vector>

namespace {

std::vector<float> random_values(size_t n, unsigned seed, float lo, float hi) {
    std::vector<float> v(n);
    std::srand(seed);
    for (auto& x : v) x = lo + (hi - lo) * static_cast<float>(std::rand() % 65536) / 65535.0f;
    return v;
}

} // namespace

TEST_CASE("cookbook rmsnorm: fp16 rows of 8 .. 8192 values", "[cookbook]") {
    OPUS_REQUIRE_GPU();
    for (int n : {8, 1000, 2048, 8192}) {
        INFO("n = " << n);
        const int rows = 3;
        const auto xf = random_values(size_t(rows) * n, 3, -4.0f, 4.0f);
        const auto gf = random_values(size_t(n), 5, 0.5f, 1.5f);
        std::vector<opus::fp16_t> x(xf.size()), g(gf.size());
        for (size_t i = 0; i < xf.size(); ++i) x[i] = static_cast<opus::fp16_t>(xf[i]);
        for (size_t i = 0; i < gf.size(); ++i) g[i] = static_cast<opus::fp16_t>(gf[i]);
        opus_test::device_buffer<opus::fp16_t> dx(x), dg(g), dy(std::vector<opus::fp16_t>(x.size(), static_cast<opus::fp16_t>(-7.0f)));
        rmsnorm_f16<<<dim3(rows), dim3(256)>>>(dx.ptr, dg.ptr, dy.ptr, n, 1e-6f);
        OPUS_HIP_CHECK(hipGetLastError());
        OPUS_HIP_CHECK(hipDeviceSynchronize());
        const auto y = dy.to_host();
        int bad = 0;
        for (int r = 0; r < rows; ++r) {
            double ss = 0;
            for (int i = 0; i < n; ++i) ss += double(float(x[size_t(r) * n + i])) * double(float(x[size_t(r) * n + i]));
            const double inv = 1.0 / std::sqrt(ss / n + 1e-6);
            for (int i = 0; i < n; ++i) {
                const double want = double(float(x[size_t(r) * n + i])) * inv * double(float(g[i]));
                const double got = double(float(y[size_t(r) * n + i]));
                bad += std::fabs(got - want) > 2e-3 * std::fabs(want) + 1e-3;  // fp16 output: 2^-11 relative
            }
        }
        CHECK(bad == 0);
    }
}

TEST_CASE("cookbook quantize: fp8 codes and the dequantization scale", "[cookbook][fp8]") {
    OPUS_REQUIRE_GPU();
    const bool fnuz = opus_test::device_fp8_fnuz();
    const float fp8_max = fnuz ? 240.0f : 448.0f;
    for (int n : {4, 1000, 4096}) {
        INFO("n = " << n);
        const int rows = 4;
        auto x = random_values(size_t(rows) * n, 7, -30.0f, 30.0f);
        for (int i = 0; i < n; ++i) x[size_t(3) * n + i] = 0.0f;  // an all-zero row: scale 1
        opus_test::device_buffer<float> dx(x), ds(std::vector<float>(rows, -1.0f));
        opus_test::device_buffer<unsigned char> dq(std::vector<unsigned char>(x.size(), 0xAB));
        quantize_fp8_rows<<<dim3(rows), dim3(256)>>>(dx.ptr, reinterpret_cast<opus::fp8_t*>(dq.ptr), ds.ptr, n);
        OPUS_HIP_CHECK(hipGetLastError());
        OPUS_HIP_CHECK(hipDeviceSynchronize());
        const auto q = dq.to_host();
        const auto s = ds.to_host();
        int bad = 0;
        for (int r = 0; r < rows; ++r) {
            float amax = 0;
            for (int i = 0; i < n; ++i) amax = std::fmax(amax, std::fabs(x[size_t(r) * n + i]));
            const float scale = amax > 0 ? fp8_max / amax : 1.0f;
            bad += s[r] != 1.0f / scale;
            for (int i = 0; i < n; ++i) {
                const float v = x[size_t(r) * n + i] * scale;
                const uint8_t want = fnuz ? opus::cast<opus::fp8_e4m3fnuz_t>(v, opus::saturate).data
                                          : opus::cast<opus::fp8_e4m3fn_t>(v, opus::saturate).data;
                bad += q[size_t(r) * n + i] != want;
            }
        }
        CHECK(bad == 0);
    }
}

TEST_CASE("cookbook softmax: fp32 rows of 4 .. 4096 values", "[cookbook]") {
    OPUS_REQUIRE_GPU();
    for (int n : {4, 1000, 4096}) {
        INFO("n = " << n);
        const int rows = 3;
        const auto x = random_values(size_t(rows) * n, 11, -20.0f, 10.0f);
        opus_test::device_buffer<float> dx(x), dy(std::vector<float>(x.size(), -1.0f));
        softmax_f32<<<dim3(rows), dim3(256)>>>(dx.ptr, dy.ptr, n);
        OPUS_HIP_CHECK(hipGetLastError());
        OPUS_HIP_CHECK(hipDeviceSynchronize());
        const auto y = dy.to_host();
        int bad = 0;
        for (int r = 0; r < rows; ++r) {
            double m = -INFINITY, sum = 0;
            for (int i = 0; i < n; ++i) m = std::fmax(m, double(x[size_t(r) * n + i]));
            for (int i = 0; i < n; ++i) sum += std::exp(double(x[size_t(r) * n + i]) - m);
            for (int i = 0; i < n; ++i) {
                const double want = std::exp(double(x[size_t(r) * n + i]) - m) / sum;
                bad += std::fabs(double(y[size_t(r) * n + i]) - want) > 1e-5 * want + 1e-9;  // v_exp_f32 ~1 ulp
            }
        }
        CHECK(bad == 0);
    }
}

TEST_CASE("cookbook gemm: 256 x 256 x 64, bf16 C rounded to nearest even", "[cookbook][mma]") {
    OPUS_REQUIRE_GPU();
    const int m = 256, n = 256, k = 64;
    std::vector<opus::fp16_t> a(size_t(m) * k), b(size_t(n) * k);
    std::srand(13);
    for (auto& v : a) v = static_cast<opus::fp16_t>((std::rand() % 9 - 4) * 0.25f);
    for (auto& v : b) v = static_cast<opus::fp16_t>((std::rand() % 9 - 4) * 0.25f);
    opus_test::device_buffer<opus::fp16_t> da(a), db(b);
    opus_test::device_buffer<opus::bf16_t> dc(std::vector<opus::bf16_t>(size_t(m) * n));
    gemm_bf16_out<<<dim3(n / 128, m / 128), dim3(256)>>>(da.ptr, db.ptr, dc.ptr, n, k);
    OPUS_HIP_CHECK(hipGetLastError());
    OPUS_HIP_CHECK(hipDeviceSynchronize());
    const auto c = dc.to_host();
    int bad = 0;
    for (int i = 0; i < m; ++i)
        for (int j = 0; j < n; ++j) {
            float acc = 0;
            for (int kk = 0; kk < k; ++kk) acc += float(a[size_t(i) * k + kk]) * float(b[size_t(j) * k + kk]);
            const uint16_t want = __builtin_bit_cast(uint16_t, opus::cast<opus::bf16_t>(acc, opus::number<0>{}));
            bad += __builtin_bit_cast(uint16_t, c[size_t(i) * n + j]) != want;
        }
    CHECK(bad == 0);
}
