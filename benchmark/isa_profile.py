#!/usr/bin/env python3
"""Zero-overhead check: static ISA of opus benchmark kernels next to their builtin twins.

Every runtime benchmark kernel `opus_<name>` has a hand-written builtin twin `twin_<name>`
in the same kernels header. This script compiles each header device-only for each target
(-O3, like the benchmarks), reads every kernel's instructions, VGPRs, AGPRs, SGPRs and
scratch (scripts/isa_summary.py), prints a table and, with --check, fails (exit 1) when an
opus kernel uses more instructions, VGPRs, AGPRs or SGPRs than its twin on any target, or
any scratch the twin does not.

A cost that is understood and cannot be removed is waived in the kernels header itself, one
line per kernel and target (optionally per compiler major version), with the reason (the
waiver is printed; a waiver that is not needed any more fails):
    // ISA-WAIVE(<name>, <target>): <reason>
    // ISA-WAIVE(<name>, <target>, clang-19): <reason>

    isa_profile.py --kernels benchmark/mma/mfma_kernels.hpp [...] --targets gfx942 gfx950 --check
    isa_profile.py --kernels K.hpp --compiler clang++ --include include --json out.json
    isa_profile.py --asm file.s [--asm other.s] --check     (already compiled assembly)

Kernels whose opus and twin bodies are both empty on a target (instructions that exist on
another target only, guarded by #if) are listed as "n/a".
"""
import argparse
import json
import os
import re
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
TOP = os.path.normpath(os.path.join(HERE, ".."))
sys.path.insert(0, os.path.join(TOP, "scripts"))
import isa_summary  # noqa: E402  (scripts/isa_summary.py: the shared asm parser)

METRICS = ("instructions", "vgpr", "agpr", "sgpr")
WAIVE = re.compile(r"//\s*ISA-WAIVE\(\s*(\w+)\s*,\s*(\w+)\s*(?:,\s*(clang-\d+)\s*)?\)\s*:\s*(.+)$")
# clang <= 19 prints "; NumSgprs:" only; scripts/isa_summary.py reads "; TotalNumSgprs:"
isa_summary.INFO.setdefault("sgpr_old", re.compile(r"^\s*; NumSgprs: (\d+)"))


def compiler_tag(compiler):
    """'clang-22' for a clang 22.x compiler ('' when the version is not recognised)."""
    try:
        out = subprocess.run([compiler, "--version"], stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                             text=True).stdout
    except OSError:
        return ""
    m = re.search(r"clang version (\d+)", out)
    return "clang-" + m.group(1) if m else ""


def parse_asm(path):
    rows = isa_summary.parse(path)
    for r in rows:
        if "sgpr" not in r and "sgpr_old" in r:
            r["sgpr"] = r["sgpr_old"]
    return rows


def compile_asm(compiler, include, target, kernels, extra):
    with tempfile.TemporaryDirectory() as d:
        src = os.path.join(d, "k.hip")
        with open(src, "w") as f:
            f.write('#include "%s"\n' % os.path.abspath(kernels))
        asm = os.path.join(d, "k.s")
        cmd = [compiler, "-x", "hip", "--cuda-device-only", "-nogpuinc", "-nogpulib",
               "--offload-arch=" + target, "-O3", "-std=c++17", "-I" + include, "-S", src,
               "-o", asm] + extra
        r = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        if r.returncode != 0:
            sys.stderr.write("compile failed (%s, %s):\n%s\n%s\n" % (kernels, target, " ".join(cmd), r.stdout))
            sys.exit(2)
        return parse_asm(asm)


def waivers_of(path, tag):
    """(kernel, target) -> reason, for the waivers of every compiler and those of `tag`"""
    out = {}
    with open(path, encoding="utf-8") as f:
        for line in f:
            m = WAIVE.search(line)
            if m and (m.group(3) is None or m.group(3) == tag):
                out[(m.group(1), m.group(2))] = m.group(4).strip()
    return out


