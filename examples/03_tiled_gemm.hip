// Example 3: a block-tiled GEMM with make_tiled_mma, LDS staging and a double-buffered K loop.
// EMULATE-ARGS: 256 256 128  (a problem size the emulated tier runs it with)
//
//   C (M x N, fp32) = A (M x K, fp16) * B^T,   B stored N x K (fp16), fp32 accumulation
//
// M and N must be multiples of 128 and K a multiple of 32 (the block tile; checked on the
// host). Compared with example 2, every element of A and B that a block needs is read from
// global memory once, staged in LDS, and read from there by both waves that use it.
//
// The block tile (128 x 128 x 32) and who computes what:
//   make_tiled_mma(EXPAND seq<2,2,2>, TILE seq<2,2,1>, WAVE seq<32,32,16>)
//   - 4 waves in a 2 x 2 grid (TILE): wave (wm, wn) owns a 64 x 64 quarter of C,
//   - each wave repeats the 32x32x16 instruction 2 x 2 over M x N and 2 x over K (EXPAND),
//   - so per 32-wide K tile each wave issues 2 * 2 * 2 = 8 instructions
//     (v_mfma_f32_32x32x16_f16 on gfx950; on gfx942, which lacks it, opus issues each as
//     two 32x32x8 with the same register layout: 16 instructions).
//   Along M the block tile nests as [EXPAND 2][waves 2][instruction 32]: wave wm, repeat em
//   covers rows em * 64 + wm * 32 + 0..31 (likewise N). A lane holds, per instruction, one
//   row (lane % 32) and 8 consecutive K values ((lane / 32) * 8 ..): one 16-byte LDS read.
//
// K loop, per 32-wide tile t (two LDS buffers, registers as the staging area):
//   1. issue the global loads of tile t+1 into registers (they fly while we compute),
//   2. read tile t's MFMA operands from LDS buffer t%2 and issue the MFMAs,
//   3. write the registers of tile t+1 into LDS buffer (t+1)%2,
//   4. barrier: tile t+1 is complete for every wave, and every wave is done reading
//      buffer t%2, which iteration t+1 overwrites. One barrier per K tile.
// Matrix cores of CDNA (MFMA, wave64): built for these targets only.
// TARGETS: gfx90a gfx942 gfx950
#include <opus/hip_minimal.hpp>
#include <opus.hpp>
#include <opus/core/tile_copy.hpp>
#include "common/example_util.hpp"
#include <cstdlib>
#include <vector>

using tmma_t = decltype(opus::make_tiled_mma<opus::fp16_t, opus::fp16_t, opus::fp32_t>(
    opus::seq<2, 2, 2>{}, opus::seq<2, 2, 1>{}, opus::seq<32, 32, 16>{}, opus::mfma_adaptor_swap_ab{}));

constexpr int kBlockM = tmma_t::block_m;      // 128
constexpr int kBlockN = tmma_t::block_n;      // 128
constexpr int kBlockK = tmma_t::block_k;      // 32
constexpr int kThreads = tmma_t::block_size;  // 256 (4 waves)
// LDS rows are padded from 32 to 40 fp16 (80 bytes = 20 banks apart): a 16-byte read by lanes
// of consecutive rows is then bank-conflict free (with unpadded 64-byte rows, rows 0, 2, 4
// and 6 would hit the same 4 banks).
constexpr int kLdsRow = kBlockK + 8;
static_assert(kBlockM == 128 && kBlockN == 128 && kBlockK == 32 && kThreads == 256,
              "the copy layouts below are written for a 128 x 128 x 32 block tile of 256 threads");

