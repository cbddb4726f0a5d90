// opus/mem.hpp - global (buffer) and shared (LDS) memory access.
#pragma once
#include "core.hpp"
#include "arch.hpp"
#include "opus/mem/range.hpp"
#include "opus/mem/bulk.hpp"
#include "opus/mem/buffer.hpp"
#include "opus/mem/access.hpp"
#include "opus/mem/smem.hpp"
#include "opus/mem/gmem.hpp"
#include "opus/mem/free.hpp"
