// Diagnostics: block_reduce_scratch<T, BlockSize> needs a block of whole waves; 96 threads on
// gfx942 (wave64) is a static_assert naming the rule.
// TARGETS: gfx942
// EXPECT-ERROR: opus::block_reduce_scratch<T, BlockSize>: BlockSize must be a multiple of the wave size
// EXPECT-ERROR-COUNT: 1
#include <opus/hip_minimal.hpp>
#include <opus/arch/reduce.hpp>

extern "C" __global__ __launch_bounds__(96) void k(float* p) {
    __shared__ opus::block_reduce_scratch<float, 96> s;
    p[opus::thread_id_x()] = opus::block_reduce(p[opus::thread_id_x()], opus::reduce_sum{}, s);
}
