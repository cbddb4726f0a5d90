// SPDX-License-Identifier: MIT
// opus/core/aiter.hpp - aiter's layer for the core module: the spellings that code written for
// aiter's single-header opus (or for earlier opus) uses where opus's own API has one other
// name. Included by opus/opus.hpp only (never by <opus.hpp> or a module umbrella;
// test/diagnostics/core/aiter_spelling_own_api.hip).
//
//   is_constant_v<T>, is_constant<T>   opus: is_number_v<T> (a number<> / integral_constant)
//   is_static_v<T>                     opus: is_number_v<T> (earlier opus)
#pragma once

#include "number.hpp"

OPUS_NAMESPACE_BEGIN
template <typename T>
inline constexpr bool is_constant_v = is_number_v<T>;
template <typename T>
struct is_constant : bool_constant<is_number_v<T>> {};
template <typename T>
inline constexpr bool is_static_v = is_number_v<T>;
OPUS_NAMESPACE_END
