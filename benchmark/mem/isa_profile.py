#!/usr/bin/env python3
"""Static ISA profile of opus/mem kernels next to their hand-written builtin twins.

Compiles benchmark/mem/bandwidth_kernels.hpp device-only for each target, reads every
kernel's instruction count (from the assembly body), VGPRs, SGPRs, scratch and code size,
prints a table and, with --check, fails (exit 1) when an opus_<name> kernel uses more
instructions or more VGPRs than twin_<name> on any target.

    isa_profile.py --compiler clang++ --include include --targets gfx942 gfx950 [--check]
    isa_profile.py --asm file.s [--asm other.s] --check      (already compiled assembly)
"""
import argparse
import os
import re
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
KERNELS = os.path.join(HERE, "bandwidth_kernels.hpp")


def parse(asm_text):
    """kernel name -> dict(instructions, vgpr, sgpr, scratch, bytes)"""
    out = {}
    lines = asm_text.splitlines()
    cur = None
    for line in lines:
        m = re.match(r"^([A-Za-z_][A-Za-z0-9_]*):\s*(;.*)?$", line)
        if m and not line.startswith("."):
            name = m.group(1)
            cur = name if not name.startswith(("__hip_cuid", ".L")) else None
            if cur:
                out[cur] = {"instructions": 0, "vgpr": None, "sgpr": None, "scratch": None, "bytes": None}
            continue
        if cur is None:
            continue
        s = line.strip()
        if s.startswith("s_endpgm"):
            out[cur]["instructions"] += 1
            cur = None
            continue
        if not s or s.startswith((";", ".", "//")) or s.endswith(":"):
            continue
        out[cur]["instructions"] += 1
    sgpr_pat = r"; TotalNumSgprs: (\d+)" if "; TotalNumSgprs:" in asm_text else r"; NumSgprs: (\d+)"
    for key, pat in (("vgpr", r"; NumVgprs: (\d+)"), ("sgpr", sgpr_pat),
                     ("scratch", r"; ScratchSize: (\d+)"), ("bytes", r"; codeLenInByte = (\d+)")):
        # resource comments follow each kernel in order
        vals = [int(v) for v in re.findall(pat, asm_text)]
        names = [n for n in out]
        for n, v in zip(names, vals):
            out[n][key] = v
    return out


def compile_target(compiler, include, target, extra):
    with tempfile.TemporaryDirectory() as d:
        src = os.path.join(d, "k.hip")
        with open(src, "w") as f:
            f.write('#include "%s"\n' % KERNELS)
        asm = os.path.join(d, "k.s")
        cmd = [compiler, "-x", "hip", "--cuda-device-only", "-nogpuinc", "-nogpulib",
               "--offload-arch=" + target, "-O3", "-std=c++17", "-I" + include, "-S", src, "-o", asm] + extra
        r = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        if r.returncode != 0:
            sys.stderr.write("compile failed for %s:\n%s\n" % (target, r.stdout))
            sys.exit(2)
        with open(asm) as f:
            return f.read()


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--compiler", default="clang++")
    ap.add_argument("--include", default=os.path.join(HERE, "..", "..", "include"))
    ap.add_argument("--targets", nargs="*", default=["gfx942", "gfx950"])
    ap.add_argument("--asm", action="append", default=[], help="profile this assembly file instead")
    ap.add_argument("--check", action="store_true")
    a = ap.parse_args()

    profiles = []
    if a.asm:
        for p in a.asm:
            with open(p) as f:
                profiles.append((os.path.basename(p), parse(f.read())))
    else:
        for t in a.targets:
            profiles.append((t, parse(compile_target(a.compiler, a.include, t, []))))

    bad = []
    print("| target | kernel | opus instr | twin instr | opus VGPR | twin VGPR | opus SGPR | twin SGPR | opus bytes | twin bytes |")
    print("|---|---|---|---|---|---|---|---|---|---|")
    for t, prof in profiles:
        for name in sorted(prof):
            if not name.startswith("opus_"):
                continue
            base = name[len("opus_"):]
            twin = prof.get("twin_" + base)
            if twin is None:
                bad.append("%s: no twin_%s for %s" % (t, base, name))
                continue
            o = prof[name]
            print("| %s | %s | %d | %d | %d | %d | %d | %d | %d | %d |" % (
                t, base, o["instructions"], twin["instructions"], o["vgpr"], twin["vgpr"],
                o["sgpr"], twin["sgpr"], o["bytes"], twin["bytes"]))
            if o["instructions"] > twin["instructions"]:
                bad.append("%s %s: opus %d instructions > twin %d" % (t, base, o["instructions"], twin["instructions"]))
            if o["vgpr"] > twin["vgpr"]:
                bad.append("%s %s: opus %d VGPRs > twin %d" % (t, base, o["vgpr"], twin["vgpr"]))
            if o["scratch"]:
                bad.append("%s %s: opus kernel uses %d bytes of scratch" % (t, base, o["scratch"]))
    if a.check and bad:
        print("\nFAILED:\n  " + "\n  ".join(bad))
        return 1
    if a.check:
        print("\nOK: every opus kernel uses no more instructions and VGPRs than its builtin twin")
    return 0


if __name__ == "__main__":
    sys.exit(main())
