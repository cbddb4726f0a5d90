# SPDX-License-Identifier: MIT
"""AMDGPU code objects for the emulated device tier: clang offload bundles, ELF images,
kernel descriptors and the kernel metadata note (msgpack), in plain Python.

References: clang's offload bundle format (ClangOffloadBundler documentation), the AMDGPU
backend user guide (LLVM AMDGPUUsage: "Code Object V5 Metadata", "Kernel Descriptor",
"Initial Kernel Execution State") and the ELF specification.
"""
import ctypes
import mmap
import struct
import zlib

BUNDLE_MAGIC = b"__CLANG_OFFLOAD_BUNDLE__"
COMPRESSED_MAGIC = b"CCOB"


class NotModelled(Exception):
    """a known limit of the emulated device: reported as not modelled, never as passed"""


class NoCodeObject(NotModelled):
    """the program carries no code object for the requested target"""


def bundle_size(data):
    """bytes a bundle (plain or compressed) occupies, read from its header"""
    if data[:4] == COMPRESSED_MAGIC:
        version, = struct.unpack_from("<H", data, 4)
        if version == 2:
            return struct.unpack_from("<I", data, 8)[0]
        if version >= 3:
            return struct.unpack_from("<Q", data, 8)[0]
        raise ValueError("compressed offload bundle version 1 has no size field")
    if data[:24] != BUNDLE_MAGIC:
        raise ValueError("not a clang offload bundle")
    n, = struct.unpack_from("<Q", data, 24)
    pos, end = 32, 32
    for _ in range(n):
        off, size, idlen = struct.unpack_from("<QQQ", data, pos)
        pos += 24 + idlen
        end = max(end, pos, off + size)
    return end


def _decompress(data):
    version, method = struct.unpack_from("<HH", data, 4)
    hdr = {1: 24, 2: 28, 3: 40}.get(version, 40)  # magic, version, method, [total size], size, hash
    body = data[hdr:]
    if method == 0:  # zlib
        return zlib.decompress(body)
    try:
        from compression import zstd  # Python 3.14
    except ImportError:
        raise NoCodeObject("the offload bundle is zstd-compressed and this Python has no zstd module "
                           "(build without --offload-compress)") from None
    return zstd.decompress(body)


def bundle_entries(data):
    """{entry id: bytes} of a clang offload bundle, e.g. 'hipv4-amdgcn-amd-amdhsa--gfx942'"""
    if data[:4] == COMPRESSED_MAGIC:
        data = _decompress(data)
    if data[:24] != BUNDLE_MAGIC:
        raise ValueError("not a clang offload bundle")
    n, = struct.unpack_from("<Q", data, 24)
    pos, out = 32, {}
    for _ in range(n):
        off, size, idlen = struct.unpack_from("<QQQ", data, pos)
        ident = data[pos + 24:pos + 24 + idlen].decode()
        pos += 24 + idlen
        out[ident] = bytes(data[off:off + size])
    return out


def code_object_for(data, target):
    """the code object of `target` (gfx942, ...) in a bundle, or raise NoCodeObject"""
    found = []
    for ident, blob in bundle_entries(data).items():
        if not ident.startswith(("hip-amdgcn", "hipv4-amdgcn")):
            continue
        proc = ident.rsplit("-", 1)[-1].split(":")[0]
        found.append(proc)
        if proc == target and blob:
            return blob
    raise NoCodeObject(f"no code object for {target} (the program has: {', '.join(found) or 'none'})")


