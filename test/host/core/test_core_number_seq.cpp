// Host tests of opus/core: number<>, the _I literal and seq<>.
#include <catch2/catch_test_macros.hpp>
#include <opus/core.hpp>

using namespace opus;

// ---- number / _I: compile-time results --------------------------------------------------
static_assert(is_same_v<decltype(42_I), number<42>>);
static_assert(is_same_v<decltype(0_I), number<0>>);
static_assert(is_same_v<decltype(0x10_I), number<16>>);
static_assert(is_same_v<decltype(0b101_I), number<5>>);
static_assert(is_same_v<decltype(1'000_I), number<1000>>);
static_assert(is_same_v<decltype(number<4>{} + number<8>{}), number<12>>);
static_assert(is_same_v<decltype(4_I * 8_I), number<32>>);
static_assert(is_same_v<decltype(8_I % 4_I), number<0>>);
static_assert(is_same_v<decltype(9_I / 2_I), number<4>>);
static_assert(is_same_v<decltype(9_I - 12_I), number<-3>>);
static_assert(is_same_v<decltype(6_I & 3_I), number<2>>);
static_assert(is_same_v<decltype(6_I | 3_I), number<7>>);
static_assert(is_same_v<decltype(6_I ^ 3_I), number<5>>);
static_assert(is_same_v<decltype(1_I << 4_I), number<16>>);
static_assert(is_same_v<decltype(64_I >> 2_I), number<16>>);
static_assert(is_same_v<decltype(3_I < 4_I), number<1>>);
static_assert(is_same_v<decltype(3_I >= 4_I), number<0>>);
static_assert(is_same_v<decltype(3_I == 3_I), number<1>>);
static_assert(is_same_v<decltype(3_I != 3_I), number<0>>);
static_assert(is_same_v<decltype(3_I <= 3_I), number<1>>);
static_assert(is_same_v<decltype(3_I > 3_I), number<0>>);
static_assert(is_same_v<decltype(1_I && 0_I), number<0>>);
static_assert(is_same_v<decltype(1_I || 0_I), number<1>>);
static_assert(is_same_v<decltype(-3_I), number<-3>>);
static_assert(is_same_v<decltype(~0_I), number<-1>>);
static_assert(is_same_v<decltype(!0_I), number<1>>);
static_assert(number<7>::value == 7 && number<7>{} == 7);
static_assert(is_number_v<number<3>> && !is_number_v<int>);
// mixing with runtime integers gives runtime values
static_assert(is_same_v<decltype(4_I * 3), int>);
static_assert(is_same_v<decltype(3 + 4_I), int>);

TEST_CASE("number mixes with runtime integers", "[core][number]") {
    int n = 5;
    auto a = 4_I * n;
    auto b = n % 3_I;
    auto c = 10_I - n;
    STATIC_REQUIRE(is_same_v<decltype(a), int>);
    CHECK(a == 20);
    CHECK(b == 2);
    CHECK(c == 5);
    CHECK((n < 8_I));
    index_t x = 16_I;  // implicit conversion
    CHECK(x == 16);
}

// ---- seq ---------------------------------------------------------------------------------
static_assert(seq<2, 4, 8>::size() == 3);
static_assert(seq<2, 4, 8>{}[0] == 2 && seq<2, 4, 8>{}[2] == 8);
static_assert(is_same_v<decltype(seq<2, 4, 8>{}[1_I]), number<4>>);
static_assert(is_same_v<decltype(get<2>(seq<2, 4, 8>{})), number<8>>);
static_assert(seq<>::size() == 0);
static_assert(is_same_v<make_index_seq<5>, seq<0, 1, 2, 3, 4>>);
static_assert(is_same_v<make_index_seq<0>, seq<>>);
static_assert(is_same_v<make_index_seq<1>, seq<0>>);
static_assert(is_same_v<make_index_seq<2, 7>, seq<2, 3, 4, 5, 6>>);
static_assert(is_same_v<make_index_seq<7, 7>, seq<>>);
static_assert(is_same_v<make_index_seq<0, 10, 2>, seq<0, 2, 4, 6, 8>>);
static_assert(is_same_v<make_index_seq<1, 10, 3>, seq<1, 4, 7>>);
static_assert(is_same_v<make_index_seq<5, 0, -2>, seq<5, 3, 1>>);
static_assert(is_same_v<make_repeated_seq<0, 4>, seq<0, 0, 0, 0>>);
static_assert(is_same_v<make_repeated_seq<7, 2>, seq<7, 7>>);
static_assert(is_same_v<make_repeated_seq<7, 0>, seq<>>);
static_assert(is_same_v<decltype(concat_seq(seq<1, 2>{}, seq<3, 4>{})), seq<1, 2, 3, 4>>);
static_assert(is_same_v<decltype(concat_seq(seq<1>{}, seq<>{}, seq<3>{}, seq<4, 5>{})), seq<1, 3, 4, 5>>);
static_assert(is_same_v<decltype(concat_seq()), seq<>>);
static_assert(is_same_v<decltype(reduce_seq_sum(seq<1, 2, 3>{})), seq<6>>);
static_assert(is_same_v<decltype(reduce_seq_mul(seq<2, 3, 4>{})), seq<24>>);
static_assert(is_same_v<decltype(reduce_seq_sum(seq<>{})), seq<0>>);
static_assert(is_same_v<decltype(reduce_seq_mul(seq<>{})), seq<1>>);
static_assert(is_seq_v<seq<1>> && !is_seq_v<int>);
static_assert(is_same_v<type_pack_element_t<2, int, float, double, char>, double>);

// a large sequence: the generators are O(1) depth, so 4096 elements is cheap
static_assert(make_index_seq<4096>::size() == 4096 && make_index_seq<4096>{}[4095] == 4095);
static_assert(is_same_v<decltype(reduce_seq_sum(make_index_seq<1000>{})), seq<499500>>);

TEST_CASE("seq runtime indexing", "[core][seq]") {
    constexpr auto s = make_index_seq<3, 30, 3>{};
    for (index_t i = 0; i < s.size(); ++i) CHECK(s[i] == 3 + 3 * i);
    CHECK(s.size() == 9);
}
