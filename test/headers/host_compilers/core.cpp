// Compiled by headers.host_compiler.core.<compiler> with the oldest host compilers the README
// promises for opus/core.hpp (-std=c++17 -Wall -Wextra -Werror, to an object file): numbers,
// sequences, containers, static loops, layouts and mdiv, evaluated at compile time and
// instantiated for code generation.
#include <opus/core.hpp>

using namespace opus;

static_assert(is_same_v<decltype(4_I * 8_I), number<32>>);
static_assert(is_same_v<make_index_seq<0, 10, 3>, seq<0, 3, 6, 9>>);
static_assert(get<1>(make_tuple(1_I, 2.0f, 3)) == 2.0f);
static_assert(flatten_tuple(make_tuple(1, make_tuple(2, make_tuple(3)), 4)) == make_tuple(1, 2, 3, 4));

constexpr auto sliced() {
    auto a = make_array(1, 2, 3, 4, 5);
    set_slice(a, make_array(9, 9), 1_I, 3_I);
    return slice(a, 1_I, 4_I);
}
static_assert(sliced() == make_array(9, 9, 4));

constexpr int looped() {
    int s = 0;
    static_ford<2, 3>([&](auto r, auto c) { s += decltype(r)::value * 3 + decltype(c)::value; });
    return s;
}
static_assert(looped() == 15);

constexpr auto u = make_layout(make_tuple(128_I, 64_I));
static_assert(u(4, 8) == 264);
static_assert(is_same_v<decltype(make_layout<-1>(make_tuple(8_I, 4_I))(1_I, 2_I)), number<6>>);

constexpr mdiv by_1000(1000);
static_assert(by_1000.div(4294967295u) == 4294967);

// runtime paths (code generation)
index_t offset(index_t r, index_t c) { return make_layout(make_tuple(r + 1, 64_I))(r, c); }
vector_t<float, 4> scaled(vector_t<float, 4> x, float s) { return x * make_repeated_vector<4>(s); }
uint32_t divide(uint32_t n, uint32_t d) { return mdiv(d).div(n); }
