// core compile-cost pattern, raw twin of layout_opus.hip: the same offsets by hand.
extern "C" __attribute__((global)) __attribute__((amdgpu_flat_work_group_size(1, 64))) void pattern(const float* in, float* out, int n, int ld, int k) {
    const int lane = static_cast<int>(__builtin_amdgcn_workitem_id_x());
    float acc = 0.f;
    for (int kk = 0; kk < k; kk += 16) {
#pragma unroll
        for (int i = 0; i < 4; ++i)
#pragma unroll
            for (int j = 0; j < 4; ++j) acc += in[i * ld + j * 4 + lane % 4 + kk];
    }
#pragma unroll
    for (int i = 0; i < 8; ++i)
#pragma unroll
        for (int j = 0; j < 8; ++j)
            out[(i % 2) * n * 32 + (lane % n) * 32 + (j % 4) * ld + (i + j) % 8] = acc * (i * 8 + j);
}
