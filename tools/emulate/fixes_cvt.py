# SPDX-License-Identifier: MIT
"""opus's conversion instructions for tinygrad's emulator on CDNA: gfx950's scaled fp4
conversions (the emulator cannot build them) and gfx942's FNUZ fp8 / bf8 conversions (the
emulator implements the OCP formats of gfx950 only).

Registered in fixes.py's registry (@fix); fixes.py imports this module. Both run in Python on
the wave's registers and are chosen per target (E.target): gfx942 and gfx950 share compiled
instructions (emulator.py), so neither changes the emulator's pseudocode.
"""
import ctypes
import math

from codeobject import NotModelled
from fixes import fix, _field, f32_bits, bits_f32, INLINE_INT

# inline constants of a VALU source operand (MI300 / CDNA4 ISA, "Scalar / Vector Operands")
_INLINE_F32 = {240: 0.5, 241: -0.5, 242: 1.0, 243: -1.0, 244: 2.0, 245: -2.0, 246: 4.0, 247: -4.0}


def _source(w, op, name):
    """the 32-bit value per lane of VALU source operand `op` (a VGPR, an SGPR or VCC / M0 / EXEC,
    or an inline constant) of the instruction `name`"""
    if op >= 256:
        return w.row(op - 256)
    if op <= 105 or op in (106, 107, 124, 126, 127):
        return [w.s[op]] * w.ws
    if op in INLINE_INT:
        return [INLINE_INT[op] & 0xFFFFFFFF] * w.ws
    if op in _INLINE_F32:
        return [f32_bits(_INLINE_F32[op])] * w.ws
    if op == 248:  # 1 / (2 * pi)
        return [0x3E22F983] * w.ws
    raise NotModelled(f"{name.lower()}: source operand {op} (a literal or special register) is not implemented")


def _vop3(pc, inst, name, float_srcs):
    """the fields of the VOP3 instruction at pc; input modifiers (abs, neg) are allowed on the fp32
    sources `float_srcs` (indices) only, output modifiers not at all"""
    raw = int.from_bytes(ctypes.string_at(pc, 8), "little")
    f = {n: _field(inst, raw, n) for n in ("vdst", "src0", "src1", "src2", "opsel", "clmp", "abs", "neg", "omod")}
    if f["omod"] or (f["abs"] | f["neg"]) & ~sum(1 << i for i in float_srcs):
        raise NotModelled(f"{name.lower()}: an output modifier, or an input modifier on a non-fp32 source")
    return f


def _modified(u, i, f):
    """fp32 bits u of source i with the instruction's abs / neg input modifiers applied"""
    if (f["abs"] >> i) & 1:
        u &= 0x7FFFFFFF
    if (f["neg"] >> i) & 1:
        u ^= 0x80000000
    return u


def _encode(x, mbits, emin, max_code):
    """the magnitude code (sign not included) of the finite float x in a format with `mbits`
    mantissa bits and smallest normal exponent `emin`: round to nearest, ties to even,
    subnormals kept; a code > max_code means x rounds beyond the largest finite value"""
    a = abs(x)
    if a == 0:
        return 0
    e = max(math.frexp(a)[1] - 1, emin)            # (the exponent of a, at least the smallest normal one)
    n = round(math.ldexp(a, mbits - e))           # (exact in fp64; round(): ties to even)
    return ((e - emin) << mbits) + n


# -------------------------------------------------------------------- gfx950: scaled fp4
def _fp4_scale(scale_bits):
    """the power of two an fp32 scale operand stands for: 2^(exponent field - 127) (CDNA4 ISA:
    "scale = 32'U(exponent(S.f32))", the E8M0 scale; the mantissa is ignored)"""
    return math.ldexp(1.0, ((scale_bits >> 23) & 0xFF) - 127)


def _f32_to_fp4(u, scale):
    """fp32 bits u / scale as OCP E2M1 (bias 1, max 6.0 = code 7): round to nearest even; values
    beyond 6, infinities and NaN saturate to +-6 (the sign kept), as opus's host conversion"""
    sign = 8 if u >> 31 else 0
    x = bits_f32(u)
    if math.isnan(x) or math.isinf(x):
        return sign | 7
    return sign | min(_encode(x / scale, 1, 0, 7), 7)


def _fp4_to_f32(code, scale):
    """E2M1 code times the scale, as fp32 bits (overflow to +-Inf)"""
    mag = code & 7
    v = math.ldexp(mag & 1, -1) if mag < 2 else math.ldexp(1 + (mag & 1) / 2, (mag >> 1) - 1)
    # (exact: a power of two times a 2-bit significand, or an fp32 subnormal rounding; +-Inf beyond)
    return f32_bits(-v * scale if code & 8 else v * scale)


def _only(target, names, isa_name, isa):
    """registers make(E, pc, inst, name) as the fix `isa_name` for the instructions `names` of
    `target` alone (gfx942 and gfx950 share the CDNA decoder and compiled instructions)"""
    def reg(make):
        def what(E, pc, inst, name, compiled):
            return make(E, pc, inst, name) if E.target == target and name in names else None
        fix(isa_name, ("cdna",), isa, whole=True)(what)  # (computed whole: no compiled instruction)
        return make
    return reg


