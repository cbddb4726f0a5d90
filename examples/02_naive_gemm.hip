// Example 2: the GEMM step of docs/walkthrough.md, made real.
// EMULATE-ARGS: 128 128 64  (a problem size the emulated tier runs it with)
//
//   C (M x N, fp32) = A (M x K, fp16) * B^T,   B stored N x K (fp16)
//
// A and B are both row-major with K contiguous ("B transposed", the way weights are usually
// stored for y = x * W^T); that is the operand layout opus's MFMA adaptors address.
//
// What it shows
//  - make_mfma: one wave-level matrix-core instruction, here v_mfma_f32_32x32x8_f16: a
//    32x32 fp32 tile of C += (32x8 of A) * (8x32 of B^T), the 64 lanes of the wave each
//    holding 4 fp16 of A, 4 fp16 of B and 16 fp32 of C.
//  - partition layouts: mma.layout_a/b/c(strides, lane coordinate) say where the registers
//    of *this lane* live in memory, so a whole operand is one layout-based load<4>.
//  - one wave per 32x32 tile of C, one MFMA per K step of 8, fp32 accumulation in
//    registers, one store of C at the end. No LDS, no data reuse between waves: this is
//    the simplest correct matrix-core GEMM, not a fast one (example 3 is the fast one).
// Matrix cores of CDNA (MFMA, wave64): built for these targets only.
// TARGETS: gfx90a gfx942 gfx950
#include <opus/hip_minimal.hpp>
#include <opus.hpp>
#include "common/example_util.hpp"
#include <cstdlib>
#include <vector>

constexpr int kTile = 32;  // one wave computes a kTile x kTile tile of C
constexpr int kStepK = 8;  // K consumed by one MFMA

// grid = (N / 32, M / 32), block = one wave (64 lanes). M, N multiples of 32, K of 8.
extern "C" __global__ __launch_bounds__(64) void naive_gemm(const opus::fp16_t* a, const opus::fp16_t* b,
                                                            float* c, int n, int k) {
    using namespace opus;

    // The instruction. mfma_adaptor_swap_ab issues it with A and B exchanged, which
    // transposes C's register layout: each lane then holds runs of 4 consecutive columns
    // of C (instead of 4 consecutive rows), so C is stored with 16-byte vector stores.
    auto mma = make_mfma<fp16_t, fp16_t, fp32_t>(32_I, 32_I, number<kStepK>{}, mfma_adaptor_swap_ab{});

    const int lane = static_cast<int>(thread_idx_x());
    const int row0 = static_cast<int>(block_idx_y()) * kTile;  // first row of this C tile
    const int col0 = static_cast<int>(block_idx_x()) * kTile;  // first column

    // Buffers start at this tile: rows row0.. of A, rows col0.. of B (= columns of B^T).
    auto ga = make_gmem(a + static_cast<long>(row0) * k);
    auto gb = make_gmem(b + static_cast<long>(col0) * k);
    auto gc = make_gmem(c + static_cast<long>(row0) * n + col0);

    // Partition layouts: (x strides, p coordinate of this lane) -> offset of each register.
    // For 32x32x8, A's 32 x 8 block is split as   M = [p 32]   K = [p 2, y 4]:
    // lane L holds row L % 32, K elements (L / 32) * 4 .. +3 - the hand-written offset of
    //   docs/walkthrough.md (stage 1): offset_a = (lane / 32 * 4) + (lane % 32 * stride_a).
    // B (N x K) is addressed the same way. C (swapped) is M = [p 32], N = [y 4, p 2, y 4]:
    // lane L holds row L % 32, columns g * 8 + (L / 32) * 4 + 0..3 for g = 0..3.
    auto ua = mma.layout_a(make_tuple(k, 1_I), mma.lane_coord_a(lane));
    auto ub = mma.layout_b(make_tuple(k, 1_I), mma.lane_coord_b(lane));
    auto uc = mma.layout_c(make_tuple(n, 1_I), mma.lane_coord_c(lane));

    decltype(mma)::vtype_c acc{};  // fp32x16, zero
    for (int kk = 0; kk < k; kk += kStepK) {
        auto va = ga.load<4>(ua);  // fp16x4: one 8-byte buffer_load per operand
        auto vb = gb.load<4>(ub);
        acc = mma(va, vb, acc);    // one v_mfma_f32_32x32x8_f16
        ua += kStepK;              // slide both layouts 8 elements along K
        ub += kStepK;
    }
    gc.store<4>(acc, uc);  // 4 issues of fp32x4 (16-byte buffer_store_dwordx4)
}

