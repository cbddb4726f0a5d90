// Host tests of opus/core: static_for and static_ford.
#include <catch2/catch_test_macros.hpp>
#include <opus/core.hpp>

using namespace opus;

namespace {
template <index_t N>
constexpr index_t sum_static_for() {
    index_t s = 0;
    static_for<N>([&](auto i) { s += decltype(i)::value; });
    return s;
}
static_assert(sum_static_for<0>() == 0);
static_assert(sum_static_for<10>() == 45);
static_assert(sum_static_for<256>() == 256 * 255 / 2);
} // namespace

TEST_CASE("static_for<N> passes number<> indices in order", "[core][static_for]") {
    index_t seen[8] = {};
    index_t n = 0;
    static_for<8>([&](auto i) {
        STATIC_REQUIRE(is_number_v<decltype(i)>);
        seen[n++] = i.value;
    });
    CHECK(n == 8);
    for (index_t i = 0; i < 8; ++i) CHECK(seen[i] == i);

    array<int, 64> regs{};
    static_for<64>([&](auto i) { regs[i] = i.value * 2; });  // array indexed by number<>
    for (index_t i = 0; i < 64; ++i) CHECK(regs[i] == 2 * i);
}

TEST_CASE("static_for with begin/end/step numbers", "[core][static_for]") {
    int v[16] = {};
    int n = 0;
    static_for([&](auto i) { v[n++] = i.value; }, 2_I, 8_I);
    CHECK(n == 6);
    CHECK(v[0] == 2);
    CHECK(v[5] == 7);
    n = 0;
    static_for([&](auto i) { v[n++] = i.value; }, 0_I, 10_I, 2_I);
    CHECK(n == 5);
    CHECK(v[4] == 8);
    n = 0;
    static_for([&](auto i) { v[n++] = i.value; }, 5_I, 0_I, -2_I);
    CHECK(n == 3);
    CHECK(v[2] == 1);
}

TEST_CASE("static_for with runtime bounds loops over index_t", "[core][static_for]") {
    int n = 0, sum = 0;
    static_for([&](index_t i) { ++n; sum += i; }, 2, 8);
    CHECK(n == 6);
    CHECK(sum == 2 + 3 + 4 + 5 + 6 + 7);
    n = 0;
    sum = 0;
    static_for([&](index_t i) { ++n; sum += i; }, 0, 10, 2);
    CHECK(n == 5);
    CHECK(sum == 20);
}

TEST_CASE("static_ford visits every coordinate in row-major order", "[core][static_for]") {
    int n = 0;
    bool ok = true;
    static_ford<4, 8>([&](auto i, auto j) {
        STATIC_REQUIRE(is_number_v<decltype(i)> && is_number_v<decltype(j)>);
        ok = ok && (i.value * 8 + j.value == n);
        ++n;
    });
    CHECK(ok);
    CHECK(n == 32);
    n = 0;
    ok = true;
    static_ford<2, 3, 4>([&](auto i, auto j, auto k) {
        ok = ok && ((i.value * 3 + j.value) * 4 + k.value == n);
        ++n;
    });
    CHECK(ok);
    CHECK(n == 24);
    n = 0;
    static_ford(seq<3, 1, 2>{}, [&](auto, auto j, auto) { CHECK(j.value == 0); ++n; });
    CHECK(n == 6);
    n = 0;
    static_ford<5>([&](auto i) { CHECK(i.value == n); ++n; });
    CHECK(n == 5);
    n = 0;
    static_ford<3, 0>([&](auto, auto) { ++n; });
    CHECK(n == 0);
}

namespace {
// a function object with state of its own (not a lambda capturing by reference)
struct call_counter {
    int calls = 0;
    index_t last = -1;
    template <typename... I> constexpr void operator()(I... i) {
        ++calls;
        ((last = static_cast<index_t>(i)), ...);
    }
};
constexpr int copies_of_f() {
    call_counter c;
    static_for<3>(c);
    static_ford<2, 2>(c);
    static_for(c, 1_I, 4_I);
    return c.calls;
}
static_assert(copies_of_f() == 0, "static_for / static_ford call a copy of f, as in aiter's opus");
} // namespace

TEST_CASE("static_for and static_ford take f by value (aiter's opus semantics)", "[core][static_for][compat]") {
    // the loops call a copy: the caller's object keeps its state; state kept across the
    // iterations of one loop lives in the copy (or in what a lambda captures by reference)
    call_counter c;
    static_for<4>(c);
    static_ford<2, 3>(c);
    static_for(c, 4);
    CHECK(c.calls == 0);
    CHECK(c.last == -1);
    int n = 0;
    index_t last = -1;
    static_for<4>([&, k = 0](auto i) mutable {
        CHECK(k == i.value);  // the copy's state carries from one iteration to the next
        ++k;
        ++n;
        last = i.value;
    });
    CHECK(n == 4);
    CHECK(last == 3);
}
