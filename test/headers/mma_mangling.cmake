# mma_mangling.cmake - a kernel templated on aiter's named instructions (opus::mfma<..., 64>,
# opus::wmma<..., 32>) has the reference's symbol names: compiles mangling/mma_names.hip for each
# target with -I <include>/opus and compares the object's kernel symbols (llvm-nm) with
# mangling/mma_names.<target>.txt. Run with cmake -P:
#   -DHIP=<clang++> -DINCLUDE=<opus include dir> -DOUT=<scratch dir> -DTARGETS=<gfx942,gfx1201,gfx1250 or a subset>
cmake_minimum_required(VERSION 3.21)
get_filename_component(here "${CMAKE_CURRENT_LIST_FILE}" DIRECTORY)
get_filename_component(hip_dir "${HIP}" DIRECTORY)
get_filename_component(hip_name "${HIP}" NAME)
string(REGEX REPLACE "^clang\\+\\+" "llvm-nm" nm_name "${hip_name}")
find_program(nm NAMES "${nm_name}" llvm-nm HINTS "${hip_dir}" NO_CACHE)
if(NOT nm)
  message(FATAL_ERROR "no llvm-nm next to ${HIP} (nor on PATH)")
endif()
file(MAKE_DIRECTORY "${OUT}")
set(bad "")
string(REPLACE "," ";" targets "${TARGETS}")
if(NOT targets)
  message(FATAL_ERROR "no target to check (TARGETS is empty)")
endif()
foreach(target IN LISTS targets)
  execute_process(COMMAND "${HIP}" -x hip --cuda-device-only --no-gpu-bundle-output -nogpuinc -nogpulib
                          --offload-arch=${target} -O3 -std=c++17 "-I${INCLUDE}/opus" -c
                          "${here}/mangling/mma_names.hip" -o "${OUT}/mma_names.${target}.o"
                  RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "mangling/mma_names.hip does not compile for ${target}:\n${out}${err}")
  endif()
  execute_process(COMMAND "${nm}" --defined-only --extern-only --just-symbol-name "${OUT}/mma_names.${target}.o"
                  RESULT_VARIABLE rc OUTPUT_VARIABLE syms ERROR_VARIABLE err)
  string(REPLACE "\n" ";" got "${syms}")
  list(FILTER got INCLUDE REGEX "^_Z[^.]*$")  # the kernels (not their .kd descriptors)
  file(STRINGS "${here}/mangling/mma_names.${target}.txt" want REGEX "^[^#]")
  list(SORT got)
  list(SORT want)
  if(NOT got STREQUAL want)
    list(JOIN want "\n    " w)
    list(JOIN got "\n    " g)
    string(APPEND bad "${target}: want (the reference's)\n    ${w}\n  got\n    ${g}\n")
  endif()
endforeach()
if(bad)
  message(FATAL_ERROR "kernels templated on aiter's named instructions mangle differently from the reference:\n${bad}")
endif()
message(STATUS "named instructions mangle as the reference's (${TARGETS})")
