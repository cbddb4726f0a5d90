// compile-cost case: gemm_step_opus.hip written with raw builtins and hand index math
// (the baseline the opus version is compared with, same run).
typedef _Float16 half4 __attribute__((ext_vector_type(4)));
typedef float float16 __attribute__((ext_vector_type(16)));

extern "C" __global__ __launch_bounds__(256) void gemm_tile(const _Float16* a, const _Float16* b, float* c,
                                                            int k, int lda, int ldb, int ldc) {
    const unsigned t = __builtin_amdgcn_workitem_id_x();
    const int lane = t % 64, wave = t / 64;
    const int wm = wave / 2, wn = wave % 2;
    const _Float16* pa = a + (wm * 32 + lane % 32) * lda + (lane / 32) * 4;
    const _Float16* pb = b + (wn * 32 + lane % 32) * ldb + (lane / 32) * 4;
    float16 acc = {};
    for (int kk = 0; kk < k; kk += 8) {
        half4 va = *reinterpret_cast<const half4*>(pa + kk);
        half4 vb = *reinterpret_cast<const half4*>(pb + kk);
        acc = __builtin_amdgcn_mfma_f32_32x32x8f16(va, vb, acc, 0, 0, 0);
    }
    // C register r of lane l holds row 8*(r/4) + 4*(l/32) + r%4, column l%32.
    for (int r = 0; r < 16; ++r) {
        int row = 8 * (r / 4) + 4 * (lane / 32) + r % 4;
        c[(wm * 32 + row) * ldc + wn * 32 + lane % 32] = acc[r];
    }
}
