// opus/mem on a GPU: sized-descriptor OOB semantics of a copy, an LDS round trip, async
// global->LDS loads and layout-based bulk copies. Every case skips without an AMD GPU.
#include "device_test.hpp"
#include <opus/mem.hpp>
#include <vector>

using namespace opus;

namespace {
constexpr int guard = 64;        // elements after the end that must stay untouched
constexpr float sentinel = -7.0f;

struct tile_48x32 {
    OPUS_H_D constexpr auto shape() { return opus::make_tuple(number<3>{}, number<16>{}, number<4>{}, number<8>{}); }
    OPUS_H_D constexpr auto dim() { return opus::tuple<opus::tuple<y_dim, p_dim>, opus::tuple<p_dim, y_dim>>{}; }
};
} // namespace

// Every thread copies 4 floats; n is not a multiple of 4, the grid over-covers. Loads past
// n (sized source) return 0, stores past n (sized destination) are dropped. `probe`
// (unsized, big enough) receives the raw loaded vectors so the zero fill is visible.
extern "C" __global__ __launch_bounds__(256) void mem_copy_oob(const fp32_t* src, fp32_t* dst, fp32_t* probe, int n) {
    const int i = static_cast<int>(block_idx_x() * block_dim_x() + thread_idx_x()) * 4;
    auto gs = make_gmem(src, n * sizeof(fp32_t));
    auto gd = make_gmem(dst, n * sizeof(fp32_t));
    const auto v = gs.load<4>(i);
    gd.store<4>(v, i);
    make_gmem(probe).store<4>(v, i);
}

TEST_CASE("gmem copy with a sized descriptor: zero-filled tail, guard untouched", "[mem][gmem][oob]") {
    OPUS_REQUIRE_GPU();
    const int n = 1000 + 3;
    const int threads = 256, blocks = (n / 4 + threads) / threads + 1;  // over-cover
    const int covered = blocks * threads * 4;
    std::vector<float> h(n);
    for (int j = 0; j < n; ++j) h[j] = 1.0f + static_cast<float>(j);
    opus_test::device_buffer<float> src(h);
    opus_test::device_buffer<float> dst(std::vector<float>(n + guard, sentinel));
    opus_test::device_buffer<float> probe(std::vector<float>(covered, sentinel));
    mem_copy_oob<<<dim3(blocks), dim3(threads)>>>(src.ptr, dst.ptr, probe.ptr, n);
    OPUS_HIP_CHECK(hipGetLastError());
    OPUS_HIP_CHECK(hipDeviceSynchronize());
    const auto d = dst.to_host();
    for (int j = 0; j < n; ++j) REQUIRE(d[j] == h[j]);
    for (int j = n; j < n + guard; ++j) REQUIRE(d[j] == sentinel);
    const auto p = probe.to_host();
    for (int j = 0; j < covered; ++j) REQUIRE(p[j] == (j < n ? h[j] : 0.0f));
}

// LDS round trip: 256 threads store fp16x8 to LDS, barrier, read another thread's vector.
extern "C" __global__ __launch_bounds__(256) void mem_lds_round_trip(const fp16_t* in, fp16_t* out) {
    __shared__ fp16_t lds[256 * 8];
    auto s = make_smem(lds);
    const int t = static_cast<int>(thread_idx_x());
    s.store<8>(make_gmem(in).load<8>(t * 8), t * 8);
    barrier();
    make_gmem(out).store<8>(s.load<8>((255 - t) * 8), t * 8);
}

TEST_CASE("smem round trip through LDS with a barrier", "[mem][smem]") {
    OPUS_REQUIRE_GPU();
    std::vector<fp16_t> h(256 * 8);
    for (int j = 0; j < 256 * 8; ++j) h[j] = static_cast<fp16_t>(static_cast<float>(j % 2000));
    opus_test::device_buffer<fp16_t> in(h);
    opus_test::device_buffer<fp16_t> out(h.size());
    mem_lds_round_trip<<<dim3(1), dim3(256)>>>(in.ptr, out.ptr);
    OPUS_HIP_CHECK(hipGetLastError());
    OPUS_HIP_CHECK(hipDeviceSynchronize());
    const auto o = out.to_host();
    for (int t = 0; t < 256; ++t)
        for (int e = 0; e < 8; ++e) REQUIRE(static_cast<float>(o[t * 8 + e]) == static_cast<float>(h[(255 - t) * 8 + e]));
}

