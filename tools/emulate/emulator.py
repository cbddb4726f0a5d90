# SPDX-License-Identifier: MIT
"""tinygrad's AMD GPU emulator as opus's emulated device: loading it, opus's fixes
(fixes.py), a persistent cache of its compiled instructions, and the known limits it
reports as "not modelled" instead of running wrongly.

tinygrad compiles every instruction it meets to a small C function (through its UOp graph
and clang) the first time; the cache keeps those per instruction encoding across processes
(OPUS_EMULATE_CACHE), so only the first program to meet an instruction pays for it.
"""
import hashlib
import os
import pickle
import tempfile


class Emulator:
    def __init__(self, target, arch, emu, fixes_key):
        import ctypes
        import mmap
        self.target, self.arch, self.emu = target, arch, emu
        self.fixes_on = [n for n in fixes_key.split(",") if n]
        self._scratch_page = mmap.mmap(-1, 4096)  # code page for instructions a fix re-encodes
        self.scratch_code = ctypes.addressof(ctypes.c_char.from_buffer(self._scratch_page))
        self.cache_dir = os.environ.get("OPUS_EMULATE_CACHE") or os.path.join(
            os.path.expanduser("~"), ".cache", "opus-emulate")
        import test.mockgpu.amd.pcode as pcode
        import fixes
        src = b""
        # a different emulator source, or an edited fix, makes a different cache
        here = os.path.dirname(os.path.abspath(__file__))
        for path in [emu.__file__, pcode.__file__] + sorted(
                os.path.join(here, f) for f in os.listdir(here) if f.startswith("fixes") and f.endswith(".py")):
            with open(path, "rb") as f:
                src += f.read()
        # (only fixes that change how instructions compile are part of the key: the others wrap
        # compiled instructions, so disabling one - the emulated.fix.* tests - reuses the cache)
        compiled_key = ",".join(n for n in self.fixes_on if n in fixes.CHANGE_COMPILED)
        # (the emulator compiles an instruction from its encoding and the ISA family alone: gfx942
        # and gfx950 code objects share the CDNA entries)
        self.key = hashlib.sha256(src + compiled_key.encode() + arch.encode()).hexdigest()[:16]
        self._orig_runner = emu._get_runner
        self._runners = {}
        emu._get_runner = self._runner
        self._orig_decode = emu._decode_at
        emu._decode_at = self._decode_at

    # -------------------------------------------------------------- limits
    def _decode_at(self, pc, arch):
        import ctypes
        from codeobject import NotModelled
        word = int.from_bytes(ctypes.string_at(pc, 4), "little")
        try:
            inst = self.emu.decode_inst(ctypes.string_at(pc, 16), arch)
        except ValueError as e:  # nothing ran: the emulator lacks this encoding (a fix may implement it)
            import fixes_rdna
            inst = fixes_rdna.decode(ctypes.string_at(pc, 16), arch)
            if inst is None:
                raise NotModelled(f"instruction word {word:#010x}: the emulator cannot decode it ({e})") from None
        name = getattr(getattr(inst, "op", None), "name", "")
        import fixes
        if arch == "cdna" and name.startswith(("BUFFER_LOAD_UBYTE", "BUFFER_LOAD_SBYTE", "BUFFER_LOAD_USHORT",
                                                "BUFFER_LOAD_SSHORT", "BUFFER_LOAD_SHORT", "BUFFER_STORE_BYTE",
                                                "BUFFER_STORE_SHORT")) and \
                (name not in fixes._SUBDWORD or (int.from_bytes(ctypes.string_at(pc, 4), "little") >> 16) & 1):
            raise NotModelled(f"{name.lower()}: the emulator's gfx9 buffer path moves whole dwords for "
                              f"8- and 16-bit accesses (opus's fix covers them, except into LDS)")
        if arch == "cdna" and name.startswith("BUFFER_ATOMIC") and name not in fixes._ATOMICS:
            raise NotModelled(f"{name.lower()}: the emulator runs CDNA buffer atomics as plain loads "
                              f"(memory is not updated; opus's fix covers add, add_f32, pk_add_f16/bf16, cmpswap)")
        # (a fix that computes the instruction whole needs no compiled one: the emulator's build, which
        # fails for most of these and costs a clang run at every decode, is skipped)
        fxn = fixes.runner(self, pc, inst, name, None, whole=True)
        if fxn is not None:
            return (_Prg(range(6)), _Runtime(fxn)), inst
        if self.target == "gfx942" and ("FP8" in name or "BF8" in name):
            # (no fix computes it whole; the others run the emulator's own instruction, in OCP formats)
            raise NotModelled(f"{name.lower()}: gfx942 fp8/bf8 are the FNUZ formats; the emulator implements "
                              f"the OCP ones (gfx950)")
        failed = None
        try:
            compiled, inst = self._orig_decode(pc, arch)
        except Exception as e:  # the emulator cannot build it: a fix may implement it
            compiled, failed = None, e
        fxn = fixes.runner(self, pc, inst, name, compiled)
        if fxn is not None:
            return (_Prg(range(6)), _Runtime(fxn)), inst
        if arch == "cdna" and name.startswith("V_MFMA_F64"):  # (the fix mfma_f64 implements 16x16x4)
            raise NotModelled(f"{name.lower()}: the emulator's MFMA computes in fp32 and has no f64 operand layout")
        if failed is not None:
            # the emulator lacks this instruction (its pseudocode or the generated C does not
            # compile): nothing ran, so nothing can pass wrongly
            msg = str(failed).strip().splitlines()
            raise NotModelled(f"{(name or 'instruction').lower()}: the emulator cannot run it "
                              f"({type(failed).__name__}: {msg[0][:160] if msg else ''})")
        return compiled, inst

    # -------------------------------------------------------------- compiled-instruction cache
    def _runner(self, inst_bytes, arch="rdna3"):
        got = self._runners.get(inst_bytes)
        if got is not None:
            return got
        h = hashlib.sha256(inst_bytes + arch.encode()).hexdigest()
        path = os.path.join(self.cache_dir, self.key, h[:2], h[2:] + ".pkl")
        got = None
        try:
            with open(path, "rb") as f:
                globals_, elf = pickle.load(f)
            # (loading the ELF needs no CPU device: Device["CPU"] would compile its queue programs,
            # about 0.7 s per process, for nothing)
            from tinygrad.runtime.ops_cpu import CPUProgram
            got = (_Prg(globals_), CPUProgram(None, elf))
        except (OSError, EOFError, pickle.PickleError, AttributeError, ValueError):
            got = None
        if got is None:
            prg, runtime = self._orig_runner(inst_bytes, arch)
            got = (prg, runtime)
            try:
                os.makedirs(os.path.dirname(path), exist_ok=True)
                fd, tmp = tempfile.mkstemp(dir=os.path.dirname(path))
                with os.fdopen(fd, "wb") as f:
                    pickle.dump((tuple(prg.arg.globals), prg.to_elf()), f)
                os.replace(tmp, path)
            except OSError:
                pass  # a read-only cache only costs time
        self._runners[inst_bytes] = got
        return got

    # -------------------------------------------------------------- launch
    def run(self, entry, grid, block, kernarg, rsrc2, scratch, user):
        self.emu.run_asm(entry, 0, grid[0], grid[1], grid[2], block[0], block[1], block[2], kernarg,
                         rsrc2, scratch, self.arch, user)


