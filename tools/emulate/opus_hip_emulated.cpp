// SPDX-License-Identifier: MIT
// opus's HIP runtime stand-in for the emulated device tier: preloaded (LD_PRELOAD) into an
// unchanged HIP program, it answers the HIP runtime calls opus/hip_minimal.hpp declares and
// runs each kernel launch on tinygrad's AMD GPU emulator through a Python server of this
// folder (server.py), started on the first call that needs the device. Device pointers are
// addresses in the server; launches are synchronous.
//
// Environment: OPUS_EMULATE_TARGET (gfx942, gfx950, gfx1100 or gfx1201: which code object
// runs, on which emulated model), OPUS_TINYGRAD (a tinygrad tree), OPUS_EMULATE_SERVER (the
// server.py to run; default: the one this library was built from), OPUS_EMULATE_PYTHON
// (default python3), OPUS_EMULATE_ZYGOTE (a running zygote's socket name: the server is forked
// from it, with tinygrad already imported, instead of started here). A kernel the emulator cannot model (a known limit, named by the server)
// ends the program: it prints `OPUS_NOT_MODELLED: <reason>` and exits with status 77.
#include <sys/socket.h>
#include <sys/un.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstddef>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <map>
#include <mutex>
#include <string>
#include <vector>

#ifndef OPUS_EMULATE_SERVER_DEFAULT
#define OPUS_EMULATE_SERVER_DEFAULT ""
#endif

