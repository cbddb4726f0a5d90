// vector_traits of references and const types (code written for aiter's opus asks vector_traits<decltype(v)>
// with v an `auto&` lambda parameter) report the referred type's dtype and size.
#include <catch2/catch_test_macros.hpp>
#include <opus/core.hpp>

using namespace opus;

TEST_CASE("vector_traits sees through references and const", "[core][vector]") {
    using v8 = vector_t<float, 8>;
    STATIC_REQUIRE(vector_traits<v8&>::size() == 8);
    STATIC_REQUIRE(vector_traits<const v8&>::size() == 8);
    STATIC_REQUIRE(vector_traits<v8&&>::size() == 8);
    STATIC_REQUIRE(vector_traits<const v8>::size() == 8);
    STATIC_REQUIRE(is_same_v<vector_traits<const v8&>::dtype, float>);
    STATIC_REQUIRE(vector_traits<array<int, 3>&>::size() == 3);
    STATIC_REQUIRE(vector_traits<const int&>::size() == 1);
    v8 v{};
    auto f = [](auto& x) { return vector_traits<decltype(x)>::size() / 4; };
    STATIC_REQUIRE(decltype(f(v))(2) == 2);
    REQUIRE(f(v) == 2);
}
