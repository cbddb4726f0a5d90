// The gfx1250 tensor DMA descriptor (opus/mem/tdm_desc.hpp) and window (opus/mem/tdm.hpp) on the
// host: every D# field at its published bits, the compile-time dwords of the policies, and the
// window's bookkeeping (origins, clipping, strides, moves, layouts in opus order) read back from
// the descriptor it builds.
//
// The expected bit ranges below are the ones the public encoders agree on (group-relative,
// [hi:lo]): ROCm/composable_kernel include/ck_tile/core/arch/amd_tdm_descriptor.hpp (unions
// TDM_GROUP0..3), ROCm/clr hipamd/include/hip/amd_detail/amd_gfx1250_TDM.h, LLVM's MLIR
// AMDGPUToROCDL lowering (make_dma_base / make_dma_descriptor) and Triton's
// third_party/amd/lib/TritonAMDGPUToLLVM/TDMUtility.cpp. The one disagreement, the order of the
// two gather bits in group 0 (index_size 30 / gather_mode 31 in CK, clr and Triton; swapped in
// MLIR), follows the majority and aiter's opus, which reports it measured (docs/mem.md).
#include <opus/mem/tdm.hpp>
#include <catch2/catch_test_macros.hpp>

#include <cstdint>
#include <vector>

using namespace opus;
namespace tt = opus::tdm_traits;
namespace f = opus::detail::tdm_fields;

namespace {
struct expected_field {
    const char* name;
    int group, hi, lo;
};

template <typename F>
bool field_is(const expected_field& e) {
    return F::group == e.group && F::lo == e.lo && F::lo + F::width - 1 == e.hi;
}

// Sets all bits of F in zeroed dwords and compares with [hi:lo]; clears them in all-ones dwords.
template <typename F>
void check_field(const expected_field& e) {
    INFO(e.name);
    CHECK(field_is<F>(e));
    uint32_t ones[8] = {}, zeros[8];
    for (auto& w : zeros) w = ~0u;
    F::put(ones, ~0ull);
    F::put(zeros, 0);
    for (int d = 0; d < 8; ++d) {
        uint32_t want = 0;
        for (int b = 0; b < 32; ++b)
            if (d * 32 + b >= e.lo && d * 32 + b <= e.hi) want |= 1u << b;
        INFO("dword " << d);
        CHECK(ones[d] == want);
        CHECK(zeros[d] == ~want);
    }
    // round trip of a value pattern, neighbours untouched
    const uint64_t v = 0x9e3779b97f4a7c15ull & F::mask;
    uint32_t w[8];
    for (int d = 0; d < 8; ++d) w[d] = 0xa5a5a5a5u ^ uint32_t(d);
    F::put(w, v);
    CHECK(F::get(w) == v);
    F::put(w, 0);
    for (int d = 0; d < 8; ++d) {
        uint32_t field = 0;
        for (int b = 0; b < 32; ++b)
            if (d * 32 + b >= e.lo && d * 32 + b <= e.hi) field |= 1u << b;
        CHECK((w[d] & ~field) == ((0xa5a5a5a5u ^ uint32_t(d)) & ~field));
    }
}
} // namespace

