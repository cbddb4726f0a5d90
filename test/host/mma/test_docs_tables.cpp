// The pictures and tables of docs/ that describe layouts are data: this test reads each
// table marked `<!-- checked: NAME -->` from the markdown and compares every cell with what
// opus computes, so the documentation cannot drift from the headers.
//   docs/layout.md  tile_48x32                     make_partition_layout of the 48x32 tile
//                   mfma_32x32x8_f16 A / B / C     make_mfma<fp16, fp16, fp32>(32, 32, 8)
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
