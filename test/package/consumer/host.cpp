#include <opus/core.hpp>
#include <opus/version.hpp>
#include <cstdio>
int main() {
    std::printf("opus core ok %s\n", OPUS_VERSION_STRING);
    return OPUS_VERSION_MAJOR == 0 ? 0 : 1;
}
