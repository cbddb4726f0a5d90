#!/usr/bin/env python3
"""Smoke test of a benchmark program's host side without a GPU.

Runs the program with the fake HIP runtime preloaded (fake_hip_runtime.cpp: one fake device,
no kernels run, 1 ms per timed launch) and JSON output, then checks: exit status 0, the
device was matched to the expected peak-table entry, the expected benchmarks are registered
(--expect NAME_PREFIX, each must appear with an opus and a twin variant), and every
benchmark reports its rate counter and a peak_fraction, or the expected error (--allow-error).

    driver_smoke.py --fake libopus_fake_hip.so --arch 1 --name "AMD Instinct MI300X" --key MI300X \
        --rate GB/s --expect gmem/copy smem/read -- build/benchmark/mem/bench_mem_bandwidth
"""
import argparse
import json
import os
import subprocess
import sys


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--fake", required=True)
    ap.add_argument("--arch", required=True, help="opus::target value the fake device reports (1 gfx942, 2 gfx950)")
    ap.add_argument("--name", required=True)
    ap.add_argument("--key", required=True, help="expected peak-table entry")
    ap.add_argument("--rate", required=True, nargs="+", help="rate counter names (one of them per benchmark)")
    ap.add_argument("--expect", nargs="+", default=[])
    ap.add_argument("--absent", nargs="*", default=[], help="name prefixes that must not be registered")
    ap.add_argument("--allow-error", default="", help="an error message a benchmark may report")
    ap.add_argument("cmd", nargs="+")
    a = ap.parse_args()

    env = dict(os.environ, LD_PRELOAD=os.path.abspath(a.fake), OPUS_FAKE_ARCH=a.arch, OPUS_FAKE_NAME=a.name)
    env.pop("OPUS_DEVICE", None)
    p = subprocess.run(a.cmd + ["--benchmark_format=json", "--benchmark_min_time=1x"], env=env,
                       stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    sys.stderr.write(p.stderr)
    bad = []
    if p.returncode != 0:
        bad.append("exit status %d" % p.returncode)
    try:
        report = json.loads(p.stdout)
    except ValueError as e:
        print(p.stdout)
        print("FAILED: output is not JSON (%s)" % e)
        return 1
    dev = report.get("context", {}).get("opus_device", "")
    if "peak table %s:" % a.key not in dev:
        bad.append("device not matched to %s: %r" % (a.key, dev))
    names = [b["name"] for b in report.get("benchmarks", [])]
    for prefix in a.expect:
        for variant in ("opus", "twin"):
            if not any(n.startswith(prefix) and "/%s" % variant in n for n in names):
                bad.append("no %s benchmark %s*" % (variant, prefix))
    for prefix in a.absent:
        if any(n.startswith(prefix) for n in names):
            bad.append("%s* registered on a target without it" % prefix)
    for b in report.get("benchmarks", []):
        if b.get("error_occurred"):
            if not a.allow_error or a.allow_error not in b.get("error_message", ""):
                bad.append("%s: error %r" % (b["name"], b.get("error_message")))
            continue
        if not any(r in b for r in a.rate) or "peak_fraction" not in b:
            bad.append("%s: missing %s or peak_fraction" % (b["name"], "/".join(a.rate)))
    print("%d benchmarks on fake %s (%s)" % (len(names), a.name, a.arch))
    if bad:
        print("FAILED:\n  " + "\n  ".join(bad))
        return 1
    print("OK")
    return 0


if __name__ == "__main__":
    sys.exit(main())
