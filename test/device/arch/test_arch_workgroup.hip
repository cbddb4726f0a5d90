// Device tests of opus/arch/workgroup.hpp and core/mdiv.hpp on a GPU: launch-position queries
// (grid_size_x counts threads), workgroup_barrier hand-offs between workgroups (stream-K style
// reduction, ordered chain with wait_lt) and mdiv on the device next to plain division.
// Skip (CTest: Skipped) without an AMD GPU.
#include "device_test.hpp"
#include <opus/opus.hpp>

#include <vector>

extern "C" __global__ __launch_bounds__(128) void opus_arch_wg_query(unsigned* out) {
    const int i = opus::block_id_x() * opus::block_size_x() + opus::thread_id_x();
    out[4 * i + 0] = unsigned(opus::thread_id_x());
    out[4 * i + 1] = unsigned(opus::block_id_x());
    out[4 * i + 2] = unsigned(opus::block_size_x());
    out[4 * i + 3] = unsigned(opus::grid_size_x());
}

TEST_CASE("thread_id/block_id/block_size/grid_size (threads in the grid)", "[arch][workgroup]") {
    OPUS_REQUIRE_GPU();
    const int blocks = 5, threads = 128, n = blocks * threads;
    opus_test::device_buffer<unsigned> d(static_cast<size_t>(4 * n));
    opus_arch_wg_query<<<dim3(blocks), dim3(threads)>>>(d.ptr);
    OPUS_HIP_CHECK(hipGetLastError());
    OPUS_HIP_CHECK(hipDeviceSynchronize());
    auto h = d.to_host();
    for (int i = 0; i < n; ++i) {
        REQUIRE(h[4 * i + 0] == unsigned(i % threads));
        REQUIRE(h[4 * i + 1] == unsigned(i / threads));
        REQUIRE(h[4 * i + 2] == unsigned(threads));
        REQUIRE(h[4 * i + 3] == unsigned(n));
    }
}

// producers 0..n-1 each sum a 256-element chunk into ws[b] and inc(); workgroup n waits for
// all of them and sums ws (every thread reads ws: the acquire must cover the whole workgroup)
extern "C" __global__ __launch_bounds__(256) void opus_arch_streamk(const float* in, float* ws, float* out,
                                                                    unsigned* sem, int n) {
    __shared__ float s[256];
    const int b = opus::block_id_x(), t = opus::thread_id_x();
    opus::workgroup_barrier wb{sem};
    if (b < n) {
        s[t] = in[b * 256 + t];
        opus::sync_threads();
        for (int k = 128; k > 0; k >>= 1) {
            if (t < k) s[t] += s[t + k];
            opus::sync_threads();
        }
        if (t == 0) ws[b] = s[0];
        wb.inc();
    } else {
        wb.wait_eq(unsigned(n));
        out[t] = t < n ? ws[t] : 0.0f;
        float total = 0.0f;
        for (int k = 0; k < n; ++k) total += ws[k];
        if (t == 0) out[256] = total;
    }
}

TEST_CASE("workgroup_barrier: stream-K reduction sees every producer's partial sum", "[arch][workgroup]") {
    OPUS_REQUIRE_GPU();
    const int n = 24;
    std::vector<float> in(static_cast<size_t>(n) * 256);
    for (size_t i = 0; i < in.size(); ++i) in[i] = float(int(i % 7) + 1);
    for (int rep = 0; rep < 20; ++rep) {
        opus_test::device_buffer<float> din(in), ws(static_cast<size_t>(n)), out(257);
        opus_test::device_buffer<unsigned> sem(1);
        OPUS_HIP_CHECK(hipMemset(sem.ptr, 0, sizeof(unsigned)));
        OPUS_HIP_CHECK(hipMemset(ws.ptr, 0xff, n * sizeof(float)));  // NaN until written
        opus_arch_streamk<<<dim3(n + 1), dim3(256)>>>(din.ptr, ws.ptr, out.ptr, sem.ptr, n);
        OPUS_HIP_CHECK(hipGetLastError());
        OPUS_HIP_CHECK(hipDeviceSynchronize());
        auto h = out.to_host();
        float want_total = 0.0f;
        for (int b = 0; b < n; ++b) {
            float want = 0.0f;
            for (int t = 0; t < 256; ++t) want += in[static_cast<size_t>(b) * 256 + t];
            REQUIRE(h[b] == want);
            want_total += want;
        }
        REQUIRE(h[256] == want_total);
    }
}

