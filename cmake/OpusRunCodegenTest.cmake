# cmake -P driver of one codegen test: compile SRC for TARGET to assembly, run FileCheck on
# it with the prefixes CHECK, CHECK-<TARGET>, CHECK-<FAMILY> (FAMILY: from OpusTargets.cmake) and
# CHECK-CLANG<major> (the compiler's major version, e.g. CHECK-CLANG22), then check resources from the assembly's comments: no scratch (unless "// ALLOW-SCRATCH")
# and at most "// MAX-VGPR: N" VGPRs per kernel. "// FLAGS: ..." adds compiler flags (for
# example -mwavefrontsize64 for wave64 on gfx11/gfx12; -emit-llvm: FileCheck the optimized
# LLVM IR, without the resource checks).
foreach(v COMPILER TARGET FAMILY SRC OUT FILECHECK INCLUDES)
  if(NOT DEFINED ${v})
    message(FATAL_ERROR "OpusRunCodegenTest: ${v} not set")
  endif()
endforeach()
string(REPLACE "|" ";" incs "${INCLUDES}")
set(incflags "")
foreach(i IN LISTS incs)
  list(APPEND incflags "-I${i}")
endforeach()
include("${CMAKE_CURRENT_LIST_DIR}/OpusSourceFlags.cmake")
opus_source_flags("${SRC}" extraflags)
get_filename_component(outdir "${OUT}" DIRECTORY)
file(MAKE_DIRECTORY "${outdir}")
execute_process(
  COMMAND "${COMPILER}" -x hip --cuda-device-only -nogpuinc -nogpulib --offload-arch=${TARGET}
          -O3 -std=c++17 -Wall -Wextra -Werror ${extraflags} ${incflags} -S "${SRC}" -o "${OUT}"
  RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE out)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "compile failed for ${TARGET}:\n${out}")
endif()

string(REGEX REPLACE ":.*" "" proc "${TARGET}")
string(TOUPPER "${proc}" up)
# CHECK-CLANG<major>: lines for one compiler major version (LLVM's own behaviour changed)
execute_process(COMMAND "${COMPILER}" -dumpversion OUTPUT_VARIABLE cver OUTPUT_STRIP_TRAILING_WHITESPACE)
string(REGEX REPLACE "\\..*" "" cmajor "${cver}")
set(prefixes CHECK CHECK-${up} CHECK-${FAMILY} CHECK-CLANG${cmajor})
list(REMOVE_DUPLICATES prefixes)  # (a family of one target: the same prefix twice)
string(REPLACE ";" "," prefixes "${prefixes}")
execute_process(
  COMMAND "${FILECHECK}" "${SRC}" --input-file=${OUT}
          --check-prefixes=${prefixes} --allow-unused-prefixes
  RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE out)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "FileCheck failed for ${TARGET} (assembly: ${OUT}):\n${out}")
endif()

# "// FLAGS: -emit-llvm" checks the optimized LLVM IR instead: no resource comments to read
if(extraflags MATCHES "-emit-llvm")
  return()
endif()
file(READ "${SRC}" src_text)
file(STRINGS "${OUT}" vgpr_lines REGEX "^[ \t]*; NumVgprs: [0-9]+")
file(STRINGS "${OUT}" scratch_lines REGEX "^[ \t]*; ScratchSize: [0-9]+")
if(NOT vgpr_lines)
  message(FATAL_ERROR "no kernel resource comments found in ${OUT} (no kernels?)")
endif()
if(NOT src_text MATCHES "// ALLOW-SCRATCH")
  foreach(l IN LISTS scratch_lines)
    string(REGEX REPLACE ".*ScratchSize: ([0-9]+).*" "\\1" n "${l}")
    if(n GREATER 0)
      message(FATAL_ERROR "a kernel uses ${n} bytes of scratch on ${TARGET} (see ${OUT})")
    endif()
  endforeach()
endif()
if(src_text MATCHES "// MAX-VGPR: ([0-9]+)")
  set(maxv ${CMAKE_MATCH_1})
  foreach(l IN LISTS vgpr_lines)
    string(REGEX REPLACE ".*NumVgprs: ([0-9]+).*" "\\1" n "${l}")
    if(n GREATER maxv)
      message(FATAL_ERROR "a kernel uses ${n} VGPRs on ${TARGET}, budget is ${maxv} (see ${OUT})")
    endif()
  endforeach()
endif()
