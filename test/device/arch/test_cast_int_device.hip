// Device test: cast<i32_t / u32_t / i16_t / i8_t>(float) on the GPU is what docs/arch.md states
// for float -> integer (v_cvt_i32_f32 / v_cvt_u32_f32: truncate toward zero, saturate to the
// 32-bit range, NaN -> 0; 8- and 16-bit types take the low bits of the 32-bit signed result),
// checked against a reference written here, for values in range, beyond it, infinities and NaN.
// Skips (CTest: Skipped) without an AMD GPU.
#include "device_test.hpp"
#include <opus/arch.hpp>

#include <cmath>
#include <cstdint>
#include <vector>

extern "C" __global__ __launch_bounds__(64) void opus_cast_int(const float* in, int32_t* i32, uint32_t* u32,
                                                               int16_t* i16, int8_t* i8, int n) {
    const int i = static_cast<int>(opus::thread_idx_x());
    if (i >= n) return;
    const float x = in[i];
    i32[i] = opus::cast<opus::i32_t>(x);
    u32[i] = opus::cast<opus::u32_t>(x);
    i16[i] = opus::cast<opus::i16_t>(x);
    i8[i] = opus::cast<opus::i8_t>(x);
}

namespace {
// the instruction's result, from the ISA's description (not from opus)
int64_t want_i32(double x) {
    if (std::isnan(x)) return 0;
    if (x >= 2147483647.0) return 2147483647;
    if (x <= -2147483648.0) return -2147483647 - 1;
    return static_cast<int64_t>(std::trunc(x));
}
int64_t want_u32(double x) {
    if (std::isnan(x) || x <= 0) return 0;
    if (x >= 4294967295.0) return 4294967295;
    return static_cast<int64_t>(std::trunc(x));
}
} // namespace

TEST_CASE("cast<integer>(float) on the device: truncates, saturates, NaN -> 0", "[arch][cast][device]") {
    OPUS_REQUIRE_GPU();
    const std::vector<float> in = {0.0f, -0.0f, 1.5f, -1.5f, 2.9999998f, -7.75f, 127.9f, 128.5f, -129.5f,
                                   32767.5f, 40000.25f, -40000.25f, 16777216.0f, 2147483520.0f, 2147483648.0f,
                                   -2147483648.0f, -2147483904.0f, 3e9f, -3e9f, 4294967040.0f, 4294967296.0f,
                                   1e20f, -1e20f, HUGE_VALF, -HUGE_VALF, __builtin_nanf(""), -__builtin_nanf(""),
                                   0x1p-149f, -0.999f};
    const int n = static_cast<int>(in.size());
    opus_test::device_buffer<float> d_in(in);
    opus_test::device_buffer<int32_t> d_i32(static_cast<size_t>(n));
    opus_test::device_buffer<uint32_t> d_u32(static_cast<size_t>(n));
    opus_test::device_buffer<int16_t> d_i16(static_cast<size_t>(n));
    opus_test::device_buffer<int8_t> d_i8(static_cast<size_t>(n));
    opus_cast_int<<<dim3(1), dim3(64)>>>(d_in.ptr, d_i32.ptr, d_u32.ptr, d_i16.ptr, d_i8.ptr, n);
    OPUS_HIP_CHECK(hipGetLastError());
    OPUS_HIP_CHECK(hipDeviceSynchronize());
    const auto i32 = d_i32.to_host();
    const auto u32 = d_u32.to_host();
    const auto i16 = d_i16.to_host();
    const auto i8 = d_i8.to_host();
    for (int i = 0; i < n; ++i) {
        INFO("x = " << in[i]);
        const int64_t s = want_i32(in[i]);
        CHECK(i32[i] == s);
        CHECK(u32[i] == want_u32(in[i]));
        CHECK(i16[i] == static_cast<int16_t>(static_cast<uint16_t>(s & 0xffff)));
        CHECK(i8[i] == static_cast<int8_t>(static_cast<uint8_t>(s & 0xff)));
    }
}
