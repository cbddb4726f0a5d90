# The GPU targets opus supports and validation of OPUS_GPU_TARGETS.
set(OPUS_SUPPORTED_GPU_TARGETS
    gfx90a gfx942 gfx950
    gfx1100 gfx1101 gfx1102 gfx1103 gfx1150 gfx1151
    gfx1200 gfx1201
    gfx1250 gfx1251)
set(OPUS_GPU_TARGETS "gfx942;gfx950" CACHE STRING
    "GPU targets to build device code for (supported: ${OPUS_SUPPORTED_GPU_TARGETS})")
foreach(t IN LISTS OPUS_GPU_TARGETS)
  # A target id may carry features (gfx942:xnack-); validate the processor part.
  string(REGEX REPLACE ":.*" "" proc "${t}")
  if(NOT proc IN_LIST OPUS_SUPPORTED_GPU_TARGETS)
    string(REPLACE ";" ", " supported "${OPUS_SUPPORTED_GPU_TARGETS}")
    message(FATAL_ERROR "opus: unsupported GPU target '${t}' in OPUS_GPU_TARGETS. "
                        "Supported targets: ${supported}.")
  endif()
endforeach()
