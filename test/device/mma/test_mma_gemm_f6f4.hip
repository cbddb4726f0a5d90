// Device GEMM on the sub-byte operands of gfx950's scaled f8f6f4 MFMA (fp4, fp6, bf6, mixed
// with fp8/bf8) against a host reference. gfx950 only: on another GPU the test SKIPs, and the
// kernel bodies compile only in the gfx950 pass (and the host pass).
//
// A (M x K) and B (N x K) are stored row-major as packed bit streams (element i at bits
// [w*i, w*i + w)), gathered per lane through the tiled partition layouts into the packed
// operand containers (value r of a lane at bits [w*r, w*r + w): mma/operand.hpp). Values
// come from {0, +-0.5, +-1, +-1.5, +-2, +-3}, exact in every format, so C must equal the
// reference exactly. Encodings: fp4 through opus's host cast<fp4_t>, fp8/bf8 through
// cast<fp8_e4m3fn_t> / cast<bf8_e5m2_t> (OCP on gfx950), fp6 (E2M3) / bf6 (E3M2) through the
// small exact table below (opus has no fp6 conversions).
#include <opus/hip_minimal.hpp>
#include <opus/mma.hpp>

#include "device_test.hpp"
#include "mma_gemm_kernel.hpp"

#include <cstdint>
#include <cstdlib>
#include <vector>

extern "C" __global__ void opus_test_is_gfx950(int* out) { *out = OPUS_GFX950; }

