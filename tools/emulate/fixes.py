# SPDX-License-Identifier: MIT
"""opus's in-process fixes of tinygrad's AMD GPU emulator.

Each fix replaces what the emulator does for some instructions with our own implementation,
written from the ISA document it cites; none edits tinygrad's source. A fix either
- replaces a pseudocode helper of the emulator (`pcode`), or
- runs an instruction in Python on the wave's register file (`runner`), where it may call
  the emulator's own compiled instruction for the part that is right.
OPUS_EMULATE_DISABLE=name[,name...] leaves fixes out (the emulated.fix.* tests prove each one
matters: with it disabled a representative case must fail).

ISA documents cited: "AMD Instinct MI300 Instruction Set Architecture" (CDNA3, gfx942),
"AMD Instinct MI355X / CDNA4 Instruction Set Architecture" (gfx950), "RDNA3 Instruction Set
Architecture" (gfx1100), "RDNA4 Instruction Set Architecture" (gfx1201).
"""
import ctypes
import os

SGPRS, PC_LO, EXEC_LO = 260, 256, 126


class Fix:
    def __init__(self, name, archs, isa, what, whole=False):
        self.name, self.archs, self.isa, self.what, self.whole = name, archs, isa, what, whole


FIXES = {}


def fix(name, archs, isa, whole=False):
    """registers a fix; `whole`: it computes its instructions without the emulator's compiled one"""
    def reg(fn):
        FIXES[name] = Fix(name, archs, isa, fn, whole)
        return fn
    return reg


# -------------------------------------------------------------------- wave state access
class Wave:
    """the register file of the wave an instruction runs on (arguments of a compiled instruction)"""

    def __init__(self, ws, bufs):
        self.ws, self.bufs = ws, bufs  # addresses: sgpr, vgpr, vmem, lds, scratch, acc
        sgpr, vgpr, acc = bufs[0], bufs[1], bufs[5]
        self.s = (ctypes.c_uint32 * SGPRS).from_address(sgpr)
        self.v = (ctypes.c_uint32 * (256 * ws)).from_address(vgpr)
        self.a = (ctypes.c_uint32 * (256 * ws)).from_address(acc) if ws == 64 and acc else self.v

    @property
    def pc(self):
        return self.s[PC_LO] | (self.s[PC_LO + 1] << 32)

    @pc.setter
    def pc(self, v):
        self.s[PC_LO], self.s[PC_LO + 1] = v & 0xFFFFFFFF, v >> 32

    @property
    def exec(self):
        return self.s[EXEC_LO] | ((self.s[EXEC_LO + 1] << 32) if self.ws == 64 else 0)

    @exec.setter
    def exec(self, m):
        self.s[EXEC_LO] = m & 0xFFFFFFFF
        if self.ws == 64:
            self.s[EXEC_LO + 1] = m >> 32

    def call(self, compiled):
        """runs a compiled instruction (prg, runtime) of the emulator on this wave"""
        prg, runtime = compiled
        b = [ctypes.c_uint64(x) for x in self.bufs]
        runtime.fxn(*[b[g] for g in prg.arg.globals])

    def row(self, reg, acc=False):
        f = self.a if acc else self.v
        return list(f[reg * self.ws:(reg + 1) * self.ws])

    def set_row(self, reg, vals, acc=False):
        f = self.a if acc else self.v
        f[reg * self.ws:(reg + 1) * self.ws] = vals


def python_runner(E, fn):
    """a compiled-instruction stand-in calling fn(Wave) (it takes all six emulator buffers)"""
    ws = 64 if E.arch == "cdna" else 32

    def fxn(*bufs):
        fn(Wave(ws, [b.value for b in bufs]))
    return fxn


def run_bytes(E, w, inst_bytes, pc_after):
    """runs the emulator's own implementation of the instruction `inst_bytes` on wave w (placed in
    a scratch code page, since compiled instructions read their fields from memory at PC)"""
    code = bytes(inst_bytes) + bytes(16 - len(inst_bytes))
    ctypes.memmove(E.scratch_code, code, 16)
    w.pc = E.scratch_code
    w.call(E.emu._get_runner(code[:len(inst_bytes) + 4], E.arch))
    w.pc = pc_after


# -------------------------------------------------------------------- numbers (shared by the fix modules)
# inline integer constants of a source operand (MI300 / RDNA3 ISA, "Scalar / Vector Operands"):
# 128..192 are 0..64, 193..208 are -1..-16
INLINE_INT = {**{128 + i: i for i in range(65)}, **{192 + i: -i for i in range(1, 17)}}


def f32_bits(x):
    """the fp32 bits of x rounded to fp32 (to nearest even); beyond the largest finite value +-Inf"""
    import struct
    try:
        return int.from_bytes(struct.pack("<f", x), "little")
    except OverflowError:
        return 0x7F800000 | (0x80000000 if x < 0 else 0)


def bits_f32(u):
    """the float that fp32 bits u stand for"""
    import struct
    return struct.unpack("<f", (u & 0xFFFFFFFF).to_bytes(4, "little"))[0]


def minifloat(e, m, bias, special):
    """the values of every code of a 1-e-m float: special "ieee" (all-ones exponent: inf / NaN),
    "fn" (only S.1111.111 is NaN: OCP E4M3), "fnuz" (0x80 is NaN, no inf, no -0), "" (finite)"""
    import math
    out = []
    for code in range(1 << (1 + e + m)):
        s = -1.0 if code >> (e + m) else 1.0
        ex, man = (code >> m) & ((1 << e) - 1), code & ((1 << m) - 1)
        if special == "fnuz" and code == 1 << (e + m):
            v = math.nan
        elif special == "ieee" and ex == (1 << e) - 1:
            v = s * math.inf if man == 0 else math.nan
        elif special == "fn" and ex == (1 << e) - 1 and man == (1 << m) - 1:
            v = math.nan
        elif ex == 0:
            v = s * math.ldexp(man, 1 - bias - m)
        else:
            v = s * math.ldexp((1 << m) | man, ex - bias - m)
        out.append(v)
    return out


# -------------------------------------------------------------------- the fixes
def _installed_by_apply(name, archs, isa):
    """registers a fix that `apply` installs (new pseudocode or helpers, the float mode): it gives
    no instruction a runner of its own"""
    fix(name, archs, isa)(lambda E, pc, inst, name, compiled: None)


