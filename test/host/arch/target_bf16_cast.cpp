// Host tests: fp32_to_bf16_for<target::X>(f) reproduces target X's default fp32 -> bf16
// bits (RNE on gfx950, truncation on gfx90a / gfx942 / host) - issue 16 item 3.
#include <opus/arch.hpp>

#include <catch2/catch_test_macros.hpp>

#include <cstring>

using namespace opus;

namespace {
uint16_t bits(bf16_t b) {
    uint16_t u;
    std::memcpy(&u, &b, 2);
    return u;
}
float f(uint32_t u) {
    float x;
    std::memcpy(&x, &u, 4);
    return x;
}
} // namespace

TEST_CASE("fp32_to_bf16_for: per-target default bf16 bits", "[arch][cast]") {
    // 1 + 2^-8 + 2^-9: above the halfway point -> RNE rounds up, truncation does not
    const float x = f(0x3f80c000u);
    CHECK(bits(fp32_to_bf16_for<target::gfx950>(x)) == 0x3f81);
    CHECK(bits(fp32_to_bf16_for<target::gfx942>(x)) == 0x3f80);
    CHECK(bits(fp32_to_bf16_for<target::gfx90a>(x)) == 0x3f80);
    CHECK(bits(fp32_to_bf16_for<target::gfx11_w32>(x)) == 0x3f80);
    // tie to even: 0x3f808000 stays 0x3f80 under RNE, 0x3f818000 goes to 0x3f82
    CHECK(bits(fp32_to_bf16_for<target::gfx950>(f(0x3f808000u))) == 0x3f80);
    CHECK(bits(fp32_to_bf16_for<target::gfx950>(f(0x3f818000u))) == 0x3f82);
    // the host default equals the host target's bits; the explicit modes agree with the targets
    for (uint32_t u = 0; u < 0xffffffffu - 0x10003u; u += 0x10003u) {
        const float v = f(u);
        REQUIRE(bits(fp32_to_bf16_for<target::host>(v)) == bits(cast<bf16_t>(v)));
        REQUIRE(bits(fp32_to_bf16_for<target::gfx942>(v)) == bits(fp32_to_bf16(v, number<2>{})));
        REQUIRE(bits(fp32_to_bf16_for<target::gfx950>(v)) == bits(fp32_to_bf16(v, number<0>{})));
    }
    static_assert(sizeof(fp32_to_bf16_for<target::gfx950>(1.0f)) == 2);
}
