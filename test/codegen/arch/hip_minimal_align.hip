// Codegen: opus/hip_minimal.hpp defines HIP's __align__(n) (code written for aiter's opus declares
// `__shared__ __align__(16) T buf[N]` so a 16-byte LDS store can be used).
#include <opus/hip_minimal.hpp>

// CHECK-LABEL: hip_minimal_align:
// CHECK: ds_{{write|store}}_b128
// CHECK: s_endpgm
extern "C" __global__ __launch_bounds__(64) void hip_minimal_align(const unsigned char* in, unsigned char* out) {
    __shared__ __align__(16) unsigned char buf[64 * 16];
    static_assert(__alignof__(buf) >= 16, "__align__(16) must align the LDS array");
    const unsigned t = __builtin_amdgcn_workitem_id_x();
    typedef unsigned v4u __attribute__((ext_vector_type(4)));
    *reinterpret_cast<v4u*>(buf + 16 * t) = *reinterpret_cast<const v4u*>(in + 16 * t);
    __builtin_amdgcn_s_barrier();
    out[t] = buf[(t * 17) % (64 * 16)];
}
