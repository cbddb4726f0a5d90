#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""isa_summary.py (installed as opus-isa) - static ISA profile of the kernels in AMDGPU
assembly files.

    opus-isa [--json] [--output OUT] FILE.s [FILE.s ...]

FILE.s is the assembly of a device-only compile (clang++ -x hip --cuda-device-only -S, the
same options through hipcc); a code object does not carry the "; Kernel info" comments.

For every kernel: instructions (issued instructions in the body, labels/directives/comments
excluded), MFMA/WMMA count, VGPR, AGPR, SGPR, LDS bytes, scratch bytes and occupancy (waves
per SIMD), read from the kernel body and the "; Kernel info" comments the AMDGPU backend
writes after each function; a table (or JSON) on stdout, or in OUT. Used by scripts/demo, opus_add_device_library(... ISA), the
benchmarks' zero-overhead checks and the tables in docs/measurements.md.
"""
import json
import re
import sys

INFO = {
    "vgpr": re.compile(r"^\s*; NumVgprs: (\d+)"),
    "agpr": re.compile(r"^\s*; NumAgprs: (\d+)"),
    "sgpr": re.compile(r"^\s*; TotalNumSgprs: (\d+)"),
    "scratch": re.compile(r"^\s*; ScratchSize: (\d+)"),
    "lds": re.compile(r"^\s*; LDSByteSize: (\d+)"),
    "occupancy": re.compile(r"^\s*; Occupancy: (\d+)"),
}
TARGET = re.compile(r'\.amdgcn_target "amdgcn-amd-amdhsa--([^"]+)"')


def parse(path):
    kernels = []
    target = "?"
    cur = None          # kernel whose body we are in
    info_for = None     # kernel whose "; Kernel info" block follows
    kernel_names = set()
    lines = open(path, encoding="utf-8", errors="replace").read().splitlines()
    for line in lines:
        m = re.match(r"^\s*\.amdhsa_kernel (\S+)", line)
        if m:
            kernel_names.add(m.group(1))
    for line in lines:
        m = TARGET.search(line)
        if m:
            target = m.group(1)
        m = re.match(r"^([A-Za-z_.$][\w.$]*):", line)
        if m and m.group(1) in kernel_names:
            cur = {"kernel": m.group(1), "target": target, "instructions": 0, "mfma": 0,
                   "branches": 0}
            kernels.append(cur)
            info_for = cur
            continue
        if cur is not None:
            if re.match(r"^\.Lfunc_end\d+:", line):
                cur = None
                continue
            s = line.strip()
            if not s or s.startswith((";", ".", "//")) or s.endswith(":"):
                continue
            op = s.split()[0]
            cur["instructions"] += 1
            if op.startswith(("v_mfma", "v_smfmac", "v_wmma", "v_swmmac")):
                cur["mfma"] += 1
            if op.startswith("s_cbranch") or op == "s_branch":
                cur["branches"] += 1
            continue
        if info_for is not None:
            for key, rx in INFO.items():
                m = rx.match(line)
                if m and key not in info_for:
                    info_for[key] = int(m.group(1))
    return kernels


COLUMNS = ["target", "kernel", "instructions", "mfma", "vgpr", "agpr", "sgpr", "lds",
           "scratch", "occupancy"]


def table(rows):
    head = ["target", "kernel", "instr", "mfma", "vgpr", "agpr", "sgpr", "lds B", "scratch B",
            "waves/SIMD"]
    cells = [[str(r.get(c, "-")) for c in COLUMNS] for r in rows]
    widths = [max(len(h), *(len(c[i]) for c in cells)) if cells else len(h)
              for i, h in enumerate(head)]
    out = ["| " + " | ".join(h.ljust(w) for h, w in zip(head, widths)) + " |",
           "|" + "|".join("-" * (w + 2) for w in widths) + "|"]
    for c in cells:
        out.append("| " + " | ".join(x.ljust(w) for x, w in zip(c, widths)) + " |")
    return "\n".join(out)


def main(argv):
    as_json = "--json" in argv
    output = None
    files = []
    args = iter(argv)
    for a in args:
        if a == "--output":
            output = next(args, None)
        elif not a.startswith("--"):
            files.append(a)
    if not files or (output is None and "--output" in argv):
        print(__doc__)
        return 2
    rows = []
    for f in files:
        ks = parse(f)
        if not ks:
            print(f"isa_summary: no kernels found in {f}", file=sys.stderr)
            return 1
        rows.extend(ks)
    text = json.dumps(rows, indent=1) if as_json else table(rows)
    if output is None:
        print(text)
    else:
        with open(output, "w", encoding="utf-8") as f:
            f.write(text + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
