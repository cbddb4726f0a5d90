# SPDX-License-Identifier: MIT
"""The emulated GPU behind opus's HIP runtime stand-in (opus_hip_emulated.cpp).

One server per program: the stand-in starts it on the first HIP call that needs a device and
talks to it over a socket. A program either starts `python3 server.py` itself or, when
OPUS_EMULATE_ZYGOTE names a running zygote, asks it for a server: the zygote has tinygrad
imported already and forks one per program (the import costs about a second per process;
the CTest fixture emulated.server.start runs one for the whole test run). Device memory is memory of this process (tinygrad's emulator
addresses host memory directly), kernels are code objects loaded here and run instruction by
instruction by tinygrad's AMD GPU emulator (its `run_asm`), with opus's fixes (fixes.py).

Environment: OPUS_EMULATE_TARGET (gfx942, gfx950, gfx1100, gfx1201), OPUS_TINYGRAD (the
tinygrad tree, put on sys.path), OPUS_EMULATE_CACHE (compiled-instruction cache directory),
OPUS_EMULATE_DISABLE (comma-separated fix names to leave out, for the tests of the fixes).
`server.py --zygote-start NAME` starts a zygote on the abstract socket NAME (replacing one already
there) and returns when it listens; `--zygote-stop NAME` ends it and says how many programs it
served; it also ends after half an hour without a program.

Protocol (little-endian): request = u32 op, u32 payload length, payload; reply = i32 status
(0 ok, 1 error, 2 not modelled), u32 length, payload (the result, or the message). To a zygote
a program first sends u32 magic (HELLO or QUIT), u32 length and its environment as NUL-separated
KEY=VALUE (the OPUS_EMULATE_* settings above), with its stdout and stderr as SCM_RIGHTS.
"""
import array
import ctypes
import mmap
import os
import signal
import socket
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


def serve(rfd, wfd):
    """answers one program's requests on rfd / wfd until it closes them"""
    target = os.environ.get("OPUS_EMULATE_TARGET", "")
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


# -------------------------------------------------------------- zygote
HELLO, QUIT = 0x4F50475A, 0x4F505151  # "ZGPO", "QQPO" little-endian
# what a program may set differently from the zygote (read after the fork); OPUS_TINYGRAD and
# OPUS_EMULATE_CACHE were read at import and must match
PER_PROGRAM = ("OPUS_EMULATE_TARGET", "OPUS_EMULATE_DISABLE", "OPUS_EMULATE_DEBUG")
IDLE_SECONDS = 1800


def _preload():
    """imports everything a server needs that does not depend on the program's settings"""
    tg = os.environ.get("OPUS_TINYGRAD", "")
    if tg:
        sys.path.insert(0, tg)
    import emulator
    emulator.preload()


def _hello(conn):
    """(magic, environment dict, [fds]) of a program's first message"""
    fds = array.array("i")
    msg, anc, _, _ = conn.recvmsg(8, socket.CMSG_SPACE(2 * fds.itemsize))
    for level, kind, data in anc:
        if level == socket.SOL_SOCKET and kind == socket.SCM_RIGHTS:
            fds.frombytes(data[:len(data) - len(data) % fds.itemsize])
    if len(msg) < 8:
        return None, {}, list(fds)
    magic, n = struct.unpack("<II", msg)
    body = b""
    while len(body) < n:
        c = conn.recv(n - len(body))
        if not c:
            break
        body += c
    env = dict(kv.split("=", 1) for kv in body.decode().split("\0") if "=" in kv)
    return magic, env, list(fds)


def _zygote(sock, ready_fd):
    _preload()
    os.write(ready_fd, b"1")
    os.close(ready_fd)
    signal.signal(signal.SIGCHLD, signal.SIG_IGN)  # servers are reaped by the system
    sock.settimeout(IDLE_SECONDS)
    served = 0
    while True:
        try:
            conn, _ = sock.accept()
        except socket.timeout:
            return
        conn.settimeout(None)
        try:
            magic, env, fds = _hello(conn)
        except OSError:
            conn.close()
            continue
        if magic == QUIT:
            conn.sendall(struct.pack("<I", served))
            return
        served += magic == HELLO
        mismatch = [k for k in ("OPUS_TINYGRAD", "OPUS_EMULATE_CACHE") if env.get(k, "") != os.environ.get(k, "")]
        if magic == HELLO and os.fork() == 0:
            sock.close()
            signal.signal(signal.SIGCHLD, signal.SIG_DFL)
            for fd, std in zip(fds, (1, 2)):
                os.dup2(fd, std)
            for k in PER_PROGRAM:
                os.environ.pop(k, None)
            os.environ.update({k: v for k, v in env.items() if k in PER_PROGRAM})
            if mismatch:  # the program wants another tree or cache: not this zygote's
                msg = f"the emulator zygote was started with other {', '.join(mismatch)}".encode()
                conn.sendall(struct.pack("<iI", ERROR, len(msg)) + msg)
                os._exit(1)
            fd = conn.detach()
            try:
                serve(fd, fd)
            finally:
                os._exit(0)
        for fd in fds:
            os.close(fd)
        conn.close()


def _address(name):
    return "\0" + name  # Linux abstract socket: no file, no path length limit


def zygote_stop(name):
    try:
        with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as c:
            c.connect(_address(name))
            c.sendall(struct.pack("<II", QUIT, 0))
            served = c.recv(4)
            c.recv(1)  # returns when the zygote has closed the socket
        return struct.unpack("<I", served)[0] if len(served) == 4 else 0
    except OSError:
        return None


def zygote_start(name):
    zygote_stop(name)
    sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    for _ in range(50):  # the old zygote frees the name when it exits
        try:
            sock.bind(_address(name))
            break
        except OSError:
            import time
            time.sleep(0.1)
    else:
        raise SystemExit(f"opus-emulate: the socket name {name!r} stays in use")
    sock.listen(64)
    r, w = os.pipe()
    if os.fork() == 0:
        os.close(r)
        os.setsid()
        null = os.open(os.devnull, os.O_RDWR)
        for std in (0, 1, 2):
            os.dup2(null, std)
        try:
            _zygote(sock, w)
        finally:
            os._exit(0)
    os.close(w)
    sock.close()
    ok = os.read(r, 1) == b"1"
    if not ok:
        raise SystemExit("opus-emulate: the emulator zygote did not start (import of tinygrad failed?)")
    print(f"opus-emulate: emulator zygote listening on @{name}")


def main():
    if len(sys.argv) == 3 and sys.argv[1] in ("--zygote-start", "--zygote-stop"):
        if sys.argv[1] == "--zygote-start":
            zygote_start(sys.argv[2])
        else:
            served = zygote_stop(sys.argv[2])
            print(f"opus-emulate: emulator zygote @{sys.argv[2]} " +
                  ("was not running" if served is None else f"stopped; it served {served} programs"))
        return
    tg = os.environ.get("OPUS_TINYGRAD", "")
    if tg:
        sys.path.insert(0, tg)
    serve(int(sys.argv[1]), int(sys.argv[2]))


if __name__ == "__main__":
    main()
