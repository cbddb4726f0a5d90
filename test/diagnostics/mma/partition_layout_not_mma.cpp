// partition_layout_a with something that is not an MMA adaptor as the first argument: the
// first error is opus's static_assert, not "'int' cannot be used prior to '::'".
// EXPECT-ERROR: opus::partition_layout_\*\(mma, \.\.\.\): the first argument must be an MMA adaptor
// EXPECT-ERROR: partition_of_mma<int
#include <opus/mma.hpp>
#include <opus/mma/aiter.hpp>  // aiter's layer (what opus/opus.hpp adds)
int main() {
    using namespace opus;
    auto l = partition_layout_a(5, make_tuple(number<1>{}, number<8>{}), make_tuple(0, 0));
    (void)l;
    return 0;
}