// grid = (N / 128, M / 128), block = 256 threads.
extern "C" __global__ __launch_bounds__(kThreads) void tiled_gemm(const opus::fp16_t* a, const opus::fp16_t* b,
                                                                  float* c, int n, int k) {
    using namespace opus;
    __shared__ fp16_t lds_a[2][kBlockM * kLdsRow];  // two buffers of the 128 x 32 A tile
    __shared__ fp16_t lds_b[2][kBlockN * kLdsRow];  // and of the B tile: 40 KiB in all

    const int tid = static_cast<int>(thread_idx_x());
    const int lane = tid % 64;
    const auto [wm, wn, wk] = tmma_t::wave_coord(wave_id());  // this wave's place in the 2 x 2 grid

    const int row0 = static_cast<int>(block_idx_y()) * kBlockM;
    const int col0 = static_cast<int>(block_idx_x()) * kBlockN;
    auto ga = make_gmem(a + static_cast<long>(row0) * k);  // rows row0.. of A
    auto gb = make_gmem(b + static_cast<long>(col0) * k);  // rows col0.. of B (columns of C)
    auto gc = make_gmem(c + static_cast<long>(row0) * n + col0);

    // Global -> LDS copy of one 128 x 32 tile (A and B alike) by 256 threads, 8 fp16 (16
    // bytes) per access (opus/core/tile_copy.hpp), in the x/p/y notation of docs/layout.md:
    //   x: [128 rows, 32 cols] = [[y 2, p 64], [p 4, y 8]]
    // thread t copies row (t / 4) and row 64 + t / 4, columns (t % 4) * 8 .. + 7.
    // Same distribution in global memory (row stride K) and in LDS (row stride kLdsRow).
    using copy_t = tile_copy<kBlockM, kBlockK, kThreads, 8>;
    auto u_copy_g = copy_t::layout(k, tid);
    auto u_copy_s = copy_t::layout(number<kLdsRow>{}, tid);

    // MFMA operand layouts inside one LDS tile (row stride kLdsRow) and the C layout in
    // global memory (row stride N). Their y (register) order is exactly the operand order
    // tmma_t expects, so one layout-based load/store moves a whole operand.
    auto u_a = tmma_t::layout_a(make_tuple(number<kLdsRow>{}, 1_I), tmma_t::p_coord_a(wm, wk, lane));
    auto u_b = tmma_t::layout_b(make_tuple(number<kLdsRow>{}, 1_I), tmma_t::p_coord_b(wn, wk, lane));
    auto u_c = tmma_t::layout_c(make_tuple(n, 1_I), tmma_t::p_coord_c(wm, wn, lane));

    auto smem_a = [&](int buf) { return make_smem(&lds_a[buf][0]); };
    auto smem_b = [&](int buf) { return make_smem(&lds_b[buf][0]); };

    // Prologue: tile 0 -> LDS buffer 0.
    smem_a(0).store<8>(ga.load<8>(u_copy_g), u_copy_s);
    smem_b(0).store<8>(gb.load<8>(u_copy_g), u_copy_s);
    barrier();

    // One K tile of MMA from LDS buffer `buf`: this wave's operands (4 x ds_read_b128
    // each), then 8 instructions.
    tmma_t::vtype_c acc{};  // fp32x64: this lane's 64 elements of the wave's 64 x 64 C
    auto mma_tile = [&](int buf) {
        auto va = smem_a(buf).load<8>(u_a);  // fp16x32: [em 2][ek 2][8 K values]
        auto vb = smem_b(buf).load<8>(u_b);  // fp16x32: [en 2][ek 2][8 K values]
        acc = tmma_t{}(va, vb, acc);
    };

    const int num_k = k / kBlockK;
    for (int t = 0; t < num_k - 1; ++t) {
        const int cur = t & 1;
        // 1. global loads of tile t+1: 2 x 16 bytes of A and of B per thread
        u_copy_g += kBlockK;
        auto next_a = ga.load<8>(u_copy_g);
        auto next_b = gb.load<8>(u_copy_g);
        // 2. tile t from buffer `cur`. The two sched_barriers keep the compiler's scheduler
        // from moving the loads below the MFMAs or the LDS writes (and their wait for the
        // loads) above them - either would expose the global-memory latency again.
        __builtin_amdgcn_sched_barrier(0);
        mma_tile(cur);
        __builtin_amdgcn_sched_barrier(0);
        // 3. tile t+1 into the other buffer (last read in iteration t-1, before its barrier)
        smem_a(cur ^ 1).store<8>(next_a, u_copy_s);
        smem_b(cur ^ 1).store<8>(next_b, u_copy_s);
        // 4. tile t+1 visible to all waves; nobody reads buffer `cur` past this point
        barrier();
    }
    mma_tile((num_k - 1) & 1);  // the last tile: nothing left to prefetch

    // C: with mfma_adaptor_swap_ab each lane holds runs of 4 consecutive columns, so the
    // 64 accumulators leave as 16 buffer_store_dwordx4.
    gc.store<4>(acc, u_c);
}

