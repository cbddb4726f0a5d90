// The gfx1250 tensor DMA (opus/mem/tdm.hpp) on the GPU, against host references: a 2D tile
// clipped by the tensor's end (loaded, then stored back through a second window), a walk along
// a row with move(), a 3D tile from an opus::layout, a 16-bit gather and a padded LDS pitch.
// Each kernel is one wave: the DMA is issued once per wave. Elements of a tile outside the
// tensor are checked as "0 or the LDS fill" on loads (printed, OPUS_OBSERVED: not measured by
// us) and as "not written" on stores.
// TARGETS: gfx1250
#include "device_test.hpp"
#include <opus/mem.hpp>

#include <cstdint>
#include <cstdio>
#include <vector>

using namespace opus;
namespace tt = opus::tdm_traits;

OPUS_DEFINE_FAMILY_PROBE()

namespace {
constexpr int T0 = 32, T1 = 8;           // tile: 32 contiguous x 8 rows
constexpr u16_t FILL = 0xdead;
__device__ u32_t lds_addr(const void* p) { return u32_t(reinterpret_cast<__UINTPTR_TYPE__>(p)); }
__device__ void fill(u16_t* s, int n) {
    for (int i = int(thread_id_x()); i < n; i += 32) s[i] = FILL;
    sync_threads();
}
} // namespace

// A (cols x rows, row stride ld) -> LDS tile at (c0, r0) -> dump; the tile back into B at the
// same origin through a store window.
extern "C" __global__ __launch_bounds__(32) void tdm_clip(const u16_t* a, u16_t* b, u16_t* dump, int cols, int rows,
                                                          int ld, int c0, int r0) {
    __shared__ u16_t s[T0 * T1];
    fill(s, T0 * T1);
    using win = tdm<u16_t, seq<T0, T1>>;
    auto in = make_tdm<win>(lds_addr(s), a, u32_t(cols), u32_t(rows), u64_t(ld), u32_t(c0), u32_t(r0));
    in.async_load();
    s_wait_tensorcnt<0>();
    sync_threads();
    for (int i = int(thread_id_x()); i < T0 * T1; i += 32) dump[i] = s[i];
    auto out = make_tdm<win>(lds_addr(s), b, u32_t(cols), u32_t(rows), u64_t(ld), u32_t(c0), u32_t(r0));
    out.async_store();
    s_wait_tensorcnt<0>();
}

// Tiles 0..n-1 along dim 0 of row r0, double-buffered through make_descriptor(slot).
extern "C" __global__ __launch_bounds__(32) void tdm_walk(const u16_t* a, u16_t* dump, int cols, int rows, int ld,
                                                          int r0, int n) {
    __shared__ u16_t s[2 * T0 * T1];
    using win = tdm<u16_t, seq<T0, T1>>;
    auto w = make_tdm<win>(lds_addr(s), a, u32_t(cols), u32_t(rows), u64_t(ld), 0u, u32_t(r0));
    for (int k = 0; k < n; ++k) {
        const auto d = w.make_descriptor(u32_t((k & 1) * T0 * T1));
        win::async_load(d);
        w.move(number<T0>{});
        s_wait_tensorcnt<0>();
        sync_threads();
        for (int i = int(thread_id_x()); i < T0 * T1; i += 32) dump[k * T0 * T1 + i] = s[(k & 1) * T0 * T1 + i];
        sync_threads();
    }
}

// A 3D tensor (d2 x d1 x d0, opus order) and a 4 x 2 x 16 tile at (z, y, x).
extern "C" __global__ __launch_bounds__(32) void tdm_3d(const u16_t* a, u16_t* dump, int d2, int d1, int d0, int z,
                                                        int y, int x) {
    __shared__ u16_t s[16 * 2 * 4];
    fill(s, 16 * 2 * 4);
    auto lay = make_layout(opus::make_tuple(d2, d1, d0), opus::make_tuple(d1 * d0, d0, 1_I), opus::make_tuple(z, y, x));
    auto w = make_tdm<u16_t, seq<16, 2, 4>>(lds_addr(s), a, lay);
    async_load(w);
    s_wait_tensorcnt<0>();
    sync_threads();
    for (int i = int(thread_id_x()); i < 16 * 2 * 4; i += 32) dump[i] = s[i];
}

