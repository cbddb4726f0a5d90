// compile-cost case: tiled MMA, EXPAND 4x4 of 16x16x16 fp16 over 2x2 waves
#define EXPAND_M 4
#define EXPAND_N 4
#define WAVE_M 16
#define WAVE_N 16
#define WAVE_K 16
#include "tiled_gemm_body.inc"
