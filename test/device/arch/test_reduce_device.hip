// Device tests of opus/arch/reduce.hpp on a GPU, against host references: wave_reduce with
// reduce_sum / reduce_max / reduce_min for every width from 1 to the wave size (ints, 8-bit and
// 16-bit values and int64 exact; float and double sums bit-exact against the documented order,
// the balanced tree in lane order, and within a rounding bound of a double sum), shfl_xor /
// shfl_down / shfl_up against HIP's rules for every width and mask / delta, and block_reduce for
// workgroups of 64, 192 (not a power-of-two number of waves), 256 and 1024 threads, with one
// scratch reused by back-to-back calls. Built for gfx9 (wave64) and gfx11 / gfx12 (wave32); each
// test asks the GPU for its wave size. Skips (CTest: Skipped) without an AMD GPU.
// TARGETS: gfx942 gfx950 gfx1100 gfx1201
#include "device_test.hpp"
#include <opus/arch/reduce.hpp>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <random>
#include <vector>

using namespace opus;

OPUS_DEFINE_FAMILY_PROBE()

extern "C" __global__ void opus_reduce_wave_size(int* out) { *out = get_warp_size(); }

template <typename T, typename Op> __device__ T reduce_width(const T& v, Op op, int width) {
    switch (width) {
    case 1: return wave_reduce(v, op, number<1>{});
    case 2: return wave_reduce(v, op, number<2>{});
    case 4: return wave_reduce(v, op, number<4>{});
    case 8: return wave_reduce(v, op, number<8>{});
    case 16: return wave_reduce(v, op, number<16>{});
    case 32: return wave_reduce(v, op, number<32>{});
    default:
        if constexpr (get_warp_size() == 64) return wave_reduce(v, op, number<64>{});
        else return v;
    }
}

template <typename T, typename Op>
__global__ __launch_bounds__(256) void opus_wave_reduce(const T* in, T* out, int width) {
    const int i = block_id_x() * 256 + thread_id_x();
    out[i] = reduce_width(in[i], Op{}, width);
}

// out[(kind * nargs + arg) * wave + lane]: kind 0 shfl_xor(v, arg, width), 1 shfl_down, 2 shfl_up
template <typename T>
__global__ __launch_bounds__(64) void opus_shuffles(const T* in, T* out, int nargs, int width) {
    const int lane = lane_id(), w = get_warp_size();
    const T v = in[lane];
    for (int a = 0; a < nargs; ++a) {
        out[(0 * nargs + a) * w + lane] = shfl_xor(v, a, width);
        out[(1 * nargs + a) * w + lane] = shfl_down(v, a, width);
        out[(2 * nargs + a) * w + lane] = shfl_up(v, a, width);
    }
}

// three block reductions per thread; the int scratch serves two calls back to back
template <int B>
__global__ __launch_bounds__(B) void opus_block_reduce(const float* fin, const int* iin, float* fsum, int* imax,
                                                       int* isum) {
    __shared__ block_reduce_scratch<float, B> sf;
    __shared__ block_reduce_scratch<int, B> si;
    const int i = block_id_x() * B + thread_id_x();
    const int m = block_reduce(iin[i], reduce_max{}, si);
    const int s = block_reduce(iin[i], reduce_sum{}, si);
    const float f = block_reduce(fin[i], reduce_sum{}, sf);
    imax[i] = m;
    isum[i] = s;
    fsum[i] = f;
}

