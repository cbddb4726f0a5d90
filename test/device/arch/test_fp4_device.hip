// Device tests: fp4 conversions and the bit-packed fp4 containers on the GPU give the host's
// (software) results: gfx950 through its scaled conversion instructions, gfx942 through the
// software path. Skips (CTest: Skipped) without an AMD GPU.
#include "device_test.hpp"
#include <opus/arch.hpp>
#include <opus/arch/aiter.hpp>  // aiter's layer (what opus/opus.hpp adds)

#include <vector>

using namespace opus;

// every byte (two fp4 values) -> fp32 pair (scaled) -> back to the byte
extern "C" __global__ __launch_bounds__(256) void opus_fp4_bytes(const float* scale, float* vals, unsigned char* back) {
    const int b = static_cast<int>(thread_idx_x());
    const auto p = __builtin_bit_cast(array<fp4_t, 2>, static_cast<unsigned char>(b));
    const fp32x2_t f = fp4_to_fp32_packed_x2(p, scale[0]);
    vals[2 * b] = f[0];
    vals[2 * b + 1] = f[1];
    back[b] = __builtin_bit_cast(unsigned char, fp32_to_fp4_packed_x2(f, scale[0]));
}

// 8 fp32 -> array<fp4_t, 8> (cast, RNE) -> fp32, and the packed dword
extern "C" __global__ __launch_bounds__(256) void opus_fp4_cast8(const fp32x8_t* in, unsigned* packed, fp32x8_t* out) {
    const int i = static_cast<int>(thread_idx_x());
    const auto q = cast<fp4_t>(in[i]);
    packed[i] = __builtin_bit_cast(unsigned, q);
    out[i] = cast<fp32_t>(q);
}

// proxy writes on the device: value i in byte i/2, low nibble first
extern "C" __global__ __launch_bounds__(64) void opus_fp4_proxy(unsigned* out) {
    array<fp4_t, 8> a;
    for (int i = 0; i < 8; ++i) a[i] = fp4_t{static_cast<unsigned char>(i + static_cast<int>(thread_idx_x()))};
    out[thread_idx_x()] = __builtin_bit_cast(unsigned, a);
}

TEST_CASE("fp4 <-> fp32 pairs: every byte, scaled", "[arch][fp4]") {
    OPUS_REQUIRE_GPU();
    for (float s : {1.f, 0.25f, 16.f}) {
        opus_test::device_buffer<float> d_s(std::vector<float>{s});
        opus_test::device_buffer<float> d_v(512);
        opus_test::device_buffer<unsigned char> d_b(256);
        opus_fp4_bytes<<<dim3(1), dim3(256)>>>(d_s.ptr, d_v.ptr, d_b.ptr);
        OPUS_HIP_CHECK(hipGetLastError());
        OPUS_HIP_CHECK(hipDeviceSynchronize());
        const auto v = d_v.to_host();
        const auto b = d_b.to_host();
        for (int i = 0; i < 256; ++i) {
            const fp32x2_t h = fp4_to_fp32_packed_x2(__builtin_bit_cast(array<fp4_t, 2>, static_cast<unsigned char>(i)), s);
            REQUIRE(v[2 * i] == h[0]);
            REQUIRE(v[2 * i + 1] == h[1]);
            REQUIRE(int(b[i]) == i); // every byte round-trips (-0 stays code 8)
        }
    }
}

TEST_CASE("cast<fp4_t>(fp32x8_t) rounds like the host", "[arch][fp4]") {
    OPUS_REQUIRE_GPU();
    const int n = 256;
    std::vector<fp32x8_t> in(n);
    for (int i = 0; i < n; ++i)
        for (int j = 0; j < 8; ++j) in[i][j] = float((i * 8 + j) % 1041 - 520) / 64.f;
    opus_test::device_buffer<fp32x8_t> d_in(in);
    opus_test::device_buffer<unsigned> d_p(n);
    opus_test::device_buffer<fp32x8_t> d_o(n);
    opus_fp4_cast8<<<dim3(1), dim3(n)>>>(d_in.ptr, d_p.ptr, d_o.ptr);
    OPUS_HIP_CHECK(hipGetLastError());
    OPUS_HIP_CHECK(hipDeviceSynchronize());
    const auto p = d_p.to_host();
    const auto o = d_o.to_host();
    for (int i = 0; i < n; ++i) {
        const auto q = cast<fp4_t>(in[i]);
        REQUIRE(p[i] == __builtin_bit_cast(unsigned, q));
        const fp32x8_t h = cast<fp32_t>(q);
        for (int j = 0; j < 8; ++j) REQUIRE(o[i][j] == h[j]);
    }
}

TEST_CASE("packed fp4 array: proxy writes on the device", "[arch][fp4]") {
    OPUS_REQUIRE_GPU();
    opus_test::device_buffer<unsigned> d(64);
    opus_fp4_proxy<<<dim3(1), dim3(64)>>>(d.ptr);
    OPUS_HIP_CHECK(hipGetLastError());
    OPUS_HIP_CHECK(hipDeviceSynchronize());
    const auto h = d.to_host();
    for (unsigned t = 0; t < 64; ++t) {
        unsigned want = 0;
        for (unsigned i = 0; i < 8; ++i) want |= ((i + t) & 15u) << (4 * i);
        REQUIRE(h[t] == want);
    }
}
