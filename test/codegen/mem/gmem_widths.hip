// gmem load/store widths: one buffer instruction of the widest fitting width per access,
// accesses wider than 16 bytes split into dwordx4 at immediate offsets, aux = 3 sets the
// non-temporal cache-policy bits.
// TARGETS: gfx90a gfx942 gfx950
// MAX-VGPR: 24
#include <opus/hip_minimal.hpp>
#include <opus/mem.hpp>
using namespace opus;

// CHECK-LABEL: gmem_fp32_x4:
// CHECK: buffer_load_dwordx4
// CHECK-NOT: buffer_load
// CHECK: buffer_store_dwordx4
// CHECK-NOT: buffer_store
// CHECK: s_endpgm
extern "C" __global__ __launch_bounds__(64) void gmem_fp32_x4(const fp32_t* a, fp32_t* b) {
    auto ga = make_gmem(a);
    auto gb = make_gmem(b);
    const int i = static_cast<int>(thread_idx_x()) * 4;
    gb.store<4>(ga.load<4>(i), i);
}

// CHECK-LABEL: gmem_fp16_x8:
// CHECK: buffer_load_dwordx4
// CHECK-NOT: buffer_load
// CHECK: buffer_store_dwordx4
// CHECK-NOT: buffer_store
// CHECK: s_endpgm
extern "C" __global__ __launch_bounds__(64) void gmem_fp16_x8(const fp16_t* a, fp16_t* b) {
    auto ga = make_gmem(a);
    auto gb = make_gmem(b);
    const int i = static_cast<int>(thread_idx_x()) * 8;
    gb.store(ga.load<8>(i), i);
}

// fp32 load<16>: four dwordx4 at +0/+16/+32/+48
// CHECK-LABEL: gmem_fp32_x16:
// CHECK: buffer_load_dwordx4 v[{{[0-9]+:[0-9]+}}], [[V:v[0-9]+]], s[{{[0-9]+:[0-9]+}}], 0 offen{{$}}
// CHECK: buffer_load_dwordx4 v[{{[0-9]+:[0-9]+}}], [[V]], s[{{[0-9]+:[0-9]+}}], 0 offen offset:16
// CHECK: buffer_load_dwordx4 v[{{[0-9]+:[0-9]+}}], [[V]], s[{{[0-9]+:[0-9]+}}], 0 offen offset:32
// CHECK: buffer_load_dwordx4 v[{{[0-9]+:[0-9]+}}], [[V]], s[{{[0-9]+:[0-9]+}}], 0 offen offset:48
// CHECK-NOT: buffer_load
// CHECK-COUNT-4: buffer_store_dwordx4
// CHECK-NOT: buffer_store
// CHECK: s_endpgm
extern "C" __global__ __launch_bounds__(64) void gmem_fp32_x16(const fp32_t* a, fp32_t* b) {
    auto ga = make_gmem(a);
    auto gb = make_gmem(b);
    const int i = static_cast<int>(thread_idx_x()) * 16;
    gb.store<16>(ga.load<16>(i), i);
}

// fp8 load<4>: one dword
// CHECK-LABEL: gmem_fp8_x4:
// CHECK: buffer_load_dword v
// CHECK-NOT: buffer_load
// CHECK: buffer_store_dword v
// CHECK-NOT: buffer_store
// CHECK: s_endpgm
extern "C" __global__ __launch_bounds__(64) void gmem_fp8_x4(const fp8_t* a, fp8_t* b) {
    auto ga = make_gmem(a);
    auto gb = make_gmem(b);
    const int i = static_cast<int>(thread_idx_x()) * 4;
    gb.store<4>(ga.load<4>(i), i);
}

// sub-dword and odd widths: fp8 x1 ubyte, bf16 x1 ushort, fp32 x3 dwordx3, fp4 x16 dwordx2
// CHECK-LABEL: gmem_small:
// CHECK-DAG: buffer_load_ubyte
// CHECK-DAG: buffer_load_ushort
// CHECK-DAG: buffer_load_dwordx3
// CHECK-DAG: buffer_load_dwordx2
// CHECK-DAG: buffer_store_byte
// CHECK-DAG: buffer_store_short
// CHECK-DAG: buffer_store_dwordx3
// CHECK-DAG: buffer_store_dwordx2
// CHECK: s_endpgm
extern "C" __global__ __launch_bounds__(64) void gmem_small(const fp8_t* a, const bf16_t* c, const fp32_t* d,
                                                            const fp4_t* e, fp8_t* oa, bf16_t* oc, fp32_t* od,
                                                            fp4_t* oe) {
    const int i = static_cast<int>(thread_idx_x());
    make_gmem(oa).store(make_gmem(a).load(i), i);
    make_gmem(oc).store(make_gmem(c).load(i), i);
    make_gmem(od).store<3>(make_gmem(d).load<3>(i * 3), i * 3);
    make_gmem(oe).store<16>(make_gmem(e).load<16>(i * 16), i * 16);
}

// vector-typed gmem: make_gmem(fp16x4_t*) moves whole vectors; number<> offsets
// CHECK-LABEL: gmem_vector_typed:
// CHECK: buffer_load_dwordx2
// CHECK-NOT: buffer_load
// CHECK: buffer_store_dwordx2
// CHECK: s_endpgm
extern "C" __global__ __launch_bounds__(64) void gmem_vector_typed(const fp16x4_t* a, fp16x4_t* b) {
    using opus::operator""_I;
    auto ga = make_gmem(a);
    auto gb = make_gmem(b);
    const int x = static_cast<int>(thread_idx_x()) * 4;
    fp16x4_t v = ga.load(x / 4_I);
    gb.store(v, x / 4_I);
}

// aux = 3: group non-temporal
// CHECK-LABEL: gmem_nt:
// CHECK-GFX90A: buffer_load_dwordx4 {{.*}} offen glc slc
// CHECK-GFX942: buffer_load_dwordx4 {{.*}} offen sc0 nt
// CHECK-GFX950: buffer_load_dwordx4 {{.*}} offen sc0 nt
// CHECK-GFX90A: buffer_store_dwordx4 {{.*}} offen glc slc
// CHECK-GFX942: buffer_store_dwordx4 {{.*}} offen sc0 nt
// CHECK-GFX950: buffer_store_dwordx4 {{.*}} offen sc0 nt
// CHECK: s_endpgm
extern "C" __global__ __launch_bounds__(64) void gmem_nt(const fp32_t* a, fp32_t* b) {
    auto ga = make_gmem(a);
    auto gb = make_gmem(b);
    const int i = static_cast<int>(thread_idx_x()) * 4;
    gb.store<4>(ga.load<4, 3>(i), i, 0, number<3>{});  // store: aux as a trailing number<>
}

// aux = 0 sets no cache-policy bits
// CHECK-LABEL: gmem_rt:
// CHECK: buffer_load_dwordx4 {{.*}} offen{{$}}
// CHECK: buffer_store_dwordx4 {{.*}} offen{{$}}
// CHECK: s_endpgm
extern "C" __global__ __launch_bounds__(64) void gmem_rt(const fp32_t* a, fp32_t* b) {
    auto ga = make_gmem(a);
    auto gb = make_gmem(b);
    const int i = static_cast<int>(thread_idx_x()) * 4;
    gb.store<4>(ga.load<4>(i, 0, number<0>{}), i, 0, number<0>{});
}
