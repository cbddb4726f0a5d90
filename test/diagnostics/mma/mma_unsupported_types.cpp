// Types no matrix core takes fail with the list of supported (A, B, C) types.
// EXPECT-ERROR: no matrix-core instruction of this target takes these \(A, B, C\) types
#include <opus/mma.hpp>
int main() {
    using namespace opus;
    auto mma = make_mfma<fp16_t, fp16_t, fp16_t>(32_I, 32_I, 8_I);
    (void)mma;
    return 0;
}