@fix("s_getpc", ("cdna", "rdna3", "rdna4"),
     "MI300 ISA, SOP1 instructions: S_GETPC_B64 \"D0.i64 = PC + 4LL\" (the address of the next "
     "instruction); the emulator's scalar compiler gives this pseudocode no PC and fails")
def _getpc(E, pc, inst, name, compiled):
    if name != "S_GETPC_B64":
        return None
    sdst = (int.from_bytes(ctypes.string_at(pc, 4), "little") >> 16) & 0x7F

    def run(w):
        nxt = w.pc + 4
        w.s[sdst], w.s[sdst + 1] = nxt & 0xFFFFFFFF, nxt >> 32
        w.pc = nxt
    return run


@fix("cache_ops", ("cdna", "rdna4"),
     "MI300 ISA, MUBUF instructions: BUFFER_WBL2 / BUFFER_INV write back / invalidate caches and "
     "move no data; the emulator, which has no caches, ran them as buffer loads through s[0:3]. "
     "RDNA4 ISA, VGLOBAL: GLOBAL_INV / GLOBAL_WB / GLOBAL_WBINV likewise move no data; the emulator "
     "could not build them")
def _cache_ops(E, pc, inst, name, compiled):
    if name not in ("BUFFER_WBL2", "BUFFER_INV", "BUFFER_WBINVL1", "BUFFER_WBINVL1_VOL",
                    "GLOBAL_INV", "GLOBAL_WB", "GLOBAL_WBINV"):
        return None
    size = inst.size()  # (8 bytes for MUBUF, 12 for RDNA4's VGLOBAL)

    def run(w):
        w.pc = w.pc + size
    return run


def _dpp_source(ctrl, lane, ws):
    """source lane of `lane` for DPP control `ctrl`, or None when it is out of range
    (MI300 ISA "DPP" table of DPP_CTRL values; RDNA3 ISA "DPP16")"""
    row, r = lane & ~15, lane & 15
    if ctrl <= 0xFF:                      # quad_perm
        return (lane & ~3) | ((ctrl >> (2 * (lane & 3))) & 3)
    if 0x101 <= ctrl <= 0x10F:            # row_shl:1-15
        s = r + (ctrl & 15)
        return row + s if s < 16 else None
    if 0x111 <= ctrl <= 0x11F:            # row_shr:1-15
        s = r - (ctrl & 15)
        return row + s if s >= 0 else None
    if 0x121 <= ctrl <= 0x12F:            # row_ror:1-15
        return row + ((r - (ctrl & 15)) & 15)
    if ctrl == 0x130 and ws == 64:        # wave_shl:1
        return lane + 1 if lane + 1 < ws else None
    if ctrl == 0x134 and ws == 64:        # wave_rol:1
        return (lane + 1) % ws
    if ctrl == 0x138 and ws == 64:        # wave_shr:1
        return lane - 1 if lane >= 1 else None
    if ctrl == 0x13C and ws == 64:        # wave_ror:1
        return (lane - 1) % ws
    if ctrl == 0x140:                     # row_mirror
        return row + 15 - r
    if ctrl == 0x141:                     # row_half_mirror
        return row + (r & 8) + 7 - (r & 7)
    if ctrl == 0x142 and ws == 64:        # row_bcast:15: lane 15 of the previous row
        return row - 1 if row else None
    if ctrl == 0x143 and ws == 64:        # row_bcast:31: lane 31
        return 31 if lane >= 32 else None
    if 0x150 <= ctrl <= 0x15F and ws == 32:   # row_share (RDNA)
        return row + (ctrl & 15)
    if 0x160 <= ctrl <= 0x16F and ws == 32:   # row_xmask (RDNA)
        return row + (r ^ (ctrl & 15))
    raise RuntimeError(f"DPP control {ctrl:#x} is not defined for wave{ws}")


@fix("dpp", ("cdna", "rdna3", "rdna4"),
     "MI300 ISA, \"Data Parallel Processing (DPP)\": the source operand is read from the lane DPP_CTRL "
     "names, before any lane is written (so VDST may equal SRC0), row_bcast:15 reads lane 15 of the "
     "previous row and row_bcast:31 lane 31; an invalid source lane (out of range or EXEC=0) gives 0 "
     "with BOUND_CTRL=1 and leaves the lane unwritten otherwise. The emulator read lanes already "
     "written when VDST = SRC0 and broadcast lane 0 of the row for row_bcast")
def _dpp(E, pc, inst, name, compiled):
    if not type(inst).__name__.endswith("DPP16") or type(inst).__name__.startswith("VOP3"):
        return None  # (VOP3 / VOP3P with DPP: fixes_rdna.py, vop3_dpp)
    b = bytearray(ctypes.string_at(pc, 8))
    d1 = int.from_bytes(b[4:8], "little")
    vsrc0, ctrl, bc = d1 & 0xFF, (d1 >> 8) & 0x1FF, (d1 >> 19) & 1
    word0 = int.from_bytes(b[0:4], "little")
    vdst, vsrc1 = (word0 >> 17) & 0xFF, (word0 >> 9) & 0xFF
    wide = 2 if ("64" in name.split("_")[-2:][0] or name.endswith("F64_E32") or "B64" in name) else 1
    used = {vdst + i for i in range(wide)} | {vsrc0 + i for i in range(wide)} | {vsrc1 + i for i in range(wide)}
    tmp = next(t for t in range(255, 200, -1) if all(t + i not in used for i in range(wide)))
    # the same instruction reading src0 from `tmp` without a lane permutation (quad_perm [0,1,2,3])
    b2 = bytearray(b)
    d2 = (d1 & ~0xFF & ~(0x1FF << 8) & ~(1 << 19)) | tmp | (0xE4 << 8)
    b2[4:8] = d2.to_bytes(4, "little")
    size = 8

    def run(w):
        ws, ex = w.ws, w.exec
        saved = [w.row(tmp + i) for i in range(wide)]
        orig = [w.row(vsrc0 + i) for i in range(wide)]  # every lane read before any is written
        srcs = [list(x) for x in orig]
        off = 0
        for l in range(ws):
            s = _dpp_source(ctrl, l, ws)
            if s is None or not (ex >> s) & 1:
                if bc:
                    for i in range(wide):
                        srcs[i][l] = 0
                else:
                    off |= 1 << l
            else:
                for i in range(wide):
                    srcs[i][l] = orig[i][s]
        for i in range(wide):
            w.set_row(tmp + i, srcs[i])
        w.exec = ex & ~off
        run_bytes(E, w, b2, w.pc + size)
        w.exec = ex
        for i in range(wide):
            w.set_row(tmp + i, saved[i])
    return run


