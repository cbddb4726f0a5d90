# SPDX-License-Identifier: MIT
"""The emulated GPU behind opus's HIP runtime stand-in (opus_hip_emulated.cpp).

One server per program: the stand-in starts it on the first HIP call that needs a device and
talks to it over two pipes. Device memory is memory of this process (tinygrad's emulator
addresses host memory directly), kernels are code objects loaded here and run instruction by
instruction by tinygrad's AMD GPU emulator (its `run_asm`), with opus's fixes (fixes.py).

Environment: OPUS_EMULATE_TARGET (gfx942, gfx950, gfx1100, gfx1201), OPUS_TINYGRAD (the
tinygrad tree, put on sys.path), OPUS_EMULATE_CACHE (compiled-instruction cache directory),
OPUS_EMULATE_DISABLE (comma-separated fix names to leave out, for the tests of the fixes).

Protocol (little-endian): request = u32 op, u32 payload length, payload; reply = i32 status
(0 ok, 1 error, 2 not modelled), u32 length, payload (the result, or the message).
"""
import ctypes
import mmap
import os
import struct
import sys
import traceback

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import codeobject  # noqa: E402
from codeobject import NotModelled  # noqa: E402

# emulated model of each target: tinygrad's arch name and the fix set's ISA family
TARGETS = {"gfx942": "cdna", "gfx950": "cdna", "gfx1100": "rdna3", "gfx1201": "rdna4"}

OK, ERROR, NOT_MODELLED = 0, 1, 2
OP_ALLOC, OP_FREE, OP_WRITE, OP_READ, OP_MEMSET, OP_COPY, OP_FATBIN, OP_KERNEL, OP_LAUNCH = range(1, 10)


