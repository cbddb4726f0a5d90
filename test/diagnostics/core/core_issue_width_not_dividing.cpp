// A vector width that does not divide a layout's innermost y extent (6 values, loads of 4) stops
// at the y-issue space's static_assert; its instantiation note shows both numbers.
// EXPECT-ERROR: the vector width must divide the innermost y extent
// EXPECT-ERROR: y_issue_space<4, opus::seq<2, 6>>
#include <opus/core.hpp>

using namespace opus;
auto u = make_layout(make_tuple(2_I, 6_I));
constexpr index_t issues = layout_load_traits<decltype(u), 4>::space::issues;
int main() { return int(issues); }