namespace {

struct dim3_ { unsigned x, y, z; };
enum : int { ok = 0, invalid_value = 1, out_of_memory = 2, no_device = 100, unknown = 999 };
enum : uint32_t { op_alloc = 1, op_free, op_write, op_read, op_memset, op_copy, op_fatbin, op_kernel, op_launch };
enum : int32_t { reply_ok = 0, reply_error = 1, reply_not_modelled = 2 };
constexpr int not_modelled_exit = 77;

struct kernel {
    void** fatbin;
    std::string name;
    bool have_layout = false;
    std::vector<std::pair<uint32_t, uint32_t>> args;  // (offset, size) of each explicit argument
};

struct launch_config { dim3_ grid, block; size_t shared; void* stream; };

struct state {
    std::mutex mu;
    std::map<void**, const void*> fatbins;        // handle -> offload bundle
    std::map<void**, bool> fatbin_sent;
    std::map<const void*, kernel> kernels;        // host stub -> kernel
    std::map<uint64_t, size_t> allocations;       // device address -> size
    std::vector<launch_config> configs;
    int last_error = ok;
    int fd = -1;
    pid_t pid = -1;
    bool failed = false;
    std::string message;
    ~state() {
        if (fd >= 0) {
            close(fd);  // the server ends on end of input
            int st = 0;
            if (pid > 0) waitpid(pid, &st, 0);
        }
    }
};

state& S() {
    static state s;
    return s;
}

const char* env(const char* n, const char* fallback) {
    const char* v = std::getenv(n);
    return v && *v ? v : fallback;
}

bool send_all(int fd, const void* p, size_t n) {
    const char* c = static_cast<const char*>(p);
    while (n) {
        ssize_t k = send(fd, c, n, MSG_NOSIGNAL);
        if (k <= 0) return false;
        c += k;
        n -= size_t(k);
    }
    return true;
}

bool recv_all(int fd, void* p, size_t n) {
    char* c = static_cast<char*>(p);
    while (n) {
        ssize_t k = recv(fd, c, n, 0);
        if (k <= 0) return false;
        c += k;
        n -= size_t(k);
    }
    return true;
}

[[noreturn]] void not_modelled(const std::string& why) {
    std::fflush(stdout);
    std::printf("OPUS_NOT_MODELLED: %s\n", why.c_str());
    std::fflush(stdout);
    std::fflush(stderr);
    _exit(not_modelled_exit);
}

// Sends one request and waits for its reply; false (message in S().message) on an error.
bool call(uint32_t op, const std::vector<char>& payload, std::vector<char>* result = nullptr);

// A server forked by the zygote named `name` (server.py --zygote-start): sends it this program's
// settings and its stdout / stderr (the server prints there); -1 when none answers.
int connect_zygote(const char* name) {
    int fd = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
    if (fd < 0) return -1;
    sockaddr_un addr{};
    addr.sun_family = AF_UNIX;
    size_t n = std::min(std::strlen(name), sizeof addr.sun_path - 1);
    std::memcpy(addr.sun_path + 1, name, n);  // (abstract name: a leading NUL)
    if (connect(fd, reinterpret_cast<sockaddr*>(&addr), socklen_t(offsetof(sockaddr_un, sun_path) + 1 + n)) != 0) {
        close(fd);
        return -1;
    }
    std::string settings;
    for (const char* k : {"OPUS_EMULATE_TARGET", "OPUS_EMULATE_DISABLE", "OPUS_EMULATE_DEBUG", "OPUS_TINYGRAD",
                          "OPUS_EMULATE_CACHE"})
        if (const char* v = std::getenv(k)) settings += std::string(k) + "=" + v + '\0';
    uint32_t hdr[2] = {0x4F50475A, uint32_t(settings.size())};  // HELLO (server.py)
    int fds[2] = {1, 2};
    char control[CMSG_SPACE(sizeof fds)] = {};
    iovec iov{hdr, sizeof hdr};
    msghdr msg{};
    msg.msg_iov = &iov;
    msg.msg_iovlen = 1;
    msg.msg_control = control;
    msg.msg_controllen = sizeof control;
    cmsghdr* c = CMSG_FIRSTHDR(&msg);
    c->cmsg_level = SOL_SOCKET;
    c->cmsg_type = SCM_RIGHTS;
    c->cmsg_len = CMSG_LEN(sizeof fds);
    std::memcpy(CMSG_DATA(c), fds, sizeof fds);
    if (sendmsg(fd, &msg, MSG_NOSIGNAL) != ssize_t(sizeof hdr) || !send_all(fd, settings.data(), settings.size())) {
        close(fd);
        return -1;
    }
    return fd;
}

// python3 server.py, talking over a socket pair.
bool spawn_server(const std::string& server, int& fd, pid_t& pid) {
    int sv[2];
    if (socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, sv) != 0) return false;
    std::string python = env("OPUS_EMULATE_PYTHON", "python3");
    pid = fork();
    if (pid == 0) {
        dup2(sv[1], 3);  // (not close-on-exec after dup2)
        unsetenv("LD_PRELOAD");
        const char* argv[] = {python.c_str(), server.c_str(), "3", "3", nullptr};
        execvp(argv[0], const_cast<char* const*>(argv));
        std::fprintf(stderr, "opus-emulate: cannot run %s: %s\n", python.c_str(), std::strerror(errno));
        _exit(127);
    }
    close(sv[1]);
    if (pid < 0) {
        close(sv[0]);
        return false;
    }
    fd = sv[0];
    return true;
}

bool start_server() {
    state& s = S();
    if (s.fd >= 0) return true;
    if (s.failed) return false;
    s.failed = true;
    const char* target = env("OPUS_EMULATE_TARGET", nullptr);
    if (!target) {
        s.message = "OPUS_EMULATE_TARGET is not set (gfx942, gfx950, gfx1100 or gfx1201)";
        std::fprintf(stderr, "opus-emulate: %s\n", s.message.c_str());
        return false;
    }
    std::string server = env("OPUS_EMULATE_SERVER", OPUS_EMULATE_SERVER_DEFAULT);
    int fd = -1;
    pid_t pid = -1;
    if (const char* zygote = env("OPUS_EMULATE_ZYGOTE", nullptr)) {
        fd = connect_zygote(zygote);  // (none running: start one here)
        if (fd >= 0) server = std::string("forked by the zygote @") + zygote;
    }
    if (fd < 0 && !spawn_server(server, fd, pid)) return false;
    s.fd = fd;
    s.pid = pid;
    int32_t status = 0;
    uint32_t len = 0;
    if (!recv_all(s.fd, &status, 4) || !recv_all(s.fd, &len, 4)) {
        s.message = "the emulator server did not start (" + server + ")";
    } else {
        std::vector<char> msg(len);
        recv_all(s.fd, msg.data(), len);
        if (status == reply_ok) {
            s.failed = false;
            return true;
        }
        s.message.assign(msg.begin(), msg.end());
    }
    std::fprintf(stderr, "opus-emulate: %s\n", s.message.c_str());
    close(s.fd);
    s.fd = -1;
    return false;
}