def compare(rows, waivers):
    """rows: isa_summary kernels of one (file, target). Returns result dicts."""
    by = {r["kernel"]: r for r in rows}
    results = []
    for name in sorted(by):
        if not name.startswith("opus_"):
            continue
        base = name[len("opus_"):]
        o = by[name]
        t = by.get("twin_" + base)
        res = {"target": o["target"], "kernel": base, "opus": {k: o.get(k, 0) for k in METRICS + ("scratch",)},
               "twin": None, "status": "ok", "problems": []}
        if t is None:
            res["status"] = "FAIL"
            res["problems"].append("no twin_%s" % base)
            results.append(res)
            continue
        res["twin"] = {k: t.get(k, 0) for k in METRICS + ("scratch",)}
        if o["instructions"] <= 2 and t["instructions"] <= 2:
            res["status"] = "n/a"
            results.append(res)
            continue
        for k in METRICS:
            if res["opus"][k] > res["twin"][k]:
                res["problems"].append("%s %d > twin %d" % (k, res["opus"][k], res["twin"][k]))
        if res["opus"]["scratch"] > res["twin"]["scratch"]:
            res["problems"].append("scratch %d B > twin %d B" % (res["opus"]["scratch"], res["twin"]["scratch"]))
        w = waivers.get((base, o["target"]))
        if res["problems"]:
            if w is not None:
                res["status"] = "WAIVED"
                res["waiver"] = w
            else:
                res["status"] = "FAIL"
        elif w is not None:
            res["status"] = "FAIL"
            res["problems"].append("stale ISA-WAIVE (opus no longer costs more): remove it")
        results.append(res)
    return results


def table(results):
    head = "| target | kernel | instr opus / twin | VGPR opus / twin | AGPR opus / twin | SGPR opus / twin | status |"
    out = [head, "|---|---|---|---|---|---|---|"]
    for r in results:
        if r["twin"] is None or r["status"] == "n/a":
            out.append("| %s | %s | - | - | - | - | %s |" % (r["target"], r["kernel"], r["status"] if r["twin"] else "no twin"))
            continue
        cells = ["%d / %d" % (r["opus"][k], r["twin"][k]) for k in METRICS]
        out.append("| %s | %s | %s | %s |" % (r["target"], r["kernel"], " | ".join(cells), r["status"]))
    return "\n".join(out)


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--kernels", nargs="*", default=[], help="kernels headers (opus_* and twin_* kernels)")
    ap.add_argument("--compiler", default="clang++")
    ap.add_argument("--include", default=os.path.join(TOP, "include"))
    ap.add_argument("--targets", nargs="*", default=["gfx942", "gfx950"])
    ap.add_argument("--extra", action="append", default=[], help="extra compiler flag (repeatable)")
    ap.add_argument("--asm", action="append", default=[], help="profile this assembly file instead")
    ap.add_argument("--json", help="write the results as JSON to this file")
    ap.add_argument("--check", action="store_true", help="exit 1 unless opus <= twin everywhere")
    a = ap.parse_args()
    if not a.kernels and not a.asm:
        ap.error("give --kernels or --asm")

    results = []
    tag = compiler_tag(a.compiler) if a.kernels else ""
    for path in a.asm:
        results += compare(parse_asm(path), {})
    for k in a.kernels:
        w = waivers_of(k, tag)
        for t in a.targets:
            results += compare(compile_asm(a.compiler, a.include, t, k, a.extra), w)
        used = {(r["kernel"], r["target"]) for r in results if r.get("waiver")}
        for key in w:
            if key not in used and key[1] not in a.targets:
                continue  # waiver for a target not profiled in this run
            if key not in used and not any((r["kernel"], r["target"]) == key for r in results):
                results.append({"target": key[1], "kernel": key[0], "opus": None, "twin": None, "status": "FAIL",
                                "problems": ["ISA-WAIVE names no opus/twin kernel pair"]})

    if tag:
        print("compiler: %s (%s)\n" % (a.compiler, tag))
    print(table(results))
    for r in results:
        if r["status"] == "WAIVED":
            print("WAIVED %s %s (%s): %s" % (r["target"], r["kernel"], "; ".join(r["problems"]), r["waiver"]))
    if a.json:
        with open(a.json, "w") as f:
            json.dump(results, f, indent=1)
    bad = [r for r in results if r["status"] == "FAIL"]
    if a.check and bad:
        print("\nFAILED:")
        for r in bad:
            print("  %s %s: %s" % (r["target"], r["kernel"], "; ".join(r["problems"])))
        return 1
    if a.check:
        print("\nOK: every opus kernel uses no more instructions, VGPRs, AGPRs or SGPRs than its builtin twin"
              + (" (waivers listed above)" if any(r["status"] == "WAIVED" for r in results) else ""))
    return 0


if __name__ == "__main__":
    sys.exit(main())
