// get<I> past the end of a tuple is a static_assert naming the problem.
// EXPECT-ERROR: opus::get<I>\(tuple\): index I out of range
#include <opus/core.hpp>

int main() {
    auto t = opus::make_tuple(1, 2.0f, 3);
    return static_cast<int>(opus::get<3>(t));
}
