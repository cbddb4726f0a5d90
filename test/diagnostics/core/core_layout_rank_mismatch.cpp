// A layout whose shape and stride have different ranks is a static_assert naming the problem.
// EXPECT-ERROR: opus::make_layout: mismatched ranks: shape and stride
#include <opus/core.hpp>

using namespace opus;

int main() {
    auto u = make_layout(make_tuple(128_I, 64_I), make_tuple(64_I, 1_I, 1_I));
    return u(0, 0);
}
