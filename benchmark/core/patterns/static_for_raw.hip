// core compile-cost pattern, raw twin of static_for_opus.hip: the same loops with #pragma unroll.
extern "C" __attribute__((global)) __attribute__((amdgpu_flat_work_group_size(1, 64))) void pattern(const float* in, float* out, int ld) {
    const int lane = static_cast<int>(__builtin_amdgcn_workitem_id_x());
    float r[64];
#pragma unroll
    for (int i = 0; i < 64; ++i) r[i] = in[i * 64 + lane];
    float s = 0.f;
#pragma unroll
    for (int i = 0; i < 63; ++i) s += r[i] * r[i + 1];
#pragma unroll
    for (int i = 0; i < 8; ++i)
#pragma unroll
        for (int j = 0; j < 8; ++j) out[(i * 8 + j) * ld + lane] = s * r[i * 8 + j];
}
