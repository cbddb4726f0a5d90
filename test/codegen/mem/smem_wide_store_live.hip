// smem::store of a vector wider than 16 bytes is one IR store of the vector itself (split into
// 16-byte ds writes by the backend). Written as 16-byte chunks of its <N x i32> image, SROA
// retyped the caller's vector built element by element, and the bitcast it left after the
// loop kept SimplifyCFG from merging the branch of that loop's conditional accumulation with
// the store's branch of the same condition: a residual-times-mix kernel on gfx1250 kept all
// its squared values live, 110 -> 178 VGPRs (aiter's mhc_pre_big_fuse_rmsnorm).
// Checked on the optimized LLVM IR (FLAGS: -emit-llvm), with clang 22 (clang 19 keeps the chunks:
// it ignores the 16-byte alignment opus gives the vector type and would claim 64).
// FLAGS: -emit-llvm
#include <opus/hip_minimal.hpp>
#include <opus/mem.hpp>
using namespace opus;

// CHECK-LABEL: define {{.*}}@smem_store_fp16x32(
// CHECK-CLANG22-NOT: bitcast <32 x half> {{.*}} to <16 x i32>
// CHECK-CLANG22: store <32 x half> {{%.*}}, ptr addrspace(3) {{%.*}}, align 16
// CHECK-CLANG22-NOT: bitcast <32 x half> {{.*}} to <16 x i32>
// CHECK-CLANG19: store <4 x i32> {{%.*}}, ptr addrspace(3) {{%.*}}, align 16
// CHECK: ret void
extern "C" __global__ __launch_bounds__(64) void smem_store_fp16x32(const fp16_t* a, float* out, float mix, int hc) {
    __shared__ fp16_t s[64 * 32];
    const int i = static_cast<int>(thread_idx_x());
    auto g = make_gmem(a);
    auto sm = make_smem(s);
    vector_t<fp16_t, 32> v = g.load<32>(i * 32);
    float sumsq = 0.f;
    static_for<32>([&](auto k) {
        const float x = static_cast<float>(v[k.value]) * mix;
        v[k.value] = static_cast<fp16_t>(x);
        if (hc == 0) sumsq += x * x;
    });
    if (hc == 0) sm.store<32>(v, i * 32);
    sync_threads();
    out[i] = sumsq + static_cast<float>(s[(i * 32 + 5) % 2048]);
}

// a 32-byte vector loaded from gmem (its i32 image): one 32-byte store
// CHECK-LABEL: define {{.*}}@smem_store_f32x8(
// CHECK-CLANG22: store <8 x {{i32|float}}> {{%.*}}, ptr addrspace(3) {{%.*}}, align 16
// CHECK-CLANG19: store <4 x i32> {{%.*}}, ptr addrspace(3) {{%.*}}, align 16
// CHECK: ret void
extern "C" __global__ __launch_bounds__(64) void smem_store_f32x8(const float* a, float* b) {
    __shared__ float s[64 * 8];
    const int i = static_cast<int>(thread_idx_x());
    make_smem(s).store<8>(make_gmem(a).load<8>(i * 8), i * 8);
    sync_threads();
    b[i] = s[(i * 8 + 3) % 512];
}