@fix("ds_swizzle", ("cdna", "rdna3", "rdna4"),
     "MI300 ISA, DS_SWIZZLE_B32: with offset[15]=1 lane i reads lane (i & ~3) | offset[2*(i&3)+1 : "
     "2*(i&3)]; otherwise, within each group of 32 lanes, lane ((i & and_mask) | or_mask) ^ xor_mask "
     "(and_mask = offset[4:0], or_mask = offset[9:5], xor_mask = offset[14:10]); the emulator could "
     "not compile this instruction")
def _ds_swizzle(E, pc, inst, name, compiled):
    if name != "DS_SWIZZLE_B32":
        return None
    w0 = int.from_bytes(ctypes.string_at(pc, 4), "little")
    w1 = int.from_bytes(ctypes.string_at(pc + 4, 4), "little")
    # (the swizzled value is the ADDR operand's VGPR, word 1 bits 7:0: "ds_swizzle_b32 vdst, vaddr")
    offset, data0, vdst = w0 & 0xFFFF, w1 & 0xFF, (w1 >> 24) & 0xFF
    if E.arch != "cdna" and offset >= 0xC000:
        raise RuntimeError(f"ds_swizzle_b32 offset {offset:#x}: the RDNA rotate/FFT modes are not implemented")

    def source(i):
        if offset & 0x8000:
            return (i & ~3) | ((offset >> (2 * (i & 3))) & 3)
        a, o, x = offset & 31, (offset >> 5) & 31, (offset >> 10) & 31
        return (i & ~31) | ((((i & 31) & a) | o) ^ x)

    def run(w):
        ex, src = w.exec, w.row(data0)
        out = w.row(vdst)
        for i in range(w.ws):
            if (ex >> i) & 1:
                out[i] = src[source(i)]
        w.set_row(vdst, out)
        w.pc = w.pc + 8
    return run


