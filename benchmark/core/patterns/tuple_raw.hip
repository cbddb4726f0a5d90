// core compile-cost pattern, raw twin of tuple_opus.hip: plain arrays and loops.
extern "C" __attribute__((global)) __attribute__((amdgpu_flat_work_group_size(1, 64))) void pattern(const float* in, float* out, int n) {
    const int lane = static_cast<int>(__builtin_amdgcn_workitem_id_x());
    float t[32], all[64];
#pragma unroll
    for (int i = 0; i < 32; ++i) t[i] = in[i * 64 + lane];
#pragma unroll
    for (int i = 0; i < 32; ++i) { all[i] = t[i]; all[32 + i] = t[i] * t[i]; }
    float s = 0.f;
#pragma unroll
    for (int i = 0; i < 64; ++i) s += all[i];
    const int cells = 4 * n * 8;
    out[lane] = s * static_cast<float>(cells) + static_cast<float>(n);
}
