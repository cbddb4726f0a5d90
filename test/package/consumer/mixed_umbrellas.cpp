// SPDX-License-Identifier: MIT
// The translation unit with opus/opus.hpp's configuration (std::integral_constant under
// number<>), linked with host.cpp, which includes <opus/core.hpp> without it.
#define OPUS_STD_TYPE_TRAITS 1
#include <opus/core.hpp>
#include "mixed_probe.hpp"
const char* traits_seen_by_std_tu() { return traits_of(opus::number<4>{}); }