class _Runtime:
    def __init__(self, fxn):
        self.fxn = fxn


class _Arg:
    def __init__(self, globals_):
        self.globals = list(globals_)


class _Prg:
    """what the emulator reads of a compiled instruction program: arg.globals"""
    def __init__(self, globals_):
        self.arg = _Arg(globals_)


class _HostBuffer:
    """the part of tinygrad's Buffer the emulator uses for its register files, LDS and memory
    window (an address and a memory view): plain host memory, so that no tinygrad CPU device is
    started (Device["CPU"] compiles its queue programs, about 0.7 s per process)"""
    class _Mem:
        def __init__(self, va_addr):
            self.va_addr = va_addr

    def __init__(self, device, size, dtype, options=None, **kw):
        import ctypes
        import mmap
        ext = getattr(options, "external_ptr", None)
        self.nbytes = size * dtype.itemsize
        if ext is not None:
            self._mem, self._buf = None, _HostBuffer._Mem(ext)
        else:
            self._mem = mmap.mmap(-1, max(self.nbytes, 1))  # (zero-filled)
            self._buf = _HostBuffer._Mem(ctypes.addressof(ctypes.c_char.from_buffer(self._mem)))

    def ensure_allocated(self):
        return self

    def as_memoryview(self, **kw):
        return memoryview(self._mem)[:self.nbytes]


def preload():
    """imports the emulator and what running it needs, with nothing applied: the part of
    load() a zygote (server.py) does once for every program it serves"""
    os.environ.setdefault("CACHEDB", os.path.join(os.environ.get("OPUS_EMULATE_CACHE") or
                                                  os.path.join(os.path.expanduser("~"), ".cache", "opus-emulate"),
                                                  "tinygrad.db"))
    from test.mockgpu.amd import emu
    import test.mockgpu.amd.pcode  # noqa: F401
    from tinygrad.runtime.ops_cpu import CPUProgram  # noqa: F401
    import fixes  # noqa: F401
    return emu


def load(target, arch):
    emu = preload()
    import fixes
    emu.Buffer = _HostBuffer
    key = fixes.apply(emu, target, arch)
    return Emulator(target, arch, emu, key)
