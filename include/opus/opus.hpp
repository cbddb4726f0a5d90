// opus/opus.hpp - kept so sources written for the single-header layout
// (#include "opus/opus.hpp") compile unchanged; forwards to the umbrella.
#pragma once
#include "../opus.hpp"
