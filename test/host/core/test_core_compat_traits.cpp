// Host tests of the reference header's trait spellings in core: is_any_of_v, is_constant_v,
// size<C>() / size(c), get_value_t, vector_traits<V>::size() next to ::size.
#include <catch2/catch_test_macros.hpp>
#include <opus/core.hpp>
#include <opus/core/aiter.hpp>  // aiter's layer (opus/opus.hpp includes it; plain C++ cannot)

#if OPUS_HAS_WPSABI
#pragma GCC diagnostic ignored "-Wpsabi"
#endif

using namespace opus;

static_assert(is_any_of_v<int, float, int> && !is_any_of_v<int, float, const int> && !is_any_of_v<int>);
static_assert(is_any_of<short, short>() && !is_any_of<short, int, long>());
static_assert(is_constant_v<number<3>> && is_constant_v<const number<3>&> && is_constant_v<bool_constant<true>>);
static_assert(!is_constant_v<int> && !is_constant_v<index_t> && is_constant<number<0>>::value && !is_constant<float>::value);

static_assert(size<vector_t<float, 8>>() == 8 && size<array<int, 5>>() == 5 && size<seq<1, 2, 3>>() == 3);
static_assert(size<tuple<int, float>>() == 2 && size<const array<int, 3>&>() == 3 && size<tuple<>>() == 0);
static_assert(size(make_array(1, 2, 3, 4)) == 4 && size(make_tuple(1, 2.0f)) == 2);

static_assert(is_same_v<get_value_t<vector_t<short, 4>>, short> && is_same_v<get_value_t<array<double, 2>>, double>);
static_assert(is_same_v<get_value_t<tuple<float, int>>, float> && is_same_v<get_value_t<const int&>, int>);
static_assert(is_same_v<get_value_t<float>, float> && is_same_v<get_value_t<seq<1, 2>>, index_t>);

static_assert(vector_traits<vector_t<int, 8>>::size() == 8 && vector_traits<vector_t<int, 8>>::size == 8);
static_assert(vector_traits<float>::size() == 1 && vector_traits<array<float, 6>>::size() == 6);
static_assert(is_same_v<vector_traits<array<float, 6>>::dtype, float> && !vector_traits<array<float, 6>>::is_vector);
static_assert(is_same_v<decltype(vector_traits<vector_t<int, 2>>::size()), index_t>);

TEST_CASE("size() of runtime containers", "[core][traits]") {
    vector_t<float, 4> v{1, 2, 3, 4};
    auto a = make_array(1.0f, 2.0f);
    index_t n = 0;
    for (index_t i = 0; i < vector_traits<decltype(v)>::size; ++i) n += index_t(v[i]);
    CHECK(n == 10);
    CHECK(size(v) == 4);
    CHECK(size(a) == 2);
}
