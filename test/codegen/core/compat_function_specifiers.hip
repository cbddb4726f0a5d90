// After opus/opus.hpp (aiter's include path), OPUS_D and OPUS_H_D are aiter's specifiers:
// the HIP attribute and `inline`, without always_inline, so the compiler's inliner treats a
// kernel's own helpers as it does with aiter's opus (each simplified in its own right before
// it is inlined). opus's own functions, declared before the redefinition, keep always_inline:
// the opus calls in the kernel are inlined, the noinline helper stays the only call.
#include <opus/hip_minimal.hpp>
#include <opus/opus.hpp>

#define SPEC_STR_(...) #__VA_ARGS__
#define SPEC_STR(...) SPEC_STR_(__VA_ARGS__)
constexpr bool spec_contains(const char* s, const char* w) {
    for (; *s; ++s) {
        const char* a = s;
        const char* b = w;
        while (*a && *b && *a == *b) ++a, ++b;
        if (!*b) return true;
    }
    return false;
}
static_assert(!spec_contains(SPEC_STR(OPUS_D), "always_inline"), "OPUS_D after opus/opus.hpp: no always_inline");
static_assert(!spec_contains(SPEC_STR(OPUS_H_D), "always_inline"), "OPUS_H_D after opus/opus.hpp: no always_inline");
static_assert(spec_contains(SPEC_STR(OPUS_D), "inline") && spec_contains(SPEC_STR(OPUS_D), "device"),
              "OPUS_D: inline device function");
static_assert(spec_contains(SPEC_STR(OPUS_H_D), "host") && spec_contains(SPEC_STR(OPUS_H_D), "device"),
              "OPUS_H_D: inline host+device function");

OPUS_D __attribute__((noinline)) float helper_sum(const float* p, int n) {
    float s = 0.f;
    for (int i = 0; i < n; ++i) s += p[i];
    return s;
}
OPUS_H_D constexpr int helper_twice(int x) { return 2 * x; }
static_assert(helper_twice(21) == 42, "OPUS_H_D functions stay constexpr");
// aiter's specifiers of out-of-line declarations exist too.
OPUS_D_EXTERN int extern_device_decl(int);
OPUS_H_D_EXTERN int extern_host_device_decl(int);

// CHECK-LABEL: compat_specifiers:
// CHECK: {{s_swappc_b64|s_swap_pc_i64}}
// CHECK-NOT: {{s_swappc_b64|s_swap_pc_i64}}
// CHECK: s_endpgm
extern "C" __global__ __launch_bounds__(64) void compat_specifiers(const float* a, int n, float* out) {
    const int i = static_cast<int>(opus::thread_id_x());
    auto g = opus::make_gmem(a);
    out[i] = helper_sum(a, n) + g.load<1>(helper_twice(i))[0];
}
