// SPDX-License-Identifier: MIT
// opus/core.hpp - the device-independent half of opus: compile-time numbers and sequences,
// tuple / array / vector_t containers, slicing, static loops, layouts and distributed
// (p/y-dim) views. Plain C++17: compiles with g++ and clang on the host, and in HIP.
#pragma once

#include "core/config.hpp"
#include "core/meta.hpp"
#include "core/number.hpp"
#include "core/seq.hpp"
#include "core/tuple.hpp"
#include "core/subbyte.hpp"
#include "core/array.hpp"
#include "core/vector.hpp"
#include "core/container.hpp"
#include "core/slice.hpp"
#include "core/static_for.hpp"
#include "core/layout.hpp"
#include "core/layout_offsets.hpp"
#include "core/adaptor.hpp"
#include "core/mdiv.hpp"
// Not included here (a kernel that uses it includes it, so that only it pays the parse cost):
// opt-in: opus/core/tile_copy.hpp
//   tile_copy: the layouts of a workgroup's tile copy (docs/layout.md, "Tile copies")
