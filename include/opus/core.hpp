// SPDX-License-Identifier: MIT
// opus/core.hpp - the device-independent half of opus: compile-time numbers and sequences,
// tuple / array / vector_t containers, slicing, static loops, layouts and distributed
// (p/y-dim) views. Plain C++17: compiles with g++ and clang on the host, and in HIP.
#pragma once

#include "opus/core/config.hpp"
#include "opus/core/meta.hpp"
#include "opus/core/number.hpp"
#include "opus/core/seq.hpp"
#include "opus/core/tuple.hpp"
#include "opus/core/subbyte.hpp"
#include "opus/core/array.hpp"
#include "opus/core/vector.hpp"
#include "opus/core/container.hpp"
#include "opus/core/slice.hpp"
#include "opus/core/static_for.hpp"
#include "opus/core/layout.hpp"
#include "opus/core/layout_offsets.hpp"
#include "opus/core/adaptor.hpp"
#include "opus/core/mdiv.hpp"
// Not included here (a kernel that uses it includes it, so that only it pays the parse cost):
// opt-in: opus/core/tile_copy.hpp
//   tile_copy: the layouts of a workgroup's tile copy (docs/layout.md, "Tile copies")
