// SPDX-License-Identifier: MIT
// opus/mma/select.hpp - which instruction an adaptor issues: the instruction-family headers of
// the targets being compiled, the target of an adaptor that names none, the choice of a native
// instruction or a step-K chain of one, and the diagnostic of a combination no target row has.
//
//   detail::mma_select<A, B, C, M, N, K, T>      ::target (T, or what target::native resolves to),
//                                                ::found, ::steps, ::native (the entry), ::current
//                                                (the target being compiled), ::has_rows
//   detail::mma_unsupported<A, B, C, T, M, N, K> static_asserts: what was asked, what T has
#pragma once

#include "family/list.hpp"

OPUS_NAMESPACE_BEGIN
namespace detail {

// The target whose instructions make_mfma picks: the compile target in a device pass,
// OPUS_MMA_HOST_TARGET in host code.
inline constexpr target current_mma_target = OPUS_DEVICE_PASS ? get_target() : OPUS_MMA_HOST_TARGET;

// No row (the families specialize mma_native, mma/entry.hpp): exists is false. The stand-in
// family's lanes (one lane, 32 values of A and B, one of C) let an adaptor of an unsupported
// combination instantiate after its diagnostics (below); a template, built only then.
template <typename E>
struct mma_no_family {
    struct lanes : mma_lanes {
        static constexpr index_t M = 1, N = 1, K = 32, wave = 1, lane_width = 1, k_run = 32, k_run_b = 32, c_run = 1;
    };
    template <typename, index_t, index_t, index_t, target> using desc = mma_desc<lanes>;
    static constexpr bool c_group_outer = false;
};
template <typename A, typename B, typename C, index_t M, index_t N, index_t K, target T>
struct mma_native {
    static constexpr bool exists = false, scaled = false;
    using family = mma_no_family<mma_native>;
    enum : int { id = 0 };
};

// ---- selection: the native instruction, or a step-K chain of the largest native K ---------
// T's entry for A x B -> C, M x N x K, or a step-K chain of `steps` of one; where T has none,
// found is false and native the stand-in above: the adaptor then gives mma_unsupported's
// diagnostics and still instantiates. (The entries are asked for the smallest chain first and
// no further: a native shape asks for one entry.)
template <typename A, typename B, typename C, index_t M, index_t N, index_t K, target T>
struct mma_select {
    template <index_t D = 1>
    static constexpr index_t steps_from() {
        if constexpr (D > 16) return 0;
        else if constexpr (K % D == 0 && mma_native<A, B, C, M, N, K / D, T>::exists) return D;
        else return steps_from<D * 2>();
    }
    static constexpr bool found = steps_from() > 0;
    static constexpr index_t steps = found ? steps_from() : 1;
    static constexpr opus::target target = T;
    using native = mma_native<A, B, C, M, N, K / steps, T>;
    // T is the target being compiled (compared as integers: an enum operand of == would take
    // the overloaded-operator lookup, a cost to every includer)
    static constexpr bool current = index_t(T) == index_t(current_mma_target);
#if OPUS_DEVICE_PASS && !defined(OPUS_MMA_ALL_TARGETS)
    static constexpr bool has_rows = current;  // a device pass declares its own target's rows only
#else
    static constexpr bool has_rows = true;
#endif
};
// target::native: the compile target in a device pass and in plain host code (there
// OPUS_MMA_HOST_TARGET). The host pass of a HIP compile checks kernel bodies that never run there
// and compiles no single target: it takes the first target that has the instruction
// (OPUS_MMA_HOST_TARGET first); the device passes decide.
#if OPUS_HIP && !OPUS_DEVICE_PASS
#define OPUS_DETAIL_MMA_RESOLVE(X) mma_select<A, B, C, M, N, K, target::X>::found ? target::X:
#define OPUS_DETAIL_MMA_NATIVE_TARGET                                                                         \
    mma_select<A, B, C, M, N, K, current_mma_target>::found ? current_mma_target                              \
                                                           : OPUS_DETAIL_MMA_HOST_PASS_ORDER(OPUS_DETAIL_MMA_RESOLVE) current_mma_target
#else
#define OPUS_DETAIL_MMA_NATIVE_TARGET current_mma_target
#endif
template <typename A, typename B, typename C, index_t M, index_t N, index_t K>
struct mma_select<A, B, C, M, N, K, target::native> : mma_select<A, B, C, M, N, K, (OPUS_DETAIL_MMA_NATIVE_TARGET)> {};
#undef OPUS_DETAIL_MMA_NATIVE_TARGET
#undef OPUS_DETAIL_MMA_RESOLVE

// ---- unsupported combinations: what was asked, and what target T has for those types ---------
// Instantiated only when a make_mfma has no instruction. The supported shapes are found by
// asking T's entries for each candidate M x N x K (32x32, 16x16, 32x16, 4x4; K = 1 .. 256), so
// the list is the rows themselves; the requirement line of the static_assert shows the target,
// the types, the shape asked and supported_MxNxK<MxNxK<...>...>.
template <typename A, typename B, typename C> struct mma_types_ABC {};
template <index_t M, index_t N, index_t K> struct MxNxK {};
template <typename... S> struct supported_MxNxK {};
template <typename... S, index_t M, index_t N, index_t K>
supported_MxNxK<S..., MxNxK<M, N, K>> mma_with_shape(supported_MxNxK<S...>, MxNxK<M, N, K>);
template <typename A, typename B, typename C, target T, typename L = supported_MxNxK<>, index_t I = 0>
struct mma_supported {
    static constexpr index_t mn = I / 9, M = mn == 1 ? 16 : mn == 3 ? 4 : 32, N = mn == 0 ? 32 : M / (mn == 2 ? 2 : 1);
    static constexpr index_t K = index_t(1) << (I % 9);
    using next = conditional_t<mma_native<A, B, C, M, N, K, T>::exists,
                               decltype(mma_with_shape(L{}, MxNxK<M, N, K>{})), L>;
    using type = typename mma_supported<A, B, C, T, next, I + 1>::type;
};
template <typename A, typename B, typename C, target T, typename L>
struct mma_supported<A, B, C, T, L, 36> { using type = L; };
// (each assertion's value is false exactly in its case, so one of the two fails)
template <target T, typename Types, typename Supported> struct mma_no_instruction_for_types {
    static constexpr bool value = !is_same_v<Supported, supported_MxNxK<>>;
};
template <target T, typename Types, typename Asked, typename Supported> struct mma_no_instruction_for_shape {
    static constexpr bool value = is_same_v<Supported, supported_MxNxK<>>;
};
template <typename A, typename B, typename C, target T, index_t M, index_t N, index_t K>
struct mma_unsupported {
    using supported = typename mma_supported<A, B, C, T>::type;
    static_assert(mma_no_instruction_for_types<T, mma_types_ABC<A, B, C>, supported>::value,
                  "opus::make_mfma: no matrix-core instruction of this target takes these (A, B, C) types");
    static_assert(mma_no_instruction_for_shape<T, mma_types_ABC<A, B, C>, MxNxK<M, N, K>, supported>::value,
                  "opus::make_mfma: unsupported MxNxK for these (A, B, C) types on this target; supported_MxNxK<...> "
                  "lists the shapes it has (and any multiple of a native K runs as a step-K chain)");
};

} // namespace detail
OPUS_NAMESPACE_END
