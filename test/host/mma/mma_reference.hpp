// Host-side model of AMD's matrix-core register layouts, read from the CSV tables in
// shared/reference/matrix-layouts (AMD Matrix Instruction Calculator output).
#pragma once

#include <opus/mma.hpp>

#include <cstdio>
#include <fstream>
#include <map>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

namespace mma_ref {

using opus::index_t;
using opus::detail::cat_part;
using opus::detail::part;
using opus::detail::sd;
using opus::detail::sd_p;
using opus::detail::sd_r;
using opus::detail::sd_y;

// a y sub-dim, omitted when its extent is 1
template <index_t X, index_t E, index_t Inner>
using opt_y = opus::conditional_t<(E > 1), part<sd<X, E, sd_y, -1, Inner>>, part<>>;

// An instruction's lane model from its descriptor's numbers, exactly as the ISA places A, B
// and C (mma/desc.hpp's header comment): what test_mma_lanes.cpp checks against AMD's tables.
// The adaptors' layouts are the [rept, pack] split of it (mma/mfma.hpp).
template <typename D>
struct lane_model {
    static constexpr index_t lw = D::lane_width, kg = D::k_groups, kp = D::lane_groups, kr = D::k_run;
    static constexpr index_t cg = D::c_groups, cp = D::lane_groups, cr = D::c_run;
    // A (and B): x0 = M (N), x1 = K
    template <index_t KG, index_t KR>
    using k_split = cat_part<part<sd<0, lw, sd_p, 0, 1>>, opt_y<1, KG, (D::replicated ? 1 : kp) * KR>,
                             part<sd<1, kp, (D::replicated ? sd_r : sd_p), 1, KR>>, opt_y<1, KR, 1>>;
    using part_ab = k_split<kg, kr>;
    // A with its row groups (M = [y mg, p lw], outermost: gfx1250 32x16x128 fp4); B with its own K
    // split (gfx1250 f8f6f4 with an 8-bit and a 4- or 6-bit operand)
    using part_a = cat_part<opt_y<0, D::a_row_groups, lw>, part_ab>;
    using part_b = k_split<D::k_groups_b, D::k_run_b>;
    // C without swap: x0 = M split, x1 = N across lanes
    using part_c = cat_part<opt_y<0, cg, cp * cr>, part<sd<0, cp, sd_p, 0, cr>>, opt_y<0, cr, 1>,
                            part<sd<1, lw, sd_p, 1, 1>>>;
    // C with A/B swapped: the transpose
    using part_c_swap = cat_part<part<sd<0, lw, sd_p, 0, 1>>, opt_y<1, cg, cp * cr>, part<sd<1, cp, sd_p, 1, cr>>,
                                 opt_y<1, cr, 1>>;
};

struct entry { int row, col; };

// One operand table: for (lane, element of the lane's register vector) -> (row, col).
struct operand_table {
    int rows = 0, cols = 0;
    std::map<std::pair<int, int>, entry> at;  // (lane, elem) -> (row, col)
};

struct instr_table {
    bool ok = false;
    operand_table a, b, d;  // a: M x K, b: K x N, d: M x N
};

inline std::string ref_path(const std::string& rel) { return std::string(OPUS_REFERENCE_DIR) + "/matrix-layouts/" + rel; }

// cell item "v3{17}.[15:8]", "v0{5}", "v[3:2]{9}" -> (elem, lane) given bits per element
inline bool parse_item(const std::string& s, int bits, int& elem, int& lane) {
    if (s.size() < 4 || s[0] != 'v') return false;
    std::size_t lb = s.find('{'), rb = s.find('}');
    if (lb == std::string::npos || rb == std::string::npos) return false;
    std::string reg = s.substr(1, lb - 1);
    lane = std::stoi(s.substr(lb + 1, rb - lb - 1));
    int r;
    if (!reg.empty() && reg[0] == '[') {  // v[hi:lo] : 64-bit element
        std::size_t c = reg.find(':');
        r = std::stoi(reg.substr(c + 1, reg.size() - c - 2));
        elem = r * 32 / bits;
        return true;
    }
    r = std::stoi(reg);
    int lo = 0;
    std::size_t dot = s.find(".[", rb);
    if (dot != std::string::npos) {
        std::size_t c = s.find(':', dot);
        lo = std::stoi(s.substr(c + 1, s.find(']', c) - c - 1));
    }
    elem = r * (32 / (bits > 32 ? 32 : bits)) + lo / bits;
    return true;
}

// bits: element width of A/B and of D
inline instr_table load(const std::string& rel, int bits_ab, int bits_d) {
    instr_table t;
    std::ifstream f(ref_path(rel));
    if (!f) return t;
    std::string line;
    operand_table* cur = nullptr;
    int bits = 0;
    bool header = false;
    while (std::getline(f, line)) {
        if (!line.empty() && line.back() == '\r') line.pop_back();
        if (line.rfind("# matrix A", 0) == 0) { cur = &t.a; bits = bits_ab; header = false; continue; }
        if (line.rfind("# matrix B", 0) == 0) { cur = &t.b; bits = bits_ab; header = false; continue; }
        if (line.rfind("# matrix D", 0) == 0) { cur = &t.d; bits = bits_d; header = false; continue; }
        if (!cur) continue;
        if (line.find("][") != std::string::npos && line.find('[') < 3) {  // "A[M][K],0,1,..."
            header = true;
            int n = 0;
            for (char ch : line) n += ch == ',';
            cur->cols = n;
            continue;
        }
        if (!header || line.empty() || !(line[0] >= '0' && line[0] <= '9')) continue;
        std::stringstream ss(line);
        std::string cell;
        std::getline(ss, cell, ',');
        int row = std::stoi(cell);
        cur->rows = row + 1 > cur->rows ? row + 1 : cur->rows;
        int col = 0;
        while (std::getline(ss, cell, ',')) {
            std::stringstream cs(cell);
            std::string item;
            while (cs >> item) {
                int e, l;
                if (parse_item(item, bits, e, l)) cur->at[{l, e}] = entry{row, col};
            }
            ++col;
        }
    }
    t.ok = !t.a.at.empty() && !t.b.at.empty() && !t.d.at.empty();
    return t;
}

// The same instruction with `factor` times the K per lane: MFMA style (consecutive K per lane,
// as gfx950's double-K instructions and step-K chains have it) or WMMA style (K blocks per step).
inline instr_table widen_k(const instr_table& t, int factor, int k0, int elems_ab, bool wmma) {
    instr_table r = t;
    if (factor == 1) return r;
    r.a.at.clear();
    r.b.at.clear();
    int kr = 0;  // consecutive K per lane in the base table = elements per lane (MFMA)
    kr = elems_ab;
    auto widen = [&](const operand_table& in, operand_table& out, bool k_is_col) {
        for (auto& [key, en] : in.at) {
            for (int s = 0; s < factor; ++s) {
                int k0v = k_is_col ? en.col : en.row;
                int k, j;
                if (wmma) { k = s * k0 + k0v; j = s * elems_ab + key.second; }
                else { k = (k0v / kr) * (factor * kr) + s * kr + k0v % kr; j = s * kr + key.second; }
                entry e = en;
                (k_is_col ? e.col : e.row) = k;
                out.at[{key.first, j}] = e;
            }
        }
        (k_is_col ? out.cols : out.rows) = (k_is_col ? in.cols : in.rows) * factor;
    };
    widen(t.a, r.a, true);
    widen(t.b, r.b, false);
    return r;
}

// offset of y-space element `e` (row-major over the layout's y dims) of layout u
template <typename U, opus::index_t... I>
int offset_of_impl(const U& u, int e, opus::seq<I...>) {
    constexpr int n = sizeof...(I);
    auto ys = u.y_shape();
    (void)ys;
    int ext[n + 1] = {static_cast<int>(opus::get<I>(ys))..., 1};
    int idx[n + 1] = {};
    for (int d = n - 1; d >= 0; --d) { idx[d] = e % ext[d]; e /= ext[d]; }
    (void)ext;
    return static_cast<int>(u(idx[I]...));
}
template <typename U>
int offset_of(const U& u, int e) {
    return offset_of_impl(u, e, opus::make_index_seq<U::num_free>{});
}

// A table made from an instruction's lane model (no swap), for targets whose layouts AMD
// has not published as tables (gfx1250): what the host tests can check there is that opus's
// layouts agree with that model (C exactly, A and B through one K bijection) and compute C = A * B
// through it. The model itself is an inference (docs/evidence.md).
template <typename Mma>
instr_table table_from_model() {
    using model = lane_model<typename Mma::desc>;
    instr_table t;
    t.ok = true;
    t.a.rows = Mma::M, t.a.cols = Mma::K, t.b.rows = Mma::K, t.b.cols = Mma::N, t.d.rows = Mma::M, t.d.cols = Mma::N;
    for (int lane = 0; lane < Mma::wave_size; ++lane) {
        const auto ca = Mma::lane_coord_a(lane);
        const auto cc = opus::make_tuple(opus::get<1>(Mma::lane_coord_a(lane)), opus::get<0>(Mma::lane_coord_a(lane)));
        auto ua = model::part_a::layout(opus::make_tuple(Mma::K, opus::number<1>{}), ca);
        auto ub = model::part_b::layout(opus::make_tuple(Mma::K, opus::number<1>{}), ca);
        auto uc = model::part_c::layout(opus::make_tuple(Mma::N, opus::number<1>{}), cc);
        for (int e = 0; e < Mma::elem_a; ++e) {
            const int o = offset_of(ua, e);
            t.a.at[{lane, e}] = entry{o / Mma::K, o % Mma::K};
        }
        for (int e = 0; e < Mma::elem_b; ++e) {
            const int o = offset_of(ub, e);
            t.b.at[{lane, e}] = entry{o % Mma::K, o / Mma::K};  // B is K x N: (k, n)
        }
        for (int e = 0; e < Mma::elem_c; ++e) {
            const int o = offset_of(uc, e);
            t.d.at[{lane, e}] = entry{o / Mma::N, o % Mma::N};
        }
    }
    return t;
}

} // namespace mma_ref
