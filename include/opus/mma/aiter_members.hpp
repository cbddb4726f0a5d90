// SPDX-License-Identifier: MIT
// opus/mma/aiter_members.hpp - the members of aiter's single-header opus that the MMA adaptors
// carry under its names, for code written for it. Each macro is expanded once, inside the
// adaptor's body (members there cost less to compile than a base class):
//
//   aiter's name                               opus's
//   grpm_a grpn_b grpn_c / grpk_a grpk_b grpm_c   lane_width / lane_groups
//   wave_m wave_n wave_k, warp_size              M N K, wave_size (tiled: wave_* is the
//                                                instruction's shape, as in opus)
//   fmt_a fmt_b                                  the scaled f8f6f4 format codes of A and B
//   mfma_type wmma_type                          the instruction as opus::mfma / opus::wmma
//   tiled: MMA, expd_m/n/k, mma_a/b/c_len        mma, expand_m/n/k, elem_a/b/c
//   rept_pack_aiter                              rept_pack in aiter's K order (rept outer of
//                                                the lane groups), for partition_layout_*
//
// The other spellings of aiter's opus for the MMA module (opus::mfma / opus::wmma, the named
// instruction aliases, wmma_adaptor tags, partition_layout_*) are in opus/mma/aiter.hpp.
#pragma once

#include "entry.hpp"

OPUS_NAMESPACE_BEGIN
template <typename A, typename B, typename C, index_t M, index_t N, index_t K, index_t W> struct mfma;
template <typename A, typename B, typename C, index_t M, index_t N, index_t K, index_t W> struct wmma;
OPUS_NAMESPACE_END

// in mma_adaptor<A, B, C, M, N, K, ...> (its desc is the lane description)
#define OPUS_DETAIL_AITER_MMA_MEMBERS(A, B, C, M, N, K)                                                       \
    static constexpr index_t grpm_a = desc::lane_width, grpn_b = grpm_a, grpn_c = grpm_a;                     \
    static constexpr index_t grpk_a = desc::lane_groups, grpk_b = grpk_a, grpm_c = grpk_a;                    \
    static constexpr index_t wave_m = M, wave_n = N, wave_k = K, warp_size = desc::wave;                      \
    static constexpr int fmt_a = detail::f8f6f4_format<A>, fmt_b = detail::f8f6f4_format<B>;                  \
    using mfma_type = mfma<A, B, C, M, N, K, desc::wave>;                                                     \
    using wmma_type = wmma<A, B, C, M, N, K, desc::wave>;                                                     \
    using rept_pack_aiter = detail::rept_pack_parts<adaptor, rept_outer_differs || isa_k_runs>;

// in tiled_mma_adaptor<Mma, EM, EN, EK, ...>
#define OPUS_DETAIL_AITER_TILED_MEMBERS(Mma, EM, EN, EK)                                                      \
    using MMA = Mma;                                                                                          \
    static constexpr index_t grpm_a = Mma::grpm_a, grpn_b = Mma::grpn_b, grpn_c = Mma::grpn_c;                \
    static constexpr index_t grpk_a = Mma::grpk_a, grpk_b = Mma::grpk_b, grpm_c = Mma::grpm_c;                \
    static constexpr index_t warp_size = Mma::warp_size;                                                      \
    static constexpr int fmt_a = Mma::fmt_a, fmt_b = Mma::fmt_b;                                              \
    using mfma_type = typename Mma::mfma_type;                                                                \
    using wmma_type = typename Mma::wmma_type;                                                                \
    static constexpr index_t expd_m = EM, expd_n = EN, expd_k = EK;                                           \
    static constexpr index_t mma_a_len = Mma::elem_a, mma_b_len = Mma::elem_b, mma_c_len = Mma::elem_c;       \
    using rept_pack_aiter = tiled_parts<typename Mma::rept_pack_aiter>;
