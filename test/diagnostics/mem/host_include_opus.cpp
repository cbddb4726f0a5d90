// Plain C++ host code (no HIP) that includes the umbrella opus.hpp gets exactly one error,
// the #error that names the host half, instead of dozens from the device-only mem module.
// EXPECT-ERROR-COUNT: 1
// EXPECT-ERROR: opus\.hpp includes device code \(opus/mem\.hpp\): compile it as HIP
// EXPECT-ERROR: Plain C\+\+ host code includes <opus/core\.hpp>, the host half of opus
#include <opus.hpp>
int main() { return 0; }