// Host reference for one element, in double.
static double ref_elem(const std::vector<opus::fp16_t>& a, const std::vector<opus::fp16_t>& b, int k, int i,
                       int j) {
    double s = 0;
    for (int kk = 0; kk < k; ++kk) s += double(a[size_t(i) * k + kk]) * double(b[size_t(j) * k + kk]);
    return s;
}

int main(int argc, char** argv) {
    example::print_isa_summary("02_naive_gemm");
    if (!example::have_gpu()) return 0;

    // Problem size (argv: M N K); M, N multiples of 32, K of 8.
    int m = argc > 3 ? std::atoi(argv[1]) : 4096;
    int n = argc > 3 ? std::atoi(argv[2]) : 4096;
    int k = argc > 3 ? std::atoi(argv[3]) : 4096;
    if (m % kTile || n % kTile || k % kStepK || m <= 0 || n <= 0 || k <= 0) {
        std::printf("naive_gemm: M, N must be multiples of %d and K of %d\n", kTile, kStepK);
        return 1;
    }
    // Inputs on a grid of 1/4 in [-1, 1]: every product and partial sum is exact in fp32
    // (|sum| <= K, granularity 1/16), so the GPU result must equal the reference exactly.
    std::vector<opus::fp16_t> a(size_t(m) * k), b(size_t(n) * k);
    std::srand(2024);
    for (auto& x : a) x = static_cast<opus::fp16_t>((std::rand() % 9 - 4) * 0.25f);
    for (auto& x : b) x = static_cast<opus::fp16_t>((std::rand() % 9 - 4) * 0.25f);
    std::vector<float> c(size_t(m) * n, -1.0f);

    opus::fp16_t* da = example::device_copy(a.data(), a.size());
    opus::fp16_t* db = example::device_copy(b.data(), b.size());
    float* dc = example::device_copy(c.data(), c.size());
    auto run = [&] { naive_gemm<<<dim3(n / kTile, m / kTile), dim3(64)>>>(da, db, dc, n, k); };
    run();
    OPUS_BENCH_CHECK(hipGetLastError());
    OPUS_BENCH_CHECK(hipDeviceSynchronize());
    example::to_host(c.data(), dc, c.size());

    // Check every column of a sample of rows that covers every row position inside a tile
    // (rows 67 * j mod M: 67 is odd, so all residues mod 32 appear) - or all rows if small.
    int rows = m <= 512 ? m : 96, bad = 0;
    for (int j = 0; j < rows; ++j) {
        int i = m <= 512 ? j : int((67L * j) % m);
        for (int jj = 0; jj < n; ++jj)
            if (double(c[size_t(i) * n + jj]) != ref_elem(a, b, k, i, jj)) ++bad;
    }
    bool ok = bad == 0;
    std::printf("naive_gemm M=%d N=%d K=%d: %s (%d of %d checked elements differ)\n", m, n, k,
                ok ? "PASSED" : "FAILED", bad, rows * n);
    float ms = example::time_ms(run);
    example::print_tflops("naive_gemm", 2.0 * m * n * k, ms);
    (void)hipFree(da);
    (void)hipFree(db);
    (void)hipFree(dc);
    return ok ? 0 : 1;
}
