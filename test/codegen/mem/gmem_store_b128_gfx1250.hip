// Codegen: 32 bounded 16-byte stores on gfx1250 whose offsets have a uniform part (block and
// wave rows, columns) and a lane part, with 128 C values live, as a GEMM epilogue has them.
// aiter's opus reports that clang <= 22 sometimes moves the uniform part of such an offset into
// the descriptor's base (through s_readfirstlane), which shifts the num_records bound, and hides
// the offset from the optimizer there. Not seen here: every store keeps the one descriptor and
// its whole offset in a VGPR; this test fails if that changes (docs/evidence.md).
// TARGETS: gfx1250
#include <opus/hip_minimal.hpp>
#include <opus/mem.hpp>
using namespace opus;

// CHECK-LABEL: store_b128_epilogue:
// CHECK-NOT: v_readfirstlane
// CHECK: buffer_store_b128 v[{{[0-9]+}}:{{[0-9]+}}], v{{[0-9]+}}, [[R:s\[[0-9]+:[0-9]+\]]], null offen{{$}}
// CHECK-COUNT-31: buffer_store_b128 v[{{[0-9]+}}:{{[0-9]+}}], v{{[0-9]+}}, [[R]], null offen{{$}}
// CHECK-NOT: v_readfirstlane
// CHECK: s_endpgm
extern "C" __global__ __launch_bounds__(256) void store_b128_epilogue(float* c, int ldc, int m, int n, const float* a) {
    auto g = make_gmem(c, m * n * 4);
    const int lane = static_cast<int>(thread_id_x()) % 32, wave = static_cast<int>(thread_id_x()) / 32;
    fp32x4_t acc[32];
    for (int i = 0; i < 32; ++i)
        for (int j = 0; j < 4; ++j) acc[i][j] = a[i * 4 + j + lane];
    const int row0 = static_cast<int>(block_id_x()) * 128 + wave * 16;
    const int col0 = static_cast<int>(block_id_y()) * 128;
    for (int i = 0; i < 32; ++i) g.store<4>(acc[i], (row0 + i % 16) * ldc + col0 + (i / 16) * 64 + lane * 4);
}

// A single-offset 16-byte store takes its offset as an opaque VGPR value with clang <= 22, as
// aiter's opus passes it there (register allocation around the store then follows aiter's: see
// buffer_store_bytes): the second store's +256 bytes is an add, not the immediate offset field.
// Layout stores keep their immediates (gmem_bulk.hip).
// CHECK-LABEL: store_b128_single:
// CHECK-CLANG22-COUNT-2: buffer_store_b128 v[{{[0-9]+}}:{{[0-9]+}}], v{{[0-9]+}}, s[{{[0-9]+}}:{{[0-9]+}}], null offen{{$}}
// CHECK: s_endpgm
extern "C" __global__ __launch_bounds__(256) void store_b128_single(float* c, int n, const float* a) {
    auto g = make_gmem(c, n * 4);
    const int i = static_cast<int>(thread_id_x());
    const fp32x4_t v{a[i], a[i + 1], a[i + 2], a[i + 3]};
    g.store<4>(v, i * 4);
    g.store<4>(v * 2.f, i * 4 + 64);
}
