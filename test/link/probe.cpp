// SPDX-License-Identifier: MIT
// One translation unit of a link test (test/link/CMakeLists.txt): compiled twice at -O0, once
// with opus's defaults (PROBE = probe_default) and once with the macro of case LINK_CASE set
// (PROBE = probe_knob), then linked into one program in both orders. PROBE returns what an
// opus entity whose meaning the macro changes computes in this unit. If the two units shared
// that entity's mangled name, the linker would keep one copy for both callers and one of the
// two programs would print the other unit's value (what happened before the configuration tag,
// opus/core/config.hpp). The cases named *_probe are the user's templates instantiated with
// an opus type: they stay apart because the opus type does.
#include <type_traits>
#include <opus/core.hpp>
#include <opus/arch.hpp>
#include <opus/mma.hpp>
#include <opus/mem/range.hpp>
#include "probe.hpp"

#if LINK_CASE == LINK_FP8_SATURATE
unsigned long PROBE() { return __builtin_bit_cast(unsigned char, opus::cast<opus::fp8_t>(1000.f)); }
#elif LINK_CASE == LINK_BF16_MODE
unsigned long PROBE() { return __builtin_bit_cast(unsigned short, opus::cast<opus::bf16_t>(__builtin_bit_cast(float, 0x3f808001u))); }
#elif LINK_CASE == LINK_HOST_FP8_FNUZ
unsigned long PROBE() { return __builtin_bit_cast(unsigned char, opus::cast<opus::fp8_t>(2.f)); }
#elif LINK_CASE == LINK_RANGE_CLAMP
template <typename T> unsigned long range_probe(T) { return opus::detail::buffer_range_bytes(5ull << 30); }
unsigned long PROBE() { return range_probe(opus::array<int, 1>{}); }
#elif LINK_CASE == LINK_MMA_HOST_TARGET
unsigned long PROBE() {  // K of the instruction a 32x32x16 f16 MMA issues: 16 on gfx950, 8 on gfx942
    const char* n = decltype(opus::make_mfma<opus::fp16_t, opus::fp16_t, opus::fp32_t>(
        opus::number<32>{}, opus::number<32>{}, opus::number<16>{}))::name();
    return n[17] == '1' ? 16 : 8;  // "v_mfma_f32_32x32x16_f16" / "v_mfma_f32_32x32x8_f16"
}
#elif LINK_CASE == LINK_TILE_CONTAINER
template <typename M> unsigned long tile_probe(M) { return opus::is_array_v<typename M::ttype_a>; }
unsigned long PROBE() {
    return tile_probe(opus::make_tiled_mma<opus::fp16_t, opus::fp16_t, opus::fp32_t>(
        opus::seq<1, 1, 1>{}, opus::seq<1, 1, 1>{}, opus::seq<32, 32, 8>{}));
}
#elif LINK_CASE == LINK_STD_TRAITS
template <typename T> unsigned long traits_probe(T) { return std::is_base_of_v<std::true_type, opus::is_tuple<T>>; }
unsigned long PROBE() { return traits_probe(opus::tuple<int>{}); }
#elif LINK_CASE == LINK_WAVE_SIZE
unsigned long PROBE() { return static_cast<unsigned long>(opus::get_warp_size()); }
#endif
