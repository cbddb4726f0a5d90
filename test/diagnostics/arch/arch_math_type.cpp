// Diagnostics: opus/arch/math.hpp's functions take float or fp16_t only; a double (or bf16_t, an
// integer) is one static_assert naming the function and what it takes, and no follow-on error.
// EXPECT-ERROR: opus::exp2: the argument must be float or fp16_t
// EXPECT-ERROR-COUNT: 1
#include <opus/arch/math.hpp>

double f(double x) { return opus::exp2(x); }
