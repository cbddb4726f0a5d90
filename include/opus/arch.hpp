// opus/arch.hpp - what depends on the GPU generation: target detection and warp size, data
// types, numeric limits, casts, lane utilities and launch-position queries.
#pragma once
#include "opus/arch/target.hpp"
#include "opus/arch/dtype.hpp"
#include "opus/arch/convert.hpp"
#include "opus/arch/cast.hpp"
#include "opus/arch/numeric.hpp"
#include "opus/arch/lane.hpp"
#include "opus/arch/workgroup.hpp"
