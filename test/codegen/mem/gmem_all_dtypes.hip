// Every registered dtype loads and stores through gmem and smem: single elements and the
// widest 16-byte vector (64 elements = four dwordx4 for the 1-byte types), no scratch.
// Runs on every codegen target (gfx9, gfx11, gfx12): where the ISAs name the same instruction
// differently the check lists both spellings, gfx9 first ({{dwordx4|b128}}, ds_{{read|load}},
// soffset {{0|null}}); each ISA has only one of them.
// MAX-VGPR: 40
#include <opus/hip_minimal.hpp>
#include <opus/mem.hpp>
using namespace opus;

template <typename T, index_t N>
__device__ void roundtrip(const void* a, void* b, int i) {
    __shared__ T lds[64 * 64];
    auto ga = make_gmem(reinterpret_cast<const T*>(a));
    auto gb = make_gmem(reinterpret_cast<T*>(b));
    auto s = make_smem(lds);
    s.template store<N>(ga.template load<N>(i * N), i * N);
    __builtin_amdgcn_s_barrier();
    gb.template store<N>(s.template load<N>((63 - i) * N), i * N);
}

#define OPUS_DTYPE_KERNEL(T, N)                                                             \
    extern "C" __global__ __launch_bounds__(64) void rt_##T##_##N(const void* a, void* b) { \
        roundtrip<T, N>(a, b, static_cast<int>(thread_idx_x()));                            \
    }

// CHECK-LABEL: rt_fp32_t_1:
// CHECK: buffer_load_{{dword|b32}} v
// CHECK-LABEL: rt_fp32_t_4:
// CHECK: buffer_load_{{dwordx4|b128}}
OPUS_DTYPE_KERNEL(fp32_t, 1)
OPUS_DTYPE_KERNEL(fp32_t, 4)
OPUS_DTYPE_KERNEL(fp16_t, 1)
OPUS_DTYPE_KERNEL(fp16_t, 8)
OPUS_DTYPE_KERNEL(bf16_t, 1)
OPUS_DTYPE_KERNEL(bf16_t, 8)
// CHECK-LABEL: rt_fp8_t_1:
// CHECK: buffer_load_{{ubyte|u8}}
// CHECK: ds_{{write|store}}_b8
OPUS_DTYPE_KERNEL(fp8_t, 1)
// CHECK-LABEL: rt_fp8_t_16:
// CHECK: buffer_load_{{dwordx4|b128}}
// CHECK: ds_{{write|store}}_b128
OPUS_DTYPE_KERNEL(fp8_t, 16)
OPUS_DTYPE_KERNEL(bf8_t, 16)
// CHECK-LABEL: rt_fp8_t_64:
// CHECK-COUNT-4: buffer_load_{{dwordx4|b128}}
OPUS_DTYPE_KERNEL(fp8_t, 64)
OPUS_DTYPE_KERNEL(i32_t, 4)
OPUS_DTYPE_KERNEL(u32_t, 4)
OPUS_DTYPE_KERNEL(i16_t, 8)
OPUS_DTYPE_KERNEL(u16_t, 8)
OPUS_DTYPE_KERNEL(i8_t, 16)
OPUS_DTYPE_KERNEL(u8_t, 1)
OPUS_DTYPE_KERNEL(u8_t, 16)
// CHECK-LABEL: rt_fp4_t_2:
// CHECK: buffer_load_{{ubyte|u8}}
// CHECK-LABEL: rt_fp4_t_32:
// CHECK: buffer_load_{{dwordx4|b128}}
OPUS_DTYPE_KERNEL(fp4_t, 2)
OPUS_DTYPE_KERNEL(fp4_t, 32)
OPUS_DTYPE_KERNEL(int4_t, 8)
OPUS_DTYPE_KERNEL(uint4_t, 32)
OPUS_DTYPE_KERNEL(e8m0_t, 1)
OPUS_DTYPE_KERNEL(fp8_e4m3fn_t, 1)
OPUS_DTYPE_KERNEL(bf8_e5m2_t, 1)
OPUS_DTYPE_KERNEL(fp8_e4m3fnuz_t, 1)
OPUS_DTYPE_KERNEL(bf8_e5m2fnuz_t, 1)
// CHECK-LABEL: rt_bf8_e5m2fnuz_t_1:
// CHECK: s_endpgm