namespace {

int device_wave_size() {
    opus_test::device_buffer<int> d(static_cast<size_t>(1));
    opus_reduce_wave_size<<<dim3(1), dim3(1)>>>(d.ptr);
    OPUS_HIP_CHECK(hipGetLastError());
    OPUS_HIP_CHECK(hipDeviceSynchronize());
    return d.to_host()[0];
}

template <typename T, typename Op> std::vector<T> run_wave_reduce(const std::vector<T>& in, int width) {
    opus_test::device_buffer<T> din(in), dout(in.size());
    opus_wave_reduce<T, Op><<<dim3(unsigned(in.size() / 256)), dim3(256)>>>(din.ptr, dout.ptr, width);
    OPUS_HIP_CHECK(hipGetLastError());
    OPUS_HIP_CHECK(hipDeviceSynchronize());
    return dout.to_host();
}

// the documented order: the balanced tree over [lo, lo + n), adjacent pairs first
template <typename T, typename Op> T tree(const std::vector<T>& v, size_t lo, size_t n, Op op) {
    return n == 1 ? v[lo] : op(tree(v, lo, n / 2, op), tree(v, lo + n / 2, n / 2, op));
}

constexpr int n_values = 8 * 256;  // 8 workgroups of 256 threads

template <typename T> std::vector<T> random_ints(std::mt19937& g, long long lo, long long hi) {
    std::uniform_int_distribution<long long> d(lo, hi);
    std::vector<T> v(n_values);
    for (T& x : v) x = static_cast<T>(d(g));
    return v;
}
template <typename T> std::vector<T> random_reals(std::mt19937& g) {
    // |x| in [2^-10, 2]: partial sums stay far from the subnormals
    std::uniform_real_distribution<double> d(0.0009765625, 2.0);
    std::vector<T> v(n_values);
    for (size_t i = 0; i < v.size(); ++i) v[i] = static_cast<T>((i % 3 == 0 ? -1.0 : 1.0) * d(g));
    return v;
}

// every lane holds its group's tree (the reference op on the host is the device's op)
template <typename T, typename Op> void check_exact(const std::vector<T>& in, const std::vector<T>& out, int width) {
    for (size_t g = 0; g < in.size(); g += size_t(width)) {
        const T want = tree(in, g, size_t(width), Op{});
        for (size_t l = g; l < g + size_t(width); ++l) {
            INFO("width " << width << " lane " << l);
            REQUIRE(out[l] == want);
        }
    }
}
// a float / double sum: the tree's bits, and within (log2(width) + 1) roundings of the double sum
template <typename T> void check_sum_bound(const std::vector<T>& in, const std::vector<T>& out, int width) {
    const double eps = std::is_same<T, float>::value ? 0x1p-24 : 0x1p-53;
    for (size_t g = 0; g < in.size(); g += size_t(width)) {
        double sum = 0, abs_sum = 0;
        for (size_t l = g; l < g + size_t(width); ++l) {
            sum += double(in[l]);
            abs_sum += std::fabs(double(in[l]));
        }
        INFO("width " << width << " group at " << g);
        REQUIRE(std::fabs(double(out[g]) - sum) <= (std::log2(double(width)) + 1) * eps * abs_sum);
    }
}

} // namespace

TEST_CASE("wave_reduce: sum, max and min in every lane, every width", "[arch][reduce]") {
    OPUS_REQUIRE_TARGET_GPU(family);
    const int wave = device_wave_size();
    INFO("family " << family << ", wave " << wave);
    std::mt19937 g(2024);
    const auto i32 = random_ints<int>(g, -100000, 100000);
    const auto i64 = random_ints<long long>(g, -(1LL << 50), 1LL << 50);  // both halves matter
    const auto i16 = random_ints<int16_t>(g, -32768, 32767);
    const auto u8 = random_ints<uint8_t>(g, 0, 255);                      // the sum wraps
    const auto f32 = random_reals<float>(g);
    const auto f64 = random_reals<double>(g);
    for (int width = 1; width <= wave; width *= 2) {
        check_exact<int, reduce_sum>(i32, run_wave_reduce<int, reduce_sum>(i32, width), width);
        check_exact<int, reduce_max>(i32, run_wave_reduce<int, reduce_max>(i32, width), width);
        check_exact<int, reduce_min>(i32, run_wave_reduce<int, reduce_min>(i32, width), width);
        check_exact<long long, reduce_sum>(i64, run_wave_reduce<long long, reduce_sum>(i64, width), width);
        check_exact<int16_t, reduce_min>(i16, run_wave_reduce<int16_t, reduce_min>(i16, width), width);
        check_exact<uint8_t, reduce_sum>(u8, run_wave_reduce<uint8_t, reduce_sum>(u8, width), width);
        check_exact<float, reduce_max>(f32, run_wave_reduce<float, reduce_max>(f32, width), width);
        check_exact<float, reduce_min>(f32, run_wave_reduce<float, reduce_min>(f32, width), width);
        const auto fs = run_wave_reduce<float, reduce_sum>(f32, width);
        check_exact<float, reduce_sum>(f32, fs, width);
        check_sum_bound(f32, fs, width);
        const auto ds = run_wave_reduce<double, reduce_sum>(f64, width);
        check_exact<double, reduce_sum>(f64, ds, width);
        check_sum_bound(f64, ds, width);
    }
}

