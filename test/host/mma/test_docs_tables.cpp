// The pictures and tables of docs/ that describe layouts are data: this test reads each
// table marked `<!-- checked: NAME -->` from the markdown and compares every cell with what
// opus computes, so the documentation cannot drift from the headers.
//   docs/layout.md  tile_48x32                     make_partition_layout of the 48x32 tile
//                   mfma_32x32x8_f16 A / B / C     make_mfma<fp16, fp16, fp32>(32, 32, 8)
//   docs/mma.md     mma instructions               detail::mma_native of every target, both ways
#include "mma_reference.hpp"

#include <catch2/catch_test_macros.hpp>

#include <fstream>
#include <sstream>
#include <string>
#include <vector>

using namespace opus;

namespace {

std::string docs_path(const char* name) { return std::string(OPUS_REFERENCE_DIR) + "/../../docs/" + name; }

// the body rows (header and separator skipped) of the table after `<!-- checked: NAME -->`,
// each as its trimmed cells
std::vector<std::vector<std::string>> checked_table(const char* doc, const std::string& name) {
    std::ifstream in(docs_path(doc));
    std::vector<std::vector<std::string>> rows;
    std::string line;
    bool found = false;
    while (std::getline(in, line)) {
        if (!found) {
            found = line == "<!-- checked: " + name + " -->";
            continue;
        }
        if (line.empty() || line[0] != '|') {
            if (!rows.empty() || line.empty()) break;
            continue;
        }
        std::vector<std::string> cells;
        std::stringstream ss(line.substr(1));
        std::string c;
        while (std::getline(ss, c, '|')) {
            auto b = c.find_first_not_of(' '), e = c.find_last_not_of(' ');
            cells.push_back(b == std::string::npos ? "" : c.substr(b, e - b + 1));
        }
        rows.push_back(cells);
    }
    if (rows.size() >= 2) rows.erase(rows.begin(), rows.begin() + 2);  // header, |---|
    return rows;
}

// "4–7" (en dash) or "4-7" or "5" -> [lo, hi]
void parse_range(const std::string& s, int& lo, int& hi) {
    auto d = s.find("\xe2\x80\x93");
    size_t skip = 3;
    if (d == std::string::npos) { d = s.find('-'); skip = 1; }
    lo = std::stoi(s.substr(0, d));
    hi = d == std::string::npos ? lo : std::stoi(s.substr(d + skip));
}
// "m" / "32+n" -> the constant part
int parse_lane_base(const std::string& s) {
    auto p = s.find('+');
    return p == std::string::npos ? 0 : std::stoi(s.substr(0, p));
}

struct tile_48x32 {
    constexpr auto shape() const { return make_tuple(3_I, 16_I, 4_I, 8_I); }
    constexpr auto dim() const { return tuple<tuple<y_dim, p_dim>, tuple<p_dim, y_dim>>{}; }
};

// an operand picture: rows `fixed range | lane (base + free index) | register range`, where
// the fixed index and the register run together; `lane_reg(free, fixed, lane, reg)` must
// hold the element for every entry (and every element must be covered)
template <typename F>
int check_operand_picture(const std::string& name, int n_free, int n_fixed, F&& where) {
    auto rows = checked_table("layout.md", name);
    int bad = 0, covered = 0;
    for (auto& r : rows) {
        REQUIRE(r.size() >= 3);
        int f0, f1, r0, r1;
        parse_range(r[0], f0, f1);
        parse_range(r[2], r0, r1);
        REQUIRE(f1 - f0 == r1 - r0);
        const int base = parse_lane_base(r[1]);
        for (int f = f0; f <= f1; ++f)
            for (int x = 0; x < n_free; ++x) {
                int lane = -1, reg = -1;
                where(x, f, lane, reg);
                ++covered;
                if (lane != base + x || reg != r0 + (f - f0)) {
                    if (bad++ < 8)
                        UNSCOPED_INFO(name << ": element (" << x << ", " << f << ") is lane " << lane << " register "
                                           << reg << ", the picture says lane " << base + x << " register "
                                           << r0 + (f - f0));
                }
            }
    }
    CHECK(covered == n_free * n_fixed);
    return bad;
}

} // namespace

TEST_CASE("docs tables: layout.md 48x32 tile over 64 lanes", "[docs]") {
    auto rows = checked_table("layout.md", "tile_48x32");
    REQUIRE(rows.size() == 16);
    int bad = 0;
    for (int lane = 0; lane < 64; ++lane) {
        auto u = make_partition_layout(tile_48x32{}, make_tuple(32, 1_I), make_tuple(lane / 4, lane % 4));
        for (int y0 = 0; y0 < 3; ++y0)
            for (int y1 = 0; y1 < 8; ++y1) {
                const int o = u(y0, y1), row = o / 32, col = o % 32;
                // the picture: row group row % 16 lists rows r, r+16, r+32; column group col / 8
                const auto& cells = rows[row % 16];
                REQUIRE(cells.size() >= 5);
                const std::string rows_cell = std::to_string(row % 16) + ", " + std::to_string(row % 16 + 16) +
                                              ", " + std::to_string(row % 16 + 32);
                const bool ok = cells[0] == rows_cell && std::stoi(cells[1 + col / 8]) == lane &&
                                row / 16 == y0 && col % 8 == y1;  // and the prose: row 16·y0 + L/4, col 8·(L%4) + y1
                if (!ok && bad++ < 8)
                    UNSCOPED_INFO("lane " << lane << " y (" << y0 << ", " << y1 << ") is element (" << row << ", "
                                          << col << "), the picture's cell says lane " << cells[1 + col / 8]);
            }
    }
    CHECK(bad == 0);
}