namespace {

using namespace opus;
using opus_mma_test::y_index;

template <typename T> constexpr int wbits = detail::mma_value_bits<T>;

// w bits at bit offset `bit` of a byte stream (little-endian; the stream has one spare byte)
[[maybe_unused]] __device__ inline uint32_t get_bits(const uint8_t* p, int bit, int w) {
    uint32_t two = uint32_t(p[bit / 8]) | (uint32_t(p[bit / 8 + 1]) << 8);
    return (two >> (bit % 8)) & ((1u << w) - 1u);
}

template <typename V, typename T, typename U>
__device__ V gather_packed(const U& u, const uint8_t* p, int elem_base) {
    constexpr index_t n = vector_traits<V>::size;
    constexpr int w = wbits<T>;
    using ys = remove_cvref_t<decltype(u.y_shape())>;
    uint8_t bytes[sizeof(V) + 1] = {};
    static_for<n>([&](auto r) {
        constexpr int rr = decltype(r)::value;
        int o = elem_base + static_cast<int>(u(y_index<rr, ys>(make_index_seq<tuple_size_v<ys>>{})));
        uint32_t v = get_bits(p, o * w, w);
        for (int b = 0; b < w; ++b) bytes[(rr * w + b) / 8] |= uint8_t(((v >> b) & 1u) << ((rr * w + b) % 8));
    });
    V out;
    __builtin_memcpy(&out, bytes, sizeof(V));
    return out;
}

template <typename A, typename B, int EM, int EN, int TM, int TN, int WM, int WN, int WK, bool Swap>
OPUS_H_D constexpr auto make_cfg() {
    if constexpr (Swap)
        return make_tiled_mma<A, B, fp32_t>(seq<EM, EN, 1>{}, seq<TM, TN, 1>{}, seq<WM, WN, WK>{}, mfma_adaptor_swap_ab{});
    else
        return make_tiled_mma<A, B, fp32_t>(seq<EM, EN, 1>{}, seq<TM, TN, 1>{}, seq<WM, WN, WK>{});
}

template <typename A, typename B, int EM, int EN, int TM, int TN, int WM, int WN, int WK, bool Swap, int KSteps>
__global__ __launch_bounds__(256) void gemm_f6f4_kernel(const uint8_t* pa, const uint8_t* pb, float* pc) {
#if OPUS_GFX950 || !OPUS_DEVICE_PASS
    using Tiled = decltype(make_cfg<A, B, EM, EN, TM, TN, WM, WN, WK, Swap>());
    constexpr int K = Tiled::block_k * KSteps;
    constexpr int W = Tiled::mma::wave_size;
    int tid = thread_idx_x();
    auto wc = Tiled::wave_coord(tid / W);
    int lane = tid % W;
    auto ua = Tiled::layout_a(make_tuple(K, 1_I), Tiled::p_coord_a(get<0>(wc), get<2>(wc), lane));
    auto ub = Tiled::layout_b(make_tuple(K, 1_I), Tiled::p_coord_b(get<1>(wc), get<2>(wc), lane));
    auto uc = Tiled::layout_c(make_tuple(Tiled::block_n, 1_I), Tiled::p_coord_c(get<0>(wc), get<1>(wc), lane));
    typename Tiled::vtype_c c{};
    for (int s = 0; s < KSteps; ++s) {
        auto a = gather_packed<typename Tiled::vtype_a, A>(ua, pa, s * Tiled::block_k);
        auto b = gather_packed<typename Tiled::vtype_b, B>(ub, pb, s * Tiled::block_k);
        c = Tiled{}(a, b, c);
    }
    using ys = remove_cvref_t<decltype(uc.y_shape())>;
    static_for<Tiled::tile_c_len>([&](auto r) {
        pc[uc(y_index<decltype(r)::value, ys>(make_index_seq<tuple_size_v<ys>>{}))] = c[r.value];
    });
#else
    (void)pa; (void)pb; (void)pc;
#endif
}

// exact codes of the test values (index v: value (v - 6) * 0.5, i.e. -3 .. 3; 2.5 unused)
const float k_values[] = {-3.f, -2.f, -1.5f, -1.f, -0.5f, 0.f, 0.5f, 1.f, 1.5f, 2.f, 3.f};
uint32_t fp6_code(float x) {  // E2M3, bias 1
    float a = x < 0 ? -x : x;
    uint32_t m = a == 0.f ? 0 : a == 0.5f ? 4 : a == 1.f ? 8 : a == 1.5f ? 12 : a == 2.f ? 16 : 20;
    return (x < 0 ? 32u : 0u) | m;
}
uint32_t bf6_code(float x) {  // E3M2, bias 3
    float a = x < 0 ? -x : x;
    uint32_t m = a == 0.f ? 0 : a == 0.5f ? 8 : a == 1.f ? 12 : a == 1.5f ? 14 : a == 2.f ? 16 : 18;
    return (x < 0 ? 32u : 0u) | m;
}
template <typename T> uint32_t encode(float x) {
    if constexpr (is_same_v<T, fp4_t>) {
        auto p = cast<fp4_t>(vector_t<float, 2>{x, 0.f});
        return fp4_t(p[0]).value;
    } else if constexpr (is_same_v<T, fp6_t>) {
        return fp6_code(x);
    } else if constexpr (is_same_v<T, bf6_t>) {
        return bf6_code(x);
    } else if constexpr (is_same_v<T, fp8_t>) {
        return cast<fp8_e4m3fn_t>(x).data;
    } else {
        return cast<bf8_e5m2_t>(x).data;
    }
}

void put_bits(std::vector<uint8_t>& s, int bit, int w, uint32_t v) {
    for (int b = 0; b < w; ++b) s[(bit + b) / 8] = uint8_t(s[(bit + b) / 8] | (((v >> b) & 1u) << ((bit + b) % 8)));
}

template <typename A, typename B, int EM, int EN, int TM, int TN, int WM, int WN, int WK, bool Swap, int KSteps = 2>
void run_f6f4() {
    // sizes from the parameters (this function is also parsed by the gfx942 device pass,
    // where no fp4/fp6 adaptor exists; only the gfx950 kernel body builds one)
    constexpr int M = EM * TM * WM, N = EN * TN * WN, K = WK * KSteps, threads = TM * TN * 64;
    static_assert(threads <= 256, "launch bounds");
    INFO("f6f4 gemm " << WM << "x" << WN << "x" << WK << " block " << M << "x" << N << "x" << K << " swap " << Swap
                      << " formats " << wbits<A> << "/" << wbits<B> << " bits");
    std::vector<uint8_t> a(M * K * wbits<A> / 8 + 1, 0), b(N * K * wbits<B> / 8 + 1, 0);
    std::vector<float> fa(M * K), fb(N * K);
    std::vector<double> ref(M * N, 0.0);
    std::srand(17);
    for (int i = 0; i < M * K; ++i) {
        fa[i] = k_values[std::rand() % 11];
        put_bits(a, i * wbits<A>, wbits<A>, encode<A>(fa[i]));
    }
    for (int i = 0; i < N * K; ++i) {
        fb[i] = k_values[std::rand() % 11];
        put_bits(b, i * wbits<B>, wbits<B>, encode<B>(fb[i]));
    }
    // the host encodings decode back (fp4 through opus's cast<float>)
    if constexpr (is_same_v<A, fp4_t>) {
        for (int i = 0; i < 8; ++i) {
            fp4_t q{static_cast<uint8_t>((a[i / 2] >> (4 * (i % 2))) & 15u)};
            REQUIRE(cast<float>(q)[0] == fa[i]);
        }
    }
    for (int m = 0; m < M; ++m)
        for (int n = 0; n < N; ++n)
            for (int k = 0; k < K; ++k) ref[m * N + n] += double(fa[m * K + k]) * double(fb[n * K + k]);
    opus_test::device_buffer<uint8_t> da(a);
    opus_test::device_buffer<uint8_t> db(b);
    opus_test::device_buffer<float> dc(static_cast<size_t>(M * N));
    gemm_f6f4_kernel<A, B, EM, EN, TM, TN, WM, WN, WK, Swap, KSteps>
        <<<dim3(1), dim3(threads), 0, nullptr>>>(da.ptr, db.ptr, dc.ptr);
    OPUS_HIP_CHECK(hipGetLastError());
    OPUS_HIP_CHECK(hipDeviceSynchronize());
    auto c = dc.to_host();
    int bad = 0;
    for (int i = 0; i < M * N; ++i) {
        if (static_cast<double>(c[i]) != ref[i] && bad++ < 4)
            std::printf("  C[%d][%d] = %g, reference %g\n", i / N, i % N, static_cast<double>(c[i]), ref[i]);
    }
    CHECK(bad == 0);
}

bool on_gfx950() {
    opus_test::device_buffer<int> d(static_cast<size_t>(1));
    opus_test_is_gfx950<<<dim3(1), dim3(1), 0, nullptr>>>(d.ptr);
    OPUS_HIP_CHECK(hipGetLastError());
    OPUS_HIP_CHECK(hipDeviceSynchronize());
    return d.to_host()[0] != 0;
}

} // namespace

TEST_CASE("mma gemm: scaled f8f6f4 with fp4 / fp6 / bf6 operands (gfx950)", "[mma][device][f6f4]") {
    OPUS_REQUIRE_GPU();
    if (!on_gfx950()) SKIP("OPUS_NO_TARGET_GPU: fp4/fp6 matrix operands need gfx950");
    run_f6f4<fp4_t, fp4_t, 1, 1, 2, 1, 32, 32, 64, false>();
    run_f6f4<fp4_t, fp4_t, 2, 1, 1, 2, 16, 16, 128, true>();
    run_f6f4<fp6_t, bf6_t, 1, 2, 1, 1, 16, 16, 128, false>();
    run_f6f4<bf6_t, fp6_t, 1, 1, 1, 1, 32, 32, 64, true>();
    run_f6f4<fp4_t, bf8_t, 1, 1, 1, 2, 32, 32, 64, false>();
    run_f6f4<fp8_t, fp6_t, 1, 1, 2, 1, 16, 16, 128, true>();
    run_f6f4<bf6_t, fp4_t, 1, 1, 1, 1, 32, 32, 128, false, 1>();  // step-K of two scaled instructions
}
