// compile-cost case: four MFMA shapes/types instantiated in one file.
#include <opus.hpp>
using namespace opus;

template <typename A, typename B, int M, int N, int K>
__device__ void one(const void* pa, const void* pb, void* pc) {
    auto mma = make_mfma<A, B, fp32_t>(number<M>{}, number<N>{}, number<K>{});
    using mma_t = decltype(mma);
    const unsigned t = thread_idx_x();
    auto a = reinterpret_cast<const typename mma_t::vtype_a*>(pa)[t];
    auto b = reinterpret_cast<const typename mma_t::vtype_b*>(pb)[t];
    auto& c = reinterpret_cast<typename mma_t::vtype_c*>(pc)[t];
    c = mma(a, b, c);
}

extern "C" __global__ __launch_bounds__(64) void four_shapes(const void* pa, const void* pb, void* pc) {
    one<fp16_t, fp16_t, 32, 32, 8>(pa, pb, pc);
    one<fp16_t, fp16_t, 16, 16, 16>(pa, pb, pc);
    one<bf16_t, bf16_t, 32, 32, 8>(pa, pb, pc);
    one<fp8_t, fp8_t, 16, 16, 32>(pa, pb, pc);
}