# ---------------------------------------------------------------- msgpack (metadata note)
def _unpack(b, i):
    t = b[i]
    if t <= 0x7F: return t, i + 1
    if t >= 0xE0: return t - 0x100, i + 1
    if 0x80 <= t <= 0x8F: return _map(b, i + 1, t & 0xF)
    if 0x90 <= t <= 0x9F: return _arr(b, i + 1, t & 0xF)
    if 0xA0 <= t <= 0xBF: n = t & 0x1F; return b[i + 1:i + 1 + n].decode(), i + 1 + n
    if t == 0xC0: return None, i + 1
    if t == 0xC2: return False, i + 1
    if t == 0xC3: return True, i + 1
    fixed = {0xCC: "B", 0xCD: ">H", 0xCE: ">I", 0xCF: ">Q", 0xD0: "b", 0xD1: ">h", 0xD2: ">i", 0xD3: ">q",
             0xCA: ">f", 0xCB: ">d"}
    if t in fixed:
        v, = struct.unpack_from(fixed[t], b, i + 1)
        return v, i + 1 + struct.calcsize(fixed[t])
    if t in (0xD9, 0xDA, 0xDB, 0xC4, 0xC5, 0xC6):
        w = {0xD9: "B", 0xDA: ">H", 0xDB: ">I", 0xC4: "B", 0xC5: ">H", 0xC6: ">I"}[t]
        n, = struct.unpack_from(w, b, i + 1)
        j = i + 1 + struct.calcsize(w)
        s = b[j:j + n]
        return (s.decode() if t >= 0xD9 else bytes(s)), j + n
    if t in (0xDC, 0xDD): n, = struct.unpack_from(">H" if t == 0xDC else ">I", b, i + 1); return _arr(b, i + (3 if t == 0xDC else 5), n)
    if t in (0xDE, 0xDF): n, = struct.unpack_from(">H" if t == 0xDE else ">I", b, i + 1); return _map(b, i + (3 if t == 0xDE else 5), n)
    raise ValueError(f"msgpack type 0x{t:02x} not supported")


def _arr(b, i, n):
    out = []
    for _ in range(n):
        v, i = _unpack(b, i)
        out.append(v)
    return out, i


def _map(b, i, n):
    out = {}
    for _ in range(n):
        k, i = _unpack(b, i)
        v, i = _unpack(b, i)
        out[k] = v
    return out, i


# ---------------------------------------------------------------- ELF
def elf_section(data, wanted):
    """bytes of the section named `wanted` of an ELF64 little-endian file, or None"""
    if data[:4] != b"\x7fELF" or data[4] != 2 or data[5] != 1:
        raise ValueError("not a little-endian ELF64 file")
    shoff, = struct.unpack_from("<Q", data, 0x28)
    shentsize, shnum, shstrndx = struct.unpack_from("<HHH", data, 0x3A)
    secs = [struct.unpack_from("<IIQQQQ", data, shoff + i * shentsize) for i in range(shnum)]
    strtab = secs[shstrndx][4]
    for name, typ, _, _, off, size in secs:
        end = data.index(b"\0", strtab + name)
        if data[strtab + name:end].decode() == wanted:
            return data[off:off + size] if typ != 8 else None  # SHT_NOBITS has no bytes
    return None


R_AMDGPU_ABS64, R_AMDGPU_RELATIVE64 = 3, 13
NT_AMDGPU_METADATA = 32


