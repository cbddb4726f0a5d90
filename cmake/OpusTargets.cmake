# SPDX-License-Identifier: MIT
# The GPU targets opus supports, as data: the one CMake file that names them. Included by the
# project and, installed next to it, by OpusDeviceLibrary.cmake. Defines nothing but variables
# and functions (no checks run on include).
include_guard(GLOBAL)

# One line per group of processors: FileCheck family prefix (CHECK-<family>), processors, the
# oldest upstream clang and ROCm that generate code for them ("" = every supported one).
set(_opus_target_rows
  #  family   processors                                               clang  ROCm
  "GFX9     | gfx90a gfx942                                          |      |"
  "GFX9     | gfx950                                                 | 20   | 6.4"
  "GFX11    | gfx1100 gfx1101 gfx1102 gfx1103 gfx1150 gfx1151        |      |"
  "GFX12    | gfx1200 gfx1201                                        |      |"
  "GFX1250  | gfx1250 gfx1251                                        | 22   | 7.2")

set(OPUS_SUPPORTED_GPU_TARGETS "")
set(_opus_target_compiler_note "")
foreach(_row IN LISTS _opus_target_rows)
  string(REPLACE "|" ";" _cols "${_row}")
  list(TRANSFORM _cols STRIP)
  list(GET _cols 0 _fam)
  list(GET _cols 1 _procs)
  list(GET _cols 2 _clang)
  list(GET _cols 3 _rocm)
  separate_arguments(_procs)
  foreach(_p IN LISTS _procs)
    list(APPEND OPUS_SUPPORTED_GPU_TARGETS ${_p})
    set(_OPUS_TARGET_FAMILY_${_p} ${_fam})
    set(_OPUS_TARGET_CLANG_${_p} "${_clang}")
    set(_OPUS_TARGET_NEED_${_p} "")
    if(_clang)
      set(_OPUS_TARGET_NEED_${_p} "clang >= ${_clang} or ROCm >= ${_rocm}")
    endif()
  endforeach()
  if(_clang)
    string(REPLACE ";" "/" _names "${_procs}")
    list(GET _procs 0 _p)
    string(APPEND _opus_target_compiler_note "${_names} needs ${_OPUS_TARGET_NEED_${_p}}; ")
  endif()
endforeach()
string(REGEX REPLACE "; $" "" OPUS_TARGET_COMPILER_NOTE "${_opus_target_compiler_note}")

# Defaults: what device tests, examples and benchmarks build for; what the codegen tests check
# on top of that; what opus_add_device_library builds without TARGETS or CMAKE_HIP_ARCHITECTURES.
set(OPUS_DEFAULT_GPU_TARGETS gfx942 gfx950)
set(OPUS_DEFAULT_CODEGEN_TARGETS gfx90a gfx942 gfx950 gfx1100 gfx1201 gfx1250)
set(OPUS_DEFAULT_DEVICE_LIBRARY_TARGET gfx942)

# opus_target_family(<target id> <out>): the FileCheck family of a target ("" if unsupported).
function(opus_target_family target out)
  string(REGEX REPLACE ":.*" "" proc "${target}")
  set(${out} "${_OPUS_TARGET_FAMILY_${proc}}" PARENT_SCOPE)
endfunction()

# opus_target_min_clang(<target id> <out>): the oldest clang major that has the target ("" = any).
function(opus_target_min_clang target out)
  string(REGEX REPLACE ":.*" "" proc "${target}")
  set(${out} "${_OPUS_TARGET_CLANG_${proc}}" PARENT_SCOPE)
endfunction()

# opus_target_compiler_need(<target id> <out>): the compilers that have the target, as
# "clang >= 20 or ROCm >= 6.4" ("" = every supported one).
function(opus_target_compiler_need target out)
  string(REGEX REPLACE ":.*" "" proc "${target}")
  set(${out} "${_OPUS_TARGET_NEED_${proc}}" PARENT_SCOPE)
endfunction()

