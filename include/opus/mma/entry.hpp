// SPDX-License-Identifier: MIT
// opus/mma/entry.hpp - what every instruction-family header (opus/mma/family/) builds on: the
// entry template its rows specialize (the rows name the builtins' operand types with opus's
// vector aliases, i16x4_t ... i32x16_t, i64_t).
//
//   detail::mma_native<A, B, C, M, N, K, target::X>   one specialization per instruction, made
//       by a family header from its rows: ::exists, ::id (its row's enumerator in the family's
//       enum row), ::family (the family's struct), and what the family's lane layout needs
//       (cr, kr, swz)
//   Family::desc<E, M, N, K, T>      the lane layout of entry E (mma/desc.hpp)
//   Family::c_group_outer            C's [rept, pack] split puts the lane groups outermost
//   mma_operand_image<T>, mma_wide_scales<T>   facts a family specializes for its target
//   Family::row                      the family's rows as an enum, named after their mnemonics
//   Family::name<Id>()               its mnemonic
//   Family::issue<E, CB, AB, BL>(a, b, c)   its builtin call (HIP)
#pragma once

#include "../arch/target.hpp"
#include "../arch/dtype.hpp"
#include "../core/vector.hpp"
#include "desc.hpp"
#include "operand.hpp"

// A device pass declares only the rows of the target it compiles; host code and the host pass
// of a HIP compile see every target. OPUS_MMA_ALL_TARGETS keeps all rows everywhere (e.g. to
// query another target's layouts from device code).
#if OPUS_DEVICE_PASS && !defined(OPUS_MMA_ALL_TARGETS)
#define OPUS_DETAIL_MMA_WANT(G) OPUS_##G
#else
#define OPUS_DETAIL_MMA_WANT(G) 1
#endif

OPUS_NAMESPACE_BEGIN
namespace detail {

// (defined by mma/select.hpp for the combinations no row has: exists false)
template <typename A, typename B, typename C, index_t M, index_t N, index_t K, target T>
struct mma_native;
// what every entry has (a base costs less than two static members in each entry: in a device
// pass each static member of a non-template class is bookkept like a function)
struct mma_entry {
    static constexpr bool exists = true, scaled = false;
};

// Facts of a target that a family sets where its instructions differ (the default otherwise):
// the bytes of the full register image a scaled operand may come in (an fp4 / fp6 operand in
// all of an fp8 one's registers), and whether scales may be 64-bit.
template <target T> inline constexpr index_t mma_operand_image = 32;
template <target T> inline constexpr bool mma_wide_scales = false;

// Format codes of the scaled f8f6f4 instructions (cbsz for A, blgp for B): fp8 0, bf8 1, fp6 2,
// bf6 3, fp4 4; -1 for other types.
template <typename T>
inline constexpr int f8f6f4_format = is_same_v<T, fp8_t> ? 0 : is_same_v<T, bf8_t> ? 1 : is_same_v<T, fp6_t> ? 2
                                   : is_same_v<T, bf6_t> ? 3 : is_same_v<T, fp4_t> ? 4 : -1;
template <typename A, typename B>
inline constexpr bool is_f8f6f4_pair = f8f6f4_format<A> >= 0 && f8f6f4_format<B> >= 0;

} // namespace detail
OPUS_NAMESPACE_END

// A family struct's name<Id>() and issue<E, CB, AB, BL>(a, b, c), from its rows expanded with
// the family's NAME (`case NAME: return "mnemonic";`) and ISSUE (`if constexpr (Id == int(NAME))
// return builtin(...); else`) macros. An entry's id is the enumerator its row adds to the
// family's `enum row` (so ids follow from the rows' positions); compared as int (an enum operand
// would take the overloaded-operator lookup). The id is a template parameter: cheaper to compare
// in each condition than a local constant; issue exists in HIP compiles only.
#define OPUS_DETAIL_MMA_FAMILY_NAME(NAME_ROWS)                                                                \
    template <int Id>                                                                                         \
    OPUS_H_D static constexpr const char* name() {                                                            \
        switch (Id) {                                                                                         \
        NAME_ROWS                                                                                             \
        default: return "";                                                                                   \
        }                                                                                                     \
    }
#if OPUS_HIP
#define OPUS_DETAIL_MMA_FAMILY_ISSUE(ISSUE_ROWS)                                                              \
    template <typename E, index_t CB, index_t AB, index_t BL, typename VA, typename VB, typename VC, int Id = E::id> \
    OPUS_D static VC issue(const VA& a, const VB& b, const VC& c) {                                           \
        ISSUE_ROWS {                                                                                          \
            static_assert(Id < 0, "opus mma: internal (an entry whose id no row of its family has)");         \
            return c;                                                                                         \
        }                                                                                                     \
    }
#else
#define OPUS_DETAIL_MMA_FAMILY_ISSUE(ISSUE_ROWS)
#endif

// The WMMA builtins' call forms (a row names one): A, B, C; the integer form with its sign
// flags and clamp; 16-bit C (f16 / bf16 accumulators), which goes through the builtin's type too.
#if OPUS_HIP
#define OPUS_DETAIL_MMA_FORM_wmma_ab(BUILTIN, AT) BUILTIN(__builtin_bit_cast(AT, a), __builtin_bit_cast(AT, b), c)
#define OPUS_DETAIL_MMA_FORM_wmma_iu(BUILTIN, AT)                                                             \
    BUILTIN(true, __builtin_bit_cast(AT, a), true, __builtin_bit_cast(AT, b), c, false)
#define OPUS_DETAIL_MMA_FORM_wmma_c16(BUILTIN, AT)                                                            \
    __builtin_bit_cast(VC, BUILTIN(__builtin_bit_cast(AT, a), __builtin_bit_cast(AT, b), __builtin_bit_cast(AT, c)))
#endif
