// Codegen: fp16_t is the reference header's type (__fp16 with clang 20..23, _Float16 with the
// others), so a kernel with fp16_t in its template arguments gets the same mangled name as
// with the reference (aiter looks kernels up by name): Dh for __fp16, DF16_ for _Float16.
#include <opus/hip_minimal.hpp>
#include <opus/arch.hpp>

#if __clang_major__ >= 20 && __clang_major__ < 24
static_assert(opus::is_same_v<opus::fp16_t, __fp16>, "fp16_t must be __fp16 with clang 20..23 (as the reference)");
#else
static_assert(opus::is_same_v<opus::fp16_t, _Float16>, "fp16_t must be _Float16 outside clang 20..23 (as the reference)");
#endif

template <typename T> __global__ __launch_bounds__(64) void arch_fp16_kernel(T* p) { p[opus::thread_idx_x()] = p[0]; }
template __global__ void arch_fp16_kernel<opus::fp16_t>(opus::fp16_t*);

// the label of the instantiation above, spelled out
// CHECK: {{^_Z16arch_fp16_kernelI(Dh|DF16_)EvPT_:}}
// CHECK: s_endpgm
// scalar and packed fp16 arithmetic still compile with the mfma-era type
// CHECK-LABEL: arch_fp16_math:
// CHECK: s_endpgm
extern "C" __global__ __launch_bounds__(64) void arch_fp16_math(opus::fp16x4_t* v, opus::fp16_t* s) {
    const int i = opus::thread_idx_x();
    v[i] = v[i] * v[i + 64] + v[i + 128];
    s[i] = s[i] * s[i + 64] + s[i + 128];
}
