# scripts/test sets OPUS_ENV_PROBE=passed-through before it re-runs itself in the build root
# (scripts/in-buildroot) with the argument --entered-buildroot, which makes the inner run set
# OPUS_ENV_PROBE_EXPECTED=1. The build root's environment must then still have the probe, as
# it must have every OPUS_*, CMAKE_* and CTEST_* variable of the caller (OPUS_GPU_TARGETS,
# OPUS_JOBS, ...). Without that argument (OPUS_NATIVE=1, a plain ctest) there is nothing to check.
if(NOT DEFINED ENV{OPUS_ENV_PROBE_EXPECTED})
  message("OPUS_SKIP: ctest was not started by scripts/test through scripts/in-buildroot")
  return()
endif()
if(NOT DEFINED ENV{OPUS_ENV_PROBE})
  message(FATAL_ERROR "scripts/in-buildroot dropped the caller's OPUS_* variables (OPUS_ENV_PROBE is not set inside)")
endif()
if(NOT "$ENV{OPUS_ENV_PROBE}" STREQUAL "passed-through")
  message(FATAL_ERROR "OPUS_ENV_PROBE is '$ENV{OPUS_ENV_PROBE}' inside the build root, expected 'passed-through'")
endif()
message(STATUS "OPUS_* variables reach the build root")