TEST_CASE("tdm D#: every field at its published bits", "[mem][tdm]") {
    check_field<f::valid>({"valid (count)", 0, 1, 0});
    check_field<f::index_size>({"gather index size", 0, 30, 30});
    check_field<f::gather_mode>({"gather mode", 0, 31, 31});
    check_field<f::lds_addr>({"lds_addr", 0, 63, 32});
    check_field<f::global_addr>({"global_addr", 0, 120, 64});
    check_field<f::type>({"type", 0, 127, 126});
    check_field<f::workgroup_mask>({"workgroup_mask", 1, 15, 0});
    check_field<f::data_size>({"data_size", 1, 17, 16});
    check_field<f::atomic_barrier_enable>({"atomic_barrier_enable", 1, 18, 18});
    check_field<f::iterate_enable>({"iterate_enable", 1, 19, 19});
    check_field<f::pad_enable>({"pad_enable", 1, 20, 20});
    check_field<f::early_timeout>({"early_timeout", 1, 21, 21});
    check_field<f::pad_interval>({"pad_interval", 1, 24, 22});
    check_field<f::pad_amount>({"pad_amount", 1, 31, 25});
    check_field<f::tensor_dim0>({"tensor_dim0", 1, 79, 48});
    check_field<f::tensor_dim1>({"tensor_dim1", 1, 111, 80});
    check_field<f::tile_dim0>({"tile_dim0", 1, 127, 112});
    check_field<f::tile_dim1>({"tile_dim1", 1, 143, 128});
    check_field<f::tile_dim2>({"tile_dim2", 1, 159, 144});
    check_field<f::tensor_dim0_stride>({"tensor_dim0_stride", 1, 207, 160});
    check_field<f::tensor_dim1_stride>({"tensor_dim1_stride", 1, 255, 208});
    check_field<f::tensor_dim2>({"tensor_dim2", 2, 31, 0});
    check_field<f::tensor_dim3>({"tensor_dim3", 2, 63, 32});
    check_field<f::tensor_dim2_stride>({"tensor_dim2_stride", 2, 111, 64});
    check_field<f::tile_dim3>({"tile_dim3", 2, 127, 112});
    check_field<f::tensor_dim3_stride>({"tensor_dim3_stride", 3, 47, 0});
    check_field<f::tensor_dim4>({"tensor_dim4", 3, 79, 48});
    check_field<f::tile_dim4>({"tile_dim4", 3, 95, 80});
}

TEST_CASE("tdm D#: compile-time dwords of the policies", "[mem][tdm]") {
    using plain = tdm<uint16_t, seq<64, 8>>;
    using g16 = tdm<uint16_t, seq<64, 8>, tt::gather<16>>;
    using g32 = tdm<uint16_t, seq<64, 8>, tt::gather<32>>;
    STATIC_REQUIRE(plain::descriptor::group0_dword0_const == 0x00000001u);
    STATIC_REQUIRE(g16::descriptor::group0_dword0_const == 0x80000001u);
    STATIC_REQUIRE(g32::descriptor::group0_dword0_const == 0xC0000001u);
    STATIC_REQUIRE(!plain::needs_groups23 && g16::needs_groups23 && g16::is_gather);

    plain::descriptor d;
    CHECK(uint32_t(d.group0[3]) == 0x80000000u);  // type 2
    CHECK(d.get<f::data_size>() == 1);
    CHECK(d.get<f::tile_dim0>() == 64);
    CHECK(d.get<f::tile_dim1>() == 8);
    CHECK(d.get<f::tile_dim2>() == 0);
    CHECK(d.get<f::pad_enable>() == 0);
    CHECK(d.get<f::workgroup_mask>() == 0);
    CHECK(d.get<f::atomic_barrier_enable>() == 0);
    CHECK(d.get<f::iterate_enable>() == 0);
    CHECK(d.get<f::early_timeout>() == 0);

    // data_size is log2 of the element's bytes; the fp4 pair is one byte
    CHECK(tdm<uint8_t, seq<4, 4>>::descriptor{}.get<f::data_size>() == 0);
    CHECK(tdm<fp4x2_t, seq<4, 4>>::descriptor{}.get<f::data_size>() == 0);
    CHECK(tdm<float, seq<4, 4>>::descriptor{}.get<f::data_size>() == 2);
    CHECK(tdm<double, seq<4, 4>>::descriptor{}.get<f::data_size>() == 3);

    // padding_auto<fp16, 64>: 128-byte interval (8 << 4), one 16-byte read vector of pad (4 * (3 + 1))
    using pad = tt::padding_auto<fp16_t, 64>;
    STATIC_REQUIRE(pad::pitch_elements == 72);
    STATIC_REQUIRE(pad::encoded_interval == 4 && pad::encoded_amount == 3);
    tdm<fp16_t, seq<64, 16>, tt::cache<0>, pad>::descriptor p;
    CHECK(p.get<f::pad_enable>() == 1);
    CHECK(p.get<f::pad_interval>() == 4);
    CHECK(p.get<f::pad_amount>() == 3);
    STATIC_REQUIRE(tt::padding<uint32_t, 256, 128>::encoded_interval == 7);  // 1024 bytes
    STATIC_REQUIRE(tt::padding<uint32_t, 256, 128>::encoded_amount == 127);  // 512 bytes
    STATIC_REQUIRE(tt::padding<uint8_t, 16, 4>::encoded_interval == 1 && tt::padding<uint8_t, 16, 4>::encoded_amount == 0);

    // multicast peers, 3D-5D tile extents in groups 1..3
    CHECK(tdm<float, seq<8, 8>, tt::multicast<0, 1, 5>>::descriptor{}.get<f::workgroup_mask>() == 0x23);
    tdm<float, seq<8, 4, 3, 2, 5>>::descriptor d5;
    CHECK(d5.get<f::tile_dim2>() == 3);
    CHECK(d5.get<f::tile_dim3>() == 2);
    CHECK(d5.get<f::tile_dim4>() == 5);
    CHECK(tdm<float, seq<8, 4, 3, 2>>::descriptor{}.get<f::tile_dim4>() == 0);

    // policies in any order, defaults for the missing ones
    using r = tt::resolve<float, seq<8, 8>, tt::cache<5>, tt::gather<32>>;
    STATIC_REQUIRE(r::cache_pol == 5 && r::gather_tag::enabled && !r::padding_tag::enabled && r::multicast_tag::bits == 0);
    STATIC_REQUIRE(tt::resolve<float, seq<8, 8>>::cache_pol == tt::default_cache_policy);
}

