// opus before any standard header: opus/core/tuple.hpp forward-declares std::tuple_size and
// std::tuple_element (structured bindings need them) without reading the standard library's
// configuration header (libstdc++'s <bits/c++config.h>: 7.4M compiler instructions in a
// device pass). The declarations must be the library's own templates: standard headers
// included afterwards must compile, and both opus and std tuples must bind.
#include <opus/core.hpp>

#if __has_include(<bits/c++config.h>) && defined(__GLIBCXX__)
#error "<opus/core.hpp> included libstdc++'s <bits/c++config.h>"
#endif

#include <array>
#include <map>
#include <tuple>
#include <utility>

#include <catch2/catch_test_macros.hpp>

static_assert(std::tuple_size<opus::tuple<int, float, char>>::value == 3);
static_assert(std::tuple_size_v<const opus::tuple<int, float>> == 2);
static_assert(std::is_same_v<std::tuple_element_t<1, opus::tuple<int, float>>, float>);
static_assert(std::is_same_v<std::tuple_element_t<0, const opus::tuple<int, float>>, const int>);
static_assert(std::tuple_size_v<std::tuple<int, int>> == 2 && std::tuple_size_v<std::array<int, 4>> == 4);

TEST_CASE("opus tuples and std tuples bind when standard headers follow opus", "[core]") {
    auto [a, b] = opus::make_tuple(20, 22.5f);
    const auto& [c, d] = std::make_pair(1, 2);
    auto [e, f, g] = std::make_tuple(3, 4, 5);
    std::map<int, int> m{{6, 7}};
    for (const auto& [k, v] : m) CHECK(k + v == 13);
    CHECK(a == 20);
    CHECK(b == 22.5f);
    CHECK(c + d + e + f + g == 15);
}
