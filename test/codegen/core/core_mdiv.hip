// Codegen: opus::mdiv passed by value as a kernel argument (three dwords) divides with one
// multiply-high, a 64-bit add (the 33-bit sum that keeps it exact near 2^32) and a 64-bit
// shift - no software division (v_rcp), no 64-bit multiply.
#include <opus/hip_minimal.hpp>
#include <opus/core.hpp>

// CHECK-LABEL: core_mdiv_divmod:
// CHECK-NOT: v_rcp
// CHECK: v_mul_hi_u32
// CHECK-GFX942-NEXT: v_lshl_add_u64
// CHECK-GFX950-NEXT: v_lshl_add_u64
// CHECK-GFX90A-NEXT: v_add_co_u32
// CHECK-GFX90A-NEXT: v_addc_co_u32
// CHECK-GFX11: v_add_co_u32
// CHECK-GFX11: v_add_co_ci_u32
// CHECK-GFX12: v_add_co_u32
// CHECK-GFX12: v_add_co_ci_u32
// CHECK: v_lshrrev_b64
// CHECK: v_mul_lo_u32
// CHECK: v_sub
// CHECK-NOT: v_rcp
// CHECK: s_endpgm
extern "C" __global__ __launch_bounds__(256) void core_mdiv_divmod(const unsigned* a, unsigned* q, unsigned* r,
                                                                   opus::mdiv m) {
    const unsigned i = __builtin_amdgcn_workitem_id_x();
    unsigned qq, rr;
    m.divmod(a[i], qq, rr);
    q[i] = qq;
    r[i] = rr;
}

// a uniform dividend stays scalar
// CHECK-LABEL: core_mdiv_uniform:
// CHECK: s_mul_hi_u32
// CHECK-GFX9-NEXT: s_add_u32
// CHECK-GFX9-NEXT: s_addc_u32
// CHECK-GFX12: s_add_nc_u64
// CHECK: s_lshr_b64
// CHECK-NOT: v_rcp
// CHECK: s_endpgm
extern "C" __global__ __launch_bounds__(64) void core_mdiv_uniform(unsigned* q, opus::mdiv m, unsigned n) {
    q[__builtin_amdgcn_workitem_id_x()] = m.div(n);
}