TEST_CASE("tdm: cache policy encodings", "[mem][tdm]") {
    STATIC_REQUIRE(tt::default_cache_policy == 16);  // regular, device scope
    STATIC_REQUIRE(tt::make_cache_policy(tt::load_temporal_hint::non_temporal, tt::scope::sys) == (1 | 3 << 3));
    STATIC_REQUIRE(tt::make_cache_policy(tt::load_temporal_hint::last_use, tt::scope::cu, true) == (3 | 32));
    STATIC_REQUIRE(tt::make_cache_policy(tt::store_temporal_hint::non_temporal_write_back, tt::scope::dev) == (7 | 2 << 3));
    STATIC_REQUIRE(tt::make_cache_policy(tt::store_temporal_hint::write_back, tt::scope::se) == (3 | 1 << 3));
    STATIC_REQUIRE(int(tt::load_temporal_hint::non_temporal_high_temporal) == 6);
}

TEST_CASE("tdm: element types", "[mem][tdm]") {
    STATIC_REQUIRE(detail::tdm_element_ok_v<fp16_t>);
    STATIC_REQUIRE(detail::tdm_element_ok_v<uint64_t>);
    STATIC_REQUIRE(detail::tdm_element_ok_v<fp4x2_t>);
    STATIC_REQUIRE(detail::tdm_element_ok_v<array<fp4_t, 2>>);
    STATIC_REQUIRE(!detail::tdm_element_ok_v<fp4_t>);
    STATIC_REQUIRE(!detail::tdm_element_ok_v<fp4x4_t>);
    STATIC_REQUIRE(!detail::tdm_element_ok_v<array<fp4_t, 4>>);
    STATIC_REQUIRE(detail::tdm_element_ok_v<array<fp16_t, 2>>);  // one 4-byte element
}

