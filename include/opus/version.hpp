// SPDX-License-Identifier: MIT
// opus/version.hpp - the opus version (OPUS_VERSION_MAJOR/MINOR/PATCH, OPUS_VERSION,
// OPUS_VERSION_STRING), reachable from every opus header (opus/core/config.hpp includes it).
// CMake checks at configure time that these numbers equal project(opus VERSION ...).
#pragma once
#define OPUS_VERSION_MAJOR 0
#define OPUS_VERSION_MINOR 1
#define OPUS_VERSION_PATCH 0
#define OPUS_VERSION (OPUS_VERSION_MAJOR * 10000 + OPUS_VERSION_MINOR * 100 + OPUS_VERSION_PATCH)
#define OPUS_VERSION_STRING "0.1.0"