TEST_CASE("docs tables: layout.md MFMA 32x32x8 f16 operand pictures", "[docs]") {
    using M = decltype(make_mfma<fp16_t, fp16_t, fp32_t>(32_I, 32_I, 8_I));
    // element -> (lane, register), from the adaptor's layouts (packed strides)
    int a_lane[32][8], a_reg[32][8], b_lane[32][8], b_reg[32][8], c_lane[32][32], c_reg[32][32];
    for (int l = 0; l < 64; ++l) {
        auto ua = M::layout_a_packed(M::lane_coord_a(l));
        auto ub = M::layout_b_packed(M::lane_coord_b(l));
        auto uc = M::layout_c_packed(M::lane_coord_c(l));
        for (int e = 0; e < M::elem_a; ++e) { int o = mma_ref::offset_of(ua, e); a_lane[o / 8][o % 8] = l; a_reg[o / 8][o % 8] = e; }
        for (int e = 0; e < M::elem_b; ++e) { int o = mma_ref::offset_of(ub, e); b_lane[o / 8][o % 8] = l; b_reg[o / 8][o % 8] = e; }
        for (int e = 0; e < M::elem_c; ++e) {
            const int o = mma_ref::offset_of(uc, e);
            c_lane[o / 32][o % 32] = l;
            c_reg[o / 32][o % 32] = e;
        }
    }
    CHECK(check_operand_picture("mfma_32x32x8_f16 A", 32, 8, [&](int m, int k, int& l, int& r) {
              l = a_lane[m][k];
              r = a_reg[m][k];
          }) == 0);
    CHECK(check_operand_picture("mfma_32x32x8_f16 B", 32, 8, [&](int n, int k, int& l, int& r) {
              l = b_lane[n][k];
              r = b_reg[n][k];
          }) == 0);
    CHECK(check_operand_picture("mfma_32x32x8_f16 C", 32, 32, [&](int n, int m, int& l, int& r) {
              l = c_lane[m][n];
              r = c_reg[m][n];
          }) == 0);
}

