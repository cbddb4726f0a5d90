// compile-cost case: the GEMM step of docs/walkthrough.md with opus (32x32x8 fp16,
// make_tiled_mma + partition layouts + layout-based gmem loads). Twin: gemm_step_raw.hip
#define EXPAND_M 1
#define EXPAND_N 1
#define WAVE_M 32
#define WAVE_N 32
#define WAVE_K 8
#include "tiled_gemm_body.inc"