class CodeObject:
    """An AMDGPU ELF code object: its sections, symbols and kernel metadata."""

    def __init__(self, blob):
        self.blob = b = bytes(blob)
        if b[:4] != b"\x7fELF" or b[4] != 2 or b[5] != 1:
            raise ValueError("not a little-endian ELF64 code object")
        self.e_flags, = struct.unpack_from("<I", b, 0x30)
        phoff, shoff = struct.unpack_from("<QQ", b, 0x20)
        phentsize, phnum, shentsize, shnum, shstrndx = struct.unpack_from("<HHHHH", b, 0x36)
        self.segments = [struct.unpack_from("<IIQQQQQQ", b, phoff + i * phentsize) for i in range(phnum)]
        secs = [struct.unpack_from("<IIQQQQIIQQ", b, shoff + i * shentsize) for i in range(shnum)]
        shstr = secs[shstrndx][4]
        name = lambda off: b[off:b.index(b"\0", off)].decode()
        self.sections = {name(shstr + s[0]): s for s in secs}
        self.symbols = {}
        for s in secs:
            if s[1] not in (2, 11):  # SHT_SYMTAB, SHT_DYNSYM
                continue
            strtab = secs[s[6]][4]
            for j in range(s[5] // 24):
                st_name, st_info, _, st_shndx, st_value, st_size = struct.unpack_from("<IBBHQQ", b, s[4] + 24 * j)
                if st_name:
                    self.symbols.setdefault(name(strtab + st_name), (st_value, st_size, st_shndx))
        self.dynsym = []
        if ".dynsym" in self.sections:
            s = self.sections[".dynsym"]
            self.dynsym = [struct.unpack_from("<IBBHQQ", b, s[4] + 24 * j)[4] for j in range(s[5] // 24)]
        self.metadata = self._metadata()
        self.kernels = {k[".name"]: k for k in self.metadata.get("amdhsa.kernels", [])}

    def _metadata(self):
        b = self.blob
        for p_type, _, p_offset, _, _, p_filesz, _, _ in self.segments:
            if p_type != 4:  # PT_NOTE
                continue
            i = p_offset
            while i < p_offset + p_filesz:
                namesz, descsz, ntype = struct.unpack_from("<III", b, i)
                nm = b[i + 12:i + 12 + namesz].rstrip(b"\0")
                desc = i + 12 + ((namesz + 3) & ~3)
                if nm == b"AMDGPU" and ntype == NT_AMDGPU_METADATA:
                    return _unpack(b[desc:desc + descsz], 0)[0]
                i = desc + ((descsz + 3) & ~3)
        return {}

    def load(self):
        """Copies the loadable segments into fresh page-aligned memory of this process, applies the
        dynamic relocations and returns (mmap, base address)."""
        size = max(vaddr + memsz for t, _, _, vaddr, _, _, memsz, _ in self.segments if t == 1)
        mem = mmap.mmap(-1, (size + 0xFFFF) & ~0xFFF)
        base = ctypes.addressof(ctypes.c_char.from_buffer(mem))
        for t, _, off, vaddr, _, filesz, _, _ in self.segments:
            if t == 1:
                mem[vaddr:vaddr + filesz] = self.blob[off:off + filesz]
        for sname, s in self.sections.items():
            if s[1] != 4:  # SHT_RELA
                continue
            for j in range(s[5] // 24):
                r_off, r_info, r_add = struct.unpack_from("<QQq", self.blob, s[4] + 24 * j)
                typ, sym = r_info & 0xFFFFFFFF, r_info >> 32
                if typ == R_AMDGPU_RELATIVE64:
                    struct.pack_into("<Q", mem, r_off, base + r_add)
                elif typ == R_AMDGPU_ABS64:
                    struct.pack_into("<Q", mem, r_off, base + self.dynsym[sym] + r_add)
                else:
                    raise ValueError(f"relocation type {typ} in {sname} is not supported")
        return mem, base

    def descriptor(self, kernel):
        """the 64-byte kernel descriptor `<kernel>.kd` as a dict (AMDGPUUsage "Kernel Descriptor")"""
        if kernel + ".kd" not in self.symbols:
            raise KeyError(f"kernel {kernel} is not in the code object")
        vaddr = self.symbols[kernel + ".kd"][0]
        off = next(o + vaddr - v for t, _, o, v, _, fs, _, _ in self.segments if t == 1 and v <= vaddr < v + fs)
        (group, private, kernarg, entry) = struct.unpack_from("<IIIxxxxq", self.blob, off)
        rsrc3, rsrc1, rsrc2, props, preload = struct.unpack_from("<IIIHH", self.blob, off + 44)
        return dict(vaddr=vaddr, group_segment_fixed_size=group, private_segment_fixed_size=private,
                    kernarg_size=kernarg, entry=vaddr + entry, rsrc1=rsrc1, rsrc2=rsrc2, rsrc3=rsrc3,
                    properties=props, kernarg_preload=preload)
