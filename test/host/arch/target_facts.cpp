// Host tests: opus::target and its facts, made from the OPUS_TARGETS rows (arch/target.hpp).
// The device passes are checked by test/codegen/arch/arch_target_id*.hip.
#include <opus/arch.hpp>

#include <catch2/catch_test_macros.hpp>

using namespace opus;

TEST_CASE("target: every row's wave size, gfx major and matrix-core kind", "[arch][target]") {
    STATIC_REQUIRE(get_target() == target::host);
    struct row { target t; int wave, major; bool wmma; };
    constexpr row rows[] = {
        {target::gfx90a, 64, 9, false},    {target::gfx942, 64, 9, false},    {target::gfx950, 64, 9, false},
        {target::gfx11_w32, 32, 11, true}, {target::gfx11_w64, 64, 11, true}, {target::gfx12_w32, 32, 12, true},
        {target::gfx12_w64, 64, 12, true}, {target::gfx1250, 32, 12, true},   {target::host, 64, 0, false},
        {target::native, 64, 0, false},
    };
    for (const row& r : rows) {
        INFO("target value " << static_cast<int>(r.t));
        CHECK(target_wave_size(r.t) == r.wave);
        CHECK(target_gfx_major(r.t) == r.major);
        CHECK(target_has_wmma(r.t) == r.wmma);
    }
    // the rows' values are the enumerators' values, all distinct
    int n = 0, seen = 0;
#define OPUS_TEST_ROW(N, V, ...)                                                                   \
    CHECK(static_cast<int>(target::N) == V);                                                       \
    CHECK((seen & (1 << V)) == 0);                                                                 \
    seen |= 1 << V;                                                                                \
    ++n;
    OPUS_TARGETS(OPUS_TEST_ROW)
#undef OPUS_TEST_ROW
    CHECK(n == 8);
    CHECK((seen & (1 << static_cast<int>(target::host))) == 0);
    CHECK((seen & (1 << static_cast<int>(target::native))) == 0);
}

TEST_CASE("target: the host pass reads the host row", "[arch][target]") {
    STATIC_REQUIRE(get_smem_size() == 65536);
    STATIC_REQUIRE(OPUS_TARGET_FACT(id) == 14 && OPUS_TARGET_FACT(wave) == 64 && OPUS_TARGET_FACT(gfx) == 0);
    STATIC_REQUIRE(OPUS_TARGET_FACT(lds_dma) == OPUS_LDS_DMA_NONE && OPUS_TARGET_FACT(dma_widths) == 0);
    STATIC_REQUIRE(!OPUS_TARGET_HAS(FP8_CVT) && !OPUS_TARGET_HAS(CLUSTERS));
    STATIC_REQUIRE(buffer_rsrc_word3() == 0x00020000u);
    STATIC_REQUIRE(waitcnt_lgkm_max == 15);
    STATIC_REQUIRE(OPUS_WAITCNT_FORM == OPUS_WAITCNT_IMM_VM_SPLIT);
    STATIC_REQUIRE(!OPUS_HAS_FP8_CVT && !OPUS_HAS_LDS_DMA && !OPUS_HAS_ASYNC_LDS_DMA && !OPUS_HAS_CLUSTERS);
    STATIC_REQUIRE(OPUS_FP8_FNUZ == 0);  // (OPUS_HOST_FP8_FNUZ=1 sets it)
}

TEST_CASE("target: the default fp32 -> bf16 conversion of every row", "[arch][target]") {
    STATIC_REQUIRE(target_bf16_cvt(target::gfx90a) == OPUS_BF16_CVT_SOFT_ASM);
    STATIC_REQUIRE(target_bf16_cvt(target::gfx942) == OPUS_BF16_CVT_SOFT_ASM);
    STATIC_REQUIRE(target_bf16_cvt(target::gfx950) == OPUS_BF16_CVT_NATIVE);
    STATIC_REQUIRE(target_bf16_cvt(target::gfx11_w32) == OPUS_BF16_CVT_SOFT);
    STATIC_REQUIRE(target_bf16_cvt(target::gfx12_w64) == OPUS_BF16_CVT_COMPILER);
    STATIC_REQUIRE(target_bf16_cvt(target::gfx1250) == OPUS_BF16_CVT_COMPILER);
    STATIC_REQUIRE(target_bf16_cvt(target::host) == OPUS_BF16_CVT_SOFT);
}
