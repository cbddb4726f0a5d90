// Diagnostics: finfo of a type that is not an opus dtype is a static_assert naming what finfo
// covers (before 2026-11-26 it was an incomplete type).
// EXPECT-ERROR: opus::finfo<T>: T is not an opus dtype; finfo covers fp32_t
#include <opus/arch.hpp>

struct not_a_dtype {};
float f() { return opus::finfo<not_a_dtype>::max(); }
