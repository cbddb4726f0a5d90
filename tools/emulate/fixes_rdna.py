# SPDX-License-Identifier: MIT
"""opus's in-process fixes of tinygrad's emulator for RDNA3 (gfx1100) and RDNA4 (gfx1201).

Registered in fixes.py's registry (@fix); fixes.py imports this module. Each implements what
the emulator lacks from the ISA text it cites: "RDNA3 Instruction Set Architecture Reference
Guide" (AMD, 2023) and "RDNA4 Instruction Set Architecture Reference Guide" (AMD, 2025).
"""
import ctypes

from codeobject import NotModelled
from fixes import fix, run_bytes, _dpp_source, f32_bits, bits_f32, minifloat, INLINE_INT

def decode(data, arch):
    """the instruction at `data` in an encoding the emulator's decoder does not know but a fix
    here implements (RDNA3 MUBUF: bits 31:26 = 0b111000; RDNA4 VBUFFER: 0b110001), or None"""
    enc = int.from_bytes(data[:4], "little") >> 26
    if arch == "rdna3" and enc == 0b111000:
        from tinygrad.runtime.autogen.amd.rdna3.ins import MUBUF
        return MUBUF.from_bytes(data[:8])
    if arch == "rdna4" and enc == 0b110001:
        from tinygrad.runtime.autogen.amd.rdna4.ins import VBUFFER
        return VBUFFER.from_bytes(data[:12])
    return None


# -------------------------------------------------------------------- buffer instructions
# the untyped buffer operations: name -> (bytes moved, kind); kinds: "u"/"i" zero/sign-extend into
# a VGPR, "b" whole dwords, "d16"/"d16hi" a 16-bit result into the low/high half (sign from the
# name), "st" store of the low bytes, "sthi" store of the high half
_BUFFER_OPS = {
    "BUFFER_LOAD_U8": (1, "u"), "BUFFER_LOAD_I8": (1, "i"), "BUFFER_LOAD_U16": (2, "u"),
    "BUFFER_LOAD_I16": (2, "i"), "BUFFER_LOAD_B32": (4, "b"), "BUFFER_LOAD_B64": (8, "b"),
    "BUFFER_LOAD_B96": (12, "b"), "BUFFER_LOAD_B128": (16, "b"),
    "BUFFER_LOAD_D16_U8": (1, "d16"), "BUFFER_LOAD_D16_I8": (1, "d16"), "BUFFER_LOAD_D16_B16": (2, "d16"),
    "BUFFER_LOAD_D16_HI_U8": (1, "d16hi"), "BUFFER_LOAD_D16_HI_I8": (1, "d16hi"),
    "BUFFER_LOAD_D16_HI_B16": (2, "d16hi"),
    "BUFFER_STORE_B8": (1, "st"), "BUFFER_STORE_B16": (2, "st"), "BUFFER_STORE_B32": (4, "st"),
    "BUFFER_STORE_B64": (8, "st"), "BUFFER_STORE_B96": (12, "st"), "BUFFER_STORE_B128": (16, "st"),
    "BUFFER_STORE_D16_HI_B8": (1, "sthi"), "BUFFER_STORE_D16_HI_B16": (2, "sthi"),
}
_NULL = 124  # the NULL scalar operand (reads 0) in RDNA3 / RDNA4 scalar source fields


def _buffer_fields(arch, pc):
    """(vdata, vaddr, first SGPR of the V#, soffset operand, instruction offset, offen, idxen, tfe,
    size): RDNA3 ISA "MUBUF" encoding (64 bits; SRSRC counts groups of 4 SGPRs) / RDNA4 ISA
    "VBUFFER" encoding (96 bits; RSRC is the first SGPR, IOFFSET 24 bits)"""
    if arch == "rdna3":
        raw = int.from_bytes(ctypes.string_at(pc, 8), "little")
        return ((raw >> 40) & 0xFF, (raw >> 32) & 0xFF, 4 * ((raw >> 48) & 0x1F), (raw >> 56) & 0xFF,
                raw & 0xFFF, (raw >> 54) & 1, (raw >> 55) & 1, (raw >> 53) & 1, 8)
    raw = int.from_bytes(ctypes.string_at(pc, 12), "little")
    return ((raw >> 32) & 0xFF, (raw >> 64) & 0xFF, (raw >> 41) & 0x1FF, raw & 0x7F,
            (raw >> 72) & 0xFFFFFF, (raw >> 62) & 1, (raw >> 63) & 1, (raw >> 22) & 1, 12)


