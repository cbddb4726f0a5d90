#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Checks the operand maps of the emulated tier's Python MFMAs (tools/emulate/fixes_mfma.py)
against AMD's register layout tables (test/data/matrix-layouts/cdna3): every element of A, B
and D must sit in the lane and at the value number the table gives. The gfx950 double-K
instructions are checked against the CDNA3 table of their shape with each lane's run of K
widened (the rule the host test "mma lanes: gfx950" applies to opus's own lane model), and
the number formats at their defining codes.

    check_mfma_lanes.py TOOLS_EMULATE_DIR LAYOUT_DIR
"""
import math
import os
import re
import sys

CELL = re.compile(r"v(?:(\d+)|\[(\d+):(\d+)\])\{(\d+)\}(?:\.\[(\d+):(\d+)\])?$")


def read_table(path):
    """heading ("A", "B", "D") -> {(row, col): (lane, first bit in the lane's registers)}"""
    out, cur = {}, None
    with open(path) as f:
        for line in f:
            line = line.strip()
            if line.startswith("# matrix "):
                cur = out.setdefault(line[-1], {})
                continue
            cells = line.split(",")
            if cur is None or not cells[0].isdigit():
                continue
            for col, cell in enumerate(cells[1:]):
                m = CELL.match(cell)
                if not m:
                    raise SystemExit(f"{path}: cannot read cell {cell!r}")
                reg = int(m.group(1)) if m.group(1) is not None else int(m.group(3))
                lo = int(m.group(6)) if m.group(6) is not None else 0
                cur[(int(cells[0]), col)] = (int(m.group(4)), 32 * reg + lo)
    return out


def main(emu_dir, layouts):
    sys.path.insert(0, emu_dir)
    import fixes_mfma as fm
    bad = []

    def check(what, got, want):
        if got != want and len(bad) < 20:
            bad.append(f"{what}: map gives {got}, table says {want}")

    def check_ab(table, rows, k, w, widen=1):
        """A and B of a rows x rows x (k * widen) instruction with w-bit values against a table
        of K = k with `tw`-bit cells, each lane's run of K widened `widen` times"""
        tw = 64 if w == 64 else 8
        for name, t in (("A", table["A"]), ("B", table["B"])):
            for (r, c), (lane, bit) in t.items():
                i, kk = (r, c) if name == "A" else (c, r)
                run = k // (64 // rows)  # (K per lane in the table)
                p = bit // tw
                for s in range(widen):
                    k_wide = (kk // run) * (widen * run) + s * run + kk % run
                    check(f"{name}[{i}][k={k_wide}] of {rows}x{rows}x{k * widen}",
                          fm.ab_lane(rows, k * widen, i, k_wide), (lane, s * run + p))

    def check_d(table, rows, bits):
        for (m, n), (lane, bit) in table["D"].items():
            got_lane, v = fm.d_lane(rows, bits, m, n)
            check(f"D[{m}][{n}] of {rows}x{rows} {bits}-bit", (got_lane, v * bits), (lane, bit))

    t = lambda n: read_table(os.path.join(layouts, n))
    for rows, k in ((16, 32), (32, 16)):
        i8 = t(f"v_mfma_i32_{rows}x{rows}x{k}_i8.csv")
        check_ab(i8, rows, k, 8)
        check_ab(i8, rows, k, 8, widen=2)  # gfx950 v_mfma_i32_16x16x64_i8 / 32x32x32_i8
        check_d(i8, rows, 32)
        fp8 = t(f"v_mfma_f32_{rows}x{rows}x{k}_fp8_fp8.csv")
        check_ab(fp8, rows, k, 8)           # gfx942 fp8/bf8 (FNUZ)
        check_ab(fp8, rows, k, 8, widen=4)  # gfx950 scaled f8f6f4: fp8's element layout for every format
        check_d(fp8, rows, 32)
    f64 = t("v_mfma_f64_16x16x4_f64.csv")
    check_ab(f64, 16, 4, 64)
    check_d(f64, 16, 64)

    # the number formats at their defining codes (OCP MX spec, CDNA3 ISA for FNUZ)
    F = fm.FORMATS
    for fmt, code, want in (("fp4", 0b0111, 6.0), ("fp4", 0b1001, -0.5), ("fp6", 0b011111, 7.5),
                            ("fp6", 0b000001, 0.125), ("bf6", 0b011111, 28.0), ("bf6", 0b000001, 0.0625),
                            ("fp8", 0x7E, 448.0), ("fp8", 0x01, 2.0 ** -9), ("bf8", 0x7B, 57344.0),
                            ("bf8", 0x7C, math.inf), ("fp8_fnuz", 0x7F, 240.0), ("fp8_fnuz", 0x08, 2.0 ** -7),
                            ("bf8_fnuz", 0x7F, 57344.0), ("bf8_fnuz", 0x04, 2.0 ** -15), ("i8", 0xFF, -1)):
        check(f"{fmt} code {code:#x}", F[fmt][1][code], want)
    for fmt, code in (("fp8", 0x7F), ("fp8", 0xFF), ("bf8", 0x7D), ("fp8_fnuz", 0x80), ("bf8_fnuz", 0x80)):
        check(f"{fmt} code {code:#x} is NaN", math.isnan(F[fmt][1][code]), True)
    if bad:
        print("\n".join(bad))
        print("FAILED: the Python MFMA operand maps differ from the layout tables")
        return 1
    print("PASSED: A, B and D maps of the Python MFMAs match the layout tables")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1], sys.argv[2]))
