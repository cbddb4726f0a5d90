// aiter's partition_layout_c takes C's lane group as lane / 16; gfx12 wave64 WMMA takes the
// lane groups in the order 0, 2, 1, 3, which that layout cannot express: a static_assert
// points to mma.layout_c with mma.lane_coord_c (aiter's opus silently stores C rows 4-7 and
// 8-11 swapped there).
// EXPECT-ERROR: partition_layout_c: gfx12 wave64 WMMA takes C's lane groups in the order 0, 2, 1, 3
#include <opus/mma.hpp>
#include <opus/mma/aiter.hpp>  // aiter's layer (what opus/opus.hpp adds)
int main() {
    using namespace opus;
    auto mma = make_mfma<fp16_t, fp16_t, fp32_t, target::gfx12_w64>(16_I, 16_I, 16_I);
    auto u = partition_layout_c(mma, make_tuple(16, 1_I), make_tuple(0, 0));
    return static_cast<int>(u(0));
}
