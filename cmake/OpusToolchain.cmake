# Tools for opus's tests, examples and benchmarks: the HIP language, FileCheck, LLVM tools,
# and which of OPUS_GPU_TARGETS each HIP compiler can generate code for.
#
# Works with ROCm (amdclang++/hipcc under /opt/rocm) and with an upstream clang that has
# the AMDGPU backend (our Debian build root). Device code in opus's own tests includes
# opus/hip_minimal.hpp instead of hip_runtime.h, so it compiles with -nogpuinc -nogpulib.

set(_opus_need_hip OFF)
foreach(tier codegen device diagnostics package headers)
  if(OPUS_BUILD_TESTS AND tier IN_LIST OPUS_TEST_TIERS)
    set(_opus_need_hip ON)
  endif()
endforeach()
if(OPUS_BUILD_EXAMPLES OR OPUS_BUILD_BENCHMARKS)
  set(_opus_need_hip ON)
endif()

if(_opus_need_hip)
  if(NOT CMAKE_HIP_ARCHITECTURES)
    set(CMAKE_HIP_ARCHITECTURES "${OPUS_GPU_TARGETS}")
  endif()
  enable_language(HIP)
  set(CMAKE_HIP_STANDARD 17)
  set(CMAKE_HIP_STANDARD_REQUIRED ON)
  set(CMAKE_HIP_EXTENSIONS OFF)
  get_filename_component(_opus_hip_bindir "${CMAKE_HIP_COMPILER}" DIRECTORY)

  find_program(OPUS_FILECHECK NAMES FileCheck FileCheck-22 FileCheck-21 FileCheck-20 FileCheck-19
               HINTS "${_opus_hip_bindir}" /opt/rocm/llvm/bin)
  find_program(OPUS_LLVM_READELF NAMES llvm-readelf llvm-readelf-22 HINTS "${_opus_hip_bindir}" /opt/rocm/llvm/bin)
  find_program(OPUS_LLVM_NM NAMES llvm-nm llvm-nm-22 HINTS "${_opus_hip_bindir}" /opt/rocm/llvm/bin)
  find_program(OPUS_PYTHON NAMES python3)

  # Which targets can this compiler do? (opus_probe_targets, OpusTargets.cmake)
  opus_require_compiler_targets(COMPILER "${CMAKE_HIP_COMPILER}" CONTEXT "OPUS_GPU_TARGETS"
    HINT "Use a newer compiler (CMAKE_HIP_COMPILER) or remove the target from OPUS_GPU_TARGETS."
    TARGETS ${OPUS_GPU_TARGETS})

  # Codegen tests (ISA + FileCheck, no GPU needed) run on their own target list, so every
  # instruction table opus has is compiled and checked even when
  # OPUS_GPU_TARGETS (what device tests, examples and benchmarks build for) is narrower.
  # The codegen targets are OPUS_CODEGEN_TARGETS plus OPUS_GPU_TARGETS, minus what the HIP
  # compiler cannot generate code for (reported, not an error).
  set(OPUS_CODEGEN_TARGETS "${OPUS_DEFAULT_CODEGEN_TARGETS}" CACHE STRING
      "GPU targets the codegen tests compile for, in addition to OPUS_GPU_TARGETS (supported: ${OPUS_SUPPORTED_GPU_TARGETS})")
  opus_check_gpu_targets(OPUS_CODEGEN_TARGETS)
  set(_opus_cg_wanted ${OPUS_GPU_TARGETS} ${OPUS_CODEGEN_TARGETS})
  list(REMOVE_DUPLICATES _opus_cg_wanted)
  opus_probe_targets("${CMAKE_HIP_COMPILER}" "${_opus_cg_wanted}" OPUS_CODEGEN_ALL_TARGETS)
  foreach(t IN LISTS _opus_cg_wanted)
    if(NOT t IN_LIST OPUS_CODEGEN_ALL_TARGETS)
      message(STATUS "opus: no codegen tests for ${t}: ${CMAKE_HIP_COMPILER} cannot generate code for it")
    endif()
  endforeach()
  # Files without a `// TARGETS:` line are checked on the targets above; those of
  # OPUS_CODEGEN_NAMED_TARGETS (none by default: a target being brought up) only by the files
  # that name them in their TARGETS line.
  set(OPUS_CODEGEN_DEFAULT_TARGETS "${OPUS_CODEGEN_ALL_TARGETS}")
  set(OPUS_CODEGEN_NAMED_TARGETS "" CACHE STRING
      "GPU targets only the codegen tests that name them in `// TARGETS:` compile for")
  opus_probe_targets("${CMAKE_HIP_COMPILER}" "${OPUS_CODEGEN_NAMED_TARGETS}" _opus_cg_named)
  foreach(t IN LISTS OPUS_CODEGEN_NAMED_TARGETS)
    if(NOT t IN_LIST _opus_cg_named)
      message(STATUS "opus: no codegen tests for ${t}: ${CMAKE_HIP_COMPILER} cannot generate code for it")
    endif()
  endforeach()
  list(APPEND OPUS_CODEGEN_ALL_TARGETS ${_opus_cg_named})
  list(REMOVE_DUPLICATES OPUS_CODEGEN_ALL_TARGETS)

  # Additional compilers whose codegen is checked too (e.g. the oldest supported clang-19),
  # each on the subset of OPUS_GPU_TARGETS it supports.
  set(OPUS_CODEGEN_EXTRA_COMPILERS "" CACHE STRING
      "Extra HIP-capable clang++ executables to run the codegen tests with")
  set(OPUS_CODEGEN_COMPILER_IDS "main")
  set(OPUS_CODEGEN_COMPILER_main "${CMAKE_HIP_COMPILER}")
  set(OPUS_CODEGEN_TARGETS_main "${OPUS_CODEGEN_ALL_TARGETS}")
  foreach(c IN LISTS OPUS_CODEGEN_EXTRA_COMPILERS)
    find_program(_opus_extra_${c} NAMES ${c})
    if(NOT _opus_extra_${c})
      message(FATAL_ERROR "opus: OPUS_CODEGEN_EXTRA_COMPILERS entry '${c}' not found")
    endif()
    get_filename_component(id "${c}" NAME)
    string(MAKE_C_IDENTIFIER "${id}" id)
    opus_probe_targets("${_opus_extra_${c}}" "${OPUS_GPU_TARGETS}" tgts)
    list(APPEND OPUS_CODEGEN_COMPILER_IDS ${id})
    set(OPUS_CODEGEN_COMPILER_${id} "${_opus_extra_${c}}")
    set(OPUS_CODEGEN_TARGETS_${id} "${tgts}")
    message(STATUS "opus: codegen tests also with ${c} for: ${tgts}")
  endforeach()
  message(STATUS "opus: HIP compiler ${CMAKE_HIP_COMPILER} (${CMAKE_HIP_COMPILER_VERSION}), "
                 "targets ${OPUS_GPU_TARGETS}; codegen tests for ${OPUS_CODEGEN_ALL_TARGETS}")
endif()

# Flags every opus-owned HIP target gets: no HIP runtime headers or device libraries, since
# opus only needs compiler builtins; warnings are errors.
set(OPUS_HIP_DEVICE_FLAGS -nogpuinc -nogpulib)
set(OPUS_WARNING_FLAGS -Wall -Wextra -Werror)

# opus_hip_target(<target>): sources of <target> compile as HIP for OPUS_GPU_TARGETS.
function(opus_hip_target tgt)
  get_target_property(srcs ${tgt} SOURCES)
  set_source_files_properties(${srcs} TARGET_DIRECTORY ${tgt} PROPERTIES LANGUAGE HIP)
  set_target_properties(${tgt} PROPERTIES HIP_ARCHITECTURES "${OPUS_GPU_TARGETS}")
  target_compile_options(${tgt} PRIVATE $<$<COMPILE_LANGUAGE:HIP>:${OPUS_HIP_DEVICE_FLAGS}>)
  target_link_options(${tgt} PRIVATE $<$<LINK_LANGUAGE:HIP>:-nogpulib -Wno-unused-command-line-argument>)
endfunction()
