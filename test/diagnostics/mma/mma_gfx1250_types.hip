// Diagnostics: types no gfx1250 WMMA row takes (i8: opus has no gfx1250 integer WMMA) stop
// with the generated "no instruction for these types" static_assert naming gfx1250.
// TARGETS: gfx1250
// EXPECT-ERROR: mma_no_instruction_for_types<opus::target::gfx1250
#include <opus/hip_minimal.hpp>
#include <opus/mma.hpp>

extern "C" __global__ __launch_bounds__(32) void k(const opus::i32x8_t* a, opus::i32x8_t* c) {
    auto mma = opus::make_wmma<opus::i8_t, opus::i8_t, opus::i32_t>(opus::number<16>{}, opus::number<16>{},
                                                                      opus::number<64>{});
    c[0] = mma(a[0], a[1], c[0]);
}
