#!/usr/bin/env python3
"""Moved: the zero-overhead check is benchmark/isa_profile.py (every module). This shim runs it
on the mem kernels headers, forwarding all arguments:

    benchmark/mem/isa_profile.py --compiler clang++ --targets gfx942 gfx950 --check
"""
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
script = os.path.join(HERE, "..", "isa_profile.py")
kernels = [os.path.join(HERE, "bandwidth_kernels.hpp"), os.path.join(HERE, "lds_kernels.hpp")]
args = sys.argv[1:]
if "--asm" not in args and "--kernels" not in args:
    args += ["--kernels"] + kernels
os.execv(sys.executable, [sys.executable, script] + args)
