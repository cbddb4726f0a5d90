// cast<fp16x4_t>(fp32x4_t): D is the element type of the result, not the vector type: an opus
// static_assert showing D and S, not "invalid vector element type" from deep inside vector_t.
// EXPECT-ERROR: opus::cast<D>\(vector\): D is the element type of the result
// EXPECT-ERROR: cast_to_element_type<
#include <opus/arch.hpp>
int main() {
    using namespace opus;
    vector_t<fp32_t, 4> v{};
    auto r = cast<vector_t<fp16_t, 4>>(v);
    (void)r;
    return 0;
}