def _scalar_operand(w, so):
    """the value of a scalar source operand: an SGPR, NULL, or an inline integer constant"""
    if so == _NULL:
        return 0
    if so < 106:
        return w.s[so]
    if so in INLINE_INT:
        return INLINE_INT[so] & 0xFFFFFFFF
    raise NotModelled(f"buffer instruction with scalar offset operand {so}: not implemented")


def _in_range(oob_select, swizzle, stride, num_records, index, offset, payload, range_check):
    """RDNA3/RDNA4 range checking by the V#'s OOB_SELECT (word 3 bits 29:28), as Mesa's
    ac_descriptors.c states it for GFX11+ (the RDNA guides' buffer-addressing section):
    0: index >= num_records or offset + payload > stride is out of range; 1: index >= num_records;
    2: num_records == 0; 3 (raw): offset + payload > num_records (with swizzle and a stride: as 0).
    The whole access is in or out of range."""
    if not range_check:
        return True
    if oob_select == 3 and not (swizzle and stride):
        return offset + payload <= num_records
    if oob_select == 2:
        return num_records != 0
    if oob_select == 1:
        return index < num_records
    return index < num_records and offset + payload <= stride


@fix("rdna_buffer", ("rdna3", "rdna4"),
     "RDNA3 ISA, \"Buffer Instructions\" / MUBUF and RDNA4 ISA, VBUFFER: untyped buffer loads and "
     "stores of 1, 2, 4, 8, 12 and 16 bytes at V#.base + SOFFSET + buffer offset, buffer offset = "
     "IOFFSET + (OFFEN ? VGPR offset : 0) + (IDXEN ? index * V#.stride : 0) (index in VADDR, the offset "
     "in the next VGPR when both are on); out-of-range loads return 0 and out-of-range stores write "
     "nothing; BUFFER_GL0_INV / GL1_INV move no data. The emulator decodes neither encoding")
