// compile-cost case: tiled MMA, EXPAND 1x1 of 16x16x16 fp16 over 2x2 waves
#define EXPAND_M 1
#define EXPAND_N 1
#define WAVE_M 16
#define WAVE_N 16
#define WAVE_K 16
#include "tiled_gemm_body.inc"
