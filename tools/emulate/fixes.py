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
    def __init__(self, name, archs, isa, what):
        self.name, self.archs, self.isa, self.what = name, archs, isa, what


FIXES = {}


def fix(name, archs, isa):
    def reg(fn):
        FIXES[name] = Fix(name, archs, isa, fn)
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


# -------------------------------------------------------------------- the fixes
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
     "BUFFER_LOAD/STORE_DWORDX2/X3/X4 are range-checked per dword - the dwords out of range read 0 "
     "and are not written - while FORMAT loads/stores and atomics are all or nothing; the emulator "
     "checked only an access's first dword")
def _buffer_dword_range(E, pc, inst, name, compiled):
    if not name.startswith(("BUFFER_LOAD_DWORDX", "BUFFER_STORE_DWORDX")) or compiled is None:
        return None
    raw = int.from_bytes(ctypes.string_at(pc, 8), "little")
    if _field(inst, raw, "lds"):
        return None
    f = _mubuf_fields(pc, inst)
    n, store, acc = int(name[-1]), name.startswith("BUFFER_STORE"), bool(_field(inst, raw, "acc"))

    def run(w):
        offs = _mubuf_offsets(w, f)
        rs = 4 * f["srsrc"]
        base = (w.s[rs] | (w.s[rs + 1] << 32)) & 0xFFFFFFFFFFFF
        out = [(l, i) for l, o in enumerate(offs) if o is not None and o[0] < o[1]
               for i in range(1, n) if o[0] + 4 * i >= o[1]]  # dwords past the end of an in-range access
        if not out:
            w.call(compiled)
            return
        if store:
            soff = _soffset(w, pc, inst)
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


def _soffset(w, pc, inst):
    raw = int.from_bytes(ctypes.string_at(pc, 8), "little")
    so = _field(inst, raw, "soffset")
    return w.s[so] if so < 128 else so - 128  # (as the emulator reads it)


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


@fix("cvt_saturate", ("cdna", "rdna3", "rdna4"),
     "MI300 ISA, V_CVT_I32_F32 / V_CVT_U32_F32: out-of-range inputs and infinities give the largest "
     "or smallest representable integer, NaN gives 0 (the emulator truncated without saturating)")
def _cvt(E, pc, inst, name, compiled):
    return None  # applied as pseudocode helpers (see apply)


@fix("fp32_denormals", ("cdna", "rdna3", "rdna4"),
     "MI300 ISA, \"Denormalized and Rounding Modes\": with the kernel's default FP32 denormal mode "
     "(MODE.FP_DENORM: preserve), ALU instructions keep fp32 denormals; the emulator ran every "
     "instruction with the host's flush-to-zero / denormals-are-zero set")
def _denorm(E, pc, inst, name, compiled):
    return None  # applied by replacing the emulator's float-mode context (see apply)


import fixes_rdna  # noqa: E402,F401  (the RDNA fixes register themselves here, before CHANGE_COMPILED)

# the fixes that change the emulator's compiled instructions (pseudocode helpers, the float mode
# instructions are compiled and run under); the others run around compiled instructions
CHANGE_COMPILED = ("cvt_saturate", "fp32_denormals")


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
    return ",".join(on)


def runner(E, pc, inst, name, compiled):
    """the Python implementation an enabled fix gives the instruction at pc, or None"""
    for n in E.fixes_on:
        r = FIXES[n].what(E, pc, inst, name, compiled)
        if r is not None:
            return python_runner(E, r)
    return None
