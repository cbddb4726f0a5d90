// Host tests of opus/arch/reduce.hpp: the exchange steps wave_reduce issues (its plan), run on a
// host model of each instruction (DPP controls, ds_swizzle, v_permlanex16, v_permlane64,
// v_readlane) written here from the ISA manuals' descriptions; the source lanes of shfl_xor /
// shfl_down / shfl_up against HIP's own expressions; block_reduce's tree over the waves.
// Every lane's value is the reduction tree it holds, written out with the operands of each op
// sorted (the ops are commutative), so a test compares trees, not just sums: it pins the
// documented order as well as the result. The device passes: test/codegen/arch/arch_reduce*.hip
// (the instructions), test/device/arch/test_reduce_device.hip (the values on a GPU).
#include <opus/arch/reduce.hpp>

#include <catch2/catch_test_macros.hpp>

#include <string>
#include <vector>

using namespace opus;

namespace {

using tree = std::string;
const tree undefined = "?";  // a lane the hardware gives no defined value (or 0)

tree leaf(int lane) { return "x" + std::to_string(lane); }
tree combine(const tree& a, const tree& b) {
    if (a == undefined || b == undefined) return undefined;
    return a < b ? "(" + a + " " + b + ")" : "(" + b + " " + a + ")";
}
// the balanced tree over lanes [lo, lo + n), adjacent pairs first
tree balanced(int lo, int n) { return n == 1 ? leaf(lo) : combine(balanced(lo, n / 2), balanced(lo + n / 2, n / 2)); }

constexpr int not_modelled = -2, no_source = -1;

// the lane a DPP control reads (rows of 16 lanes)
int dpp_src(int ctrl, int lane, bool gfx9, int wave) {
    const int row = lane & ~15, i = lane & 15;
    const int n = ctrl & 15;
    if (ctrl >= 0 && ctrl <= 0xff) return (lane & ~3) + ((ctrl >> (2 * (lane & 3))) & 3); // quad_perm
    if (ctrl > 0x100 && ctrl <= 0x10f) return i + n < 16 ? lane + n : no_source;          // row_shl
    if (ctrl > 0x110 && ctrl <= 0x11f) return i - n >= 0 ? lane - n : no_source;          // row_shr
    if (ctrl > 0x120 && ctrl <= 0x12f) return row + ((i + 16 - n) & 15);                   // row_ror
    if (ctrl == 0x140) return row + 15 - i;                                                // row_mirror
    if (ctrl == 0x141) return (lane & ~7) + 7 - (lane & 7);                                // row_half_mirror
    if (gfx9 && wave == 64 && ctrl == 0x142) return lane >= 16 ? row - 1 : no_source;      // row_bcast:15
    if (gfx9 && wave == 64 && ctrl == 0x143) return lane >= 32 ? 31 : no_source;           // row_bcast:31
    return not_modelled;
}
// ds_swizzle_b32, bitmask mode (offset bit 15 clear), within groups of 32 lanes
int swizzle_src(int offset, int lane) {
    if (offset & 0x8000) return not_modelled;
    const int and_mask = offset & 31, or_mask = (offset >> 5) & 31, xor_mask = (offset >> 10) & 31;
    return (lane & ~31) | ((((lane & 31) & and_mask) | or_mask) ^ xor_mask);
}
// v_permlanex16_b32: lane i of a row reads the lane its select nibble names in the other row of
// its pair of rows
int permlanex16_src(int lane) {
    const unsigned sel = (lane & 15) < 8 ? detail::permlanex16_sel_lo : detail::permlanex16_sel_hi;
    return (lane & ~31) + ((lane & 16) ^ 16) + int((sel >> (4 * (lane & 7))) & 15);
}

// the lanes' trees after the plan's steps; `modelled` false if a step names something this model
// does not know
std::vector<tree> run(const detail::wave_reduce_plan& plan, bool gfx9, int wave, bool& modelled) {
    std::vector<tree> v(static_cast<size_t>(wave));
    for (int l = 0; l < wave; ++l) v[size_t(l)] = leaf(l);
    modelled = true;
    for (index_t k = 0; k < plan.size; ++k) {
        const detail::reduce_step s = plan.step[k];
        std::vector<tree> next(v.size());
        for (int l = 0; l < wave; ++l) {
            int src = not_modelled;
            switch (s.kind) {
            case detail::reduce_xchg::dpp: src = dpp_src(s.ctrl, l, gfx9, wave); break;
            case detail::reduce_xchg::swizzle: src = swizzle_src(s.ctrl, l); break;
            case detail::reduce_xchg::permlanex16: src = gfx9 ? not_modelled : permlanex16_src(l); break;
            case detail::reduce_xchg::permlane64: src = !gfx9 && wave == 64 ? l ^ 32 : not_modelled; break;
            case detail::reduce_xchg::readlane: src = s.ctrl < wave ? s.ctrl : not_modelled; break;
            }
            if (src == not_modelled) {
                modelled = false;
                return v;
            }
            const tree other = src == no_source ? undefined : v[size_t(src)];
            next[size_t(l)] = s.kind == detail::reduce_xchg::readlane ? other : combine(v[size_t(l)], other);
        }
        v = next;
    }
    return v;
}

// every lane holds the balanced tree of its group of `width` lanes
bool reduces(const std::vector<tree>& v, int width) {
    for (int l = 0; l < int(v.size()); ++l)
        if (v[size_t(l)] != balanced(l / width * width, width)) return false;
    return true;
}

int log2i(int n) {
    int k = 0;
    while ((1 << k) < n) ++k;
    return k;
}

struct family {
    const char* name;
    bool gfx9;
    int wave;
};
constexpr family families[] = {{"gfx9 (wave64)", true, 64}, {"gfx11/gfx12/gfx1250 wave32", false, 32},
                               {"gfx11/gfx12 wave64", false, 64}};

} // namespace