// Rows idx[0..n) of A (gather<16>) into consecutive LDS rows.
extern "C" __global__ __launch_bounds__(32) void tdm_gather(const u16_t* a, const int* idx, u16_t* dump, int cols,
                                                            int rows, int ld, int n) {
    __shared__ u16_t s[T0 * 16];
    fill(s, T0 * 16);
    using win = tdm<u16_t, seq<T0, 16>, tt::gather<16>>;
    auto w = make_tdm<win>(lds_addr(s), a, u32_t(cols), u32_t(rows), u64_t(ld));
    int ix[16];
    for (int i = 0; i < 16; ++i) ix[i] = idx[i];
    w.set_indices(ix, n);
    w.async_load();
    s_wait_tensorcnt<0>();
    sync_threads();
    for (int i = int(thread_id_x()); i < T0 * 16; i += 32) dump[i] = s[i];
}

// A 32 x 8 tile into LDS rows of 32 + 8 elements (padding_auto: one 16-byte vector per row).
extern "C" __global__ __launch_bounds__(32) void tdm_padded(const u16_t* a, u16_t* dump, int cols, int rows, int ld) {
    using pad = tt::padding_auto<u16_t, T0>;
    __shared__ u16_t s[pad::pitch_elements * T1];
    fill(s, pad::pitch_elements * T1);
    using win = tdm<u16_t, seq<T0, T1>, pad>;
    auto w = make_tdm<win>(lds_addr(s), a, u32_t(cols), u32_t(rows), u64_t(ld));
    w.async_load();
    s_wait_tensorcnt<0>();
    sync_threads();
    for (int i = int(thread_id_x()); i < pad::pitch_elements * T1; i += 32) dump[i] = s[i];
}

namespace {
template <typename... P, typename... A>
void launch(void (*k)(P...), A... args) {
    k<<<dim3(1), dim3(32), 0, nullptr>>>(args...);
    OPUS_HIP_CHECK(hipGetLastError());
    OPUS_HIP_CHECK(hipDeviceSynchronize());
}
std::vector<u16_t> pattern(int n) {
    std::vector<u16_t> h(n);
    for (int i = 0; i < n; ++i) h[i] = u16_t(i * 7 + 1);
    return h;
}
// an element of a loaded tile outside the tensor: 0 or the untouched LDS fill
bool out_of_tensor_ok(u16_t v, int& zeros) {
    zeros += v == 0;
    return v == 0 || v == FILL;
}
} // namespace

TEST_CASE("tdm: a 2D tile clipped by the tensor's end loads and stores in range only", "[mem][tdm]") {
    OPUS_REQUIRE_TARGET_GPU(family);
    const int cols = 50, rows = 13, ld = 64, c0 = 24, r0 = 8;  // 26 x 5 of the 32 x 8 tile inside
    const auto h = pattern(ld * rows);
    opus_test::device_buffer<u16_t> a(h), b(std::vector<u16_t>(ld * rows, 0x7777)), dump(T0 * T1);
    launch(tdm_clip, static_cast<const u16_t*>(a.ptr), b.ptr, dump.ptr, cols, rows, ld, c0, r0);
    const auto d = dump.to_host(), hb = b.to_host();
    int zeros = 0;
    for (int r = 0; r < T1; ++r)
        for (int c = 0; c < T0; ++c) {
            INFO("tile (" << c << ", " << r << ")");
            const bool in = c0 + c < cols && r0 + r < rows;
            if (in) CHECK(d[r * T0 + c] == h[(r0 + r) * ld + c0 + c]);
            else CHECK(out_of_tensor_ok(d[r * T0 + c], zeros));
        }
    std::printf("OPUS_OBSERVED tdm load outside the tensor: %d of %d elements 0, the others untouched\n", zeros,
                T0 * T1 - 26 * 5);
    for (int r = 0; r < rows; ++r)
        for (int c = 0; c < ld; ++c) {
            INFO("B (" << c << ", " << r << ")");
            const bool stored = c >= c0 && c < cols && r >= r0;
            CHECK(hb[r * ld + c] == (stored ? h[r * ld + c] : u16_t(0x7777)));
        }
}

