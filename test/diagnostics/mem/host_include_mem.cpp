// Plain C++ host code (no HIP) that includes opus/mem.hpp gets exactly one error, the #error
// that names the host half, instead of dozens from buffer descriptors and amdgcn builtins.
// EXPECT-ERROR-COUNT: 1
// EXPECT-ERROR: opus/mem\.hpp is device code: compile it as HIP
// EXPECT-ERROR: Plain C\+\+ host code includes <opus/core\.hpp>, the host half of opus
#include <opus/mem.hpp>
int main() { return 0; }
