// opus/core compile-cost microbenchmark (Google Benchmark; host program that runs the HIP
// compiler). Every case is compiled device-only, the way docs/compile-time.md's recipe does:
//     clang++ -x hip --cuda-device-only --offload-arch=gfx942 -nogpuinc -nogpulib
//             -D__HIPCC_RTC__ -include opus/hip_minimal.hpp -std=c++17 -O3
// Benchmarks (manual time = wall time of one compiler run, after one untimed warm-up run):
//   include/<header>/frontend     -fsyntax-only of a TU that only includes it (empty, <type_traits>,
//                                 opus/core.hpp, opus/arch.hpp, opus/mem.hpp, opus/mma.hpp, opus.hpp)
//   pattern/<name>/<opus|raw>/<frontend|full>
//                                 representative opus/core patterns (patterns/*.hip: static_for,
//                                 tuple ops, layouts) next to the same kernel written with plain
//                                 loops and hand index math; full = -O3 -S to assembly
//   case/<name>/full              the compile-budget cases of benchmark/compile (cases/*.hip,
//                                 core_kernel.hip), for the same numbers in one JSON report
// Counters: pp_lines (preprocessed lines, -E), best_ms (fastest run) and over_empty_ms (best_ms
// minus the empty TU's best_ms for the same mode, measured in the same process).
//
//   bench_core_compile_cost [--compiler=PATH] [--target=gfx942] [--runs=N] [benchmark flags]
//   e.g. --benchmark_filter=include --benchmark_format=json --benchmark_out=compile.json
// Exit status 1 when a case does not compile.
#include <benchmark/benchmark.h>

#include <dirent.h>
#include <fcntl.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <map>
#include <string>
#include <vector>

extern char** environ;

#ifndef OPUS_BENCH_HIP_COMPILER
#define OPUS_BENCH_HIP_COMPILER "clang++"
#endif
#ifndef OPUS_BENCH_SOURCE_DIR  // the opus checkout (include/ and benchmark/ below it)
#define OPUS_BENCH_SOURCE_DIR "."
#endif

namespace {

struct config {
    std::string compiler = OPUS_BENCH_HIP_COMPILER;
    std::string target = "gfx942";
    std::string top = OPUS_BENCH_SOURCE_DIR;
    std::string tmp;
    int runs = 5;
} g_cfg;

bool g_failed = false;
std::map<std::string, double> g_empty_best;  // mode -> best ms of the empty TU

std::vector<std::string> base_args() {
    return {g_cfg.compiler, "-x", "hip", "--cuda-device-only", "--offload-arch=" + g_cfg.target, "-nogpuinc",
            "-nogpulib", "-D__HIPCC_RTC__", "-std=c++17", "-O3", "-I" + g_cfg.top + "/include",
            "-include", "opus/hip_minimal.hpp"};
}

// Runs argv with stdout/stderr to `out_path` (or /dev/null); returns the exit status.
int run(const std::vector<std::string>& args, const char* out_path = "/dev/null") {
    std::vector<char*> argv;
    for (const auto& a : args) argv.push_back(const_cast<char*>(a.c_str()));
    argv.push_back(nullptr);
    posix_spawn_file_actions_t fa;
    posix_spawn_file_actions_init(&fa);
    posix_spawn_file_actions_addopen(&fa, 1, out_path, O_WRONLY | O_CREAT | O_TRUNC, 0644);
    posix_spawn_file_actions_adddup2(&fa, 1, 2);
    pid_t pid = 0;
    const int rc = posix_spawnp(&pid, argv[0], &fa, nullptr, argv.data(), environ);
    posix_spawn_file_actions_destroy(&fa);
    if (rc != 0) return 127;
    int status = 0;
    if (waitpid(pid, &status, 0) < 0) return 127;
    return WIFEXITED(status) ? WEXITSTATUS(status) : 128;
}

std::string slurp(const std::string& path) {
    std::ifstream f(path, std::ios::binary);
    return std::string(std::istreambuf_iterator<char>(f), std::istreambuf_iterator<char>());
}

long preprocessed_lines(const std::string& src) {
    auto args = base_args();
    const std::string out = g_cfg.tmp + "/pp.out";
    args.insert(args.end(), {"-E", src, "-o", out});
    if (run(args) != 0) return -1;
    const std::string text = slurp(out);
    return static_cast<long>(std::count(text.begin(), text.end(), '\n'));
}

enum class mode { frontend, full };

void compile_case(benchmark::State& state, const std::string& src, mode m, const std::string& empty_key) {
    auto args = base_args();
    if (m == mode::frontend) {
        args.insert(args.end(), {"-fsyntax-only", src});
    } else {
        args.insert(args.end(), {"-S", src, "-o", g_cfg.tmp + "/out.s"});
    }
    const std::string log = g_cfg.tmp + "/compile.log";
    if (run(args, log.c_str()) != 0) {  // untimed warm-up (file cache), and the compile check
        g_failed = true;
        std::fprintf(stderr, "compile failed (%s):\n%s\n", src.c_str(), slurp(log).c_str());
        state.SkipWithError("compile failed");
        return;
    }
    double best = 1e30;
    for (auto _ : state) {
        const auto t0 = std::chrono::steady_clock::now();
        const int rc = run(args, log.c_str());
        const double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
        if (rc != 0) {
            g_failed = true;
            std::fprintf(stderr, "compile failed (%s):\n%s\n", src.c_str(), slurp(log).c_str());
            state.SkipWithError("compile failed");
            return;
        }
        state.SetIterationTime(s);
        best = std::min(best, s * 1e3);
    }
    const char* mkey = m == mode::frontend ? "frontend" : "full";
    state.counters["pp_lines"] = static_cast<double>(preprocessed_lines(src));
    state.counters["best_ms"] = best;
    if (src == empty_key) g_empty_best[mkey] = best;
    auto e = g_empty_best.find(mkey);
    if (e != g_empty_best.end()) state.counters["over_empty_ms"] = best - e->second;
}

std::string write_tu(const std::string& name, const std::string& text) {
    const std::string path = g_cfg.tmp + "/" + name + ".hip";
    std::ofstream(path) << text;
    return path;
}

void add(const std::string& name, const std::string& src, mode m, const std::string& empty) {
    benchmark::RegisterBenchmark(name.c_str(), [src, m, empty](benchmark::State& s) { compile_case(s, src, m, empty); })
        ->UseManualTime()
        ->Iterations(g_cfg.runs)
        ->Unit(benchmark::kMillisecond);
}

std::vector<std::string> list_hip(const std::string& dir) {  // *.hip in dir, sorted, without extension
    std::vector<std::string> out;
    if (DIR* d = opendir(dir.c_str())) {
        while (const dirent* e = readdir(d)) {
            const std::string f = e->d_name;
            if (f.size() > 4 && f.compare(f.size() - 4, 4, ".hip") == 0) out.push_back(f.substr(0, f.size() - 4));
        }
        closedir(d);
    }
    std::sort(out.begin(), out.end());
    return out;
}

} // namespace

