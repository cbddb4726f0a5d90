// make_gmem(p, bytes) with a 32-bit size (int, unsigned) uses it as the descriptor's range
// as it is, zero-extended like aiter's opus passes it: the size is never widened to 64 bits
// for the clamp, so LLVM keeps the size arithmetic in 32 bits. Widened, a size written as
// `(unsigned)(long_stride * k * sizeof(T))` kept its 64-bit product alive next to the 32-bit
// offsets derived from the same stride, and the loads took other address forms (aiter's
// gfx942 split-K reduce: 40 of 134 kernels used more VGPRs than with the reference).
// Checked on the optimized LLVM IR (FLAGS: -emit-llvm).
// FLAGS: -emit-llvm
#include <opus/hip_minimal.hpp>
#include <opus/mem.hpp>
using namespace opus;

// CHECK-LABEL: define {{.*}}@range_u32_of_i64(
// CHECK-NOT: mul {{.*}}i64
// CHECK-NOT: sext
// CHECK: [[SIZE:%[0-9]+]] = mul i32 {{%[0-9]+}}, 40
// CHECK-CLANG22-NEXT: [[WIDE:%[0-9]+]] = zext i32 [[SIZE]] to i64
// CHECK-CLANG22-NEXT: make.buffer.rsrc{{.*}}, i64 [[WIDE]],
// CHECK-CLANG19-NEXT: make.buffer.rsrc{{.*}}, i32 [[SIZE]],
// CHECK: ret void
extern "C" __global__ __launch_bounds__(64) void range_u32_of_i64(const fp32_t* a, fp32_t* b, int batch, int rows,
                                                                 int cols) {
    const long stride = static_cast<long>(batch) * rows * cols;
    auto g = make_gmem(a, static_cast<unsigned>(stride * 10 * sizeof(fp32_t)));
    const int i = static_cast<int>(thread_idx_x());
    fp32_t acc = 0;
    for (int s = 0; s < 10; ++s) acc += g.load(i + static_cast<int>(s * stride))[0];
    b[i] = acc;
}

// an int size: its 32 bits zero-extended (a negative int is its unsigned value, as there)
// CHECK-LABEL: define {{.*}}@range_int(
// CHECK-NOT: sext
// CHECK-CLANG22: [[WIDE:%[0-9]+]] = zext i32 {{%[0-9]+}} to i64
// CHECK-CLANG22-NEXT: make.buffer.rsrc{{.*}}, i64 [[WIDE]],
// CHECK: ret void
extern "C" __global__ __launch_bounds__(64) void range_int(const fp32_t* a, fp32_t* b, int n) {
    const int i = static_cast<int>(thread_idx_x());
    b[i] = make_gmem(a, n * 4).load(i)[0];
}
