// opus declares the exact-width integer types itself (opus/core/config.hpp, from the compiler's
// __INT*_TYPE__ macros, instead of including <stdint.h>): they must be the very types of
// <stdint.h> / <cstdint>, so that including either after opus redeclares the same typedefs, and
// code that spells uint32_t after including only opus keeps working.
#include <catch2/catch_test_macros.hpp>
#include <opus/core/config.hpp>

// usable before any standard header
static_assert(sizeof(uint8_t) == 1 && sizeof(uint16_t) == 2 && sizeof(uint32_t) == 4 && sizeof(uint64_t) == 8, "");
static_assert(sizeof(int8_t) == 1 && sizeof(int16_t) == 2 && sizeof(int32_t) == 4 && sizeof(int64_t) == 8, "");
static_assert(sizeof(uintptr_t) == sizeof(void*) && sizeof(intptr_t) == sizeof(void*), "");

#include <stdint.h>
#include <cstdint>

namespace {
template <typename A, typename B> struct same { static constexpr bool value = false; };
template <typename A> struct same<A, A> { static constexpr bool value = true; };
} // namespace

TEST_CASE("opus's int8_t ... uintptr_t are <cstdint>'s types", "[core]") {
    STATIC_REQUIRE(same<int8_t, std::int8_t>::value);
    STATIC_REQUIRE(same<int16_t, std::int16_t>::value);
    STATIC_REQUIRE(same<int32_t, std::int32_t>::value);
    STATIC_REQUIRE(same<int64_t, std::int64_t>::value);
    STATIC_REQUIRE(same<uint8_t, std::uint8_t>::value);
    STATIC_REQUIRE(same<uint16_t, std::uint16_t>::value);
    STATIC_REQUIRE(same<uint32_t, std::uint32_t>::value);
    STATIC_REQUIRE(same<uint64_t, std::uint64_t>::value);
    STATIC_REQUIRE(same<intptr_t, std::intptr_t>::value);
    STATIC_REQUIRE(same<uintptr_t, std::uintptr_t>::value);
    STATIC_REQUIRE(same<opus::index_t, std::int32_t>::value);
    STATIC_REQUIRE(same<opus::long_index_t, std::int64_t>::value);
}
