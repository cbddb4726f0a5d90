// The descriptor range of make_gmem(p, bytes) (opus/mem/range.hpp): a 64-bit size clamps to
// the 32-bit maximum instead of keeping its low 32 bits, and element offsets form their byte
// offset in unsigned 32-bit arithmetic (buffer_byte_offset, opus/core/layout_offsets.hpp: exact up to 2^32 - 1 bytes, no signed overflow).
#include <opus/mem/range.hpp>
#include <opus/core/layout_offsets.hpp>
#include <catch2/catch_test_macros.hpp>

using namespace opus;

namespace {
constexpr uint64_t GiB = 1ull << 30;
// evaluated at compile time too: a signed overflow in buffer_byte_offset would not compile
static_assert(detail::buffer_range_bytes((1ull << 32) + 4) == 0xffffffffu, "2^32 + 4 clamps");
static_assert(detail::buffer_byte_offset(index_t(1) << 30, 2) == index_t(0x80000000u), "fp16 2^30");
static_assert(detail::buffer_byte_offset(0x7fffffff, 2) == index_t(0xfffffffeu), "fp16 2^31 - 1");
static_assert(detail::buffer_byte_offset(0x3fffffff, 4) == index_t(0xfffffffcu), "fp32 2^30 - 1");
} // namespace

TEST_CASE("buffer_range_bytes: sizes up to 2^32 - 1 are kept", "[mem][range]") {
    CHECK(detail::buffer_range_bytes(0) == 0u);
    CHECK(detail::buffer_range_bytes(4) == 4u);
    CHECK(detail::buffer_range_bytes(0x7fffffffull) == 0x7fffffffu);
    CHECK(detail::buffer_range_bytes(0x80000000ull) == 0x80000000u);
    CHECK(detail::buffer_range_bytes(0xfffffffeull) == 0xfffffffeu);
    CHECK(detail::buffer_range_bytes(0xffffffffull) == 0xffffffffu);
}

TEST_CASE("buffer_range_bytes: sizes from 2^32 on clamp to 0xffffffff", "[mem][range]") {
    CHECK(detail::buffer_range_bytes(1ull << 32) == 0xffffffffu);       // truncation: 0
    CHECK(detail::buffer_range_bytes((1ull << 32) + 4) == 0xffffffffu); // truncation: 4
    CHECK(detail::buffer_range_bytes(5 * GiB) == 0xffffffffu);          // truncation: 1 GiB
    CHECK(detail::buffer_range_bytes(~0ull) == 0xffffffffu);
    // an int size times sizeof (size_t): n = 2^30 fp32 is 4 GiB, n = 2^30 - 1 just below
    const int n = 1 << 30;
    CHECK(detail::buffer_range_bytes(n * sizeof(float)) == 0xffffffffu);
    CHECK(detail::buffer_range_bytes((n - 1) * sizeof(float)) == 0xfffffffcu);
    // a negative int converts to a size of 2^63 or more: its low 32 bits, as the reference
    CHECK(detail::buffer_range_bytes(uint64_t(int64_t(-1))) == 0xffffffffu);
    CHECK(detail::buffer_range_bytes(uint64_t(int64_t(-8))) == 0xfffffff8u);
    CHECK(detail::buffer_range_bytes(uint64_t(int64_t(-2)) * 2u) == 0xfffffffcu);  // (int)-2 * sizeof(fp16)
    // the largest size below 2^63 still clamps
    CHECK(detail::buffer_range_bytes((1ull << 63) - 1) == 0xffffffffu);
    CHECK(detail::buffer_range_bytes(0x7fffffff00000000ull) == 0xffffffffu);
}

TEST_CASE("buffer_range_bytes: OPUS_GMEM_RANGE_CLAMP=0 keeps the low 32 bits (aiter's rule)", "[mem][range]") {
    // the default follows the macro (1 unless the including code sets it)
    CHECK(detail::buffer_range_bytes<true>((1ull << 32) + 4) == detail::buffer_range_bytes((1ull << 32) + 4));
    CHECK(detail::buffer_range_bytes<false>(0xffffffffull) == 0xffffffffu);
    CHECK(detail::buffer_range_bytes<false>(1ull << 32) == 0u);
    CHECK(detail::buffer_range_bytes<false>((1ull << 32) + 4) == 4u);
    CHECK(detail::buffer_range_bytes<false>(5 * GiB) == GiB);
}

TEST_CASE("buffer_byte_offset: element offsets near 2^31 with 2- and 4-byte types", "[mem][range]") {
    auto bits = [](index_t v) { return static_cast<uint32_t>(v); };
    // 2-byte T: offsets 2^30 .. 2^31 - 1 give bytes 2^31 .. 2^32 - 2
    CHECK(bits(detail::buffer_byte_offset((1 << 30) - 1, 2)) == 0x7ffffffeu);
    CHECK(bits(detail::buffer_byte_offset(1 << 30, 2)) == 0x80000000u);
    CHECK(bits(detail::buffer_byte_offset((1 << 30) + 1, 2)) == 0x80000002u);
    CHECK(bits(detail::buffer_byte_offset(0x7fffffff, 2)) == 0xfffffffeu);
    // 4-byte T: offsets 2^29 .. 2^30 - 1 give bytes 2^31 .. 2^32 - 4
    CHECK(bits(detail::buffer_byte_offset(1 << 29, 4)) == 0x80000000u);
    CHECK(bits(detail::buffer_byte_offset(0x3fffffff, 4)) == 0xfffffffcu);
    // from 2^32 bytes on the 32-bit register wraps (documented: rebase the gmem)
    CHECK(bits(detail::buffer_byte_offset(1 << 30, 4)) == 0u);
    CHECK(bits(detail::buffer_byte_offset(0x7fffffff, 4)) == 0xfffffffcu);
    // small offsets unchanged, 1-byte T: the offset itself
    CHECK(detail::buffer_byte_offset(3, 4) == 12);
    CHECK(bits(detail::buffer_byte_offset(index_t(0x80000000u), 1)) == 0x80000000u);
}
