// Example 1: vector add, c[i] = a[i] + b[i], with opus gmem.
// EMULATE-ARGS: 100003 8  (the size and grid the emulated tier runs it with: 8 blocks, so the loop runs 12-13 times)
//
// What it shows
//  - make_gmem(ptr, bytes): a buffer resource with out-of-bounds protection. Loads past
//    `bytes` return 0 and stores past it are dropped by the hardware, so the tail of the
//    array needs no `if (i < n)`.
//  - load<N>/store<N>: opus picks the widest buffer instruction for N elements
//    (fp32 x4 = one buffer_load_dwordx4).
//  - a grid-stride loop, so any grid size covers any n.
#include <cstdlib>
#include <opus/hip_minimal.hpp>
#include <opus.hpp>
#include "common/example_util.hpp"
#include <vector>

constexpr int kBlock = 256;
constexpr int kVec = 4;  // floats per load: 16 bytes

extern "C" __global__ __launch_bounds__(kBlock) void vector_add(const float* a, const float* b,
                                                               float* c, int n) {
    using namespace opus;
    const unsigned bytes = static_cast<unsigned>(n) * sizeof(float);
    auto ga = make_gmem(a, bytes);
    auto gb = make_gmem(b, bytes);
    auto gc = make_gmem(c, bytes);

    const int n_vec = n / kVec;  // whole vectors
    const int stride = static_cast<int>(grid_dim_x() * block_dim_x());
    int i = static_cast<int>(block_idx_x() * block_dim_x() + thread_idx_x());
    for (int v = i; v < n_vec; v += stride) {
        auto x = ga.load<kVec>(v * kVec);  // fp32x4_t
        auto y = gb.load<kVec>(v * kVec);
        gc.store<kVec>(x + y, v * kVec);
    }
    // Tail: the last n % kVec elements, one per lane. Lanes whose index is past the end
    // read 0 and their store is dropped by the buffer's range check - no branch needed.
    if (i < kVec) {
        const int t = n_vec * kVec + i;
        gc.store<1>(ga.load<1>(t) + gb.load<1>(t), t);
    }
}

int main(int argc, char** argv) {
    example::print_isa_summary("01_vector_add");
    if (!example::have_gpu()) return 0;

    // deliberately not a multiple of the vector width (argv: another n, and a grid size)
    const int n = argc > 1 ? std::atoi(argv[1]) : (1 << 24) + 3;
    const int grid = argc > 2 && std::atoi(argv[2]) > 0 ? std::atoi(argv[2]) : 1024;
    std::vector<float> a(n), b(n), c(n + 64, -1.0f), ref(n);
    for (int i = 0; i < n; ++i) {
        a[i] = 0.5f * static_cast<float>(i % 1000);
        b[i] = 1.0f - static_cast<float>(i % 7);
        ref[i] = a[i] + b[i];
    }
    float* da = example::device_copy(a.data(), n);
    float* db = example::device_copy(b.data(), n);
    float* dc = example::device_copy(c.data(), n + 64);  // 64 guard floats after the end
    auto run = [&] { vector_add<<<dim3(grid), dim3(kBlock)>>>(da, db, dc, n); };
    run();
    OPUS_BENCH_CHECK(hipDeviceSynchronize());
    example::to_host(c.data(), dc, n + 64);
    bool ok = example::max_rel_err(c.data(), ref.data(), n) == 0.0;
    for (int g = 0; g < 64; ++g) ok = ok && c[n + g] == -1.0f;  // guard untouched
    std::printf("vector_add n=%d: %s\n", n, ok ? "PASSED" : "FAILED");
    example::print_gbps("vector_add", 3.0 * n * sizeof(float), example::time_ms(run));
    (void)hipFree(da);
    (void)hipFree(db);
    (void)hipFree(dc);
    return ok ? 0 : 1;
}