TEST_CASE("shfl_xor / shfl_down / shfl_up: HIP's source lanes, 4- and 8-byte values", "[arch][reduce]") {
    OPUS_REQUIRE_TARGET_GPU(family);
    const int wave = device_wave_size();
    INFO("family " << family << ", wave " << wave);
    const int nargs = 2 * wave + 1;  // masks / deltas 0 .. 2 * wave
    std::vector<int> vi(static_cast<size_t>(wave));
    std::vector<double> vd(static_cast<size_t>(wave));
    for (int l = 0; l < wave; ++l) {
        vi[size_t(l)] = 1000 + 7 * l;
        vd[size_t(l)] = double(1LL << 40) * (l + 1) + 0.5;
    }
    opus_test::device_buffer<int> di(vi), oi(static_cast<size_t>(3 * nargs * wave));
    opus_test::device_buffer<double> dd(vd), od(static_cast<size_t>(3 * nargs * wave));
    for (int width = 1; width <= wave; width *= 2) {
        opus_shuffles<int><<<dim3(1), dim3(unsigned(wave))>>>(di.ptr, oi.ptr, nargs, width);
        opus_shuffles<double><<<dim3(1), dim3(unsigned(wave))>>>(dd.ptr, od.ptr, nargs, width);
        OPUS_HIP_CHECK(hipGetLastError());
        OPUS_HIP_CHECK(hipDeviceSynchronize());
        const auto hi = oi.to_host();
        const auto hd = od.to_host();
        for (int a = 0; a < nargs; ++a) {
            for (int self = 0; self < wave; ++self) {
                // HIP's expressions (hip/amd_detail/amd_warp_functions.h)
                const int x = self ^ a;
                const int src[3] = {x >= ((self + width) & ~(width - 1)) ? self : x,
                                    (self & (width - 1)) + a >= width ? self : self + a,
                                    self - a < (self & ~(width - 1)) ? self : self - a};
                for (int k = 0; k < 3; ++k) {
                    INFO("width " << width << " kind " << k << " mask/delta " << a << " lane " << self);
                    const size_t o = size_t((k * nargs + a) * wave + self);
                    REQUIRE(hi[o] == vi[size_t(src[k])]);
                    REQUIRE(hd[o] == vd[size_t(src[k])]);
                }
            }
        }
    }
}

namespace {
template <int B> void check_block_reduce(int wave) {
    const int blocks = 8, n = blocks * B;
    std::mt19937 g(B);
    std::uniform_int_distribution<int> di(-1000000, 1000000);
    std::uniform_real_distribution<float> df(0.0009765625f, 2.0f);
    std::vector<int> iin(static_cast<size_t>(n));
    std::vector<float> fin(static_cast<size_t>(n));
    for (int i = 0; i < n; ++i) {
        iin[size_t(i)] = di(g);
        fin[size_t(i)] = (i % 3 == 0 ? -1.0f : 1.0f) * df(g);
    }
    opus_test::device_buffer<int> diin(iin), dmax(static_cast<size_t>(n)), dsum(static_cast<size_t>(n));
    opus_test::device_buffer<float> dfin(fin), dfsum(static_cast<size_t>(n));
    opus_block_reduce<B><<<dim3(blocks), dim3(B)>>>(dfin.ptr, diin.ptr, dfsum.ptr, dmax.ptr, dsum.ptr);
    OPUS_HIP_CHECK(hipGetLastError());
    OPUS_HIP_CHECK(hipDeviceSynchronize());
    const auto hmax = dmax.to_host(), hsum = dsum.to_host();
    const auto hf = dfsum.to_host();
    const int nw = B / wave;
    for (int b = 0; b < blocks; ++b) {
        int want_max = iin[size_t(b * B)], want_sum = 0;
        for (int t = 0; t < B; ++t) {
            want_max = std::max(want_max, iin[size_t(b * B + t)]);
            want_sum += iin[size_t(b * B + t)];
        }
        // float: each wave's balanced tree, then the partials as documented: for s = 1, 2, 4, ..
        // p[i] += p[i + s] for i = 0, 2s, 4s, .. while i + s < number of waves
        std::vector<float> p(static_cast<size_t>(nw));
        for (int w = 0; w < nw; ++w) p[size_t(w)] = tree(fin, size_t(b * B + w * wave), size_t(wave), reduce_sum{});
        for (int s = 1; s < nw; s *= 2)
            for (int i = 0; i + s < nw; i += 2 * s) p[size_t(i)] = p[size_t(i)] + p[size_t(i + s)];
        for (int t = 0; t < B; ++t) {
            INFO("block size " << B << ", wave " << wave << ", workgroup " << b << ", thread " << t);
            const size_t o = size_t(b * B + t);
            REQUIRE(hmax[o] == want_max);
            REQUIRE(hsum[o] == want_sum);
            REQUIRE(hf[o] == p[0]);
        }
    }
}
} // namespace

TEST_CASE("block_reduce: every thread gets the workgroup's max, sum (reused scratch) and float sum",
          "[arch][reduce]") {
    OPUS_REQUIRE_TARGET_GPU(family);
    const int wave = device_wave_size();
    INFO("family " << family);
    check_block_reduce<64>(wave);
    check_block_reduce<192>(wave);
    check_block_reduce<256>(wave);
    check_block_reduce<1024>(wave);
}
