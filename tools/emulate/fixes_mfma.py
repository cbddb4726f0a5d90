# SPDX-License-Identifier: MIT
"""opus's Python implementations of the CDNA MFMA instructions tinygrad's emulator cannot run
(it cannot build them, or computes them in the wrong number format).

Registered in fixes.py's registry (@fix); fixes.py imports this module. Each fix takes the whole
instruction: it reads A, B and C from the wave's registers through the operand layouts below,
computes D = A * B + C in Python and writes D. ISA documents: "AMD Instinct MI300 Instruction
Set Architecture" (CDNA3, gfx942), "AMD Instinct MI355X / CDNA4 Instruction Set Architecture"
(gfx950); the layouts are those of AMD's Matrix Instruction Calculator (the CDNA3 tables in
test/data/matrix-layouts/cdna3, which the test emulated.mfma_lanes compares with the maps here).
"""
import ctypes
import math
import re
import struct
from fractions import Fraction

from codeobject import NotModelled
from fixes import fix, f32_bits, minifloat, INLINE_INT

WAVE = 64


# -------------------------------------------------------------------- operand layouts
def ab_lane(rows, k, i, kk):
    """(lane, position) of element (i, kk) of an A (i = row m of rows x k) or B (i = column n)
    operand of a 16x16 or 32x32 MFMA: lane group g = kk / (k per lane) holds a contiguous run of
    K (the CDNA3 tables; gfx950's double-K instructions widen each lane's run, CDNA4 ISA), and
    the lane's value number `position` sits at bits [w*position, w*position + w) of its registers"""
    per_lane = k // (WAVE // rows)
    return i + rows * (kk // per_lane), kk % per_lane


def d_lane(rows, bits, m, n):
    """(lane, value number) of element (m, n) of D (and C) of a rows x rows MFMA with `bits`-bit
    results: 16x16 32-bit: lane n + 16*(m/4), register m%4; 32x32: lane n + 32*((m/4)%2),
    register 4*(m/8) + m%4; 16x16 f64: lane n + 16*(m%4), register pair m/4"""
    if bits == 64:
        return n + 16 * (m % 4), m // 4
    if rows == 16:
        return n + 16 * (m // 4), m % 4
    return n + 32 * ((m // 4) % 2), 4 * (m // 8) + m % 4


# -------------------------------------------------------------------- number formats
# format -> (bits, table of values or None for the integer / f64 formats)
FORMATS = {
    "i8": (8, [c - 256 if c >= 128 else c for c in range(256)]),
    "f64": (64, None),
    "fp8": (8, minifloat(4, 3, 7, "fn")),        # OCP E4M3 (gfx950)
    "bf8": (8, minifloat(5, 2, 15, "ieee")),     # OCP E5M2 (gfx950)
    "fp6": (6, minifloat(2, 3, 1, "")),          # E2M3
    "bf6": (6, minifloat(3, 2, 3, "")),          # E3M2
    "fp4": (4, minifloat(2, 1, 1, "")),          # E2M1
    "fp8_fnuz": (8, minifloat(4, 3, 8, "fnuz")),  # gfx942 E4M3 FNUZ
    "bf8_fnuz": (8, minifloat(5, 2, 16, "fnuz")),  # gfx942 E5M2 FNUZ
}
F8F6F4_CODES = {0: "fp8", 1: "bf8", 2: "fp6", 3: "bf6", 4: "fp4"}  # CBSZ (A) / BLGP (B) of the scaled form


def _values(fmt, regs, lane, count):
    """the `count` values of one lane of an operand held in the register rows `regs`"""
    bits, table = FORMATS[fmt]
    word = 0
    for r, row in enumerate(regs):
        word |= row[lane] << (32 * r)
    mask = (1 << bits) - 1
    codes = [(word >> (bits * p)) & mask for p in range(count)]
    if fmt == "f64":
        return [struct.unpack("<d", c.to_bytes(8, "little"))[0] for c in codes]
    return [table[c] for c in codes]


def _fma(a, b, c):
    """a * b + c rounded once (math.fma from Python 3.13; the same exact rounding before it)"""
    f = getattr(math, "fma", None)
    if f is not None:
        return f(a, b, c)
    if not all(map(math.isfinite, (a, b, c))):
        return a * b + c
    return float(Fraction(a) * Fraction(b) + Fraction(c))


# -------------------------------------------------------------------- decoding
_SHAPE = re.compile(r"_(\d+)X(\d+)X(\d+)")


class Mfma:
    """the fields of one MFMA (VOP3P-MAI, or the scaled form: the V_MFMA_LD_SCALE_B32 dword pair
    followed by the MFMA's) and how it computes"""

    def __init__(self, pc, name, a_fmt, b_fmt, out):
        scaled = name.startswith("V_MFMA_SCALE")
        raw = int.from_bytes(ctypes.string_at(pc, 16 if scaled else 8), "little")
        mai = raw >> 64 if scaled else raw
        self.size = 16 if scaled else 8
        self.rows, n, self.k = (int(x) for x in _SHAPE.search(name).groups())
        if n != self.rows or self.rows not in (16, 32):
            raise NotModelled(f"{name.lower()}: only the 16x16 and 32x32 shapes are implemented")
        self.vdst, self.cbsz, self.abid = mai & 0xFF, (mai >> 8) & 7, (mai >> 11) & 15
        self.acc_cd = bool((mai >> 15) & 1)
        self.src = [(mai >> 32) & 0x1FF, (mai >> 41) & 0x1FF, (mai >> 50) & 0x1FF]
        self.acc_ab = [bool((mai >> 59) & 1), bool((mai >> 60) & 1)]
        self.blgp = (mai >> 61) & 7
        self.name, self.out, self.scaled = name.lower(), out, scaled
        self.neg = 0
        if scaled:
            # CBSZ / BLGP are A's and B's formats; the scale word: SCALE_SRC0 / SCALE_SRC1 (bits 40:32,
            # 49:41), byte selects OP_SEL (13:11) / OP_SEL_HI (60:59)
            a_fmt, b_fmt = F8F6F4_CODES.get(self.cbsz), F8F6F4_CODES.get(self.blgp)
            if a_fmt is None or b_fmt is None:
                raise NotModelled(f"{self.name}: format codes cbsz={self.cbsz} blgp={self.blgp} are reserved")
            self.scale_src = [(raw >> 32) & 0x1FF, (raw >> 41) & 0x1FF]
            sel = {"op_sel": (raw >> 11) & 7, "op_sel_hi": (raw >> 59) & 3, "neg": (raw >> 61) & 7,
                   "neg_hi": (raw >> 8) & 7, "abid": self.abid - 1}  # (the assembler sets ABID to 1 in this form)
            if any(sel.values()):
                raise NotModelled(f"{self.name}: scale byte selects, neg or abid other than 0 are not "
                                  f"implemented ({sel})")
        elif out == "f64":
            # CDNA3 ISA, V_MFMA_F64_*: the BLGP field is NEG (bit 0 negates A, 1 B, 2 C); CBSZ/ABID unused
            self.neg, self.blgp = self.blgp, 0
        if not scaled and (self.cbsz or self.abid or self.blgp):  # (the scaled form: above)
            raise NotModelled(f"{self.name}: CBSZ/ABID/BLGP broadcast (cbsz={self.cbsz} abid={self.abid} "
                              f"blgp={self.blgp}) is not implemented")
        for i in (0, 1):
            if self.src[i] < 256:
                raise NotModelled(f"{self.name}: an A/B operand that is not a VGPR/AGPR range")
        if self.src[2] < 256 and self.src[2] not in INLINE_INT:
            raise NotModelled(f"{self.name}: C from an SGPR or a non-integer constant is not implemented")
        self.fmt = [a_fmt, b_fmt]
        self.per_lane = self.k // (WAVE // self.rows)
        self.regs_ab = [-(-self.per_lane * FORMATS[f][0] // 32) for f in self.fmt]
        self.out_bits = 64 if out == "f64" else 32
        self.out_regs = self.rows * self.rows * self.out_bits // 32 // WAVE

    # the matrices, rows of A and columns of B as lists over K
    def operand(self, w, i):
        regs = [w.row(self.src[i] - 256 + r, self.acc_ab[i]) for r in range(self.regs_ab[i])]
        lanes = [_values(self.fmt[i], regs, lane, self.per_lane) for lane in range(WAVE)]
        groups = WAVE // self.rows
        return [[v for g in range(groups) for v in lanes[j + self.rows * g]] for j in range(self.rows)]

    def c_matrix(self, w):
        rows = self.rows
        if self.src[2] < 256:
            c = INLINE_INT[self.src[2]]
            return [[c if self.out == "i32" else float(c)] * rows for _ in range(rows)]
        regs = [w.row(self.src[2] - 256 + r, self.acc_cd) for r in range(self.out_regs)]
        out = [[0] * rows for _ in range(rows)]
        for m in range(rows):
            for n in range(rows):
                lane, v = d_lane(rows, self.out_bits, m, n)
                if self.out == "i32":
                    x = regs[v][lane]
                    out[m][n] = x - (1 << 32) if x >> 31 else x
                elif self.out == "f64":
                    out[m][n] = struct.unpack("<d", (regs[2 * v][lane] | (regs[2 * v + 1][lane] << 32)).to_bytes(8, "little"))[0]
                else:
                    out[m][n] = struct.unpack("<f", regs[v][lane].to_bytes(4, "little"))[0]
        return out

    def scales(self, w, i):
        """per row (A) / column (B) and lane group: the E8M0 scale 2^(e - 127) (e = 255: NaN) of
        the block of K that lane holds (CDNA4 ISA: one scale per 32 K, from the lane holding them)"""
        s = self.scale_src[i]
        if s >= 256:
            byte = [x & 0xFF for x in w.row(s - 256)]
        elif s < 106:
            byte = [w.s[s] & 0xFF] * WAVE
        elif s in INLINE_INT:
            byte = [INLINE_INT[s] & 0xFF] * WAVE
        else:
            raise NotModelled(f"{self.name}: scale operand {s} (a literal or special register) is not implemented")
        val = [math.nan if e == 255 else math.ldexp(1.0, e - 127) for e in byte]
        return [[val[j + self.rows * g] for g in range(WAVE // self.rows)] for j in range(self.rows)]

    def run(self, w):
        if w.exec != (1 << WAVE) - 1:
            raise NotModelled(f"{self.name} with EXEC {w.exec:#x}: only a full wave is implemented")
        a, b, c = self.operand(w, 0), self.operand(w, 1), self.c_matrix(w)
        rows, out_bits = self.rows, self.out_bits
        d = [[0] * rows for _ in range(rows)]
        if self.out == "i32":
            for m in range(rows):
                am = a[m]
                for n in range(rows):
                    d[m][n] = (c[m][n] + sum(x * y for x, y in zip(am, b[n]))) & 0xFFFFFFFF
        elif self.out == "f64":
            sa, sb, sc = (-1.0 if self.neg & bit else 1.0 for bit in (1, 2, 4))
            for m in range(rows):
                for n in range(rows):
                    acc = sc * c[m][n]  # (a chain of fused multiply-adds in K order)
                    for x, y in zip(a[m], b[n]):
                        acc = _fma(sa * x, sb * y, acc)
                    d[m][n] = acc
        else:
            # f32 result: products of these formats are exact in fp64; each lane group's block of K
            # is summed exactly rounded (math.fsum), scaled, and the result rounded to fp32 once
            pl = self.per_lane
            blocks = range(WAVE // rows)
            if self.scaled:
                ka, kb = self.scales(w, 0), self.scales(w, 1)
            for m in range(rows):
                am = a[m]
                for n in range(rows):
                    bn = b[n]
                    parts = [math.fsum(x * y for x, y in zip(am[g * pl:(g + 1) * pl], bn[g * pl:(g + 1) * pl]))
                             for g in blocks]
                    if self.scaled:
                        parts = [p * ka[m][g] * kb[n][g] for g, p in zip(blocks, parts)]
                    d[m][n] = f32_bits(math.fsum(parts + [c[m][n]]))
        regs = [[0] * WAVE for _ in range(self.out_regs)]
        for m in range(rows):
            for n in range(rows):
                lane, v = d_lane(rows, out_bits, m, n)
                if self.out == "f64":
                    bits = int.from_bytes(struct.pack("<d", d[m][n]), "little")
                    regs[2 * v][lane], regs[2 * v + 1][lane] = bits & 0xFFFFFFFF, bits >> 32
                else:
                    regs[v][lane] = d[m][n]
        for r, row in enumerate(regs):
            w.set_row(self.vdst + r, row, self.acc_cd)
        w.pc = w.pc + self.size


def _mfma_fix(name):
    """registers the fix `name` (one that computes its instructions whole); the decorated function
    gives (A format, B format, result) for an instruction of this fix, else None"""
    def reg(formats):
        def what(E, pc, inst, op, compiled):
            f = formats(E, pc, op)
            return None if f is None else Mfma(pc, op, *f).run
        fix(name, ("cdna",), _ISA[name], whole=True)(what)
        return formats
    return reg


# -------------------------------------------------------------------- the fixes
# the ISA text each fix follows (kept in the registry, fixes.py; docs/emulator.md has the same)
_ISA = {
    "mfma_i8":
        "MI300 ISA, V_MFMA_I32_16X16X32_I8 / V_MFMA_I32_32X32X16_I8 (and CDNA4's V_MFMA_I32_16X16X64_I8 / "
        "32X32X32_I8): D.i32 = A.i8 * B.i8 + C.i32 (wrapping), operand layouts of the Matrix Instruction "
        "Calculator (a lane holds a contiguous run of K, four i8 per VGPR); the emulator could not build them",
    "mfma_f64":
        "MI300 ISA, V_MFMA_F64_16X16X4_F64: D.f64 = A.f64 * B.f64 + C.f64, A/B one f64 per lane (lane m + "
        "16*k), D row m in lane n + 16*(m%4), register pair m/4; the BLGP field is NEG (negates A, B, C). "
        "The emulator computed MFMAs in fp32 with the 32-bit layouts",
    "mfma_f6f4":
        "CDNA4 ISA, V_MFMA_SCALE_F32_16X16X128_F8F6F4 / _32X32X64_F8F6F4 with an fp6 (E2M3), bf6 (E3M2) or "
        "fp4 (E2M1) operand (CBSZ / BLGP = 2, 3, 4): A and B hold fp8's element layout (32 consecutive K per "
        "lane, value r at bits [w*r, w*r+w) of the lane's registers), each lane's block of 32 K scaled by the "
        "E8M0 byte of its lane in SCALE_SRC0 / SCALE_SRC1; the emulator could not build these formats",
    "mfma_fnuz":
        "MI300 ISA, V_MFMA_F32_16X16X32_{FP8,BF8}_{FP8,BF8} / _32X32X16_*: on gfx942 A and B are the FNUZ "
        "formats (E4M3 bias 8, E5M2 bias 16; 0x80 is NaN, no infinities, no -0), in the 8-bit operand layout "
        "of the Matrix Instruction Calculator; products exact in fp64, rounded to fp32 once. The emulator "
        "implements gfx950's OCP formats",
}

_I8 = re.compile(r"V_MFMA_I32_(16X16|32X32)X\d+_I8$")


@_mfma_fix("mfma_i8")
def _mfma_i8(E, pc, name):
    return ("i8", "i8", "i32") if _I8.match(name) else None


@_mfma_fix("mfma_f64")
def _mfma_f64(E, pc, name):
    # (V_MFMA_F64_4X4X4_4B_F64: not modelled, emulator.py)
    return ("f64", "f64", "f64") if name == "V_MFMA_F64_16X16X4_F64" else None


@_mfma_fix("mfma_f6f4")
def _mfma_f6f4(E, pc, name):
    if not (name.startswith("V_MFMA_SCALE_F32") and name.endswith("_F8F6F4")):
        return None
    w1 = int.from_bytes(ctypes.string_at(pc + 8, 8), "little")
    if (w1 >> 8) & 7 <= 1 and (w1 >> 61) & 7 <= 1:
        return None  # (fp8/bf8 operands: the emulator's, with mfma32_layout)
    return None, None, "f32"  # (the formats: CBSZ / BLGP, read by Mfma)


_FNUZ = re.compile(r"V_MFMA_F32_(16X16X32|32X32X16)_(FP8|BF8)_(FP8|BF8)$")


@_mfma_fix("mfma_fnuz")
def _mfma_fnuz(E, pc, name):
    m = _FNUZ.match(name)
    if E.target != "gfx942" or m is None:
        return None
    return m.group(2).lower() + "_fnuz", m.group(3).lower() + "_fnuz", "f32"
