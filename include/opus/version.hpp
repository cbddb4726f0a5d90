// SPDX-License-Identifier: MIT
// opus/version.hpp - OPUS_VERSION_MAJOR/MINOR/PATCH, OPUS_VERSION, OPUS_VERSION_STRING
// (also reachable from any opus header, e.g. <opus/opus.hpp>).
#pragma once
#include "opus/core/version.hpp"
