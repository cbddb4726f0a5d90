#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""summary.py JUNIT.xml: the emulated tier's line of scripts/test, from CTest's JUnit output:
`emulated device cases: E executed, P passed, F failed, S not modelled` (device cases, examples
and cookbook kernels on the emulated GPU; the emulated.fix.* tests are not cases), then one
line per target. A case skipped with OPUS_NOT_MODELLED is not modelled; one whose own check says
it does not apply to the target (OPUS_NO_TARGET_GPU) is counted apart; any other skip failed."""
import re
import sys
import xml.etree.ElementTree as ET


def main(path):
    try:
        root = ET.parse(path).getroot()
    except (OSError, ET.ParseError):
        print("emulated device cases: none run (no CTest result)")
        return
    per = {}
    for tc in root.iter("testcase"):
        name = tc.get("name", "")
        m = re.match(r"emulated\.(gfx\w+)\.", name)
        if not m:
            continue
        st = tc.get("status", "")
        out = tc.find("system-out")
        out = out.text or "" if out is not None else ""
        kind = "skip" if st in ("disabled", "notrun") or tc.find("skipped") is not None else \
            "fail" if tc.find("failure") is not None or st == "fail" else "pass"
        if kind == "skip" and "OPUS_NOT_MODELLED" not in out:
            kind = "n/a" if "OPUS_NO_TARGET_GPU" in out else "fail"  # (a skip for any other reason hides a run)
        per.setdefault(m.group(1), {"pass": 0, "fail": 0, "skip": 0, "n/a": 0})[kind] += 1
    if not per:
        print("emulated device cases: none run (OPUS_TINYGRAD not set: the emulated tier is off)")
        return
    tot = {k: sum(p[k] for p in per.values()) for k in ("pass", "fail", "skip", "n/a")}
    line = lambda c: f"{c['pass'] + c['fail']} executed, {c['pass']} passed, {c['fail']} failed, {c['skip']} not modelled"
    print(f"emulated device cases: {line(tot)}")
    for t in sorted(per):
        na = f" ({per[t]['n/a']} not for this target)" if per[t]["n/a"] else ""
        print(f"  {t}: {line(per[t])}{na}")


if __name__ == "__main__":
    main(sys.argv[1])
