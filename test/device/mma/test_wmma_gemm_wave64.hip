// WMMA GEMM on gfx11/gfx12 in wave64 (-mwavefrontsize64): the cases of test_wmma_gemm.hip with
// 64 lanes per wave (twice the threads per block; on gfx12 the swizzled lane groups of C and of
// 8-bit A/B, see docs/mma.md).
// TARGETS: gfx1100 gfx1201
// FLAGS: -Xarch_device -mwavefrontsize64
#define OPUS_TEST_WMMA_WAVE 64
#include "test_wmma_gemm.hip"