// async_load: one wave moves 3 rows of 64 floats (dynamic row stride) straight into LDS,
// waits, and writes LDS back out transposed per row (lane l reads element 63 - l).
extern "C" __global__ __launch_bounds__(64) void mem_async_round_trip(const fp32_t* in, fp32_t* out, int stride) {
    __shared__ fp32_t lds[3 * 64 + 64];
    const int lane = static_cast<int>(thread_idx_x());
    auto g = make_gmem(in);
    auto ug = make_layout(opus::make_tuple(number<3>{}, number<64>{}), opus::make_tuple(stride, number<1>{}),
                          opus::make_tuple(_, lane));
    auto us = make_layout(opus::make_tuple(number<3>{}), opus::make_tuple(number<64>{}));
    g.async_load<1>(lds, ug, us);              // layout form
    g.async_load<1>(lds + 192, 3 * stride + lane);  // single form: row 3
    s_waitcnt_vmcnt(number<0>{});
    barrier();
    auto s = make_smem(lds);
    auto go = make_gmem(out);
    static_for<4>([&](auto r) { go.store(s.load(r.value * 64 + 63 - lane), r.value * 64 + lane); });
}

TEST_CASE("async_load global -> LDS and back", "[mem][async]") {
    OPUS_REQUIRE_GPU();
    const int stride = 100;
    std::vector<float> h(4 * stride);
    for (int j = 0; j < 4 * stride; ++j) h[j] = static_cast<float>(j) * 0.5f;
    opus_test::device_buffer<float> in(h);
    opus_test::device_buffer<float> out(4 * 64);
    mem_async_round_trip<<<dim3(1), dim3(64)>>>(in.ptr, out.ptr, stride);
    OPUS_HIP_CHECK(hipGetLastError());
    OPUS_HIP_CHECK(hipDeviceSynchronize());
    const auto o = out.to_host();
    for (int r = 0; r < 4; ++r)
        for (int l = 0; l < 64; ++l) REQUIRE(o[r * 64 + l] == h[r * stride + 63 - l]);
}

// bulk: the 48x32 fp16 tile (row stride 40) copied with load<8>(u)/store<8>(v, u), plus a
// load_if/store_if pair with a y-predicate (row block 1 deselected) into a second output.
extern "C" __global__ __launch_bounds__(64) void mem_bulk_copy(const fp16_t* in, fp16_t* out, fp16_t* out_if) {
    const int lane = static_cast<int>(thread_idx_x());
    auto u = make_partition_layout(tile_48x32{}, opus::make_tuple(number<40>{}, number<1>{}),
                                   opus::make_tuple(lane / 4, lane % 4));
    auto g = make_gmem(in);
    make_gmem(out).store<8>(g.load<8>(u), u);
    auto pred = [](auto y) { return opus::get<0>(y).value != 1; };
    make_gmem(out_if).store_if<8>(pred, g.load_if<8>(pred, u), u);
}

TEST_CASE("layout-based bulk copy and predicated bulk copy", "[mem][bulk]") {
    OPUS_REQUIRE_GPU();
    const int rows = 48, stride = 40;
    std::vector<fp16_t> h(rows * stride);
    for (int j = 0; j < rows * stride; ++j) h[j] = static_cast<fp16_t>(static_cast<float>(j % 1024));
    opus_test::device_buffer<fp16_t> in(h);
    opus_test::device_buffer<fp16_t> out(std::vector<fp16_t>(h.size(), static_cast<fp16_t>(-1.0f)));
    opus_test::device_buffer<fp16_t> out_if(std::vector<fp16_t>(h.size(), static_cast<fp16_t>(-1.0f)));
    mem_bulk_copy<<<dim3(1), dim3(64)>>>(in.ptr, out.ptr, out_if.ptr);
    OPUS_HIP_CHECK(hipGetLastError());
    OPUS_HIP_CHECK(hipDeviceSynchronize());
    const auto o = out.to_host();
    const auto oi = out_if.to_host();
    for (int r = 0; r < rows; ++r)
        for (int c = 0; c < stride; ++c) {
            const float want = c < 32 ? static_cast<float>(h[r * stride + c]) : -1.0f;
            REQUIRE(static_cast<float>(o[r * stride + c]) == want);
            const bool selected = c < 32 && (r / 16) != 1;
            REQUIRE(static_cast<float>(oi[r * stride + c]) == (selected ? want : -1.0f));
        }
}
