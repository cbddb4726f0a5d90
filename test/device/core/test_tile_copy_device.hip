// tile_copy on a GPU: a 128 x 32 fp16 tile (row stride 100 in global memory) copied by 256
// threads into LDS, through registers (rows padded to 40) and, where the target's
// global -> LDS load moves 16 bytes per lane (gfx950), with async_load (dense rows), then
// read back element by element: both must be the source tile exactly. Skips without a GPU.
#include "device_test.hpp"
#include <opus/mem.hpp>
#include <opus/core/tile_copy.hpp>
#include <vector>

using namespace opus;

using tc = tile_copy<128, 32, 256, 8>;

extern "C" __global__ __launch_bounds__(256) void tile_copy_roundtrip(const fp16_t* a, fp16_t* out_reg, fp16_t* out_async) {
    __shared__ fp16_t lds_reg[128 * 40];
    __shared__ fp16_t lds_async[128 * 32];
    const index_t tid = thread_id_x();
    auto g = make_gmem(a);
    make_smem(lds_reg).store<8>(g.load<8>(tc::layout(100, tid)), tc::layout(number<40>{}, tid));
#if OPUS_GFX950
    g.async_load<8>(lds_async, tc::layout(100, tid), tc::layout_async(wave_id() * get_warp_size()));
    s_waitcnt_vmcnt(0_I);
#else
    make_smem(lds_async).store<8>(g.load<8>(tc::layout(100, tid)), tc::layout(number<32>{}, tid));
#endif
    barrier();
    for (index_t e = tid; e < 128 * 32; e += 256) {
        out_reg[e] = lds_reg[(e / 32) * 40 + e % 32];
        out_async[e] = lds_async[e];
    }
}

TEST_CASE("tile_copy: global -> LDS through registers and with async_load, exactly", "[core][tile_copy]") {
    OPUS_REQUIRE_GPU();
    std::vector<fp16_t> a(128 * 100);
    for (size_t i = 0; i < a.size(); ++i) a[i] = static_cast<fp16_t>(static_cast<float>(i % 2011) * 0.25f);
    opus_test::device_buffer<fp16_t> da(a);
    opus_test::device_buffer<fp16_t> dr(std::vector<fp16_t>(128 * 32, static_cast<fp16_t>(-1.0f)));
    opus_test::device_buffer<fp16_t> ds(std::vector<fp16_t>(128 * 32, static_cast<fp16_t>(-1.0f)));
    tile_copy_roundtrip<<<dim3(1), dim3(256)>>>(da.ptr, dr.ptr, ds.ptr);
    OPUS_HIP_CHECK(hipGetLastError());
    OPUS_HIP_CHECK(hipDeviceSynchronize());
    const auto hr = dr.to_host();
    const auto hs = ds.to_host();
    int bad = 0;
    for (int r = 0; r < 128; ++r)
        for (int c = 0; c < 32; ++c) {
            const float want = static_cast<float>(a[size_t(r) * 100 + c]);
            bad += static_cast<float>(hr[size_t(r) * 32 + c]) != want;
            bad += static_cast<float>(hs[size_t(r) * 32 + c]) != want;
        }
    CHECK(bad == 0);
}