int main(int argc, char** argv) {
    example::print_isa_summary("03_tiled_gemm");
    if (!example::have_gpu()) return 0;

    int m = argc > 3 ? std::atoi(argv[1]) : 4096;
    int n = argc > 3 ? std::atoi(argv[2]) : 4096;
    int k = argc > 3 ? std::atoi(argv[3]) : 4096;
    if (m <= 0 || n <= 0 || k <= 0 || m % kBlockM || n % kBlockN || k % kBlockK) {
        std::printf("tiled_gemm: M, N must be multiples of %d, %d and K of %d\n", kBlockM, kBlockN, kBlockK);
        return 1;
    }
    // Inputs on a grid of 1/4 in [-1, 1]: all partial sums are exact in fp32, so the result
    // must equal the (double) host reference exactly, whatever the summation order.
    std::vector<opus::fp16_t> a(size_t(m) * k), b(size_t(n) * k);
    std::srand(7);
    for (auto& x : a) x = static_cast<opus::fp16_t>((std::rand() % 9 - 4) * 0.25f);
    for (auto& x : b) x = static_cast<opus::fp16_t>((std::rand() % 9 - 4) * 0.25f);
    std::vector<float> c(size_t(m) * n, -1.0f);

    opus::fp16_t* da = example::device_copy(a.data(), a.size());
    opus::fp16_t* db = example::device_copy(b.data(), b.size());
    float* dc = example::device_copy(c.data(), c.size());
    auto run = [&] { tiled_gemm<<<dim3(n / kBlockN, m / kBlockM), dim3(kThreads)>>>(da, db, dc, n, k); };
    run();
    OPUS_BENCH_CHECK(hipGetLastError());
    OPUS_BENCH_CHECK(hipDeviceSynchronize());
    example::to_host(c.data(), dc, c.size());

    // Reference on a sample of rows covering every row position of a block tile (rows
    // 131 * j mod M; 131 is odd so every residue mod 128 appears) - all rows if M is small.
    int rows = m <= 512 ? m : 128, bad = 0;
    std::vector<double> ref(n);
    for (int j = 0; j < rows; ++j) {
        int i = m <= 512 ? j : int((131L * j) % m);
        for (int jj = 0; jj < n; ++jj) {
            double s = 0;
            for (int kk = 0; kk < k; ++kk) s += double(a[size_t(i) * k + kk]) * double(b[size_t(jj) * k + kk]);
            if (double(c[size_t(i) * n + jj]) != s) ++bad;
        }
    }
    bool ok = bad == 0;
    std::printf("tiled_gemm M=%d N=%d K=%d: %s (%d of %d checked elements differ)\n", m, n, k,
                ok ? "PASSED" : "FAILED", bad, rows * n);
    float ms = example::time_ms(run);
    example::print_tflops("tiled_gemm", 2.0 * m * n * k, ms);
    (void)hipFree(da);
    (void)hipFree(db);
    (void)hipFree(dc);
    return ok ? 0 : 1;
}
