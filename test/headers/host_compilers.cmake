# cmake -P driver of headers.host_compiler.<part>.<compiler>: the oldest host compilers the
# README promises ("Supported host compilers") build opus's host half in plain C++17.
#   COMPILER  g++-12, clang++-17, ... (looked up on PATH; missing: prints OPUS_SKIP)
#   PART      core | arch: compiles host_compilers/<PART>.cpp to an object file with
#             -Wall -Wextra -Werror
#   INCLUDE   opus's include directory, OUT a scratch directory
#   ARCH_OK   yes: COMPILER builds <opus/arch.hpp>; no: it is older than arch's minimum
# Also checks what plain C++ must NOT compile: <opus.hpp> (device code) fails with exactly
# one error that names <opus/core.hpp>, and with ARCH_OK=no <opus/arch.hpp> fails with
# exactly one error naming the minimum versions (with ARCH_OK=yes it must compile).
find_program(cxx NAMES "${COMPILER}" NO_CACHE)
if(NOT cxx)
  message(STATUS "OPUS_SKIP: ${COMPILER} not found")
  return()
endif()
get_filename_component(here "${CMAKE_CURRENT_LIST_FILE}" DIRECTORY)
file(MAKE_DIRECTORY "${OUT}")
set(flags -std=c++17 -Wall -Wextra -Werror "-I${INCLUDE}")

execute_process(COMMAND "${cxx}" ${flags} -c "${here}/host_compilers/${PART}.cpp" -o "${OUT}/${PART}.o"
                RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE out)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "${COMPILER} does not compile host_compilers/${PART}.cpp:\n${out}")
endif()

# a plain C++ include: must compile (must_compile) or fail with exactly one error matching `re`
function(expect_one_error header re must_compile)
  file(WRITE "${OUT}/include_${PART}.cpp" "#include <${header}>\nint main() { return 0; }\n")
  execute_process(COMMAND "${cxx}" ${flags} -fsyntax-only "${OUT}/include_${PART}.cpp"
                  RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE out)
  if(must_compile)
    if(NOT rc EQUAL 0)
      message(FATAL_ERROR "${COMPILER} does not compile #include <${header}> in plain C++:\n${out}")
    endif()
    return()
  endif()
  if(rc EQUAL 0)
    message(FATAL_ERROR "${COMPILER} compiles #include <${header}> in plain C++ but must not")
  endif()
  string(REGEX MATCHALL ": (fatal )?error: " hits "${out}")
  list(LENGTH hits n)
  if(NOT n EQUAL 1 OR NOT out MATCHES "${re}")
    message(FATAL_ERROR "${COMPILER}, plain C++ #include <${header}>: want exactly one error "
                        "matching '${re}', got ${n}:\n${out}")
  endif()
endfunction()
expect_one_error("opus.hpp" "opus\\.hpp includes device code.*<opus/core\\.hpp>, the host half" FALSE)
expect_one_error("opus/arch.hpp" "needs a host compiler with _Float16 and __bf16 \\(g\\+\\+ 13 or newer, clang 17 or newer\\)" ${ARCH_OK})
message(STATUS "${COMPILER} (${cxx}): ${PART}.cpp compiles; opus.hpp stops with one #error")
