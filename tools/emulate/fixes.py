# SPDX-License-Identifier: MIT
"""opus's in-process fixes of tinygrad's AMD GPU emulator (none yet)."""
FIXES = {}

def apply(emu, target, arch):
    disabled = set(filter(None, os.environ.get("OPUS_EMULATE_DISABLE", "").split(",")))
    return ",".join(sorted(set(FIXES) - disabled))
import os
