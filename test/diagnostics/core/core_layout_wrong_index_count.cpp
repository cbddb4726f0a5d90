// Calling a 2-D layout with three indices is a static_assert naming the problem.
// EXPECT-ERROR: opus::layout::operator\(\): wrong number of indices
#include <opus/core.hpp>

using namespace opus;

int main() {
    auto u = make_layout(make_tuple(128_I, 64_I));
    return u(1, 2, 3);
}
