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
  endforeach()
  if(_clang)
    string(REPLACE ";" "/" _names "${_procs}")
    string(APPEND _opus_target_compiler_note "${_names} needs clang >= ${_clang} or ROCm >= ${_rocm}; ")
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

# opus_check_gpu_targets(<variable name>): stop unless every entry of the list is supported
# (a target id may carry features, gfx942:xnack-: its processor part is checked).
function(opus_check_gpu_targets var)
  foreach(t IN LISTS ${var})
    string(REGEX REPLACE ":.*" "" proc "${t}")
    if(NOT proc IN_LIST OPUS_SUPPORTED_GPU_TARGETS)
      string(REPLACE ";" ", " supported "${OPUS_SUPPORTED_GPU_TARGETS}")
      message(FATAL_ERROR "opus: unsupported GPU target '${t}' in ${var}. Supported targets: ${supported}.")
    endif()
  endforeach()
endfunction()
