// Device smoke test: a kernel built with opus/hip_minimal.hpp launches and writes the
// expected values. Skips (CTest: Skipped) without an AMD GPU.
#include "device_test.hpp"
#include <opus/core.hpp>

extern "C" __global__ __launch_bounds__(256) void opus_smoke_iota(int* out, int n) {
    int i = static_cast<int>(opus::block_idx_x() * opus::block_dim_x() + opus::thread_idx_x());
    if (i < n) out[i] = 3 * i + 1;
}

TEST_CASE("a kernel writes 3*i+1 to every element", "[smoke]") {
    OPUS_REQUIRE_GPU();
    const int n = 1000;
    opus_test::device_buffer<int> d(static_cast<size_t>(n));
    opus_smoke_iota<<<dim3((n + 255) / 256), dim3(256)>>>(d.ptr, n);
    OPUS_HIP_CHECK(hipGetLastError());
    OPUS_HIP_CHECK(hipDeviceSynchronize());
    auto h = d.to_host();
    for (int i = 0; i < n; ++i) REQUIRE(h[i] == 3 * i + 1);
}
