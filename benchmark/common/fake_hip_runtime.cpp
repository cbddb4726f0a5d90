// A fake HIP runtime for the driver smoke tests (benchmark/common/driver_smoke.py): preloaded
// (LD_PRELOAD) into a benchmark program, it pretends there is one GPU, runs no kernel (device
// memory is host memory, launches only count), reports 1 ms for every timed launch and
// answers the arch probe with OPUS_FAKE_ARCH (opus::target value: 1 gfx942, 2 gfx950)
// and the device name with OPUS_FAKE_NAME. So the host side of every benchmark (registration,
// timing, counters, peak lookup, JSON) runs without a GPU. Not for anything else.
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <map>
#include <string>

namespace {
struct fake_dim3 { unsigned x, y, z; };
std::map<const void*, std::string>& kernels() {
    static std::map<const void*, std::string> m;
    return m;
}
const char* env(const char* name, const char* fallback) {
    const char* v = std::getenv(name);
    return v && *v ? v : fallback;
}
} // namespace

extern "C" {
void** __hipRegisterFatBinary(void*) {
    static void* handle = nullptr;
    return &handle;
}
void __hipUnregisterFatBinary(void**) {}
void __hipRegisterFunction(void**, const void* host, char*, const char* device_name, int, void*, void*, void*, void*,
                           int*) {
    kernels()[host] = device_name;
}
int __hipPushCallConfiguration(fake_dim3, fake_dim3, size_t, void*) { return 0; }
int __hipPopCallConfiguration(fake_dim3*, fake_dim3*, size_t*, void**) { return 0; }
int hipLaunchKernel(const void* f, fake_dim3, fake_dim3, void** args, size_t, void*) {
    auto it = kernels().find(f);
    if (it != kernels().end() && it->second == "opus_bench_arch_probe")
        **reinterpret_cast<int**>(args[0]) = std::atoi(env("OPUS_FAKE_ARCH", "1"));
    return 0;
}
int hipGetDeviceCount(int* n) {
    *n = 1;
    return 0;
}
int hipDeviceGetName(char* s, int len, int) {
    std::snprintf(s, static_cast<size_t>(len), "%s", env("OPUS_FAKE_NAME", "AMD Instinct MI300X"));
    return 0;
}
int hipDeviceSynchronize() { return 0; }
int hipGetLastError() { return 0; }
const char* hipGetErrorString(int) { return "fake HIP runtime"; }
int hipMalloc(void** p, size_t n) {
    *p = std::calloc(1, n);
    return *p ? 0 : 2;
}
int hipFree(void* p) {
    std::free(p);
    return 0;
}
int hipMemcpy(void* d, const void* s, size_t n, int) {
    std::memcpy(d, s, n);
    return 0;
}
int hipMemset(void* d, int v, size_t n) {
    // no kernel reads device memory here: leave big buffers as untouched (lazily zeroed) pages
    if (n <= (size_t(16) << 20)) std::memset(d, v, n);
    return 0;
}
int hipEventCreate(void** e) {
    static int token;
    *e = &token;
    return 0;
}
int hipEventDestroy(void*) { return 0; }
int hipEventRecord(void*, void*) { return 0; }
int hipEventSynchronize(void*) { return 0; }
int hipEventElapsedTime(float* ms, void*, void*) {
    *ms = 1.0f;
    return 0;
}
}
