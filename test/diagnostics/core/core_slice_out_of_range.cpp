// A slice past the end of a container is a static_assert naming the problem.
// EXPECT-ERROR: opus::slice\(c, begin, end\): slice out of range
#include <opus/core.hpp>

using namespace opus;

int main() {
    auto a = make_array(1, 2, 3, 4);
    auto s = slice(a, 2_I, 5_I);
    return s[0];
}