int main(int argc, char** argv) {
    // our flags first (the rest goes to Google Benchmark)
    std::vector<char*> rest{argv[0]};
    for (int i = 1; i < argc; ++i) {
        const std::string a = argv[i];
        if (a.rfind("--compiler=", 0) == 0) g_cfg.compiler = a.substr(11);
        else if (a.rfind("--target=", 0) == 0) g_cfg.target = a.substr(9);
        else if (a.rfind("--runs=", 0) == 0) g_cfg.runs = std::max(1, std::atoi(a.c_str() + 7));
        else rest.push_back(argv[i]);
    }
    if (const char* c = std::getenv("OPUS_HIP_CLANG")) g_cfg.compiler = c;
    char tmpl[] = "/tmp/opus-compile-cost-XXXXXX";
    if (!mkdtemp(tmpl)) {
        std::perror("mkdtemp");
        return 1;
    }
    g_cfg.tmp = tmpl;
    benchmark::AddCustomContext("opus_compiler", g_cfg.compiler);
    benchmark::AddCustomContext("opus_target", g_cfg.target + " (device-only, -D__HIPCC_RTC__ -include opus/hip_minimal.hpp -O3)");

    const std::string empty = write_tu("empty", "");
    const std::pair<const char*, const char*> includes[] = {
        {"empty", ""},
        {"<type_traits>", "#include <type_traits>\n"},
        {"opus/core.hpp", "#include <opus/core.hpp>\n"},
        {"opus/arch.hpp", "#include <opus/arch.hpp>\n"},
        {"opus/mem.hpp", "#include <opus/mem.hpp>\n"},
        {"opus/mma.hpp", "#include <opus/mma.hpp>\n"},
        {"opus.hpp", "#include <opus.hpp>\n"},
    };
    int k = 0;
    for (const auto& inc : includes) {
        const std::string src = inc.second[0] ? write_tu("inc" + std::to_string(k++), inc.second) : empty;
        add(std::string("include/") + inc.first + "/frontend", src, mode::frontend, empty);
    }
    add("case/empty/full", empty, mode::full, empty);  // baseline of the full compiles
    const std::string pat = g_cfg.top + "/benchmark/core/patterns";
    for (const std::string p : {"static_for", "tuple", "layout"}) {
        for (const std::string v : {"opus", "raw"}) {
            const std::string src = pat + "/" + p + "_" + v + ".hip";
            add("pattern/" + p + "/" + v + "/frontend", src, mode::frontend, empty);
            add("pattern/" + p + "/" + v + "/full", src, mode::full, empty);
        }
    }
    const std::string cases = g_cfg.top + "/benchmark/compile/cases";
    for (const auto& c : list_hip(cases)) add("case/" + c + "/full", cases + "/" + c + ".hip", mode::full, empty);
    add("case/core_kernel/full", g_cfg.top + "/benchmark/compile/core_kernel.hip", mode::full, empty);

    int n = static_cast<int>(rest.size());
    benchmark::Initialize(&n, rest.data());
    if (benchmark::ReportUnrecognizedArguments(n, rest.data())) return 1;
    benchmark::RunSpecifiedBenchmarks();
    benchmark::Shutdown();
    run({"rm", "-rf", g_cfg.tmp});
    return g_failed ? 1 : 0;
}
