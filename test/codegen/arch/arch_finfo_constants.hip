// Codegen: finfo<T>'s values are immediates in device code. Since 2026-11-26 they are formed
// from static constexpr bit patterns; reading such a member as an lvalue odr-uses it, and in a
// device pass that became a global variable loaded at run time (s_getpc + s_load_dword per
// value: aiter's test_finfo kernel 90 -> 139 instructions, cache_kernels 21 more kernels worse
// than the reference per arch). The values are converted to prvalues first.
// TARGETS: gfx942 gfx950
#include <opus/hip_minimal.hpp>
#include <opus/arch.hpp>

using namespace opus;

template <typename T> __device__ void put(float* o) {
    o[0] = finfo<T>::eps();
    o[1] = finfo<T>::max();
    o[2] = finfo<T>::min();
    o[3] = finfo<T>::tiny();
    o[4] = finfo<T>::denorm_min();
}

// CHECK-LABEL: arch_finfo_constants:
// CHECK-NOT: s_getpc
// CHECK-NOT: s_load_dword s{{[0-9]+}},
// CHECK: s_endpgm
extern "C" __global__ __launch_bounds__(64) void arch_finfo_constants(float* o) {
    put<fp32_t>(o);
    put<fp16_t>(o + 5);
    put<bf16_t>(o + 10);
    put<fp8_t>(o + 15);
    put<bf8_t>(o + 20);
    put<fp4_t>(o + 25);
    put<e8m0_t>(o + 30);
    o[35] = numeric_limits<float>::max();
}
