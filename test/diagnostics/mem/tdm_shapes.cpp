// Tensor DMA window shapes and calls the D# or the window cannot serve stop at a static_assert.
// EXPECT-ERROR: gather is for 2D tiles
// EXPECT-ERROR: a tile has 2 to 5 dimensions
// EXPECT-ERROR: every tile extent is 1\.\.65535
// EXPECT-ERROR: make_tdm\(lds, ptr, shape0, shape1, stride, \.\.\.\): a 2D window
// EXPECT-ERROR: temporal hint 7 exists for stores only
// EXPECT-ERROR: set_indices: the window has no tdm_traits::gather
// EXPECT-ERROR: the last dimension is contiguous \(stride 1\)
// EXPECT-ERROR: more deltas than the window has dimensions
#include <opus/mem/tdm.hpp>
namespace tt = opus::tdm_traits;
using namespace opus;

template <typename W> int use() { return int(sizeof(typename W::descriptor)); }
int a = use<tdm<u16_t, seq<8, 8, 2>, tt::gather<16>>>();
int b = use<tdm<float, seq<8, 8, 2, 2, 2, 2>>>();
int c = use<tdm<float, seq<8, 65536>>>();
float buf[64];
int main() {
    auto w3 = make_tdm<float, seq<8, 8, 2>>(0, buf, 8, 8, 8);  // the 2D form on a 3D window
    constexpr int nt_wb = make_cache_policy(store_temporal_hint::non_temporal_write_back);
    auto w = make_tdm<float, seq<8, 8>, tt::cache<nt_wb>>(0, buf, 8, 8, 8);
    w.async_load();                                              // a store-only hint on a load
    int idx[2] = {0, 1};
    w.set_indices(idx, 2);
    auto strided = make_layout(opus::make_tuple(8, 8), opus::make_tuple(16, 2_I));
    auto w2 = make_tdm<float, seq<8, 8>>(0, buf, strided);
    w2.move(1, 1, 1);
    return int(w3.ndim);
}
