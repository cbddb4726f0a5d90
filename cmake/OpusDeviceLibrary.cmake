# SPDX-License-Identifier: MIT
# opus_add_device_library: the fast-build recipe as one CMake call (installed with opus).
#
#   opus_add_device_library(<name>
#       SOURCES k1.hip [k2.hip ...]
#       [TARGETS <gpu> ...]              # default: CMAKE_HIP_ARCHITECTURES, else gfx942
#       [INCLUDE_DIRECTORIES dir ...] [DEFINITIONS NAME=VALUE ...] [OPTIONS flag ...]
#       [PRECOMPILED_HEADER])
#
# Compiles every source device-only (no host pass) into one code object per target,
# <binary dir>/<name>/<source>.<target>.hsaco, an ELF file (--no-gpu-bundle-output: clang's
# device-only output is otherwise an offload bundle, which ELF tools and loaders do not read),
# with -nogpuinc -D__HIPCC_RTC__ -include opus/hip_minimal.hpp: no hip_runtime.h and none of
# the implicit standard headers are parsed. Load the code objects with hipModuleLoad and
# launch extern "C" kernels with hipModuleLaunchKernel. Creates target <name> (built by
# ALL) whose property OPUS_CODE_OBJECTS lists the files.
#
# The compiler: CMAKE_HIP_COMPILER if the project enabled HIP, else OPUS_DEVICE_CLANG (a cache
# variable), found as amdclang++ (ROCm), a versioned clang++-23 .. clang++-19 (newest first, as
# Debian and Ubuntu install them) or clang++.
#
# PRECOMPILED_HEADER: parse opus/hip_minimal.hpp + opus.hpp once per target into
# <binary dir>/<name>/opus.<target>.pch (same flags, definitions and options as the sources)
# and compile every source with -include-pch. The sources then skip the ~230M-instruction
# opus.hpp parse (docs/compile-time.md); worth it from two sources per target on. The
# generated code is the same; the PCH is rebuilt when any header it read changes (depfile).
include_guard(GLOBAL)
include("${CMAKE_CURRENT_LIST_DIR}/OpusTargets.cmake")  # the default target, compiler notes

