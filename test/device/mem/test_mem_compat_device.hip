// opus/mem aiter-compat paths on a GPU: buffer atomics (native and compare-and-swap), the
// async_load immediate offset (both ends move) and async_load_if's zero fill. Every case
// skips without an AMD GPU.
#include "device_test.hpp"
#include <opus/mem.hpp>
#include <vector>

using namespace opus;

// 256 threads: +1 to 64 fp32 counters, +(1, 2) to 64 fp16x2 and bf16x2 pairs, +1 to 64 i32
extern "C" __global__ __launch_bounds__(256) void mem_atomics(fp32_t* f, fp16_t* h, bf16_t* b, i32_t* i) {
    const int t = static_cast<int>(thread_idx_x()) % 64;
    make_gmem(f).atomic_add(1.0f, t);
    make_gmem(h).atomic_add<2>(fp16x2_t{static_cast<fp16_t>(1.0f), static_cast<fp16_t>(2.0f)}, 2 * t);
    make_gmem(b).atomic_add<2>(bf16x2_t{static_cast<bf16_t>(1.0f), static_cast<bf16_t>(2.0f)}, 2 * t);
    make_gmem(i).atomic_add(1, t);
}

TEST_CASE("gmem atomic_add: fp32, fp16x2, bf16x2 (native or CAS) and i32", "[mem][atomic]") {
    OPUS_REQUIRE_GPU();
    opus_test::device_buffer<float> f(std::vector<float>(64, 0.0f));
    opus_test::device_buffer<fp16_t> h(std::vector<fp16_t>(128, static_cast<fp16_t>(0.0f)));
    opus_test::device_buffer<bf16_t> b(std::vector<bf16_t>(128, static_cast<bf16_t>(0.0f)));
    opus_test::device_buffer<int> i(std::vector<int>(64, 0));
    mem_atomics<<<dim3(1), dim3(256)>>>(f.ptr, h.ptr, b.ptr, i.ptr);
    OPUS_HIP_CHECK(hipGetLastError());
    OPUS_HIP_CHECK(hipDeviceSynchronize());
    const auto hf = f.to_host();
    const auto hh = h.to_host();
    const auto hb = b.to_host();
    const auto hi = i.to_host();
    for (int j = 0; j < 64; ++j) {
        REQUIRE(hf[j] == 4.0f);
        REQUIRE(static_cast<float>(hh[2 * j]) == 4.0f);
        REQUIRE(static_cast<float>(hh[2 * j + 1]) == 8.0f);
        REQUIRE(static_cast<float>(hb[2 * j]) == 4.0f);
        REQUIRE(static_cast<float>(hb[2 * j + 1]) == 8.0f);
        REQUIRE(hi[j] == 4);
    }
}

// async_load with immediate 32 bytes: lane l reads src[l + 8] into lds[l + 8]; lds[0..8)
// keep their sentinel. async_load_if: lanes >= n are deselected and write zeros instead.
extern "C" __global__ __launch_bounds__(64) void mem_async_ios(const fp32_t* src, fp32_t* out, int n) {
    __shared__ fp32_t lds[64 + 8];
    __shared__ fp32_t lds2[64];
    const int l = static_cast<int>(thread_idx_x());
    lds[l] = -1.0f;
    if (l < 8) lds[64 + l] = -1.0f;
    lds2[l] = -1.0f;
    barrier();
    auto g = make_gmem(src);
    g.async_load<1>(lds + l, l, 0, number<32>{});
    auto u = make_layout(opus::make_tuple(number<1>{})) + l;
    g.async_load_if<1>([&](auto) { return l < n; }, lds2, u, u);
    __builtin_amdgcn_s_waitcnt(0);
    barrier();
    out[l] = lds[l];
    if (l < 8) out[64 + l] = lds[64 + l];
    out[72 + l] = lds2[l];
}

TEST_CASE("async_load immediate offset moves both ends; async_load_if zero fill", "[mem][async]") {
    OPUS_REQUIRE_GPU();
    std::vector<float> h(128);
    for (int j = 0; j < 128; ++j) h[j] = 1.0f + static_cast<float>(j);
    opus_test::device_buffer<float> src(h);
    opus_test::device_buffer<float> out(std::vector<float>(136, 0.0f));
    mem_async_ios<<<dim3(1), dim3(64)>>>(src.ptr, out.ptr, 40);
    OPUS_HIP_CHECK(hipGetLastError());
    OPUS_HIP_CHECK(hipDeviceSynchronize());
    const auto o = out.to_host();
    for (int j = 0; j < 72; ++j) REQUIRE(o[j] == (j < 8 ? -1.0f : h[j]));
    for (int j = 0; j < 64; ++j) REQUIRE(o[72 + j] == (j < 40 ? h[j] : 0.0f));
}
