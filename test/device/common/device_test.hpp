// Shared helpers of opus's device tests (Catch2 + HIP runtime through opus/hip_minimal.hpp).
//
// Every TEST_CASE starts with OPUS_REQUIRE_GPU(): on a machine without an AMD GPU it prints
// the fixed token OPUS_NO_AMD_GPU (CTest's SKIP_REGULAR_EXPRESSION turns it into "Skipped")
// and SKIPs the test case; on a machine with one the test runs for real.
#pragma once
#include <opus/hip_minimal.hpp>
#include <catch2/catch_test_macros.hpp>
#include <cstdio>
#include <vector>

namespace opus_test {

// Number of usable AMD GPUs, or 0 with the reason in `why`.
inline int gpu_count(const char** why) {
    int n = 0;
    hipError_t e = hipGetDeviceCount(&n);
    if (e != hipSuccess) {
        *why = hipGetErrorString(e);
        return 0;
    }
    *why = n ? "" : "hipGetDeviceCount() returned 0";
    return n;
}

#define OPUS_HIP_CHECK(expr)                                                            \
    do {                                                                                \
        hipError_t opus_e_ = (expr);                                                    \
        INFO(#expr << " -> " << hipGetErrorString(opus_e_));                            \
        REQUIRE(opus_e_ == hipSuccess);                                                 \
    } while (0)

#define OPUS_REQUIRE_GPU()                                                              \
    do {                                                                                \
        const char* opus_why_ = "";                                                     \
        if (opus_test::gpu_count(&opus_why_) == 0) {                                    \
            std::printf("OPUS_NO_AMD_GPU: no AMD GPU present (%s); skipping\n", opus_why_); \
            std::fflush(stdout);                                                        \
            SKIP("OPUS_NO_AMD_GPU: no AMD GPU present");                                \
        }                                                                               \
    } while (0)

// Test executables built for their own target list (a `// TARGETS:` file, see
// test/CMakeLists.txt) may run on a GPU they carry no code object for. Such a file says
// OPUS_DEFINE_FAMILY_PROBE() once at namespace scope and starts each TEST_CASE with
// OPUS_REQUIRE_TARGET_GPU(family): `family` is set to the family of the code object that runs
// (9, 11, 12 or 1250); where the executable has none for the GPU, the probe launch fails and the test
// prints the token OPUS_NO_TARGET_GPU (CTest: Skipped) and SKIPs.
#define OPUS_DEFINE_FAMILY_PROBE()                                                      \
    extern "C" __global__ void opus_test_family_probe(int* out) {                       \
        *out = OPUS_GFX9 ? 9 : OPUS_GFX11 ? 11 : OPUS_GFX12 ? 12 : OPUS_GFX1250 ? 1250 : 0; \
    }                                                                                   \
    static int opus_test_device_family() {                                              \
        int* d = nullptr;                                                               \
        if (hipMalloc(reinterpret_cast<void**>(&d), sizeof(int)) != hipSuccess) return 0; \
        int f = 0;                                                                      \
        opus_test_family_probe<<<dim3(1), dim3(1), 0, nullptr>>>(d);                    \
        hipError_t e = hipGetLastError();                                               \
        if (e == hipSuccess) e = hipDeviceSynchronize();                                \
        if (e == hipSuccess) e = hipMemcpy(&f, d, sizeof(int), hipMemcpyDeviceToHost);  \
        (void)hipFree(d);                                                               \
        return e == hipSuccess ? f : 0;                                                 \
    }

#define OPUS_REQUIRE_TARGET_GPU(family)                                                 \
    OPUS_REQUIRE_GPU();                                                                 \
    const int family = opus_test_device_family();                                       \
    do {                                                                                \
        if (family == 0) {                                                              \
            std::printf("OPUS_NO_TARGET_GPU: this test has no code object for the GPU; skipping\n"); \
            std::fflush(stdout);                                                        \
            SKIP("OPUS_NO_TARGET_GPU: no code object for this GPU");                    \
        }                                                                               \
    } while (0)

// A device buffer holding a copy of a host vector; copies back with to_host().
template <typename T>
struct device_buffer {
    T* ptr = nullptr;
    size_t n = 0;
    explicit device_buffer(size_t count) : n(count) {
        OPUS_HIP_CHECK(hipMalloc(reinterpret_cast<void**>(&ptr), n * sizeof(T)));
    }
    explicit device_buffer(const std::vector<T>& h) : device_buffer(h.size()) {
        OPUS_HIP_CHECK(hipMemcpy(ptr, h.data(), n * sizeof(T), hipMemcpyHostToDevice));
    }
    ~device_buffer() { (void)hipFree(ptr); }
    device_buffer(const device_buffer&) = delete;
    device_buffer& operator=(const device_buffer&) = delete;
    std::vector<T> to_host() const {
        std::vector<T> h(n);
        OPUS_HIP_CHECK(hipMemcpy(h.data(), ptr, n * sizeof(T), hipMemcpyDeviceToHost));
        return h;
    }
};

} // namespace opus_test