bool call(uint32_t op, const std::vector<char>& payload, std::vector<char>* result) {
    state& s = S();
    if (!start_server()) return false;
    uint32_t hdr[2] = {op, uint32_t(payload.size())};
    int32_t status = 0;
    uint32_t len = 0;
    if (!send_all(s.fd, hdr, sizeof hdr) || !send_all(s.fd, payload.data(), payload.size()) ||
        !recv_all(s.fd, &status, 4) || !recv_all(s.fd, &len, 4)) {
        s.message = "the emulator server died (see its messages above)";
        std::fprintf(stderr, "opus-emulate: %s\n", s.message.c_str());
        close(s.fd);
        s.fd = -1;
        return false;
    }
    std::vector<char> body(len);
    if (len && !recv_all(s.fd, body.data(), len)) return false;
    if (status == reply_not_modelled) not_modelled(std::string(body.begin(), body.end()));
    if (status != reply_ok) {
        s.message.assign(body.begin(), body.end());
        std::fprintf(stderr, "opus-emulate: %s\n", s.message.c_str());
        return false;
    }
    if (result) *result = std::move(body);
    return true;
}

template <typename... T> std::vector<char> pack(const T&... v) {
    std::vector<char> out;
    (out.insert(out.end(), reinterpret_cast<const char*>(&v), reinterpret_cast<const char*>(&v) + sizeof(T)), ...);
    return out;
}

// Bytes of a clang offload bundle (plain or compressed), from its header.
size_t bundle_size(const char* b) {
    if (std::memcmp(b, "CCOB", 4) == 0) {
        uint16_t version;
        std::memcpy(&version, b + 4, 2);
        if (version == 2) {
            uint32_t n;
            std::memcpy(&n, b + 8, 4);
            return n;
        }
        uint64_t n;
        std::memcpy(&n, b + 8, 8);
        return size_t(n);
    }
    if (std::memcmp(b, "__CLANG_OFFLOAD_BUNDLE__", 24) != 0) return 0;
    uint64_t n, end = 32, pos = 32;
    std::memcpy(&n, b + 24, 8);
    for (uint64_t i = 0; i < n; ++i) {
        uint64_t off, size, idlen;
        std::memcpy(&off, b + pos, 8);
        std::memcpy(&size, b + pos + 8, 8);
        std::memcpy(&idlen, b + pos + 16, 8);
        pos += 24 + idlen;
        if (pos > end) end = pos;
        if (off + size > end) end = off + size;
    }
    return size_t(end);
}

int set_error(int e) {
    S().last_error = e;
    return e;
}

bool is_device(const void* p) {
    state& s = S();
    auto a = reinterpret_cast<uint64_t>(p);
    auto it = s.allocations.upper_bound(a);
    if (it == s.allocations.begin()) return false;
    --it;
    return a < it->first + it->second;
}