function(opus_add_device_library name)
  cmake_parse_arguments(ARG "PRECOMPILED_HEADER" "" "SOURCES;TARGETS;INCLUDE_DIRECTORIES;DEFINITIONS;OPTIONS" ${ARGN})
  if(NOT ARG_SOURCES)
    message(FATAL_ERROR "opus_add_device_library(${name}): no SOURCES")
  endif()
  if(NOT ARG_TARGETS)
    if(CMAKE_HIP_ARCHITECTURES)
      set(ARG_TARGETS ${CMAKE_HIP_ARCHITECTURES})
    else()
      set(ARG_TARGETS ${OPUS_DEFAULT_DEVICE_LIBRARY_TARGET})
    endif()
  endif()
  if(CMAKE_HIP_COMPILER)
    set(compiler "${CMAKE_HIP_COMPILER}")
  else()
    find_program(OPUS_DEVICE_CLANG
                 NAMES amdclang++ clang++-23 clang++-22 clang++-21 clang++-20 clang++-19 clang++
                 HINTS /opt/rocm/llvm/bin
                 DOC "clang++ that compiles HIP device code for opus_add_device_library (clang >= 19)")
    if(NOT OPUS_DEVICE_CLANG)
      message(FATAL_ERROR "opus_add_device_library(${name}): no HIP-capable clang found (looked for amdclang++, "
                          "clang++-23 .. clang++-19, clang++ on PATH and in /opt/rocm/llvm/bin). Set "
                          "OPUS_DEVICE_CLANG to one (-DOPUS_DEVICE_CLANG=/path/to/clang++; clang >= 19; "
                          "${OPUS_TARGET_COMPILER_NOTE}), or enable the HIP language in the project")
    endif()
    set(compiler "${OPUS_DEVICE_CLANG}")
  endif()
  if(NOT TARGET opus::core)
    message(FATAL_ERROR "opus_add_device_library: opus::core is not defined (find_package(opus) first)")
  endif()
  set(incs "$<TARGET_PROPERTY:opus::core,INTERFACE_INCLUDE_DIRECTORIES>")
  set(flags -x hip --cuda-device-only -nogpuinc -nogpulib -D__HIPCC_RTC__ -O3 -std=c++17
            "-I$<JOIN:${incs},$<SEMICOLON>-I>")
  foreach(d IN LISTS ARG_INCLUDE_DIRECTORIES)
    get_filename_component(d "${d}" ABSOLUTE)
    list(APPEND flags "-I${d}")
  endforeach()
  foreach(d IN LISTS ARG_DEFINITIONS)
    list(APPEND flags "-D${d}")
  endforeach()
  list(APPEND flags ${ARG_OPTIONS})

  set(pch_header "${CMAKE_CURRENT_BINARY_DIR}/${name}/opus_pch.hpp")
  if(ARG_PRECOMPILED_HEADER)
    file(MAKE_DIRECTORY "${CMAKE_CURRENT_BINARY_DIR}/${name}")
    file(WRITE "${pch_header}.in" "#include <opus/hip_minimal.hpp>\n#include <opus.hpp>\n")
    configure_file("${pch_header}.in" "${pch_header}" COPYONLY)  # unchanged file: no rebuild
  endif()

  # Header dependencies through compiler depfiles (generators that support DEPFILE). The
  # driver's -MD -MF is ignored by clang >= 22 when it links a device-only code object or
  # emits a PCH ("argument unused"), so the depfile is requested from the compiler job
  # itself (-dependency-file / -MT are cc1 options, the same in clang 19..22 and ROCm).
  set(depflags_pre -Xclang -dependency-file -Xclang)
  set(depflags_mt -Xclang -MT -Xclang)
  set(use_depfile OFF)
  if(CMAKE_GENERATOR MATCHES "Ninja|Makefiles")
    set(use_depfile ON)
  endif()

  set(outputs "")
  foreach(t IN LISTS ARG_TARGETS)
    if(ARG_PRECOMPILED_HEADER)
      set(pch "${CMAKE_CURRENT_BINARY_DIR}/${name}/opus.${t}.pch")
      set(dep_args "")
      if(use_depfile)
        set(dep_args DEPFILE "${pch}.d")
      endif()
      add_custom_command(OUTPUT "${pch}"
        COMMAND "${compiler}" ${flags} --offload-arch=${t} -Xclang -emit-pch -S "${pch_header}"
                -o "${pch}" ${depflags_pre} "${pch}.d" ${depflags_mt} "${pch}"
        DEPENDS "${pch_header}"
        ${dep_args}
        COMMAND_EXPAND_LISTS
        COMMENT "opus device library ${name}: precompiled opus.hpp for ${t}")
      set(pre -include-pch "${pch}")
      set(pre_dep "${pch}")
    else()
      set(pre -include opus/hip_minimal.hpp)
      set(pre_dep "")
    endif()
    foreach(src IN LISTS ARG_SOURCES)
      get_filename_component(src "${src}" ABSOLUTE)
      get_filename_component(stem "${src}" NAME_WE)
      set(out "${CMAKE_CURRENT_BINARY_DIR}/${name}/${stem}.${t}.hsaco")
      set(dep_args "")
      if(use_depfile)
        set(dep_args DEPFILE "${out}.d")
      endif()
      add_custom_command(OUTPUT "${out}"
        COMMAND "${CMAKE_COMMAND}" -E make_directory "${CMAKE_CURRENT_BINARY_DIR}/${name}"
        COMMAND "${compiler}" ${flags} ${pre} --offload-arch=${t} --no-gpu-bundle-output "${src}" -o "${out}"
                ${depflags_pre} "${out}.d" ${depflags_mt} "${out}"
        DEPENDS "${src}" ${pre_dep}
        ${dep_args}
        COMMAND_EXPAND_LISTS
        COMMENT "opus device library ${name}: ${stem} for ${t}")
      list(APPEND outputs "${out}")
    endforeach()
  endforeach()
  add_custom_target(${name} ALL DEPENDS ${outputs})
  set_target_properties(${name} PROPERTIES OPUS_CODE_OBJECTS "${outputs}")
endfunction()
