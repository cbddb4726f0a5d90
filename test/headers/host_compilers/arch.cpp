// Compiled by headers.host_compiler.arch.<compiler> with the oldest host compilers the README
// promises for the host-usable part of opus/arch.hpp, opus/arch/math.hpp and opus/mma.hpp
// (-std=c++17 -Wall -Wextra -Werror, to an object file): data types, host casts, numeric
// limits, host math and the MMA layout descriptions that host tools use.
#include <opus/arch.hpp>
#include <opus/arch/math.hpp>
#include <opus/mma.hpp>
#include <opus/mma/aiter.hpp>  // aiter's layer (what opus/opus.hpp adds)

using namespace opus;

static_assert(sizeof(fp16x8_t) == 16 && sizeof(bf16x4_t) == 8 && sizeof(fp8x4_t) == 4);
static_assert(sizeof_bits_v<fp4_t> == 4 && sizeof(fp4x8_t) == 4);
static_assert(get_warp_size() == 64);

// casts on the host (fp32 <-> bf16, fp16, fp8, fp4)
bf16_t to_bf16(float x) { return cast<bf16_t>(x); }
fp16_t to_fp16(float x) { return cast<fp16_t>(x); }
fp8_t to_fp8(float x) { return cast<fp8_t>(x); }
float from_bf16(bf16_t x) { return cast<fp32_t>(x); }
float from_fp8(fp8_t x) { return cast<fp32_t>(x); }
fp4x2_t to_fp4(fp32x2_t x) { return cast<fp4_t>(x); }
float fp8_max() { return static_cast<float>(numeric_limits<fp8_t>::max()); }

// opus/arch/math.hpp's host pass (the host's libm), on float and fp16
float softplus(float x) { return opus::log(1.0f + opus::exp(x)); }
fp16_t rsqrt_h(fp16_t x) { return opus::rsqrt(x); }

// an MMA adaptor's C layout on the host (OPUS_MMA_HOST_TARGET): lane -> offset of element 0
index_t c_offset(index_t lane) {
    using Mma = decltype(make_mfma<fp16_t, fp16_t, fp32_t>(32_I, 32_I, 8_I));
    auto uc = partition_layout_c(Mma{}, make_tuple(32_I, 1_I), make_tuple(lane % Mma::lane_width, lane / Mma::lane_width));
    return uc(0_I, 0_I);
}
