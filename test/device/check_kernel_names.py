#!/usr/bin/env python3
"""Checks that a HIP executable can launch every kernel it registers on every target it
carries: the host pass registers each kernel under its mangled name, and the code object of
each target must define a kernel of exactly that name (a type that differs between the host
pass and a device pass - e.g. a target-dependent template argument - changes the name, and
the launch then fails on that GPU with "invalid device function").

    check_kernel_names.py --nm llvm-nm EXECUTABLE

Reads the .hip_fatbin section (one clang offload bundle per translation unit), lists the
kernels (`<name>.kd` symbols) of every amdgcn code object, and compares them with the host's
registered names (the strings handed to __hipRegisterFunction). Exit 1 on any mismatch.
"""
import argparse
import os
import struct
import subprocess
import sys
import tempfile

MAGIC = b"__CLANG_OFFLOAD_BUNDLE__"


def elf_sections(data):
    """name -> (offset, size) of a 64-bit little-endian ELF"""
    if data[:4] != b"\x7fELF" or data[4] != 2:
        raise SystemExit("not a 64-bit ELF file")
    shoff, = struct.unpack_from("<Q", data, 0x28)
    shentsize, shnum, shstrndx = struct.unpack_from("<HHH", data, 0x3A)
    hdrs = [struct.unpack_from("<IIQQQQIIQQ", data, shoff + i * shentsize) for i in range(shnum)]
    stroff = hdrs[shstrndx][4]
    out = {}
    for h in hdrs:
        name = data[stroff + h[0]:data.index(b"\0", stroff + h[0])].decode()
        out[name] = (h[4], h[5])
    return out


def bundles(fatbin):
    """yield (triple, code object bytes) for every entry of every bundle in the section"""
    pos = fatbin.find(MAGIC)
    while pos >= 0:
        n, = struct.unpack_from("<Q", fatbin, pos + len(MAGIC))
        p = pos + len(MAGIC) + 8
        for _ in range(n):
            off, size, tlen = struct.unpack_from("<QQQ", fatbin, p)
            p += 24
            triple = fatbin[p:p + tlen].decode()
            p += tlen
            yield triple, fatbin[pos + off:pos + off + size]
        pos = fatbin.find(MAGIC, pos + 1)


def kernels_of(nm, code_object):
    with tempfile.NamedTemporaryFile(suffix=".co") as f:
        f.write(code_object)
        f.flush()
        out = subprocess.run([nm, "--defined-only", "-j", f.name], check=True,
                             stdout=subprocess.PIPE).stdout.decode().split()
    return {s[:-3] for s in out if s.endswith(".kd")}


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--nm", default="llvm-nm")
    ap.add_argument("exe")
    args = ap.parse_args()
    data = open(args.exe, "rb").read()
    secs = elf_sections(data)
    if ".hip_fatbin" not in secs:
        print(f"{args.exe}: no .hip_fatbin section (no device code)")
        return 1
    off, size = secs[".hip_fatbin"]
    per_target = {}
    for triple, co in bundles(data[off:off + size]):
        if triple.startswith("host") or not co:
            continue
        target = triple.split("--")[-1]
        per_target.setdefault(target, set()).update(kernels_of(args.nm, co))
    # the host's registered names: NUL-terminated strings in the read-only data
    host_strings = set()
    for name, (o, s) in secs.items():
        if name.startswith(".rodata"):
            host_strings.update(x.decode(errors="replace") for x in data[o:o + s].split(b"\0") if x)
    stubs = subprocess.run([args.nm, "-j", args.exe], check=True,
                           stdout=subprocess.PIPE).stdout.decode().split()
    n_host = sum(1 for s in stubs if "__device_stub__" in s)
    status = 0
    if not per_target:
        print(f"{args.exe}: no amdgcn code objects found")
        return 1
    for target, names in sorted(per_target.items()):
        missing = sorted(n for n in names if n not in host_strings)
        ok = not missing and len(names) == n_host
        print(f"{target}: {len(names)} kernels in the code object, {n_host} registered by the host: "
              + ("names match" if ok else "MISMATCH"))
        for n in missing[:10]:
            print(f"   device-only name (the host registers another one): {n}")
        if not ok:
            status = 1
    return status


if __name__ == "__main__":
    sys.exit(main())
