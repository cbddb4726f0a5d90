// aiter's layer is not opus's own API: through <opus.hpp> the reference's raw buffer atomic
// intrinsics do not exist (opus: gmem::atomic_add). Through opus/opus.hpp they do
// (test/codegen/core/aiter_layer_spellings.hip).
// TARGETS: gfx942
// EXPECT-ERROR: no member named 'llvm_amdgcn_raw_buffer_atomic_add_i32' in namespace 'opus'
#include <opus/hip_minimal.hpp>
#include <opus.hpp>
extern "C" __global__ void k(int v) { opus::llvm_amdgcn_raw_buffer_atomic_add_i32(v, opus::i32x4_t{}, 0, 0, 0); }
