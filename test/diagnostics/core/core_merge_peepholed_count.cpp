// merge_peepholed_tuple with fewer income elements than `_` holes is a static_assert (the
// aiter's header silently reused the last income element for the missing ones).
// EXPECT-ERROR: opus::merge_peepholed_tuple\(pt, in\): in must have exactly one element per `_` of pt
#include <opus/core.hpp>

using namespace opus;

int main() {
    auto r = merge_peepholed_tuple(make_tuple(_, 1, _), make_tuple(5));
    return get<0>(r);
}