TEST_CASE("tdm window: 2D origin, clipping and moves", "[mem][tdm]") {
    std::vector<unsigned char> buf(16);
    const uint64_t base = uint64_t(reinterpret_cast<uintptr_t>(buf.data()));
    using win = tdm<uint16_t, seq<64, 8>>;
    auto w = make_tdm<win>(0x100, buf.data(), 300, 40, 320, 10, 3);
    auto d = w.make_descriptor(5);
    CHECK(d.get<f::lds_addr>() == 0x100 + 5 * 2);
    CHECK(d.get<f::global_addr>() == base + (3 * 320 + 10) * 2);
    CHECK(d.get<f::tensor_dim0>() == 290);
    CHECK(d.get<f::tensor_dim1>() == 37);
    CHECK(d.get<f::tensor_dim0_stride>() == 320);
    CHECK(d.get<f::tile_dim0>() == 64);
    CHECK(d.get<f::tile_dim1>() == 8);
    CHECK(d.get<f::valid>() == 1);
    CHECK(d.get<f::type>() == 2);

    w.move(64_I, 8);
    d = w.make_descriptor();
    CHECK(d.get<f::global_addr>() == base + (11 * 320 + 74) * 2);
    CHECK(d.get<f::tensor_dim0>() == 226);
    CHECK(d.get<f::tensor_dim1>() == 29);
    w.move(0_I, -8);  // backwards
    d = w.make_descriptor();
    CHECK(d.get<f::global_addr>() == base + (3 * 320 + 74) * 2);
    CHECK(d.get<f::tensor_dim1>() == 37);

    // an origin at or past the end moves nothing (extent 0), whatever the sizes
    auto past = make_tdm<win>(0, buf.data(), 300, 40, 320, 300, 41);
    d = past.make_descriptor();
    CHECK(d.get<f::tensor_dim0>() == 0);
    CHECK(d.get<f::tensor_dim1>() == 0);
    auto huge = make_tdm<win>(0, buf.data(), 0xfffffff0u, 0x80000005u, 320, 0x10u, 0x7ffffff0u);
    d = huge.make_descriptor();
    CHECK(d.get<f::tensor_dim0>() == 0xffffffe0u);  // exact above 2^31
    CHECK(d.get<f::tensor_dim1>() == 0x00000015u);

    // the free forms: make_descriptor(w) is w.make_descriptor(); is_tdm_v names windows only
    CHECK(make_descriptor(w).get<f::global_addr>() == w.make_descriptor().get<f::global_addr>());
    CHECK(make_descriptor(w).get<f::tensor_dim1>() == 37);
    STATIC_REQUIRE(is_tdm_v<win> && is_tdm_v<const win&> && !is_tdm_v<win::descriptor> && !is_tdm_v<float>);

    // 48-bit strides, 57-bit addresses
    auto wide = make_tdm<uint8_t, seq<16, 16>>(0, buf.data(), 16, 16, 0x123456789abcull);
    CHECK(wide.make_descriptor().get<f::tensor_dim0_stride>() == 0x123456789abcull);

    // run-time tile rows and multicast mask
    w.set_tile_dim1(3);
    w.set_workgroup_mask(tt::mask{0x0a});
    d = w.make_descriptor();
    CHECK(d.get<f::tile_dim1>() == 3);
    CHECK(d.get<f::workgroup_mask>() == 0x0a);
    // peers: cluster of 2 x 2, this workgroup at (0, 0) on the host
    CHECK(tt::peers_along_y<2, 2>().bits == 0x5);
    CHECK(tt::peers_along_x<2, 2>().bits == 0x3);
    CHECK(tt::peers_along_y<4, 1>().bits == 0);
    CHECK(tt::peers_along_x<1, 4>().bits == 0);
}

