# SPDX-License-Identifier: MIT
# opus_add_device_library: the fast-build recipe as one CMake call (installed with opus).
#
#   opus_add_device_library(<name>
#       SOURCES k1.hip [k2.hip ...]
#       [TARGETS <gpu> ...]              # default: CMAKE_HIP_ARCHITECTURES, else gfx942
#       [INCLUDE_DIRECTORIES dir ...] [DEFINITIONS NAME=VALUE ...] [OPTIONS flag ...]
#       [PRECOMPILED_HEADER] [ISA])
#
# Compiles every source device-only (no host pass) into one code object per target,
# <binary dir>/<name>/<source>.<target>.hsaco, an ELF file (--no-gpu-bundle-output: clang's
# device-only output is otherwise an offload bundle, which ELF tools and loaders do not read),
# with -nogpuinc -D__HIPCC_RTC__ -include opus/hip_minimal.hpp: no hip_runtime.h and none of
# the implicit standard headers are parsed. Load the code objects with hipModuleLoad and
# launch extern "C" kernels with hipModuleLaunchKernel. Creates target <name> (built by
# ALL) whose property OPUS_CODE_OBJECTS lists the files.
#
# TARGETS are checked at configure time: a target opus does not support, or one the compiler
# cannot generate code for, stops configure with a message naming the target, the compiler and
# its version, and the oldest compiler versions that have the target (OpusTargets.cmake).
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
#
# ISA: each source is compiled once per target to its assembly, <binary dir>/<name>/<source>.
# <target>.s, which is then assembled into the code object (same instructions and metadata as
# the plain build; the -m options of OPTIONS go to the assembler too, e.g. -mwavefrontsize64).
# opus-isa (scripts/isa_summary.py, installed in bin/; needs python3, OPUS_PYTHON) writes the
# ISA table of every kernel, target by target, to <binary dir>/<name>/<name>.isa.txt:
# instructions, MFMA/WMMA, VGPR, AGPR, SGPR, LDS bytes, scratch bytes, waves per SIMD. Both are
# build outputs, rebuilt with the code objects. Properties OPUS_ASSEMBLY and OPUS_ISA_SUMMARY
# name the files.
include_guard(GLOBAL)
include("${CMAKE_CURRENT_LIST_DIR}/OpusTargets.cmake")  # the default target, compiler notes
# opus-isa in opus's source tree (add_subdirectory); opus-config.cmake names the installed one.
if(EXISTS "${CMAKE_CURRENT_LIST_DIR}/../scripts/isa_summary.py")
  get_filename_component(_opus_isa "${CMAKE_CURRENT_LIST_DIR}/../scripts/isa_summary.py" ABSOLUTE)
  set_property(GLOBAL PROPERTY OPUS_ISA_TOOL "${_opus_isa}")
endif()

function(opus_add_device_library name)
  cmake_parse_arguments(ARG "PRECOMPILED_HEADER;ISA" "" "SOURCES;TARGETS;INCLUDE_DIRECTORIES;DEFINITIONS;OPTIONS" ${ARGN})
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
  opus_check_gpu_targets(ARG_TARGETS "TARGETS of opus_add_device_library(${name})")
  opus_require_compiler_targets(COMPILER "${compiler}" CONTEXT "opus_add_device_library(${name})"
    HINT "Choose a newer compiler with -DOPUS_DEVICE_CLANG=/path/to/clang++ (CMAKE_HIP_COMPILER where the project enables HIP) or remove the target from TARGETS."
    TARGETS ${ARG_TARGETS})
  if(ARG_ISA)
    get_property(isa_tool GLOBAL PROPERTY OPUS_ISA_TOOL)
    if(NOT isa_tool OR NOT EXISTS "${isa_tool}")
      message(FATAL_ERROR "opus_add_device_library(${name}) ISA: opus-isa not found ('${isa_tool}'); "
                          "it is installed with opus in bin/")
    endif()
    if(NOT OPUS_PYTHON)
      find_program(OPUS_PYTHON NAMES python3 DOC "python3 that runs opus-isa")
    endif()
    if(NOT OPUS_PYTHON)
      message(FATAL_ERROR "opus_add_device_library(${name}) ISA: opus-isa needs python3; none found "
                          "(set OPUS_PYTHON=/path/to/python3)")
    endif()
    # the machine options (-m...) of OPTIONS also select the assembler's mode (-mwavefrontsize64)
    set(asm_flags "")
    set(skip_next FALSE)
    foreach(o IN LISTS ARG_OPTIONS)
      if(skip_next)
        set(skip_next FALSE)
      elseif(o MATCHES "^-(mllvm|Xclang|Xarch_.*|include|I|D)$")
        set(skip_next TRUE)
      elseif(o MATCHES "^-m")
        list(APPEND asm_flags "${o}")
      endif()
    endforeach()
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
  set(asm_outputs "")
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
      set(compiled "${out}")       # what the compiler writes: the code object, or with ISA the assembly
      set(compile_mode --no-gpu-bundle-output)
      if(ARG_ISA)
        set(compiled "${CMAKE_CURRENT_BINARY_DIR}/${name}/${stem}.${t}.s")
        set(compile_mode -S)
      endif()
      set(dep_args "")
      if(use_depfile)
        set(dep_args DEPFILE "${compiled}.d")
      endif()
      add_custom_command(OUTPUT "${compiled}"
        COMMAND "${CMAKE_COMMAND}" -E make_directory "${CMAKE_CURRENT_BINARY_DIR}/${name}"
        COMMAND "${compiler}" ${flags} ${pre} --offload-arch=${t} ${compile_mode} "${src}" -o "${compiled}"
                ${depflags_pre} "${compiled}.d" ${depflags_mt} "${compiled}"
        DEPENDS "${src}" ${pre_dep}
        ${dep_args}
        COMMAND_EXPAND_LISTS
        COMMENT "opus device library ${name}: ${stem} for ${t}")
      if(ARG_ISA)
        add_custom_command(OUTPUT "${out}"
          COMMAND "${compiler}" -x assembler --target=amdgcn-amd-amdhsa -mcpu=${t} ${asm_flags}
                  "${compiled}" -o "${out}"
          DEPENDS "${compiled}"
          COMMAND_EXPAND_LISTS
          COMMENT "opus device library ${name}: assemble ${stem}.${t}.s")
        list(APPEND asm_outputs "${compiled}")
      endif()
      list(APPEND outputs "${out}")
    endforeach()
  endforeach()
  if(ARG_ISA)
    set(summary "${CMAKE_CURRENT_BINARY_DIR}/${name}/${name}.isa.txt")
    add_custom_command(OUTPUT "${summary}"
      COMMAND "${OPUS_PYTHON}" "${isa_tool}" --output "${summary}" ${asm_outputs}
      DEPENDS ${asm_outputs} "${isa_tool}"
      COMMAND_EXPAND_LISTS
      COMMENT "opus device library ${name}: ISA summary ${name}.isa.txt")
    list(APPEND outputs "${summary}")
  endif()
  add_custom_target(${name} ALL DEPENDS ${outputs})
  list(FILTER outputs INCLUDE REGEX "\\.hsaco$")
  set_target_properties(${name} PROPERTIES OPUS_CODE_OBJECTS "${outputs}")
  if(ARG_ISA)
    set_target_properties(${name} PROPERTIES OPUS_ASSEMBLY "${asm_outputs}" OPUS_ISA_SUMMARY "${summary}")
  endif()
endfunction()