int launch(const void* f, dim3_ grid, dim3_ block, void** args, size_t shared) {
    // a test case the emulated tier lists as not modelled (OpusEmulate.cmake) ends at its first launch
    if (const char* why = std::getenv("OPUS_EMULATE_CASE_NOT_MODELLED")) not_modelled(why);
    state& s = S();
    auto it = s.kernels.find(f);
    if (it == s.kernels.end()) {
        std::fprintf(stderr, "opus-emulate: launch of a function that is not a registered kernel\n");
        return invalid_value;
    }
    kernel& k = it->second;
    auto handle = reinterpret_cast<uint64_t>(k.fatbin);
    if (!s.fatbin_sent[k.fatbin]) {
        const char* b = static_cast<const char*>(s.fatbins[k.fatbin]);
        std::vector<char> p = pack(handle);
        p.insert(p.end(), b, b + bundle_size(b));
        if (!call(op_fatbin, p)) return unknown;
        s.fatbin_sent[k.fatbin] = true;
    }
    if (!k.have_layout) {
        std::vector<char> p = pack(handle), r;
        p.insert(p.end(), k.name.begin(), k.name.end());
        if (!call(op_kernel, p, &r)) return unknown;
        uint32_t n;
        std::memcpy(&n, r.data(), 4);
        for (uint32_t i = 0; i < n; ++i) {
            uint32_t off, size;
            std::memcpy(&off, r.data() + 4 + 8 * i, 4);
            std::memcpy(&size, r.data() + 8 + 8 * i, 4);
            k.args.emplace_back(off, size);
        }
        k.have_layout = true;
    }
    size_t end = 0;
    for (auto& a : k.args) end = std::max<size_t>(end, a.first + a.second);
    std::vector<char> kernarg(end);
    for (size_t i = 0; i < k.args.size(); ++i) std::memcpy(kernarg.data() + k.args[i].first, args[i], k.args[i].second);
    std::vector<char> p = pack(handle, grid.x, grid.y, grid.z, block.x, block.y, block.z, uint32_t(shared),
                               uint32_t(k.name.size()));
    p.insert(p.end(), k.name.begin(), k.name.end());
    p.insert(p.end(), kernarg.begin(), kernarg.end());
    return call(op_launch, p) ? ok : unknown;
}

std::chrono::steady_clock::time_point& event_time(void* e) {
    return *static_cast<std::chrono::steady_clock::time_point*>(e);
}

} // namespace

