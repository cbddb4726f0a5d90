// SPDX-License-Identifier: MIT
// A link test's program: both units' values must be their own configuration's (probe.cpp).
#include <cstdio>
#include "probe.hpp"
int main() {
    const unsigned long d = probe_default(), k = probe_knob();
    const unsigned long* e = link_expected[LINK_CASE];
    std::printf("default unit: %#lx (expected %#lx), knob unit: %#lx (expected %#lx)\n", d, e[0], k, e[1]);
    return d == e[0] && k == e[1] ? 0 : 1;
}
