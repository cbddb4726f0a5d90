// SPDX-License-Identifier: MIT
// opus/mem/free.hpp - free-function spellings of the gmem/smem members, for dependent
// contexts (no `.template`): each forwards to the member of the same name.
//
//   auto v = opus::load<4>(g, i);            // g.load<4>(i)       (gmem or smem)
//   opus::store<4>(g, v, i);                 // g.store<4>(v, i)   (no <N>: deduced from v)
//   auto t = opus::load_if(g, pred, u);      // g.load_if<1>(pred, u)
//   opus::store_if(g, pred, t, u);
//   opus::async_load<4>(g, lds, vo, so);     // gmem only
//   opus::async_load_if(g, pred, lds, ug, us);
//   auto r = opus::tr_load<4>(s, u);         // smem only (gfx950)
//   auto r = opus::tr_load_if<4>(s, pred, u);
//
// is_gmem_v<M> / is_smem_v<M> / is_mem_v<M> select them; a wrapper type can opt in by
// specializing opus::is_gmem / opus::is_smem (it then needs the member being forwarded to).
#pragma once
// Plain C++ (no HIP) stops here with one clear error instead of a wall of them.
#include "../core/config.hpp"
#if !OPUS_HIP
#error "opus/mem/free.hpp is device code: compile it as HIP (hipcc, amdclang++, clang++ -x hip). Plain C++ host code includes <opus/core.hpp>, the host half of opus (host C++ may also use <opus/arch.hpp> and <opus/mma.hpp>)"
#else

#include "gmem.hpp"
#include "smem.hpp"

OPUS_NAMESPACE_BEGIN

template <typename T>
inline constexpr bool is_mem_v = is_gmem_v<T> || is_smem_v<T>;

template <index_t N = 1, typename M, typename... A, enable_if_t<is_mem_v<M>, int> = 0>
OPUS_D auto load(M&& m, A&&... a) { return m.template load<N>(static_cast<A&&>(a)...); }
template <index_t N = -1, typename M, typename... A, enable_if_t<is_mem_v<M>, int> = 0>
OPUS_D OPUS_DETAIL_OWN_API void store(M&& m, A&&... a) {  // (the tag: the members it calls)
    if constexpr (N < 0) m.store(static_cast<A&&>(a)...);
    else m.template store<N>(static_cast<A&&>(a)...);
}
template <index_t N = 1, typename M, typename... A, enable_if_t<is_mem_v<M>, int> = 0>
OPUS_D auto load_if(M&& m, A&&... a) { return m.template load_if<N>(static_cast<A&&>(a)...); }
template <index_t N = -1, typename M, typename... A, enable_if_t<is_mem_v<M>, int> = 0>
OPUS_D OPUS_DETAIL_OWN_API void store_if(M&& m, A&&... a) {
    if constexpr (N < 0) m.store_if(static_cast<A&&>(a)...);
    else m.template store_if<N>(static_cast<A&&>(a)...);
}
template <index_t N = 1, typename M, typename... A, enable_if_t<is_gmem_v<M>, int> = 0>
OPUS_D void async_load(M&& m, A&&... a) { m.template async_load<N>(static_cast<A&&>(a)...); }
template <index_t N = 1, typename M, typename... A, enable_if_t<is_gmem_v<M>, int> = 0>
OPUS_D void async_load_if(M&& m, A&&... a) { m.template async_load_if<N>(static_cast<A&&>(a)...); }
template <index_t N = 1, typename M, typename... A, enable_if_t<is_smem_v<M>, int> = 0>
OPUS_D auto tr_load(M&& m, A&&... a) { return m.template tr_load<N>(static_cast<A&&>(a)...); }
template <index_t N = 1, typename M, typename... A, enable_if_t<is_smem_v<M>, int> = 0>
OPUS_D auto tr_load_if(M&& m, A&&... a) { return m.template tr_load_if<N>(static_cast<A&&>(a)...); }

OPUS_NAMESPACE_END
#endif // OPUS_HIP
