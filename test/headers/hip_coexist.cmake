# hip_coexist.cmake - opus/hip_minimal.hpp next to the real HIP runtime header, host pass
# included (-fsyntax-only of a whole .hip file). Run with cmake -P:
#   -DCOMPILER=clang++ -DINCLUDE=<opus include dir> -DOUT=<scratch dir> [-DTARGET=gfx942]
# 1. <hip/hip_runtime.h> then opus: compiles;
# 2. opus first, then <hip/hip_runtime.h>, with OPUS_HIP_MINIMAL_NO_HOST: compiles;
# 3. opus first without it: fails, and the diagnostic shows how to fix it.
# Prints OPUS_SKIP when this compiler cannot use the installed HIP headers at all (e.g.
# Debian's HIP 5.7 headers with clang >= 20).
if(NOT TARGET)
  set(TARGET gfx942)
endif()
file(MAKE_DIRECTORY "${OUT}")
set(kernel "__global__ void k(float* p) { p[0] = opus::number<1>::value; }\nint main() { float* d = nullptr; (void)hipMalloc((void**)&d, 4); k<<<1, 1>>>(d); return 0; }\n")
file(WRITE "${OUT}/real_only.hip" "#include <hip/hip_runtime.h>\nint main() { return 0; }\n")
file(WRITE "${OUT}/real_first.hip" "#include <hip/hip_runtime.h>\n#include <opus/hip_minimal.hpp>\n#include <opus/opus.hpp>\n${kernel}")
file(WRITE "${OUT}/minimal_first_nohost.hip" "#define OPUS_HIP_MINIMAL_NO_HOST\n#include <opus/hip_minimal.hpp>\n#include <opus/opus.hpp>\n#include <hip/hip_runtime.h>\n${kernel}")
file(WRITE "${OUT}/minimal_first.hip" "#include <opus/hip_minimal.hpp>\n#include <opus/opus.hpp>\n#include <hip/hip_runtime.h>\n${kernel}")
function(try_compile_hip name result output)
  execute_process(COMMAND "${COMPILER}" -x hip --offload-arch=${TARGET} -nogpulib -std=c++17
                          -I${INCLUDE} -fsyntax-only "${OUT}/${name}.hip"
                  RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
  set(${result} ${rc} PARENT_SCOPE)
  set(${output} "${out}${err}" PARENT_SCOPE)
endfunction()
try_compile_hip(real_only rc out)
if(NOT rc EQUAL 0)
  message("OPUS_SKIP: ${COMPILER} cannot compile <hip/hip_runtime.h> here:\n${out}")
  return()
endif()
try_compile_hip(real_first rc out)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "hip_runtime.h then opus/hip_minimal.hpp does not compile:\n${out}")
endif()
try_compile_hip(minimal_first_nohost rc out)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "opus/hip_minimal.hpp (OPUS_HIP_MINIMAL_NO_HOST) then hip_runtime.h does not compile:\n${out}")
endif()
try_compile_hip(minimal_first rc out)
if(rc EQUAL 0)
  message(STATUS "opus/hip_minimal.hpp then hip_runtime.h compiles as is")
elseif(NOT out MATCHES "include <hip/hip_runtime.h> before opus/hip_minimal.hpp, or define OPUS_HIP_MINIMAL_NO_HOST")
  message(FATAL_ERROR "opus/hip_minimal.hpp then hip_runtime.h fails without the hint in the diagnostic:\n${out}")
endif()
message(STATUS "hip_minimal / hip_runtime.h coexistence: ok with ${COMPILER}")
