// Diagnostics smoke test: opus/hip_minimal.hpp in a plain C++ (non-HIP) compile must stop
// with a message saying it is for HIP compiles and pointing at opus/core.hpp.
// EXPECT-ERROR: hip_minimal\.hpp is for HIP compiles
// EXPECT-ERROR: opus/core\.hpp
#include <opus/hip_minimal.hpp>
int main() { return 0; }
