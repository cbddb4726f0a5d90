// Host tests: make_atomic_cpol, the cache-policy operand of a gfx12 / gfx1250 atomic, against the
// bit positions of LLVM's CPol for gfx12 (TH_ATOMIC_RETURN 1, TH_ATOMIC_NT 2, TH_ATOMIC_CASCADE 4,
// SCOPE_CU/SE/DEV/SYS 0 / 8 / 16 / 24).
#include <opus/arch.hpp>

#include <catch2/catch_test_macros.hpp>

using namespace opus;

TEST_CASE("make_atomic_cpol: LLVM's gfx12 CPol bits", "[arch][cpol]") {
    STATIC_REQUIRE(make_atomic_cpol() == 1 + 16);  // returning, device scope
    STATIC_REQUIRE(make_atomic_cpol(atomic_scope::cu, false) == 0);
    STATIC_REQUIRE(make_atomic_cpol(atomic_scope::se, false) == 8);
    STATIC_REQUIRE(make_atomic_cpol(atomic_scope::dev, false) == 16);
    STATIC_REQUIRE(make_atomic_cpol(atomic_scope::sys, false) == 24);
    STATIC_REQUIRE(make_atomic_cpol(atomic_scope::cu, false, true) == 2);
    STATIC_REQUIRE(make_atomic_cpol(atomic_scope::cu, false, false, true) == 4);
    STATIC_REQUIRE(make_atomic_cpol(atomic_scope::sys, true, true, true) == 31);
    for (int sc = 0; sc < 4; ++sc)
        for (int bits = 0; bits < 8; ++bits) {
            const int got = make_atomic_cpol(static_cast<atomic_scope>(sc), bits & 1, bits & 2, bits & 4);
            CHECK(got == (bits | (sc << 3)));
        }
}
