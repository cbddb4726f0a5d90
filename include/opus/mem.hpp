// opus/mem.hpp - global (buffer) and shared (LDS) memory access.
#pragma once
#include "core.hpp"
#include "arch.hpp"