def _rdna_buffer(E, pc, inst, name, compiled):
    if E.arch not in ("rdna3", "rdna4") or not name.startswith(("BUFFER_", "TBUFFER_")):
        return None
    size = 8 if E.arch == "rdna3" else 12
    if name in ("BUFFER_GL0_INV", "BUFFER_GL1_INV"):
        def nop(w):
            w.pc = w.pc + size
        return nop
    if name not in _BUFFER_OPS:
        raise NotModelled(f"{name.lower()}: opus implements the untyped RDNA buffer loads and stores only "
                          f"(not typed, LDS or atomic buffer instructions)")
    vdata, vaddr, rs, so, ioff, offen, idxen, tfe, size = _buffer_fields(E.arch, pc)
    if tfe:
        raise NotModelled(f"{name.lower()} with TFE: not implemented")
    nbytes, kind = _BUFFER_OPS[name]
    signed = "_I8" in name or "_I16" in name
    range_check = "rdna_buffer_range" in E.fixes_on

    def run(w):
        d0, d1, d2, d3 = (w.s[rs + i] for i in range(4))
        base = d0 | ((d1 & 0xFFFF) << 32)
        stride, swizzle = (d1 >> 16) & 0x3FFF, (d1 >> 30) & 3
        oob_select = (d3 >> 28) & 3
        if swizzle or (d3 >> 23) & 1:
            raise NotModelled(f"{name.lower()}: a swizzled or ADD_TID V# is not implemented")
        soff = _scalar_operand(w, so)
        ws, ex = w.ws, w.exec
        for l in range(ws):
            if not (ex >> l) & 1:
                continue
            index = w.v[vaddr * ws + l] if idxen else 0
            voff = w.v[(vaddr + idxen) * ws + l] if offen else 0
            offset = (voff + ioff) & 0xFFFFFFFF
            boff = (offset + stride * index) & 0xFFFFFFFF
            ok = _in_range(oob_select, swizzle, stride, d2, index, boff if oob_select == 3 else offset,
                           nbytes, range_check)
            addr = (base + soff + boff) & 0xFFFFFFFFFFFF
            if kind in ("st", "sthi"):
                if not ok:
                    continue
                if kind == "sthi":
                    data = (w.v[vdata * ws + l] >> 16).to_bytes(4, "little")[:nbytes]
                else:
                    data = b"".join(w.v[(vdata + i) * ws + l].to_bytes(4, "little")
                                    for i in range((nbytes + 3) // 4))[:nbytes]
                ctypes.memmove(addr, data, nbytes)
                continue
            val = int.from_bytes(ctypes.string_at(addr, nbytes), "little") if ok else 0
            if signed and val >> (8 * nbytes - 1):
                val -= 1 << (8 * nbytes)
            if kind in ("u", "i"):
                w.v[vdata * ws + l] = val & 0xFFFFFFFF
            elif kind == "b":
                for i in range(nbytes // 4):
                    w.v[(vdata + i) * ws + l] = (val >> (32 * i)) & 0xFFFFFFFF
            else:  # d16: the other half of the VGPR is kept
                old = w.v[vdata * ws + l]
                half = val & 0xFFFF
                w.v[vdata * ws + l] = (old & 0xFFFF0000) | half if kind == "d16" else (old & 0xFFFF) | (half << 16)
        w.pc = w.pc + size
    return run


# the range check of rdna_buffer, a fix of its own so that emulated.fix.rdna_buffer_range can
# show the out-of-bounds cases depend on it (rdna_buffer applies it; it runs no instruction)
fix("rdna_buffer_range", ("rdna3", "rdna4"),
    "RDNA3 / RDNA4 buffer range checking by the V#'s OOB_SELECT (word 3 bits 29:28; opus's word 3 "
    "0x31004000 selects 3, raw: the access is out of range when buffer offset + bytes > num_records)")(
    lambda E, pc, inst, name, compiled: None)


# -------------------------------------------------------------------- VOP3 / VOP3P with DPP
_DPP16, _DPP8, _DPP8_FI = 250, 233, 234


@fix("vop3_dpp", ("rdna3", "rdna4"),
     "RDNA3 ISA, \"Data Parallel Processing (DPP)\" and the VOP3 / VOP3P encodings: SRC0 = 250 (DPP16) "
     "or 233 / 234 (DPP8, DPP8 with FI) makes the instruction 12 bytes, the third dword holding the "
     "real VGPR source and its lane selection (DPP16: DPP_CTRL, FI, BOUND_CTRL, BANK_MASK, ROW_MASK; "
     "DPP8: a 3-bit lane select per lane of each group of 8); the emulator decoded these as 8-byte "
     "VOP3 and ran the DPP dword as the next instruction")
def _vop3_dpp(E, pc, inst, name, compiled):
    if E.arch not in ("rdna3", "rdna4") or not any(c.__name__ in ("VOP3", "VOP3SD", "VOP3P")
                                                    for c in type(inst).__mro__):
        return None
    w0 = int.from_bytes(ctypes.string_at(pc, 4), "little")
    w1 = int.from_bytes(ctypes.string_at(pc + 4, 4), "little")
    src0 = w1 & 0x1FF
    if src0 not in (_DPP16, _DPP8, _DPP8_FI):
        return None
    d = int.from_bytes(ctypes.string_at(pc + 8, 4), "little")
    vsrc0 = d & 0xFF
    if src0 == _DPP16:
        ctrl, fi, bc = (d >> 8) & 0x1FF, (d >> 18) & 1, (d >> 19) & 1
        bank_mask, row_mask = (d >> 24) & 0xF, (d >> 28) & 0xF
        if (d >> 20) & 0xF:
            raise NotModelled(f"{name.lower()} (VOP3 DPP16) with source modifiers in the DPP dword: not implemented")
    else:
        ctrl, fi, bc, bank_mask, row_mask = None, int(src0 == _DPP8_FI), 0, 0xF, 0xF
        sel = [(d >> (8 + 3 * i)) & 7 for i in range(8)]
    vdst = w0 & 0xFF
    used = {vdst, vdst + 1, vsrc0}
    for s in ((w1 >> 9) & 0x1FF, (w1 >> 18) & 0x1FF):
        if s >= 256:
            used |= {s - 256, s - 255}
    tmp = next(t for t in range(255, 200, -1) if t not in used)
    code = w0.to_bytes(4, "little") + ((w1 & ~0x1FF) | (256 + tmp)).to_bytes(4, "little")

    def run(w):
        ws, ex = w.ws, w.exec
        saved, orig = w.row(tmp), w.row(vsrc0)
        src, off = list(orig), 0
        for l in range(ws):
            if not (row_mask >> ((l >> 4) & 3)) & 1 or not (bank_mask >> ((l >> 2) & 3)) & 1:
                off |= 1 << l
                continue
            s = _dpp_source(ctrl, l, ws) if ctrl is not None else (l & ~7) | sel[l & 7]
            if s is None or not (fi or (ex >> s) & 1):
                if bc:
                    src[l] = 0
                else:
                    off |= 1 << l
            else:
                src[l] = orig[s]
        w.set_row(tmp, src)
        w.exec = ex & ~off
        run_bytes(E, w, code, w.pc + 12)
        w.exec = ex
        w.set_row(tmp, saved)
    return run


# -------------------------------------------------------------------- fp8/bf8 WMMA (RDNA4)
# OCP float8 values by code: E4M3FN (bias 7, S.1111.111 is NaN, no infinity), E5M2 (bias 15, IEEE
# infinities and NaNs); index: is E5M2
_F8_VALUES = (minifloat(4, 3, 7, "fn"), minifloat(5, 2, 15, "ieee"))


def _wmma8_at(row, k):
    """(lane, VGPR, byte) of element k of row `row` of a 16x16x16 8-bit WMMA A operand (B: of
    column `row`), RDNA4 wave32: lanes 0-15 hold K 0-3 (first VGPR) and 4-7 (second), lanes 16-31
    K 8-11 and 12-15 (AMD Matrix Instruction Calculator, rdna4 v_wmma_f32_16x16x16_fp8_fp8)"""
    return row + 16 * ((k >> 3) & 1), (k >> 2) & 1, k & 3


def _wmma8_ab(w, reg, row, k):
    lane, r, byte = _wmma8_at(row, k)
    return (w.v[(reg + r) * w.ws + lane] >> (8 * byte)) & 0xFF


@fix("wmma_fp8", ("rdna4",),
     "RDNA4 ISA, \"Wave Matrix Multiply Accumulate (WMMA)\": V_WMMA_F32_16X16X16_{FP8,BF8}_{FP8,BF8} "
     "read A and B as 8-bit floats - FP8 = E4M3 and BF8 = E5M2 (OCP), A per its first type name, B per "
     "its second - in the 8-bit operand layout (_wmma8_at), and accumulate into the "
     "f32 C / D layout (lane = N + 16 * (M / 8), VGPR M % 8); the emulator decoded the bytes as f16 "
     "bit fields")
def _wmma_fp8(E, pc, inst, name, compiled):
    if not name.startswith("V_WMMA_F32_16X16X16_") or not name.endswith(("FP8", "BF8")):
        return None
    raw = int.from_bytes(ctypes.string_at(pc, 8), "little")
    vdst, src0, src1, src2 = raw & 0xFF, (raw >> 32) & 0x1FF, (raw >> 41) & 0x1FF, (raw >> 50) & 0x1FF
    if (raw >> 61) & 7 or (raw >> 8) & 7 or src0 < 256 or src1 < 256 or not (src2 >= 256 or src2 == 128):
        raise NotModelled(f"{name.lower()} with source modifiers or a constant A/B/C operand other than 0: "
                          f"not implemented")
    a_e5m2, b_e5m2 = name.split("_")[-2] == "BF8", name.split("_")[-1] == "BF8"
    a_reg, b_reg = src0 - 256, src1 - 256

    def run(w):
        a = [[_F8_VALUES[a_e5m2][_wmma8_ab(w, a_reg, m, k)] for k in range(16)] for m in range(16)]
        b = [[_F8_VALUES[b_e5m2][_wmma8_ab(w, b_reg, n, k)] for k in range(16)] for n in range(16)]
        out = {}
        for m in range(16):
            for n in range(16):
                lane, reg = n + 16 * (m >> 3), m & 7
                c = bits_f32(w.v[(src2 - 256 + reg) * w.ws + lane]) \
                    if src2 >= 256 else 0.0
                out[(reg, lane)] = sum(a[m][k] * b[n][k] for k in range(16)) + c
        for (reg, lane), d in out.items():  # (all reads done: D may overlap C)
            w.v[(vdst + reg) * w.ws + lane] = f32_bits(d)
        w.pc = w.pc + 8
    return run
