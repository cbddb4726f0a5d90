# include_opus_dir.cmake - code written for aiter's single-header opus includes "opus.hpp" (and
# "hip_minimal.hpp") with -I <include>/opus and nothing else; opus's headers then find each
# other relative to themselves (cmake/OpusCheckUmbrellas.cmake rejects an include that does
# not). Run with cmake -P:
#   -DCXX=<host C++ compiler> -DHIP=<clang++> -DINCLUDE=<opus include dir> -DOUT=<scratch dir>
# 1. plain C++ (CXX, g++ from PATH, and HIP's clang++ as C++): "core.hpp", "arch.hpp", "mma.hpp" compile, and
#    "opus.hpp" stops with exactly its one #error (compile it as HIP), not a missing header;
# 2. HIP, host pass and the gfx942 device pass: "hip_minimal.hpp" + "opus.hpp", a kernel using
#    aiter's spellings (warp_id, a named instruction, make_mfma) compiles.
file(MAKE_DIRECTORY "${OUT}")
set(flags -std=c++17 -Wall -Wextra -Werror "-I${INCLUDE}/opus")
file(WRITE "${OUT}/host_half.cpp" "#include \"core.hpp\"\n#include \"arch.hpp\"\n#include \"mma.hpp\"\nint main() { return opus::number<0>::value; }\n")
file(WRITE "${OUT}/plain.cpp" "#include \"opus.hpp\"\nint main() { return 0; }\n")
file(WRITE "${OUT}/kernel.hip" [=[
#include "hip_minimal.hpp"
#include "opus.hpp"
template <typename Mma>
__global__ void k(float* p) {
    p[opus::warp_id()] = float(Mma::warp_size + opus::make_mfma<opus::fp16_t, opus::fp16_t, opus::fp32_t>(
                                                    opus::seq<32, 32, 8>{}).wave_size);
}
template __global__ void k<opus::mfma_f32_32x32x8_f16>(float*);
]=])
function(run result output)
  execute_process(COMMAND ${ARGN} RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
  set(${result} ${rc} PARENT_SCOPE)
  set(${output} "${out}${err}" PARENT_SCOPE)
endfunction()
find_program(gxx NAMES g++ NO_CACHE)
set(host_compilers "${CXX}" "${HIP}" ${gxx})
list(REMOVE_DUPLICATES host_compilers)
foreach(cxx IN LISTS host_compilers)
  run(rc out "${cxx}" -x c++ ${flags} -fsyntax-only "${OUT}/host_half.cpp")
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "${cxx} -I include/opus: \"core.hpp\", \"arch.hpp\", \"mma.hpp\" do not compile in plain C++:\n${out}")
  endif()
  run(rc out "${cxx}" -x c++ ${flags} -fsyntax-only "${OUT}/plain.cpp")
  string(REGEX MATCHALL "error:" errors "${out}")
  list(LENGTH errors n)
  if(rc EQUAL 0 OR NOT n EQUAL 1 OR NOT out MATCHES "compile it as HIP")
    message(FATAL_ERROR "${cxx} -I include/opus, plain C++ \"opus.hpp\": want exactly its one #error (compile it as HIP), got:\n${out}")
  endif()
endforeach()
foreach(pass --cuda-host-only --cuda-device-only)
  run(rc out "${HIP}" -x hip --offload-arch=gfx942 -nogpulib -nogpuinc ${pass} -O3 ${flags}
      -S "${OUT}/kernel.hip" -o "${OUT}/kernel${pass}.s")
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "${HIP} ${pass} -I include/opus: \"hip_minimal.hpp\" + \"opus.hpp\" do not compile:\n${out}")
  endif()
endforeach()
message(STATUS "-I include/opus alone: host C++ (${host_compilers}) and HIP host / gfx942 device passes compile")
