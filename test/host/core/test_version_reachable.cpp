// OPUS_VERSION_* are reachable from any opus header without including opus/version.hpp.
#include <catch2/catch_test_macros.hpp>
#include <opus/core/number.hpp>

#if !defined(OPUS_VERSION_MAJOR) || !defined(OPUS_VERSION_STRING)
#error "OPUS_VERSION_* must come with every opus header"
#endif

TEST_CASE("OPUS_VERSION is reachable from any opus header", "[smoke]") {
    STATIC_REQUIRE(OPUS_VERSION == OPUS_VERSION_MAJOR * 10000 + OPUS_VERSION_MINOR * 100 + OPUS_VERSION_PATCH);
}