# opus_check_gpu_targets(<variable name> [<what>]): stop unless every entry of the list is
# supported (a target id may carry features, gfx942:xnack-: its processor part is checked).
# <what> names the list in the message (default: the variable's name).
function(opus_check_gpu_targets var)
  set(what "${var}")
  if(ARGC GREATER 1)
    set(what "${ARGV1}")
  endif()
  foreach(t IN LISTS ${var})
    string(REGEX REPLACE ":.*" "" proc "${t}")
    if(NOT proc IN_LIST OPUS_SUPPORTED_GPU_TARGETS)
      string(REPLACE ";" ", " supported "${OPUS_SUPPORTED_GPU_TARGETS}")
      message(FATAL_ERROR "opus: unsupported GPU target '${t}' in ${what}. Supported targets: ${supported}.")
    endif()
  endforeach()
endfunction()

# opus_probe_targets(<compiler> <targets> <out>): the targets the HIP compiler generates code
# for (it compiles an empty kernel for each; ROCm 6.0 and clang-19 have no gfx950). A target it
# accepted is remembered in the cache for that compiler path.
function(opus_probe_targets compiler targets out)
  set(ok "")
  set(src "${CMAKE_BINARY_DIR}/CMakeFiles/opus_probe_empty.hip")
  foreach(t IN LISTS targets)
    string(MAKE_C_IDENTIFIER "${compiler}_${t}" key)
    if(NOT _OPUS_ACCEPTS_${key})
      if(NOT EXISTS "${src}")
        file(WRITE "${src}" "extern \"C\" __attribute__((global)) void opus_probe() {}\n")
      endif()
      execute_process(
        COMMAND "${compiler}" -x hip --cuda-device-only -nogpuinc -nogpulib --offload-arch=${t}
                -S "${src}" -o "${CMAKE_BINARY_DIR}/CMakeFiles/opus_probe_${key}.s"
        RESULT_VARIABLE rc OUTPUT_QUIET ERROR_QUIET)
      if(NOT rc EQUAL 0)
        continue()
      endif()
      set(_OPUS_ACCEPTS_${key} TRUE CACHE INTERNAL "")
    endif()
    list(APPEND ok ${t})
  endforeach()
  set(${out} "${ok}" PARENT_SCOPE)
endfunction()

# opus_require_compiler_targets(COMPILER <clang> CONTEXT <text> [HINT <text>] TARGETS <t>...):
# stop at configure time when the compiler cannot generate code for one of the targets, with
# a message naming the target, the compiler and its version, and the oldest compilers that
# have the target (the table above). CONTEXT says where the list comes from, HINT how to
# choose another compiler. (Tests: package.install_deb_rpm_consumer, step 1c.)
function(opus_require_compiler_targets)
  cmake_parse_arguments(ARG "" "COMPILER;CONTEXT;HINT" "TARGETS" ${ARGN})
  opus_probe_targets("${ARG_COMPILER}" "${ARG_TARGETS}" ok)
  foreach(t IN LISTS ARG_TARGETS)
    if(t IN_LIST ok)
      continue()
    endif()
    execute_process(COMMAND "${ARG_COMPILER}" --version OUTPUT_VARIABLE ver ERROR_QUIET)
    string(REGEX REPLACE "\n.*" "" ver "${ver}")
    execute_process(
      COMMAND "${ARG_COMPILER}" -x hip --cuda-device-only -nogpuinc -nogpulib --offload-arch=${t}
              -S "${CMAKE_BINARY_DIR}/CMakeFiles/opus_probe_empty.hip" -o "${CMAKE_BINARY_DIR}/CMakeFiles/opus_probe_failed.s"
      OUTPUT_VARIABLE said ERROR_VARIABLE said)
    string(REGEX MATCH "error: [^\n]*" said "${said}")
    string(REGEX REPLACE ";.*" "" said "${said}")   # clang's target ID format note
    if(said)
      set(said " (${said})")
    endif()
    opus_target_compiler_need("${t}" need)
    if(need)
      set(need "${t} needs ${need}")
    else()
      set(need "opus knows of no compiler release without ${t}: check the compiler's installation")
    endif()
    message(FATAL_ERROR "opus: ${ARG_CONTEXT}: the HIP compiler ${ARG_COMPILER} (${ver}) cannot generate "
                        "code for GPU target '${t}'${said}; ${need}. ${ARG_HINT}")
  endforeach()
endfunction()