def _mfma32_rows():
    """position (lane group g, register r) of row m of a 32x32 MFMA result: AMD's layout
    m = 8*(r//4) + 4*g + r%4 and the emulator's m = 16*g + r"""
    isa = {8 * (r // 4) + 4 * g + r % 4: (g, r) for g in range(2) for r in range(16)}
    emu = {16 * g + r: (g, r) for g in range(2) for r in range(16)}
    return isa, emu


@fix("mfma32_layout", ("cdna",),
     "MI300 ISA, \"Dependency Resolution: Required Independent Instructions\" / matrix layouts of "
     "V_MFMA_F32_32X32X8_F16 etc.: a 32x32 result keeps row m of column n in lane n + 32*((m/4)%2), "
     "register 4*(m/8) + m%4; the emulator kept rows 16*(lane/32) .. +15 in registers 0..15")
def _mfma32(E, pc, inst, name, compiled):
    if not name.startswith(("V_MFMA_F32_32X32", "V_MFMA_I32_32X32", "V_MFMA_SCALE_F32_32X32")) or "_2B" in name \
            or compiled is None:  # (an MFMA the emulator cannot build: not modelled)
        return None
    if E.target == "gfx942" and ("FP8" in name or "BF8" in name):
        return None  # (gfx942's FNUZ fp8: fixes_mfma.py computes the whole instruction)
    at = pc + 8 if name.startswith("V_MFMA_SCALE") else pc  # (the scaled form: scale word first)
    w0 = int.from_bytes(ctypes.string_at(at, 4), "little")
    w1 = int.from_bytes(ctypes.string_at(at + 4, 4), "little")
    vdst, acc_cd, src2 = w0 & 0xFF, bool((w0 >> 15) & 1), (w1 >> 18) & 0x1FF
    isa, emu = _mfma32_rows()

    def permute(w, base, frm, to):
        """moves every row m of the 16 result registers at `base` from layout frm to layout to"""
        regs = [w.row(base + r, acc_cd) for r in range(16)]
        out = [list(x) for x in regs]
        for m in range(32):
            (g0, r0), (g1, r1) = frm[m], to[m]
            for n in range(32):
                out[r1][n + 32 * g1] = regs[r0][n + 32 * g0]
        for r in range(16):
            w.set_row(base + r, out[r], acc_cd)

    def run(w):
        c = src2 - 256 if src2 >= 256 else None
        if c is not None:
            permute(w, c, isa, emu)
        w.call(compiled)  # (advances PC)
        permute(w, vdst, emu, isa)
        if c is not None and c != vdst:
            permute(w, c, emu, isa)
    return run


def _field(inst, raw, name):
    """the integer value of instruction field `name` in the raw encoding `raw`"""
    f = getattr(type(inst), name)
    return (raw >> f.lo) & ((1 << (f.hi - f.lo + 1)) - 1)


def _mubuf_fields(pc, inst):
    raw = int.from_bytes(ctypes.string_at(pc, 8), "little")
    return {n: _field(inst, raw, n) for n in ("vaddr", "vdata", "srsrc", "offset", "offen", "idxen")}


def _mubuf_offsets(w, f):
    """per lane: the buffer offset the range check uses (stride * index + VGPR offset + instruction
    offset, as the emulator computes it) and num_records, or None for an inactive lane"""
    rs = 4 * f["srsrc"]
    num_records, stride = w.s[rs + 2], w.s[rs + 3] & 0x3FFF
    out = []
    for l in range(w.ws):
        if not (w.exec >> l) & 1:
            out.append(None)
            continue
        index = w.v[f["vaddr"] * w.ws + l] if f["idxen"] else 0
        voff = w.v[(f["vaddr"] + (1 if f["idxen"] else 0)) * w.ws + l] if f["offen"] else 0
        out.append(((stride * index + voff + f["offset"]) & 0xFFFFFFFF, num_records))
    return out


@fix("buffer_dword_range", ("cdna",),
     "MI300 ISA, \"Buffer Instructions\" range checking (as in the Vega and GCN3 ISA notes): "
     "BUFFER_LOAD/STORE_DWORD/X2/X3/X4 are range-checked per dword - the dwords out of range, also one "
     "only partly past NUM_RECORDS, read 0 and are not written - while FORMAT loads/stores and atomics "
     "are all or nothing; the emulator checked only the first byte of an access, and moved the aligned "
     "dword below an address that is not a multiple of 4")
def _buffer_dword_range(E, pc, inst, name, compiled):
    if not name.startswith(("BUFFER_LOAD_DWORD", "BUFFER_STORE_DWORD")) or compiled is None:
        return None
    raw = int.from_bytes(ctypes.string_at(pc, 8), "little")
    if _field(inst, raw, "lds"):
        return None
    f = _mubuf_fields(pc, inst)
    n = int(name[-1]) if name[-1].isdigit() else 1
    store, acc = name.startswith("BUFFER_STORE"), bool(_field(inst, raw, "acc"))

    def run(w):
        rs = 4 * f["srsrc"]
        base = (w.s[rs] | (w.s[rs + 1] << 32)) & 0xFFFFFFFFFFFF
        soff = _soffset(w, pc, inst)
        aligned = _dword_aligned(w, f, base + soff + f["offset"], w.s[rs + 3] & 0x3FFF)
        if n == 1 and aligned and not w.s[rs + 2] & 3:
            # (a single dword is partly past NUM_RECORDS only when NUM_RECORDS or its address is not
            # dword-aligned: the per-lane check, in Python, is skipped for the aligned common case)
            w.call(compiled)
            return
        offs = _mubuf_offsets(w, f)
        if not aligned:
            # (the emulator moves the aligned dword below an address: an unaligned access is done
            # here, byte-exact; test_mem_targets, "gmem: fp16x2 at an unaligned offset ...")
            regs = w.a if acc else w.v
            for l, o in enumerate(offs):
                if o is None:
                    continue
                for i in range(n):
                    a, inr = base + soff + o[0] + 4 * i, o[0] + 4 * i + 4 <= o[1]
                    at = (f["vdata"] + i) * w.ws + l
                    if store and inr:
                        ctypes.memmove(a, regs[at].to_bytes(4, "little"), 4)
                    elif not store:
                        regs[at] = int.from_bytes(ctypes.string_at(a, 4), "little") if inr else 0
            w.pc = w.pc + 8
            return
        out = [(l, i) for l, o in enumerate(offs) if o is not None and o[0] < o[1]
               for i in range(n) if o[0] + 4 * i + 4 > o[1]]  # dwords (partly) past the end of an in-range access
        if not out:
            w.call(compiled)
            return
        if store:
            kept = [(base + soff + offs[l][0] + 4 * i) for l, i in out]
            saved = [ctypes.c_uint32.from_address(a).value for a in kept]
            w.call(compiled)
            for a, v in zip(kept, saved):
                ctypes.c_uint32.from_address(a).value = v
        else:
            w.call(compiled)
            f_ = w.a if acc else w.v
            for l, i in out:
                f_[(f["vdata"] + i) * w.ws + l] = 0
    return run


_LOW2 = {ws: int.from_bytes(b"\x03\0\0\0" * ws, "little") for ws in (32, 64)}


def _dword_aligned(w, f, start, stride):
    """whether every lane's buffer address is a multiple of 4: the start (base + SOFFSET + the
    instruction offset), stride * index (idxen) and each lane's VGPR offset (offen; inactive lanes
    are looked at too, which only costs the fast path)"""
    if start & 3 or (f["idxen"] and stride & 3):
        return False
    if not f["offen"]:
        return True
    reg = f["vaddr"] + (1 if f["idxen"] else 0)
    row = ctypes.string_at(ctypes.addressof(w.v) + 4 * reg * w.ws, 4 * w.ws)
    return not int.from_bytes(row, "little") & _LOW2[w.ws]


def _soffset(w, pc, inst):
    raw = int.from_bytes(ctypes.string_at(pc, 8), "little")
    so = _field(inst, raw, "soffset")
    return w.s[so] if so < 128 else so - 128  # (as the emulator reads it)


def _raw_buffer_lanes(w, f, pc, inst, size):
    """per active lane of a raw buffer access (descriptor stride 0, no index) of `size` bytes: (lane,
    address, bytes in range); NotModelled for a strided or indexed buffer (not written here)"""
    from codeobject import NotModelled
    rs = 4 * f["srsrc"]
    if f["idxen"] or w.s[rs + 1] >> 16 & 0x3FFF:
        raise NotModelled("an 8/16-bit buffer access or buffer atomic with a strided or indexed descriptor")
    base = (w.s[rs] | (w.s[rs + 1] << 32)) & 0xFFFFFFFFFFFF
    soff = _soffset(w, pc, inst)
    out = []
    for l, o in enumerate(_mubuf_offsets(w, f)):
        if o is not None:
            off, num_records = o
            out.append((l, base + soff + off, max(0, min(size, num_records - off))))
    return out


def _mubuf_named(table, pc, inst, name):
    """(raw encoding, fields) of the MUBUF instruction at pc when `table` names it, else None"""
    if name not in table:
        return None
    return int.from_bytes(ctypes.string_at(pc, 8), "little"), _mubuf_fields(pc, inst)


_SUBDWORD = {  # name -> (bytes, signed, destination half: None = whole dword, 0 = low, 1 = high)
    "BUFFER_LOAD_UBYTE": (1, False, None), "BUFFER_LOAD_SBYTE": (1, True, None),
    "BUFFER_LOAD_USHORT": (2, False, None), "BUFFER_LOAD_SSHORT": (2, True, None),
    "BUFFER_LOAD_UBYTE_D16": (1, False, 0), "BUFFER_LOAD_UBYTE_D16_HI": (1, False, 1),
    "BUFFER_LOAD_SBYTE_D16": (1, True, 0), "BUFFER_LOAD_SBYTE_D16_HI": (1, True, 1),
    "BUFFER_LOAD_SHORT_D16": (2, False, 0), "BUFFER_LOAD_SHORT_D16_HI": (2, False, 1),
    "BUFFER_STORE_BYTE": (1, False, 0), "BUFFER_STORE_BYTE_D16_HI": (1, False, 1),
    "BUFFER_STORE_SHORT": (2, False, 0), "BUFFER_STORE_SHORT_D16_HI": (2, False, 1),
}


@fix("buffer_subdword", ("cdna",),
     "MI300 ISA, MUBUF instructions: BUFFER_LOAD_UBYTE/SBYTE/USHORT/SSHORT zero- or sign-extend one byte "
     "or short into the VGPR, the _D16 forms write its low half and _D16_HI its high half (the other half "
     "kept), BUFFER_STORE_BYTE/SHORT write the low byte/short of the VGPR and _D16_HI bits 23:16 / 31:16; "
     "\"Buffer Instructions\" range checking: a byte at an offset >= NUM_RECORDS (stride 0) is out of "
     "range: it reads 0 and is not written. The emulator moved whole dwords")
def _buffer_subdword(E, pc, inst, name, compiled):
    got = _mubuf_named(_SUBDWORD, pc, inst, name)
    if got is None or _field(inst, got[0], "lds"):
        return None  # (LDS DMA of bytes: left to the emulator's limit)
    raw, f = got
    size, signed, half = _SUBDWORD[name]
    store, acc = name.startswith("BUFFER_STORE"), bool(_field(inst, raw, "acc"))

    def run(w):
        regs = w.a if acc else w.v
        for l, addr, n in _raw_buffer_lanes(w, f, pc, inst, size):
            at = f["vdata"] * w.ws + l
            if store:
                val = (regs[at] >> (16 * half)) & ((1 << (8 * size)) - 1)
                if n:
                    ctypes.memmove(addr, val.to_bytes(size, "little"), n)
                continue
            val = int.from_bytes(ctypes.string_at(addr, n) + bytes(size - n), "little") if n else 0
            if signed and val >> (8 * size - 1):
                val -= 1 << (8 * size)
            if half is None:
                regs[at] = val & 0xFFFFFFFF
            else:
                keep = regs[at] & (0xFFFF0000 if half == 0 else 0x0000FFFF)
                regs[at] = keep | ((val & 0xFFFF) << (16 * half))
        w.pc = w.pc + 8
    return run


_GLOBAL16 = {"GLOBAL_LOAD_USHORT": None, "GLOBAL_LOAD_SSHORT": None, "GLOBAL_LOAD_SHORT_D16": 0,
             "GLOBAL_LOAD_SHORT_D16_HI": 1}  # name -> destination half (None: the whole dword)


@fix("global_load16_odd", ("cdna",),
     "MI300 ISA, \"Global\" / FLAT memory instructions: memory is byte-addressed, global accesses need no "
     "alignment, so GLOBAL_LOAD_USHORT / _SSHORT / _SHORT_D16 / _SHORT_D16_HI read the two bytes at the lane's "
     "address; at an odd address the emulator read the aligned halfword below it")
def _global_load16_odd(E, pc, inst, name, compiled):
    if name not in _GLOBAL16 or compiled is None:
        return None
    raw = int.from_bytes(ctypes.string_at(pc, 8), "little")
    vaddr, saddr, vdst = (raw >> 32) & 0xFF, (raw >> 48) & 0x7F, (raw >> 56) & 0xFF
    acc, off = bool((raw >> 55) & 1), raw & 0x1FFF
    off -= (off & 0x1000) << 1  # (13-bit signed)
    half, signed = _GLOBAL16[name], name == "GLOBAL_LOAD_SSHORT"

    def run(w):
        ex, ws = w.exec, w.ws
        odd = []
        for l in range(ws):
            if not (ex >> l) & 1:
                continue
            if saddr < 124:  # (an SGPR pair base plus a 32-bit VGPR offset; otherwise a 64-bit VGPR address)
                a = (w.s[saddr] | (w.s[saddr + 1] << 32)) + w.v[vaddr * ws + l]
            else:
                a = w.v[vaddr * ws + l] | (w.v[(vaddr + 1) * ws + l] << 32)
            a = (a + off) & 0xFFFFFFFFFFFFFFFF
            if a & 1:
                odd.append((l, a))
        w.call(compiled)  # (advances PC; right for the even addresses)
        regs = w.a if acc else w.v
        for l, a in odd:
            val = int.from_bytes(ctypes.string_at(a, 2), "little")
            at = vdst * ws + l
            if half is None:
                regs[at] = (val - 0x10000) & 0xFFFFFFFF if signed and val >> 15 else val
            elif half == 0:
                regs[at] = (regs[at] & 0xFFFF0000) | val
            else:
                regs[at] = (regs[at] & 0xFFFF) | (val << 16)
    return run


def _round_bits(x, mant):
    """x rounded to `mant` fraction bits, to nearest even (x finite, the result's exponent in range)"""
    import math
    if x == 0 or not math.isfinite(x):
        return x
    m, e = math.frexp(x)
    return math.ldexp(round(math.ldexp(m, mant + 1)), e - mant - 1)  # (round(): ties to even, exact)


def _f16_add(a, b):
    import struct
    x = struct.unpack("<e", a.to_bytes(2, "little"))[0] + struct.unpack("<e", b.to_bytes(2, "little"))[0]
    try:
        return int.from_bytes(struct.pack("<e", x), "little")
    except OverflowError:
        return 0x7C00 | (0x8000 if x < 0 else 0)


def _bf16_add(a, b):
    import struct
    x = struct.unpack("<f", (a << 16).to_bytes(4, "little"))[0] + struct.unpack("<f", (b << 16).to_bytes(4, "little"))[0]
    x = _round_bits(x, 7)
    try:
        return int.from_bytes(struct.pack("<f", x), "little") >> 16
    except OverflowError:
        return 0x7F80 | (0x8000 if x < 0 else 0)


def _f32_add(a, b):
    # (the fp64 sum of two fp32 values rounds to the fp32 sum: it is exact or far below half an ulp)
    return f32_bits(bits_f32(a) + bits_f32(b))


_ATOMICS = {  # name -> new memory dword from (old, data, cmp)
    "BUFFER_ATOMIC_ADD": lambda o, d, c: (o + d) & 0xFFFFFFFF,
    "BUFFER_ATOMIC_ADD_F32": lambda o, d, c: _f32_add(o, d),
    "BUFFER_ATOMIC_PK_ADD_F16": lambda o, d, c: _f16_add(o & 0xFFFF, d & 0xFFFF) | (_f16_add(o >> 16, d >> 16) << 16),
    "BUFFER_ATOMIC_PK_ADD_BF16": lambda o, d, c: _bf16_add(o & 0xFFFF, d & 0xFFFF) | (_bf16_add(o >> 16, d >> 16) << 16),
    "BUFFER_ATOMIC_CMPSWAP": lambda o, d, c: d if o == c else o,
}


_ATOMICS_ISA = (
    "MI300 ISA, MUBUF atomics: BUFFER_ATOMIC_ADD (u32), _ADD_F32, _PK_ADD_F16 / _PK_ADD_BF16 (two 16-bit halves, "
    "round to nearest even) and _CMPSWAP (DATA = {src, cmp}: memory = memory == cmp ? src : memory) update the "
    "dword in memory, and with SC0 (GLC) return its previous value to VDATA; out of range (\"Buffer Instructions\": "
    "atomics are all or nothing) they update nothing and return 0. The emulator ran them as loads")


@fix("buffer_atomics", ("cdna",), _ATOMICS_ISA)
def _buffer_atomics(E, pc, inst, name, compiled):
    if (got := _mubuf_named(_ATOMICS, pc, inst, name)) is None:
        return None
    raw, f = got
    op, ret, acc = _ATOMICS[name], bool(_field(inst, raw, "sc0")), bool(_field(inst, raw, "acc"))
    cmp = name == "BUFFER_ATOMIC_CMPSWAP"

    def run(w):
        regs = w.a if acc else w.v
        for l, addr, n in _raw_buffer_lanes(w, f, pc, inst, 4):  # (lane order: one valid order)
            at = f["vdata"] * w.ws + l
            old = 0
            if n == 4:
                cell = ctypes.c_uint32.from_address(addr)
                old = cell.value
                cell.value = op(old, regs[at], regs[at + w.ws] if cmp else 0)
            if ret:
                regs[at] = old
        w.pc = w.pc + 8
    return run


@fix("lds_dma_offset", ("cdna",),
     "MI300 ISA, \"Global Load LDS\" (buffer loads with LDS=1): the LDS address is M0's LDS base + "
     "the instruction offset + TID*4, so the immediate offset moves both the global and the LDS "
     "address; the emulator added it to the global address only")
def _lds_dma_offset(E, pc, inst, name, compiled):
    if not name.startswith("BUFFER_LOAD") or compiled is None or not hasattr(type(inst), "lds"):
        return None
    raw = int.from_bytes(ctypes.string_at(pc, 8), "little")
    if not _field(inst, raw, "lds"):
        return None
    off = _field(inst, raw, "offset")
    if not off:
        return None

    def run(w):
        m0 = w.s[124]
        w.s[124] = (m0 & ~0x3FFFF) | ((m0 + off) & 0x3FFFF)
        w.call(compiled)
        w.s[124] = m0
    return run


@fix("vgpr_hi16", ("cdna",),
     "MI300 ISA, \"VOP1\" / \"VOP2\" / \"VOPC\" encodings: SRC0 values 256-511 are VGPR 0-255 and VSRC1 / "
     "VDST are plain 8-bit VGPR numbers, also for 16-bit operations (CDNA has no 16-bit register "
     "halves: a 16-bit operand is the low half of its VGPR, the high half is reached with SDWA); "
     "the emulator applied RDNA3's true16 rule (VGPR number >= 128 = high half of VGPR n-128) to "
     "these encodings on CDNA too, so e.g. v_cvt_f32_f16_e32 v100, v132 read v4's high half")
def _vgpr_hi16(E, pc, inst, name, compiled):
    bases = {c.__name__ for c in type(inst).__mro__}
    kind = next((k for k in ("VOP1", "VOP2", "VOPC") if k in bases), None)
    cls = type(inst).__name__
    if kind is None or compiled is None or "SDWA" in cls or "DPP" in cls:
        return None
    bits = inst.canonical_op_bits
    if 16 not in bits.values() or 64 in bits.values():
        return None
    raw = int.from_bytes(ctypes.string_at(pc, 4), "little")
    src0 = _field(inst, raw, "src0")
    regs = {}  # field -> VGPR number
    if src0 >= 256:
        regs["src0"] = src0 - 256
    if kind != "VOP1":
        regs["vsrc1"] = _field(inst, raw, "vsrc1")
    if kind != "VOPC":
        regs["vdst"] = _field(inst, raw, "vdst")
    high = sorted({r for r in regs.values() if r >= 128})
    if not high:
        return None
    # run the same instruction on low VGPRs (renaming registers does not change its meaning)
    free = [t for t in range(127, -1, -1) if t not in regs.values()]
    tmp = dict(zip(high, free))
    new = raw
    for fld, r in regs.items():
        if r in tmp:
            f = getattr(type(inst), fld)
            val = tmp[r] + (256 if fld == "src0" else 0)
            new = (new & ~(((1 << (f.hi - f.lo + 1)) - 1) << f.lo)) | (val << f.lo)
    size = 8 if src0 == 255 else 4  # (a literal follows)
    code = new.to_bytes(4, "little") + ctypes.string_at(pc + 4, size - 4)
    vdst = regs.get("vdst")

    def run(w):
        saved = {t: w.row(t) for t in tmp.values()}
        for r, t in tmp.items():
            w.set_row(t, w.row(r))
        run_bytes(E, w, code, w.pc + size)
        if vdst is not None and vdst in tmp:
            w.set_row(vdst, w.row(tmp[vdst]))
        for t, row in saved.items():
            w.set_row(t, row)
    return run


def _cvt_saturating(pcode_mod, UOp, Ops, dtypes, lo, hi, dt):
    def f(a):
        x = a.bitcast(dtypes.float32)
        t = UOp(Ops.TRUNC, src=(x,))
        big = x >= UOp.const(hi, dtypes.float32)
        small = x < UOp.const(lo, dtypes.float32)
        nan = x.ne(x)
        inrange = big.where(UOp.const(0.0, dtypes.float32), small.where(UOp.const(0.0, dtypes.float32), t))
        v = inrange.cast(dtypes.int64).cast(dt)
        v = big.where(UOp.const(dt.max, dt), small.where(UOp.const(dt.min, dt), v))
        return nan.where(UOp.const(0, dt), v)
    return f


_installed_by_apply("cvt_saturate", ("cdna", "rdna3", "rdna4"),
     "MI300 ISA, V_CVT_I32_F32 / V_CVT_U32_F32: out-of-range inputs and infinities give the largest "
     "or smallest representable integer, NaN gives 0 (the emulator truncated without saturating)")


_installed_by_apply("fp32_denormals", ("cdna", "rdna3", "rdna4"),
     "MI300 ISA, \"Denormalized and Rounding Modes\": with the kernel's default FP32 denormal mode "
     "(MODE.FP_DENORM: preserve), ALU instructions keep fp32 denormals; the emulator ran every "
     "instruction with the host's flush-to-zero / denormals-are-zero set")


def _f32(a, dtypes):
    return a if a.dtype == dtypes.float32 else a.bitcast(dtypes.float32)


def _flush_f32(x, UOp, dtypes):
    """x with an fp32 denormal replaced by a zero of its sign"""
    bits = x.bitcast(dtypes.uint32)
    den = (bits & UOp.const(0x7F800000, dtypes.uint32)).eq(UOp.const(0, dtypes.uint32)) & \
        (bits & UOp.const(0x007FFFFF, dtypes.uint32)).ne(UOp.const(0, dtypes.uint32))
    return den.where((bits & UOp.const(0x80000000, dtypes.uint32)).bitcast(dtypes.float32), x)


def _transcendental_f32(fn, UOp, Ops, dtypes, half=False):
    """V_<fn>_F32 computed in fp64 and rounded once to fp32 (so within the ISA's 1 ulp), denormal
    inputs and results flushed to a zero of their sign; with half, V_<fn>_F16 likewise in fp16,
    its denormals kept (the fp16 default mode keeps them)"""
    def f(a):
        if half:
            x = _half(a, UOp, dtypes).cast(dtypes.float32).cast(dtypes.float64)
        else:
            x = _flush_f32(_f32(a, dtypes), UOp, dtypes).cast(dtypes.float64)
        one = UOp.const(1.0, dtypes.float64)
        r = {"EXP": lambda: UOp(Ops.EXP2, src=(x,)), "LOG": lambda: UOp(Ops.LOG2, src=(x,)),
             "RCP": lambda: one / x, "SQRT": lambda: UOp(Ops.SQRT, src=(x,)),
             "RSQ": lambda: one / UOp(Ops.SQRT, src=(x,))}[fn]()
        return r.cast(dtypes.half) if half else _flush_f32(r.cast(dtypes.float32), UOp, dtypes)
    return f


def _rndne64(x, UOp, Ops, dtypes):
    """the fp64 x rounded to the nearest integer, a tie to the even one, the sign of a zero result
    the input's: trunc(x), moved one away from zero when the dropped fraction exceeds 1/2 or is 1/2
    next to an odd trunc(x) (exact in fp64 for every fp32 x and for an fp32 times a power of two)"""
    f64 = dtypes.float64
    t = UOp(Ops.TRUNC, src=(x,))
    d = x - t
    ad = (d < UOp.const(0.0, f64)).where(-d, d)
    half = t * UOp.const(0.5, f64)
    odd = UOp(Ops.TRUNC, src=(half,)).ne(half)
    up = (ad > UOp.const(0.5, f64)) | (ad.eq(UOp.const(0.5, f64)) & odd)
    step = (x < UOp.const(0.0, f64)).where(UOp.const(-1.0, f64), UOp.const(1.0, f64))
    return up.where(t + step, t)


def _half(a, UOp, dtypes):
    return a if a.dtype == dtypes.half else \
        (a.cast(dtypes.uint32) & UOp.const(0xFFFF, dtypes.uint32)).cast(dtypes.uint16).bitcast(dtypes.half)


def _rndne_f32(UOp, Ops, dtypes, half=False):
    def f(a):
        if half:
            x = _half(a, UOp, dtypes).cast(dtypes.float32).cast(dtypes.float64)
            return _rndne64(x, UOp, Ops, dtypes).cast(dtypes.half)
        return _rndne64(_f32(a, dtypes).cast(dtypes.float64), UOp, Ops, dtypes).cast(dtypes.float32)
    return f


def _f32_to_f8_subnormal(orig, mant, min_exp, UOp, Ops, dtypes):
    """OCP fp8 (E4M3: mant 3, min_exp -6; E5M2: mant 2, min_exp -14) of an fp32 below the smallest
    normal fp8: |x| / 2^(min_exp - mant) rounded to the nearest integer, a tie to the even one, is
    the code itself (the subnormal codes 0 .. 2^mant - 1, and 2^mant = the smallest normal); the
    emulator's conversion (`orig`) is kept from the smallest normal up"""
    def f(a):
        x = _f32(a, dtypes)
        bits = x.bitcast(dtypes.uint32)
        mag = (bits & UOp.const(0x7FFFFFFF, dtypes.uint32)).bitcast(dtypes.float32).cast(dtypes.float64)
        small = mag < UOp.const(2.0 ** min_exp, dtypes.float64)  # (false for NaN)
        code = _rndne64(mag * UOp.const(2.0 ** (mant - min_exp), dtypes.float64), UOp, Ops, dtypes)
        sign = (bits >> UOp.const(24, dtypes.uint32)) & UOp.const(0x80, dtypes.uint32)
        sub = (code.cast(dtypes.uint32) | sign).cast(dtypes.uint8)
        normal = orig(a)
        return small.where(sub.bitcast(normal.dtype), normal)
    return f


_installed_by_apply("fp8_subnormals", ("cdna",),
     "CDNA4 ISA, V_CVT_PK_FP8_F32 / V_CVT_PK_BF8_F32 / V_CVT_SR_FP8_F32 / V_CVT_SR_BF8_F32 (gfx950, OCP "
     "E4M3 and E5M2, \"Data Conversion\" formats): an fp32 below the smallest normal fp8 converts to the "
     "nearest fp8 subnormal (round to nearest even); the emulator flushed it to zero")


# the instructions the fixes below give new pseudocode: fix -> {name: (new pseudocode, helper)}
_TRANSCENDENTAL = {f"V_{fn}_F{b}": (f"D0.f{b} = opus_{fn.lower()}_f{b}(S0.f{b})", fn, b == 16)
                   for fn in ("EXP", "LOG", "RCP", "RSQ", "SQRT") for b in (32, 16)}


_installed_by_apply("transcendental", ("cdna",),
     "MI300 ISA and CDNA4 ISA, VOP1 opcodes V_EXP_F32 / V_LOG_F32 / V_RCP_F32 / V_RSQ_F32 / V_SQRT_F32: "
     "\"1ULP accuracy\", denormals flushed (section \"Denormalized and Rounding Modes\": the "
     "transcendental instructions do not support fp32 denormals); the emulator computed exp2 and log2 "
     "with fp32 polynomials of several ulps and kept denormals. V_EXP/LOG/RCP/RSQ/SQRT_F16 likewise "
     "(fp16 denormals kept); the emulator could not build V_EXP_F16")


_installed_by_apply("rndne", ("cdna",),
     "MI300 ISA and CDNA4 ISA, V_RNDNE_F32 / V_RNDNE_F16: \"Round the float input to the nearest "
     "even integer\" (a tie goes to the even integer); the emulator computed floor(x + 0.5) in the "
     "operand's precision, where x + 0.5 itself rounds (fp32: odd integers from 2^23, 0.5 - 2^-25; "
     "fp16: odd integers from 2^10, 0.5 - 2^-12)")


import fixes_rdna  # noqa: E402,F401  (the RDNA fixes register themselves here, before CHANGE_COMPILED)
import fixes_cvt  # noqa: E402,F401  (gfx950 scaled fp4, gfx942 FNUZ fp8 conversions)
import fixes_mfma  # noqa: E402,F401  (the MFMAs implemented in Python)

# the fixes that change the emulator's compiled instructions (pseudocode helpers, the float mode
# instructions are compiled and run under); the others run around compiled instructions
CHANGE_COMPILED = ("cvt_saturate", "fp32_denormals", "transcendental", "rndne", "fp8_subnormals")


def apply(emu, target, arch):
    """installs the enabled fixes; returns a key naming them (part of the instruction cache key)"""
    disabled = set(filter(None, os.environ.get("OPUS_EMULATE_DISABLE", "").split(",")))
    unknown = disabled - set(FIXES)
    if unknown:
        raise SystemExit(f"opus-emulate: OPUS_EMULATE_DISABLE names unknown fixes {sorted(unknown)}; "
                         f"known: {', '.join(FIXES)}")
    on = [n for n, f in FIXES.items() if n not in disabled and arch in f.archs]
    if "cvt_saturate" in on:
        import test.mockgpu.amd.pcode as pcode
        from tinygrad.uop.ops import UOp, Ops
        from tinygrad.dtype import dtypes
        pcode._FUNCS["f32_to_i32"] = _cvt_saturating(pcode, UOp, Ops, dtypes, -2.0 ** 31, 2.0 ** 31, dtypes.int32)
        pcode._FUNCS["f32_to_u32"] = _cvt_saturating(pcode, UOp, Ops, dtypes, 0.0, 2.0 ** 32, dtypes.uint32)
    if "fp32_denormals" in on:
        class _KeepFloatMode:
            def __enter__(self):
                return self

            def __exit__(self, *a):
                return False
        emu._MXCSRContext = _KeepFloatMode
    # (for gfx942 too, whose FNUZ fp8 conversions fixes_cvt.py's fp8_fnuz runs instead, or which stop
    # as not modelled: gfx942 and gfx950 share compiled instructions, emulator.py)
    if "fp8_subnormals" in on:
        import test.mockgpu.amd.pcode as pcode
        from tinygrad.uop.ops import UOp, Ops
        from tinygrad.dtype import dtypes
        for fn, mant, min_exp in (("f32_to_fp8", 3, -6), ("f32_to_bf8", 2, -14)):
            pcode._FUNCS[fn] = _f32_to_f8_subnormal(pcode._FUNCS[fn], mant, min_exp, UOp, Ops, dtypes)
    if "transcendental" in on or "rndne" in on:
        import test.mockgpu.amd.pcode as pcode
        from tinygrad.uop.ops import UOp, Ops
        from tinygrad.dtype import dtypes
        new = {}
        if "transcendental" in on:
            for op, (code, fn, half) in _TRANSCENDENTAL.items():
                pcode._FUNCS[f"opus_{fn.lower()}_f{16 if half else 32}"] = _transcendental_f32(fn, UOp, Ops, dtypes, half)
                new[op] = code
        if "rndne" in on:
            for b in (32, 16):
                pcode._FUNCS[f"opus_rndne_f{b}"] = _rndne_f32(UOp, Ops, dtypes, half=b == 16)
                new[f"V_RNDNE_F{b}"] = f"D0.f{b} = opus_rndne_f{b}(S0.f{b})"
        _replace_pcode(emu, new)
    return ",".join(on)


def _replace_pcode(emu, new):
    """gives the instructions named in `new` (without _E32/_E64) the pseudocode there, through the
    emulator's own table of pseudocode corrections (its pseudocode is looked up by opcode name)"""
    from tinygrad.runtime.autogen.amd.cdna.str_pcode import PCODE
    from tinygrad.runtime.autogen.amd.cdna.enum import VOP1Op
    for op, code in new.items():
        emu._pcode_fixes[op] = (PCODE[getattr(VOP1Op, op + "_E32")], code)
    emu.get_pcode.cache_clear()


def runner(E, pc, inst, name, compiled, whole=False):
    """the Python implementation an enabled fix (with `whole`: one that computes the instruction
    whole) gives the instruction at pc, or None"""
    for n in E.fixes_on:
        if whole and not FIXES[n].whole:
            continue
        r = FIXES[n].what(E, pc, inst, name, compiled)
        if r is not None:
            return python_runner(E, r)
    return None