// workgroup b waits until b workgroups went before it, appends its id, then inc(): the ids
// come out in order 0..n-1 (all n workgroups are resident at once)
extern "C" __global__ __launch_bounds__(64) void opus_arch_chain(unsigned* sem, unsigned* order, unsigned* pos) {
    opus::workgroup_barrier wb{sem};
    const unsigned b = unsigned(opus::block_id_x());
    wb.wait_lt(b);
    if (opus::thread_id_x() == 0) {
        const unsigned p = *pos;  // ordered by the barrier, no atomic needed
        order[p] = b;
        *pos = p + 1;
    }
    wb.inc();
}

TEST_CASE("workgroup_barrier: wait_lt orders workgroups", "[arch][workgroup]") {
    OPUS_REQUIRE_GPU();
    const int n = 16;
    opus_test::device_buffer<unsigned> sem(1), order(static_cast<size_t>(n)), pos(1);
    OPUS_HIP_CHECK(hipMemset(sem.ptr, 0, sizeof(unsigned)));
    OPUS_HIP_CHECK(hipMemset(pos.ptr, 0, sizeof(unsigned)));
    opus_arch_chain<<<dim3(n), dim3(64)>>>(sem.ptr, order.ptr, pos.ptr);
    OPUS_HIP_CHECK(hipGetLastError());
    OPUS_HIP_CHECK(hipDeviceSynchronize());
    auto h = order.to_host();
    for (int i = 0; i < n; ++i) REQUIRE(h[i] == unsigned(i));
    REQUIRE(pos.to_host()[0] == unsigned(n));
}

extern "C" __global__ __launch_bounds__(256) void opus_arch_mdiv(const unsigned* a, unsigned* q, unsigned* r,
                                                                 opus::mdiv m, int n) {
    const int i = opus::block_id_x() * 256 + opus::thread_id_x();
    if (i < n) m.divmod(a[i], q[i], r[i]);
}

TEST_CASE("mdiv on the device equals plain division (dividends up to 2^32-1)", "[core][mdiv]") {
    OPUS_REQUIRE_GPU();
    std::vector<unsigned> a;
    for (unsigned k = 0; k < 4096; ++k) {
        a.push_back(k);
        a.push_back(0xffffffffu - k);
        a.push_back(0x80000000u + k - 2048u);
        a.push_back(k * 2654435761u);
    }
    const int n = int(a.size());
    opus_test::device_buffer<unsigned> da(a), dq(a.size()), dr(a.size());
    for (unsigned d : {1u, 2u, 3u, 7u, 641u, 65537u, 0x7fffffffu, 0x80000000u, 0x80000001u, 0xfffffffbu, 0xffffffffu}) {
        opus_arch_mdiv<<<dim3((n + 255) / 256), dim3(256)>>>(da.ptr, dq.ptr, dr.ptr, opus::mdiv(d), n);
        OPUS_HIP_CHECK(hipGetLastError());
        OPUS_HIP_CHECK(hipDeviceSynchronize());
        auto q = dq.to_host(), r = dr.to_host();
        for (int i = 0; i < n; ++i) {
            INFO("divisor " << d << " dividend " << a[i]);
            REQUIRE(q[i] == a[i] / d);
            REQUIRE(r[i] == a[i] % d);
        }
    }
}
