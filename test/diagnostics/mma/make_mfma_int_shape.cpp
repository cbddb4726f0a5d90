// make_mfma<A, B, C>(32, 32, 8) with plain ints: a static_assert naming the types and the
// arguments, not "no matching function for call to 'make_mfma'".
// EXPECT-ERROR: opus::make_mfma<A, B, C\[, target\]>\(shape\[, options\]\): the shape is number<M>
// EXPECT-ERROR: opus::detail::make_mfma_arguments<opus::detail::mma_types_ABC<[^>]*>, int, int, int>::ok
#include <opus/mma.hpp>
int main() {
    using namespace opus;
    auto mma = make_mfma<fp16_t, fp16_t, fp32_t>(32, 32, 8);
    (void)mma;
    return 0;
}
