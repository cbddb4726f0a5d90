# SPDX-License-Identifier: MIT
# What a newcomer reads first keeps the warnings and recipes that cost a first user time:
# each entry is a file, a regular expression it must match, and why. Fails naming the
# missing ones.
# cmake -DSOURCE_DIR=<repo> -P check_first_contact.cmake
set(checks
  "README.md|cast<bf16_t>\\(x, number<0>\\{\\}\\)|bf16: the per-target default and the per-call round to nearest even"
  "README.md|cast<fp8_t>\\(x, saturate\\)|fp8: no saturation by default and the per-call way out"
  "docs/walkthrough.md|cast<bf16_t>\\(acc, number<0>\\{\\}\\)|bf16 C: where the walkthrough's C leaves the accumulator"
  "docs/walkthrough.md|saturate|fp8 outputs: saturation per call"
  "README.md|thread_id_x\\(\\)|one spelling of the thread index in the first kernel"
  "docs/compile-time.md|--no-gpu-bundle-output|device-only compiles give ELF code objects, not offload bundles"
  "README.md|<opus/arch/math.hpp>|device math where -nogpuinc leaves HIP's math functions out"
  "docs/hip_minimal.md|opus/arch/math.hpp|the hip_minimal page says where the math functions are"
  "README.md|opus/arch/reduce.hpp|wave and block reductions"
  "README.md|docs/cookbook.md|the cookbook from the front page"
  "docs/walkthrough.md|tile_copy|the walkthrough's LDS stage")
set(bad "")
foreach(c IN LISTS checks)
  string(REPLACE "|" ";" parts "${c}")
  list(GET parts 0 file)
  list(GET parts 1 re)
  list(GET parts 2 why)
  file(READ "${SOURCE_DIR}/${file}" text)
  if(NOT text MATCHES "${re}")
    string(APPEND bad "  ${file}: no match for '${re}' (${why})\n")
  endif()
endforeach()
if(bad)
  message(FATAL_ERROR "first-contact documentation lost something:\n${bad}")
endif()
