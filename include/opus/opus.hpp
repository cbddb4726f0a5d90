// opus/opus.hpp - the include path of aiter's single-header opus, kept so sources written
// for it compile unchanged; forwards to the umbrella <opus.hpp>.
//
// Like that header, this path also brings in <type_traits>: code written for it spells
// std::is_same_v & co. after including only opus/opus.hpp (in -nogpuinc builds nothing else
// provides them). It costs ~51M compiler instructions per TU (opus/core/meta.hpp); define
// OPUS_STD_TYPE_TRAITS=0 to skip it, or include <opus.hpp> or a module header
// (<opus/core.hpp>, ...), which never include it unless OPUS_STD_TYPE_TRAITS=1.
#pragma once
#ifndef OPUS_STD_TYPE_TRAITS
#define OPUS_STD_TYPE_TRAITS 1
#endif
#include "../opus.hpp"
