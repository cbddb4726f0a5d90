// Tensor DMA window policies (opus/mem/tdm_desc.hpp) that the D# cannot encode, or that say one
// thing twice, stop at a static_assert naming the rule; each line below is one such mistake.
// EXPECT-ERROR: a tdm element is one value of 1, 2, 4 or 8 bytes; 4-bit data only as the one-byte pair
// EXPECT-ERROR: multicast<W>: one peer is no multicast
// EXPECT-ERROR: multicast: a peer index is repeated
// EXPECT-ERROR: opus::tdm: two cache policies
// EXPECT-ERROR: every policy is a tdm_traits tag \(padding, multicast, gather, cache\)
// EXPECT-ERROR: IntervalElements \* sizeof\(T\) must be a power of two from 8 to 1024 bytes
// EXPECT-ERROR: an 8-byte interval with a 4-byte pad is not supported
// EXPECT-ERROR: gather<IndexBits>: 16 or 32
#include <opus/mem/tdm.hpp>
namespace tt = opus::tdm_traits;
using opus::seq;

template <typename W> int use() { return int(sizeof(typename W::descriptor)); }
int a = use<opus::tdm<opus::fp4_t, seq<8, 8>>>();               // bare 4-bit type
int b = int(tt::multicast<3>::bits);                             // a single peer
int c = int(tt::multicast<1, 1>::bits);                          // repeated peer
int d = use<opus::tdm<float, seq<8, 8>, tt::cache<0>, tt::cache<1>>>();
int e = use<opus::tdm<float, seq<8, 8>, int>>();                 // not a tag
int f = int(tt::padding<float, 3, 1>::encoded_interval);         // 12-byte interval
int g = int(tt::padding<opus::u8_t, 8, 4>::encoded_amount);      // encodes (0, 0)
int h = int(tt::gather<8>::index_size);
int main() { return 0; }
