// OPUS_GLIBCXX_CONFIG=1 (for a libstdc++ built with GCC's versioned namespace): opus then reads
// libstdc++'s <bits/c++config.h> and declares std::tuple_size / std::tuple_element inside the
// library's namespace macros. Standard headers that follow must compile and both opus and std
// tuples must bind. (With an ordinary libstdc++ the macros open plain `namespace std`.)
#define OPUS_GLIBCXX_CONFIG 1
#include <opus/core.hpp>

#if __has_include(<bits/c++config.h>) && !defined(_GLIBCXX_BEGIN_NAMESPACE_VERSION) && !defined(_LIBCPP_VERSION)
#error "OPUS_GLIBCXX_CONFIG=1: <opus/core.hpp> did not read libstdc++'s <bits/c++config.h>"
#endif

#include <tuple>
#include <utility>

#include <catch2/catch_test_macros.hpp>

static_assert(std::tuple_size_v<opus::tuple<int, float, char>> == 3);
static_assert(std::is_same_v<std::tuple_element_t<1, opus::tuple<int, float>>, float>);

TEST_CASE("OPUS_GLIBCXX_CONFIG=1: opus and std tuples bind", "[core]") {
    auto [a, b] = opus::make_tuple(20, 22.5f);
    auto [c, d] = std::make_pair(1, 2);
    CHECK(a == 20);
    CHECK(b == 22.5f);
    CHECK(c + d == 3);
}