class Device:
    def __init__(self, target):
        if target not in TARGETS:
            raise SystemExit(f"opus-emulate: OPUS_EMULATE_TARGET={target!r}: supported are {', '.join(TARGETS)}")
        self.target, self.arch = target, TARGETS[target]
        self.buffers = {}       # address -> mmap
        self.fatbins = {}       # stand-in handle -> bundle bytes
        self.objects = {}       # stand-in handle -> (CodeObject, mmap, base) or the NoCodeObject message
        import emulator
        self.emu = emulator.load(target, self.arch)

    # -------------------------------------------------------------- memory
    def alloc(self, size):
        m = mmap.mmap(-1, max(size, 1) + 256)  # a little slack: the emulator reads whole dwords
        addr = ctypes.addressof(ctypes.c_char.from_buffer(m))
        self.buffers[addr] = m
        return addr

    def free(self, addr):
        m = self.buffers.pop(addr, None)
        if m is not None:
            try:
                m.close()
            except BufferError:  # ctypes view still alive: leave it to the collector
                pass

    # -------------------------------------------------------------- kernels
    def code_object(self, handle):
        got = self.objects.get(handle)
        if got is None:
            try:
                co = codeobject.CodeObject(codeobject.code_object_for(self.fatbins[handle], self.target))
                mem, base = co.load()
                got = (co, mem, base)
            except codeobject.NoCodeObject as e:
                got = str(e)
            self.objects[handle] = got
        if isinstance(got, str):
            raise NotModelled(got)
        return got

    def kernel_args(self, handle, name):
        """(offset, size) of each explicit argument, in order"""
        co, _, _ = self.code_object(handle)
        if name not in co.kernels:
            raise KeyError(f"kernel {name} is not in the {self.target} code object")
        return [(a[".offset"], a[".size"]) for a in co.kernels[name][".args"]
                if not a[".value_kind"].startswith("hidden_")]

    def launch(self, handle, name, grid, block, shared, explicit):
        co, _, base = self.code_object(handle)
        meta = co.kernels[name]
        kd = co.descriptor(name)
        wave32 = bool(kd["properties"] & 0x400)
        if self.arch != "cdna" and not wave32:
            raise NotModelled(f"{name}: a wave64 kernel on {self.target}; the emulator runs RDNA in wave32 only")
        kernarg = bytearray(max(meta[".kernarg_segment_size"], 16) + 64)
        kernarg[:len(explicit)] = explicit
        hidden = {"hidden_block_count_x": grid[0], "hidden_block_count_y": grid[1], "hidden_block_count_z": grid[2],
                  "hidden_group_size_x": block[0], "hidden_group_size_y": block[1], "hidden_group_size_z": block[2],
                  "hidden_grid_dims": 3 if grid[2] * block[2] > 1 else 2 if grid[1] * block[1] > 1 else 1,
                  "hidden_dynamic_lds_size": shared}
        for a in meta[".args"]:
            kind = a[".value_kind"]
            if kind.startswith("hidden_"):
                v = hidden.get(kind, 0)
                kernarg[a[".offset"]:a[".offset"] + a[".size"]] = v.to_bytes(a[".size"], "little")
        karg_mem = self.alloc(len(kernarg))
        ctypes.memmove(karg_mem, bytes(kernarg), len(kernarg))
        lds = kd["group_segment_fixed_size"] + shared
        lds_limit = 160 * 1024 if self.target == "gfx950" else 64 * 1024
        if lds > lds_limit:
            raise RuntimeError(f"{name}: {lds} bytes of LDS exceed the {lds_limit} of {self.target}")
        # user SGPRs in the order AMDGPUUsage "Initial Kernel Execution State" gives
        props, user = kd["properties"], []
        packet = 0
        if props & 0x1:
            user += [0, 0, 0, 0]          # private segment buffer (the emulator keeps scratch itself)
        if props & 0x2:                   # dispatch packet (hsa_kernel_dispatch_packet_t)
            pkt = struct.pack("<HHHHHHIIIIIQQQQ", 0, 3, *block, 0, grid[0] * block[0], grid[1] * block[1],
                              grid[2] * block[2], kd["private_segment_fixed_size"], lds, 0, karg_mem, 0, 0)
            packet = self.alloc(len(pkt))
            ctypes.memmove(packet, pkt, len(pkt))
            user += [packet & 0xFFFFFFFF, packet >> 32]
        if props & 0x4:
            user += [0, 0]                # queue
        if props & 0x8:
            user += [karg_mem & 0xFFFFFFFF, karg_mem >> 32]
        if props & 0x10:
            user += [0, 0]                # dispatch id
        if props & 0x20:
            user += [0, 0]                # flat scratch init
        if props & 0x40:
            user += [kd["private_segment_fixed_size"]]
        rsrc2 = (kd["rsrc2"] & ~(0x1FF << 15)) | (((lds + 511) // 512) << 15)
        try:
            self.emu.run(base + kd["entry"], grid, block, karg_mem, rsrc2, kd["private_segment_fixed_size"], user)
        finally:
            self.free(karg_mem)
            if packet:
                self.free(packet)


def main():
    target = os.environ.get("OPUS_EMULATE_TARGET", "")
    tg = os.environ.get("OPUS_TINYGRAD", "")
    if tg:
        sys.path.insert(0, tg)
    rfd, wfd = int(sys.argv[1]), int(sys.argv[2])
    sys.stdout = sys.stderr  # nothing the emulator prints may reach the reply pipe
    inp, out = os.fdopen(rfd, "rb", buffering=0), os.fdopen(os.dup(wfd), "wb", buffering=0)

    def read(n):
        b = bytearray()
        while len(b) < n:
            c = inp.read(n - len(b))
            if not c:
                raise EOFError
            b += c
        return bytes(b)

    def reply(status, payload=b""):
        out.write(struct.pack("<iI", status, len(payload)) + payload)

    try:
        dev = Device(target)
        reply(OK, b"")
    except BaseException as e:  # import of tinygrad, bad target: the stand-in prints it
        reply(ERROR, f"{type(e).__name__}: {e}".encode())
        return
    while True:
        try:
            op, n = struct.unpack("<II", read(8))
            p = read(n)
        except EOFError:
            return
        try:
            if op == OP_ALLOC:
                reply(OK, struct.pack("<Q", dev.alloc(struct.unpack("<Q", p)[0])))
            elif op == OP_FREE:
                dev.free(struct.unpack("<Q", p)[0]); reply(OK)
            elif op == OP_WRITE:
                addr, = struct.unpack_from("<Q", p); ctypes.memmove(addr, p[8:], len(p) - 8); reply(OK)
            elif op == OP_READ:
                addr, size = struct.unpack("<QQ", p); reply(OK, ctypes.string_at(addr, size))
            elif op == OP_MEMSET:
                addr, value, size = struct.unpack("<QiQ", p); ctypes.memset(addr, value, size); reply(OK)
            elif op == OP_COPY:
                dst, src, size = struct.unpack("<QQQ", p); ctypes.memmove(dst, src, size); reply(OK)
            elif op == OP_FATBIN:
                handle, = struct.unpack_from("<Q", p); dev.fatbins[handle] = p[8:]; reply(OK)
            elif op == OP_KERNEL:
                handle, = struct.unpack_from("<Q", p)
                args = dev.kernel_args(handle, p[8:].decode())
                reply(OK, struct.pack(f"<I{2 * len(args)}I", len(args), *[x for a in args for x in a]))
            elif op == OP_LAUNCH:
                handle, gx, gy, gz, bx, by, bz, shared, nlen = struct.unpack_from("<Q7II", p)
                name = p[40:40 + nlen].decode()
                dev.launch(handle, name, (gx, gy, gz), (bx, by, bz), shared, p[40 + nlen:])
                reply(OK)
            else:
                reply(ERROR, f"unknown request {op}".encode())
        except NotModelled as e:
            reply(NOT_MODELLED, str(e).encode())
        except Exception as e:
            if os.environ.get("OPUS_EMULATE_DEBUG"):
                traceback.print_exc()
            reply(ERROR, f"{type(e).__name__}: {e}".encode())


if __name__ == "__main__":
    main()