TEST_CASE("tdm: move() walks a row of tiles, the last one clipped", "[mem][tdm]") {
    OPUS_REQUIRE_TARGET_GPU(family);
    const int cols = 100, rows = 20, ld = 112, r0 = 5, n = 4;  // tile 3 covers columns 96..127
    const auto h = pattern(ld * rows);
    opus_test::device_buffer<u16_t> a(h), dump(n * T0 * T1);
    launch(tdm_walk, static_cast<const u16_t*>(a.ptr), dump.ptr, cols, rows, ld, r0, n);
    const auto d = dump.to_host();
    for (int k = 0; k < n; ++k)
        for (int r = 0; r < T1; ++r)
            for (int c = 0; c < T0; ++c) {
                const int col = k * T0 + c;
                INFO("tile " << k << " (" << c << ", " << r << ")");
                if (col < cols) CHECK(d[(k * T1 + r) * T0 + c] == h[(r0 + r) * ld + col]);
            }
}

TEST_CASE("tdm: a 3D tile from an opus::layout", "[mem][tdm]") {
    OPUS_REQUIRE_TARGET_GPU(family);
    const int d2 = 6, d1 = 5, d0 = 40, z = 3, y = 3, x = 8;  // z 3..6 clipped at 6, y 3..4
    const auto h = pattern(d2 * d1 * d0);
    opus_test::device_buffer<u16_t> a(h), dump(16 * 2 * 4);
    launch(tdm_3d, static_cast<const u16_t*>(a.ptr), dump.ptr, d2, d1, d0, z, y, x);
    const auto d = dump.to_host();
    int zeros = 0;
    for (int k = 0; k < 4; ++k)
        for (int j = 0; j < 2; ++j)
            for (int i = 0; i < 16; ++i) {
                INFO("tile (" << i << ", " << j << ", " << k << ")");
                const u16_t got = d[(k * 2 + j) * 16 + i];
                if (z + k < d2) CHECK(got == h[((z + k) * d1 + y + j) * d0 + x + i]);
                else CHECK(out_of_tensor_ok(got, zeros));
            }
}

TEST_CASE("tdm: gather<16> loads the listed rows", "[mem][tdm]") {
    OPUS_REQUIRE_TARGET_GPU(family);
    const int cols = 32, rows = 40, ld = 48, n = 11;
    const auto h = pattern(ld * rows);
    const std::vector<int> idx = {7, 0, 39, 3, 3, 21, 5, 38, 1, 30, 12, 0, 0, 0, 0, 0};
    opus_test::device_buffer<u16_t> a(h), dump(T0 * 16);
    opus_test::device_buffer<int> di(idx);
    launch(tdm_gather, static_cast<const u16_t*>(a.ptr), static_cast<const int*>(di.ptr), dump.ptr, cols, rows, ld, n);
    const auto d = dump.to_host();
    for (int r = 0; r < n; ++r)
        for (int c = 0; c < T0; ++c) {
            INFO("row " << r << " (tensor row " << idx[r] << "), column " << c);
            CHECK(d[r * T0 + c] == h[idx[r] * ld + c]);
        }
    for (int i = n * T0; i < 16 * T0; ++i) CHECK(d[i] == FILL);  // rows past n are not written
}

TEST_CASE("tdm: padding_auto lays rows out at pitch_elements", "[mem][tdm]") {
    OPUS_REQUIRE_TARGET_GPU(family);
    using pad = tt::padding_auto<u16_t, T0>;
    const int cols = 64, rows = 16, ld = 64;
    const auto h = pattern(ld * rows);
    opus_test::device_buffer<u16_t> a(h), dump(pad::pitch_elements * T1);
    launch(tdm_padded, static_cast<const u16_t*>(a.ptr), dump.ptr, cols, rows, ld);
    const auto d = dump.to_host();
    for (int r = 0; r < T1; ++r) {
        for (int c = 0; c < T0; ++c) CHECK(d[r * pad::pitch_elements + c] == h[r * ld + c]);
        for (int c = T0; c < pad::pitch_elements; ++c) CHECK(d[r * pad::pitch_elements + c] == FILL);
    }
}
