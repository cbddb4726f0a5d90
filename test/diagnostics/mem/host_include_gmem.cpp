// Each device-only header of the mem module stops a plain C++ include on its own with one
// #error (here opus/mem/gmem.hpp, which includes access, buffer and smem).
// EXPECT-ERROR-COUNT: 1
// EXPECT-ERROR: opus/mem/gmem\.hpp is device code: compile it as HIP
// EXPECT-ERROR: <opus/core\.hpp>, the host half of opus
#include <opus/mem/gmem.hpp>
int main() { return 0; }