@_only("gfx950", ("V_CVT_SCALEF32_PK_FP4_F32", "V_CVT_SCALEF32_PK_F32_FP4"), "fp4_scaled",
       "CDNA4 ISA, VOP3 V_CVT_SCALEF32_PK_FP4_F32 (\"scale = 32'U(exponent(S2.f32))\", S0 and S1 by "
       "f32_to_fp4_scale into the byte \"dstbyte = OPSEL[3 : 2].i32 * 8\", the other bytes preserved) and "
       "V_CVT_SCALEF32_PK_F32_FP4 (\"scale = 32'U(exponent(S1.f32)); srcbyte = OPSEL[1 : 0].i32 * 8\", low nibble "
       "to D0[31:0]); OCP MX E2M1 (bias 1, largest 6.0, no Inf/NaN): x / 2^(scale - 127) rounded to nearest "
       "even, saturated. The emulator could not build either instruction")
def _fp4_scaled(E, pc, inst, name):
    pack = name == "V_CVT_SCALEF32_PK_FP4_F32"
    f = _vop3(pc, inst, name, (0, 1, 2) if pack else (1,))

    def run(w):
        ex = w.exec
        if pack:
            s0, s1, s2 = (_source(w, f[k], name) for k in ("src0", "src1", "src2"))
            shift = 8 * ((f["opsel"] >> 2) & 3)
            out = w.row(f["vdst"])
            for l in range(w.ws):
                if (ex >> l) & 1:
                    scale = _fp4_scale(_modified(s2[l], 2, f))
                    b = _f32_to_fp4(_modified(s0[l], 0, f), scale) | (_f32_to_fp4(_modified(s1[l], 1, f), scale) << 4)
                    out[l] = (out[l] & ~(0xFF << shift)) | (b << shift)
            w.set_row(f["vdst"], out)
        else:
            s0, s1 = _source(w, f["src0"], name), _source(w, f["src1"], name)
            shift = 8 * (f["opsel"] & 3)
            lo, hi = w.row(f["vdst"]), w.row(f["vdst"] + 1)
            for l in range(w.ws):
                if (ex >> l) & 1:
                    scale = _fp4_scale(_modified(s1[l], 1, f))
                    b = (s0[l] >> shift) & 0xFF
                    lo[l], hi[l] = _fp4_to_f32(b & 15, scale), _fp4_to_f32(b >> 4, scale)
            w.set_row(f["vdst"], lo)
            w.set_row(f["vdst"] + 1, hi)
        w.pc = w.pc + 8
    return run


# -------------------------------------------------------------------- gfx942: FNUZ fp8 / bf8
_FNUZ = {"FP8": (3, -7), "BF8": (2, -15)}  # E4M3FNUZ (bias 8), E5M2FNUZ (bias 16): mantissa bits, emin


def _f32_to_fnuz(u, mbits, emin, clamp):
    """fp32 bits u as an FNUZ code: round to nearest even, subnormals kept, zero is 0x00 (no -0);
    0x80, the only NaN, for NaN, +-Inf and - without clamp - a value rounding beyond the largest
    finite one (code 0x7F), which clamp saturates to +-0x7F instead"""
    x = bits_f32(u)
    if math.isnan(x) or math.isinf(x):
        return 0x80
    code = _encode(x, mbits, emin, 0x7F)
    if code > 0x7F:
        if not clamp:
            return 0x80
        code = 0x7F
    return 0 if code == 0 else code | (0x80 if u >> 31 else 0)


@_only("gfx942", ("V_CVT_PK_FP8_F32", "V_CVT_PK_BF8_F32"), "fp8_fnuz",
       "MI300 ISA, VOP3 V_CVT_PK_FP8_F32 / V_CVT_PK_BF8_F32: \"VGPR[laneId][VDST.u32][15 : 0].b16 = { "
       "f32_to_fp8(S1.f32), f32_to_fp8(S0.f32) }\" (bits 31:16 with OPSEL[3] = 1, the other half kept), round to "
       "nearest even, in gfx942's FNUZ formats (E4M3 bias 8, E5M2 bias 16, 0x80 the only NaN, no -0, no Inf): "
       "subnormals kept; NaN, +-Inf and values beyond the largest finite one give 0x80 (CLAMP saturates the "
       "last). The emulator converted to the OCP formats of gfx950")
def _fp8_fnuz(E, pc, inst, name):
    mbits, emin = _FNUZ[name[9:12]]
    f = _vop3(pc, inst, name, (0, 1))

    def run(w):
        ex = w.exec
        s0, s1 = _source(w, f["src0"], name), _source(w, f["src1"], name)
        shift = 16 if (f["opsel"] >> 3) & 1 else 0
        out = w.row(f["vdst"])
        for l in range(w.ws):
            if (ex >> l) & 1:
                h = _f32_to_fnuz(_modified(s0[l], 0, f), mbits, emin, f["clmp"]) | \
                    (_f32_to_fnuz(_modified(s1[l], 1, f), mbits, emin, f["clmp"]) << 8)
                out[l] = (out[l] & ~(0xFFFF << shift)) | (h << shift)
        w.set_row(f["vdst"], out)
        w.pc = w.pc + 8
    return run
