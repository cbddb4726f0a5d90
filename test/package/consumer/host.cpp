#include <opus/core.hpp>
#include <opus/version.hpp>
#include <cstdio>
#include <cstring>
#include "mixed_probe.hpp"
int main() {
    // each translation unit keeps its own instantiation (see mixed_probe.hpp)
    const char* here = traits_of(opus::number<4>{});
    const char* there = traits_seen_by_std_tu();
    if (std::strcmp(here, "opus") != 0 || std::strcmp(there, "std") != 0) {
        std::printf("mixed umbrellas merged: %s / %s\n", here, there);
        return 1;
    }
    std::printf("opus core ok %s\n", OPUS_VERSION_STRING);
    return OPUS_VERSION_MAJOR == 0 ? 0 : 1;
}
