// Diagnostics: sched_barrier masks are the LLVM AMDGPU bits 0x001 .. 0x400; anything else is a
// static_assert naming the valid range (it used to compile silently).
// TARGETS: gfx942
// EXPECT-ERROR: opus::sched_barrier<Mask>: unknown mask bits \(LLVM defines 0x001 \.\. 0x400; 0 = nothing may cross\)
#include <opus/hip_minimal.hpp>
#include <opus/arch.hpp>

extern "C" __global__ __launch_bounds__(64) void k(int* p) {
    p[0] = 1;
    opus::sched_barrier<0x800>();
    p[1] = 2;
}