TEST_CASE("tdm window: gather indices", "[mem][tdm]") {
    std::vector<unsigned char> buf(16);
    const int idx[17] = {7, 3, 0x1234, 9, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 0xfffe, 99};
    auto w16 = make_tdm<uint16_t, seq<64, 16>, tt::gather<16>>(0, buf.data(), 64, 100, 64);
    w16.set_indices(idx, 3);
    auto d = w16.make_descriptor();
    CHECK(d.get<f::tile_dim1>() == 3);
    CHECK(uint32_t(d.group2[0]) == (3u << 16 | 7u));
    CHECK(uint32_t(d.group2[1]) == 0x1234u);
    CHECK(uint32_t(d.group3[3]) == 0u);
    w16.set_indices(idx, 17);  // at most 16
    d = w16.make_descriptor();
    CHECK(d.get<f::tile_dim1>() == 16);
    CHECK(uint32_t(d.group3[3]) == (0xfffeu << 16 | 11u));

    auto w32 = make_tdm<uint16_t, seq<64, 8>, tt::gather<32>>(0, buf.data(), 64, 100, 64);
    w32.set_indices(idx, 5);
    const auto e = w32.make_descriptor();
    CHECK(e.get<f::tile_dim1>() == 5);
    CHECK(uint32_t(e.group2[2]) == 0x1234u);
    CHECK(uint32_t(e.group3[0]) == 1u);
    CHECK(uint32_t(e.group3[1]) == 0u);
    CHECK(e.get<f::gather_mode>() == 1);
    CHECK(e.get<f::index_size>() == 1);
    CHECK(d.get<f::index_size>() == 0);
}

TEST_CASE("tdm window: an opus::layout is reversed into D# order", "[mem][tdm]") {
    std::vector<unsigned char> buf(16);
    const uint64_t base = uint64_t(reinterpret_cast<uintptr_t>(buf.data()));
    // opus order (d3, d2, d1, d0), d0 contiguous; coordinate = tile origin
    auto lay = make_layout(opus::make_tuple(5, 7, 40, 300), opus::make_tuple(7 * 40 * 320, 40 * 320, 320, 1_I),
                           opus::make_tuple(1, 2, 3, 10));
    auto w = make_tdm<float, seq<64, 8, 2, 1>>(0, buf.data(), lay);
    auto d = w.make_descriptor();
    CHECK(d.get<f::global_addr>() == base + (10 + 3 * 320 + 2 * 40 * 320 + 1 * 7 * 40 * 320) * 4);
    CHECK(d.get<f::tensor_dim0>() == 290);
    CHECK(d.get<f::tensor_dim1>() == 37);
    CHECK(d.get<f::tensor_dim2>() == 5);
    CHECK(d.get<f::tensor_dim3>() == 4);
    CHECK(d.get<f::tensor_dim0_stride>() == 320);
    CHECK(d.get<f::tensor_dim1_stride>() == 40 * 320);
    CHECK(d.get<f::tensor_dim2_stride>() == 7 * 40 * 320);
    CHECK(d.get<f::tile_dim3>() == 1);
    // moving the outermost dimension advances by its stride
    w.move(0_I, 0_I, 0_I, 1_I);
    d = w.make_descriptor();
    CHECK(d.get<f::global_addr>() == base + (10 + 3 * 320 + 2 * 40 * 320 + 2 * 7 * 40 * 320) * 4);
    CHECK(d.get<f::tensor_dim3>() == 3);

    // 5D, no coordinate: origin 0
    auto l5 = make_layout(opus::make_tuple(2, 3, 4, 5, 6));
    auto w5 = make_tdm<uint8_t, seq<6, 5, 4, 3, 2>>(0, buf.data(), l5);
    const auto e = w5.make_descriptor();
    CHECK(e.get<f::global_addr>() == base);
    CHECK(e.get<f::tensor_dim0>() == 6);
    CHECK(e.get<f::tensor_dim4>() == 2);
    CHECK(e.get<f::tensor_dim0_stride>() == 6);
    CHECK(e.get<f::tensor_dim1_stride>() == 30);
    CHECK(e.get<f::tensor_dim2_stride>() == 120);
    CHECK(e.get<f::tensor_dim3_stride>() == 360);
    CHECK(e.get<f::tile_dim4>() == 2);
}
