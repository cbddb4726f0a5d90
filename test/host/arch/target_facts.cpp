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
#define OPUS_TEST_ROW(N, V, W, G)                                                                  \
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
