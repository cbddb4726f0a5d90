// opus/mma.hpp - matrix-core (MFMA / WMMA) adaptors and tiled MMA.
#pragma once
#include "core.hpp"
#include "arch.hpp"
