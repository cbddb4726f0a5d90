// Host smoke test: opus/version.hpp (include/opus/version.hpp) agrees with project(opus VERSION ...).
#include <catch2/catch_test_macros.hpp>
#include <opus/version.hpp>
#include <opus/core.hpp>
#include <string>

TEST_CASE("version.hpp matches the CMake project version", "[smoke]") {
    const std::string v = std::to_string(OPUS_VERSION_MAJOR) + "." + std::to_string(OPUS_VERSION_MINOR) +
                          "." + std::to_string(OPUS_VERSION_PATCH);
    CHECK(v == OPUS_EXPECTED_VERSION);
    CHECK(v == OPUS_VERSION_STRING);
    CHECK(OPUS_VERSION == OPUS_VERSION_MAJOR * 10000 + OPUS_VERSION_MINOR * 100 + OPUS_VERSION_PATCH);
}

TEST_CASE("core headers need no HIP: OPUS_HIP is 0 in a host compile", "[smoke]") {
    CHECK(OPUS_HIP == 0);
    CHECK(OPUS_DEVICE_PASS == 0);
    CHECK(sizeof(opus::index_t) == 4);
}
