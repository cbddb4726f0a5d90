#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""opus-emulate [--target TARGET] [--tinygrad DIR] PROGRAM [ARGS...]

Runs a HIP program on an emulated AMD GPU (tinygrad's instruction-level emulator): opus's HIP
runtime stand-in is preloaded into PROGRAM, which runs unchanged; every kernel launch executes
the program's code object for TARGET in the emulator. See docs/emulator.md.

  --target    gfx942, gfx950, gfx1100 or gfx1201 (default: OPUS_EMULATE_TARGET, else the first of
              those the program has a code object for)
  --tinygrad  a tinygrad tree at the supported commit (default: OPUS_TINYGRAD)

Exit status: the program's; 77 when a kernel cannot be modelled (it prints
`OPUS_NOT_MODELLED: <reason>`); 2 for a usage error.
"""
import hashlib
import os
import shutil
import subprocess
import sys

HERE = os.path.dirname(os.path.realpath(__file__))
# the support files: next to this script in the source tree, share/opus/emulate when installed
SUPPORT = HERE if os.path.exists(os.path.join(HERE, "server.py")) else \
    os.path.join(os.path.dirname(HERE), "share", "opus", "emulate")
sys.path.insert(0, SUPPORT)
TARGETS = ("gfx942", "gfx950", "gfx1100", "gfx1201")


def fail(msg):
    sys.stderr.write(f"opus-emulate: {msg}\n")
    sys.exit(2)


def program_targets(path):
    """processors of the HIP code objects in an executable or shared library (.hip_fatbin)"""
    import codeobject
    try:
        with open(path, "rb") as f:
            data = f.read()
        sec = codeobject.elf_section(data, ".hip_fatbin")
    except (OSError, ValueError):
        return []
    found, pos = [], 0
    while sec is not None and pos < len(sec):
        i = sec.find(b"__CLANG_OFFLOAD_BUNDLE__", pos)
        j = sec.find(b"CCOB", pos)
        starts = [k for k in (i, j) if k >= 0]
        if not starts:
            break
        k = min(starts)
        try:
            n = codeobject.bundle_size(sec[k:])
            for ident in codeobject.bundle_entries(sec[k:k + n]):
                proc = ident.rsplit("-", 1)[-1].split(":")[0]
                if proc.startswith("gfx") and proc not in found:
                    found.append(proc)
        except Exception:
            n = 4
        pos = k + max(n, 4)
    return found


def stand_in_library():
    """the built stand-in: OPUS_EMULATE_LIB, else compiled once from the installed source"""
    lib = os.environ.get("OPUS_EMULATE_LIB")
    if lib:
        return lib
    src = os.path.join(SUPPORT, "opus_hip_emulated.cpp")
    with open(src, "rb") as f:
        digest = hashlib.sha256(f.read() + SUPPORT.encode()).hexdigest()[:16]
    cache = os.environ.get("OPUS_EMULATE_CACHE") or os.path.join(os.path.expanduser("~"), ".cache", "opus-emulate")
    lib = os.path.join(cache, f"libopus_hip_emulated-{digest}.so")
    if os.path.exists(lib):
        return lib
    cxx = os.environ.get("CXX") or next((c for c in ("c++", "g++", "clang++") if shutil.which(c)), None)
    if not cxx:
        fail("no C++ compiler (set CXX) to build the HIP runtime stand-in from " + src)
    os.makedirs(cache, exist_ok=True)
    tmp = f"{lib}.{os.getpid()}.tmp"
    cmd = [cxx, "-std=c++17", "-O2", "-fPIC", "-shared", f'-DOPUS_EMULATE_SERVER_DEFAULT="{SUPPORT}/server.py"',
           src, "-o", tmp]
    if subprocess.run(cmd).returncode != 0:
        fail("building the HIP runtime stand-in failed: " + " ".join(cmd))
    os.replace(tmp, lib)
    return lib


def main(argv):
    target = os.environ.get("OPUS_EMULATE_TARGET", "")
    tinygrad = os.environ.get("OPUS_TINYGRAD", "")
    while argv and argv[0].startswith("--"):
        opt = argv.pop(0)
        if opt in ("--help", "-h"):
            print(__doc__.strip())
            return 0
        if opt == "--":
            break
        name, _, val = opt.partition("=")
        if not val:
            if not argv:
                fail(f"{opt} needs a value")
            val = argv.pop(0)
        if name == "--target":
            target = val
        elif name == "--tinygrad":
            tinygrad = val
        else:
            fail(f"unknown option {opt} (see --help)")
    if not argv:
        fail("usage: opus-emulate [--target TARGET] [--tinygrad DIR] PROGRAM [ARGS...]")
    program = shutil.which(argv[0]) or argv[0]
    if not tinygrad or not os.path.exists(os.path.join(tinygrad, "test", "mockgpu", "amd", "emu.py")):
        fail("set OPUS_TINYGRAD (or --tinygrad) to a tinygrad tree at commit a9069c1 "
             "(its test/mockgpu/amd/emu.py is the emulator; see docs/emulator.md)")
    if not target:
        have = program_targets(program)
        target = next((t for t in TARGETS if t in have), "")
        if not target:
            fail(f"{argv[0]} has no code object for an emulated target ({', '.join(TARGETS)}); "
                 f"it has: {', '.join(have) or 'none found'}")
    if target not in TARGETS:
        fail(f"target {target}: the emulated targets are {', '.join(TARGETS)}")
    env = dict(os.environ, OPUS_EMULATE_TARGET=target, OPUS_TINYGRAD=os.path.abspath(tinygrad),
               OPUS_EMULATE_SERVER=os.path.join(SUPPORT, "server.py"))
    env["LD_PRELOAD"] = ":".join(filter(None, [stand_in_library(), os.environ.get("LD_PRELOAD")]))
    try:
        os.execve(program, argv, env)
    except OSError as e:
        fail(f"cannot run {argv[0]}: {e}")


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