extern "C" {
void** __hipRegisterFatBinary(const void* wrapper) {
    struct fatbin_wrapper { int magic, version; const void* binary; const void* unused; };
    auto* h = new void*(nullptr);
    S().fatbins[h] = static_cast<const fatbin_wrapper*>(wrapper)->binary;
    return h;
}
void __hipUnregisterFatBinary(void**) {}
void __hipRegisterFunction(void** handle, const void* host, char*, const char* name, int, void*, void*, void*,
                           void*, int*) {
    S().kernels[host] = kernel{handle, name, false, {}};
}
void __hipRegisterVar(void**, void*, char*, const char*, int, size_t, int, int) {}
void __hipRegisterManagedVar(void*, void**, void*, const char*, size_t, unsigned) {}

int __hipPushCallConfiguration(dim3_ grid, dim3_ block, size_t shared, void* stream) {
    S().configs.push_back({grid, block, shared, stream});
    return ok;
}
int __hipPopCallConfiguration(dim3_* grid, dim3_* block, size_t* shared, void** stream) {
    state& s = S();
    if (s.configs.empty()) return invalid_value;
    launch_config c = s.configs.back();
    s.configs.pop_back();
    *grid = c.grid;
    *block = c.block;
    *shared = c.shared;
    *stream = c.stream;
    return ok;
}
int hipLaunchKernel(const void* f, dim3_ grid, dim3_ block, void** args, size_t shared, void*) {
    std::lock_guard<std::mutex> lock(S().mu);
    return set_error(launch(f, grid, block, args, shared));
}

int hipGetDeviceCount(int* n) {
    *n = 1;
    return ok;
}
int hipGetDevice(int* d) {
    *d = 0;
    return ok;
}
int hipSetDevice(int d) { return set_error(d == 0 ? ok : 101); }
int hipDeviceSynchronize() { return S().fd >= 0 || !S().failed ? ok : unknown; }
int hipGetLastError() {
    int e = S().last_error;
    S().last_error = ok;
    return e;
}
int hipPeekAtLastError() { return S().last_error; }
const char* hipGetErrorName(int e) {
    switch (e) {
    case ok: return "hipSuccess";
    case invalid_value: return "hipErrorInvalidValue";
    case out_of_memory: return "hipErrorOutOfMemory";
    case no_device: return "hipErrorNoDevice";
    default: return "hipErrorUnknown";
    }
}
const char* hipGetErrorString(int e) {
    if (e == unknown && !S().message.empty()) return S().message.c_str();
    return hipGetErrorName(e);
}
int hipDeviceGetName(char* name, int len, int) {
    std::snprintf(name, size_t(len), "opus emulated %s (tinygrad)", env("OPUS_EMULATE_TARGET", "?"));
    return ok;
}
int hipDeviceGetAttribute(int* value, int, int) {
    *value = 0;
    return set_error(invalid_value);  // attribute numbering is the real runtime's: not modelled
}

int hipMalloc(void** p, size_t n) {
    std::lock_guard<std::mutex> lock(S().mu);
    std::vector<char> r;
    if (!call(op_alloc, pack(uint64_t(n)), &r)) return set_error(out_of_memory);
    uint64_t a;
    std::memcpy(&a, r.data(), 8);
    S().allocations[a] = n ? n : 1;
    *p = reinterpret_cast<void*>(a);
    return ok;
}
int hipFree(void* p) {
    if (!p) return ok;
    std::lock_guard<std::mutex> lock(S().mu);
    auto a = reinterpret_cast<uint64_t>(p);
    if (!S().allocations.erase(a)) return set_error(invalid_value);
    return call(op_free, pack(a)) ? ok : set_error(unknown);
}
int hipMemcpy(void* dst, const void* src, size_t n, int kind) {
    std::lock_guard<std::mutex> lock(S().mu);
    if (kind == 4) kind = (is_device(src) ? 2 : 0) + (is_device(dst) ? 1 : 0);  // hipMemcpyDefault
    auto d = reinterpret_cast<uint64_t>(dst), s = reinterpret_cast<uint64_t>(src);
    switch (kind) {
    case 0: std::memmove(dst, src, n); return ok;
    case 1: {
        std::vector<char> p = pack(d);
        p.insert(p.end(), static_cast<const char*>(src), static_cast<const char*>(src) + n);
        return call(op_write, p) ? ok : set_error(unknown);
    }
    case 2: {
        std::vector<char> r;
        if (!call(op_read, pack(s, uint64_t(n)), &r)) return set_error(unknown);
        std::memcpy(dst, r.data(), n);
        return ok;
    }
    case 3: return call(op_copy, pack(d, s, uint64_t(n))) ? ok : set_error(unknown);
    default: return set_error(invalid_value);
    }
}
int hipMemset(void* dst, int value, size_t n) {
    std::lock_guard<std::mutex> lock(S().mu);
    return call(op_memset, pack(reinterpret_cast<uint64_t>(dst), int32_t(value), uint64_t(n))) ? ok : set_error(unknown);
}

// Events time the host: each launch has finished when its call returns.
int hipEventCreate(void** e) {
    *e = new std::chrono::steady_clock::time_point(std::chrono::steady_clock::now());
    return ok;
}
int hipEventDestroy(void* e) {
    delete static_cast<std::chrono::steady_clock::time_point*>(e);
    return ok;
}
int hipEventRecord(void* e, void*) {
    event_time(e) = std::chrono::steady_clock::now();
    return ok;
}
int hipEventSynchronize(void*) { return ok; }
int hipEventElapsedTime(float* ms, void* a, void* b) {
    *ms = std::chrono::duration<float, std::milli>(event_time(b) - event_time(a)).count();
    return ok;
}
}