TEST_CASE("wave_reduce: every width's plan leaves the balanced tree of its group in every lane", "[arch][reduce]") {
    for (const family& f : families) {
        for (int width = 1; width <= f.wave; width *= 2) {
            INFO(f.name << ", width " << width);
            const detail::wave_reduce_plan plan = detail::make_wave_reduce_plan(f.gfx9, width);
            bool modelled = false;
            const std::vector<tree> v = run(plan, f.gfx9, f.wave, modelled);
            REQUIRE(modelled);
            CHECK(reduces(v, width));
            // one exchange per halving, and gfx9's full wave one more: the v_readlane broadcast
            CHECK(plan.size == log2i(width) + (f.gfx9 && width == 64 ? 1 : 0));
        }
    }
    // what the device passes use
    STATIC_REQUIRE(detail::wave_reduce_plan_v<true, 64>.size == 7);
    STATIC_REQUIRE(detail::wave_reduce_plan_v<false, 32>.size == 5);
}

// the model notices a wrong control: each DPP step replaced by row_shr:1, gfx9's swizzle by
// xor 8, gfx9's readlane by lane 47 (row 2: not finished)
TEST_CASE("wave_reduce: the plan check fails for a wrong exchange", "[arch][reduce]") {
    for (const family& f : families) {
        const detail::wave_reduce_plan good = detail::make_wave_reduce_plan(f.gfx9, f.wave);
        const detail::wave_reduce_plan good32 = detail::make_wave_reduce_plan(f.gfx9, 32);
        for (const detail::wave_reduce_plan& base : {good, good32}) {
            const int width = base.size == good.size ? f.wave : 32;
            for (index_t k = 0; k < base.size; ++k) {
                detail::wave_reduce_plan bad = base;
                if (bad.step[k].kind == detail::reduce_xchg::dpp) bad.step[k].ctrl = dpp::row_shr(1);
                else if (bad.step[k].kind == detail::reduce_xchg::swizzle) bad.step[k].ctrl = 0x201f;
                else if (bad.step[k].kind == detail::reduce_xchg::readlane) bad.step[k].ctrl = 47;
                else continue;
                INFO(f.name << ", width " << width << ", step " << k);
                bool modelled = false;
                const std::vector<tree> v = run(bad, f.gfx9, f.wave, modelled);
                CHECK((!modelled || !reduces(v, width)));
            }
        }
    }
}

// the expressions of HIP's __shfl_xor / __shfl_down / __shfl_up (hip/amd_detail/amd_warp_functions.h),
// for every lane, mask or delta and width
TEST_CASE("shfl_xor / shfl_down / shfl_up read the lane HIP's shuffles read", "[arch][reduce]") {
    for (int wave : {32, 64}) {
        for (int width = 1; width <= wave; width *= 2) {
            for (int self = 0; self < wave; ++self) {
                for (int m = -3; m < 2 * wave; ++m) {
                    INFO("wave " << wave << " width " << width << " lane " << self << " mask/delta " << m);
                    const int x = self ^ m;
                    CHECK(detail::shfl_xor_src(self, m, width) == (x >= ((self + width) & ~(width - 1)) ? self : x));
                    if (m < 0) continue;  // HIP's delta is unsigned
                    const int down = (self & (width - 1)) + m >= width ? self : self + m;
                    CHECK(detail::shfl_down_src(self, m, width) == down);
                    const int up = self - m;
                    CHECK(detail::shfl_up_src(self, m, width) == (up < (self & ~(width - 1)) ? self : up));
                }
            }
        }
    }
}

TEST_CASE("block_reduce: the waves' partials combine as a balanced tree (stride doubling otherwise)",
          "[arch][reduce]") {
    auto partials = [](auto n) {
        constexpr int N = decltype(n)::value;
        tree p[N];
        for (int i = 0; i < N; ++i) p[i] = leaf(i);
        auto op = [](const tree& a, const tree& b) { return combine(a, b); };
        return detail::tree_reduce<N>(p, op);
    };
    CHECK(partials(number<1>{}) == balanced(0, 1));
    CHECK(partials(number<2>{}) == balanced(0, 2));
    CHECK(partials(number<4>{}) == balanced(0, 4));
    CHECK(partials(number<16>{}) == balanced(0, 16));
    CHECK(partials(number<32>{}) == balanced(0, 32));
    CHECK(partials(number<3>{}) == combine(combine(leaf(0), leaf(1)), leaf(2)));
    CHECK(partials(number<6>{}) == combine(balanced(0, 4), balanced(4, 2)));
    STATIC_REQUIRE(reduce_sum{}(2, 3) == 5);
    STATIC_REQUIRE(reduce_max{}(2, 3) == 3 && reduce_min{}(2, 3) == 2);
    STATIC_REQUIRE(block_reduce_scratch<float, 256>::num_waves == 256 / get_warp_size());
}