// ---- docs/mma.md: the instruction table ----------------------------------------------------
// Every row (A, B, C, M×N×K, one cell per target) against detail::mma_native: a cell names
// the instruction (for gfx11 / gfx12 in both wave32 and wave64), "—" says there is none. And
// the reverse: every entry of opus's table among the enumerated types and shapes has a row.
namespace {

struct native_entry {
    std::string a, b, c;
    int m, n, k, target;
    std::string name;
};

template <typename T> const char* type_name();
template <> const char* type_name<fp32_t>() { return "fp32_t"; }
template <> const char* type_name<fp16_t>() { return "fp16_t"; }
template <> const char* type_name<bf16_t>() { return "bf16_t"; }
template <> const char* type_name<double>() { return "double"; }
template <> const char* type_name<i8_t>() { return "i8_t"; }
template <> const char* type_name<i32_t>() { return "i32_t"; }
template <> const char* type_name<fp8_t>() { return "fp8_t"; }
template <> const char* type_name<bf8_t>() { return "bf8_t"; }
template <> const char* type_name<fp6_t>() { return "fp6_t"; }
template <> const char* type_name<bf6_t>() { return "bf6_t"; }
template <> const char* type_name<fp4_t>() { return "fp4_t"; }

template <typename A, typename B, typename C, index_t M, index_t N, index_t K, index_t... T>
void add_targets(std::vector<native_entry>& v, seq<T...>) {
    auto one = [&](auto t) {
        using E = detail::mma_native<A, B, C, M, N, K, static_cast<target>(decltype(t)::value)>;
        if constexpr (E::exists) v.push_back({type_name<A>(), type_name<B>(), type_name<C>(), M, N, K, int(decltype(t)::value), E::family::template name<E::id>()});
    };
    (one(number<T>{}), ...);
}
template <typename A, typename B, typename C, index_t M, index_t N, index_t... K>
void add_shapes(std::vector<native_entry>& v, seq<K...>) {
    (add_targets<A, B, C, M, N, K>(v, seq<0, 1, 2, 3, 4, 5, 6, 7>{}), ...);
}
template <typename A, typename B, typename C>
void add_types(std::vector<native_entry>& v) {
    add_shapes<A, B, C, 16, 16>(v, seq<1, 2, 4, 8, 16, 32, 64, 128, 256>{});
    add_shapes<A, B, C, 32, 32>(v, seq<1, 2, 4, 8, 16, 32, 64, 128>{});
    add_shapes<A, B, C, 32, 16>(v, seq<64, 128>{});
    add_shapes<A, B, C, 4, 4>(v, seq<1, 4, 16>{});
}
template <typename A, typename... C>
void add_same(std::vector<native_entry>& v) { (add_types<A, A, C>(v), ...); }
template <typename A, typename... B>
void add_cross(std::vector<native_entry>& v) { (add_types<A, B, fp32_t>(v), ...); }
template <typename A, typename... B>
void add_cross_f16(std::vector<native_entry>& v) { (add_types<A, B, fp16_t>(v), ...); }

// every entry of opus's table with A = B (any C of the list) or A, B both fp8/bf8/fp6/bf6/fp4
// (fp8 / bf8 also into fp16)
std::vector<native_entry> native_entries() {
    std::vector<native_entry> v;
    add_same<fp32_t, fp32_t, fp16_t, bf16_t, double, i32_t>(v);
    add_same<fp16_t, fp32_t, fp16_t, bf16_t, double, i32_t>(v);
    add_same<bf16_t, fp32_t, fp16_t, bf16_t, double, i32_t>(v);
    add_same<double, fp32_t, fp16_t, bf16_t, double, i32_t>(v);
    add_same<i8_t, fp32_t, fp16_t, bf16_t, double, i32_t>(v);
    add_cross<fp8_t, fp8_t, bf8_t, fp6_t, bf6_t, fp4_t>(v);
    add_cross<bf8_t, fp8_t, bf8_t, fp6_t, bf6_t, fp4_t>(v);
    add_cross<fp6_t, fp8_t, bf8_t, fp6_t, bf6_t, fp4_t>(v);
    add_cross<bf6_t, fp8_t, bf8_t, fp6_t, bf6_t, fp4_t>(v);
    add_cross<fp4_t, fp8_t, bf8_t, fp6_t, bf6_t, fp4_t>(v);
    add_cross_f16<fp8_t, fp8_t, bf8_t>(v);  // gfx1250's fp16 accumulators
    add_cross_f16<bf8_t, fp8_t, bf8_t>(v);
    return v;
}

std::string strip(std::string s) {
    std::string r;
    for (char c : s)
        if (c != '`' && c != ' ') r += c;
    return r;
}
std::vector<std::string> split(const std::string& s, char d) {
    std::vector<std::string> out;
    std::stringstream ss(s);
    std::string x;
    while (std::getline(ss, x, d)) out.push_back(x);
    return out;
}

} // namespace

TEST_CASE("docs tables: mma.md instruction table matches opus's instruction table", "[docs]") {
    auto rows = checked_table("mma.md", "mma instructions");
    REQUIRE(rows.size() > 10);
    const auto entries = native_entries();
    // (columns gfx90a, gfx942, gfx950, gfx11, gfx12, gfx1250) -> target values
    const std::vector<std::vector<int>> column_targets = {{0}, {1}, {2}, {3, 4}, {5, 6}, {7}};
    std::vector<bool> documented(entries.size(), false);
    int bad = 0;
    for (auto& r : rows) {
        REQUIRE(r.size() >= 10);
        std::string s3 = strip(r[3]);
        for (auto p = s3.find("\xc3\x97"); p != std::string::npos; p = s3.find("\xc3\x97")) s3.replace(p, 2, "x");
        auto shape = split(s3, 'x');  // M×N×K (× is \xc3\x97)
        REQUIRE(shape.size() == 3);
        const int m = std::stoi(shape[0]), n = std::stoi(shape[1]), k = std::stoi(shape[2]);
        for (auto& a : split(strip(r[0]), '/'))
            for (auto& b : split(strip(r[1]), '/')) {
                const std::string c = strip(r[2]);
                for (int col = 0; col < 6; ++col) {
                    const std::string cell = strip(r[4 + col]);
                    for (int t : column_targets[col]) {
                        std::string found;
                        for (size_t i = 0; i < entries.size(); ++i) {
                            const auto& e = entries[i];
                            if (e.a == a && e.b == b && e.c == c && e.m == m && e.n == n && e.k == k && e.target == t) {
                                found = e.name;
                                documented[i] = true;
                            }
                        }
                        const std::string want = cell == "\xe2\x80\x94" ? "" : cell;
                        if (found != want && bad++ < 12)
                            UNSCOPED_INFO("(" << a << ", " << b << ", " << c << ") " << m << "x" << n << "x" << k
                                              << " target " << t << ": the table says '" << cell
                                              << "', opus has '" << found << "'");
                    }
                }
            }
    }
    for (size_t i = 0; i < entries.size(); ++i)
        if (!documented[i] && bad++ < 24)
            UNSCOPED_INFO("not in docs/mma.md: (" << entries[i].a << ", " << entries[i].b << ", " << entries[i].c << ") "
                                                  << entries[i].m << "x" << entries[i].n << "x" << entries[i].k << " target " << entries[i].target
                                                  << " " << entries[i].name);
    CHECK(entries.size() > 50);
    CHECK(bad == 0);
}
