# cmake -P driver: every example can be copied on its own. Copies each example with
# examples/common/ (and nothing else) to a scratch folder and compiles its device code there
# against opus's include directory only; also rejects any #include "..." that leaves the
# examples folder.
file(GLOB_RECURSE files "${EXAMPLES_DIR}/*.hip" "${EXAMPLES_DIR}/*.hpp")
foreach(f IN LISTS files)
  file(STRINGS "${f}" incs REGEX "^[ ]*#[ ]*include[ ]*\"")
  foreach(line IN LISTS incs)
    if(line MATCHES "\"\\.\\./")
      get_filename_component(dir "${f}" DIRECTORY)
      string(REGEX REPLACE ".*\"([^\"]+)\".*" "\\1" rel "${line}")
      get_filename_component(abs "${dir}/${rel}" ABSOLUTE)
      string(FIND "${abs}" "${EXAMPLES_DIR}/" pos)
      if(NOT pos EQUAL 0)
        message(FATAL_ERROR "${f} includes ${rel}, outside examples/: not copyable on its own")
      endif()
    endif()
  endforeach()
endforeach()
file(GLOB examples "${EXAMPLES_DIR}/*.hip")
foreach(ex IN LISTS examples)
  get_filename_component(name "${ex}" NAME_WE)
  set(dir "${WORK_DIR}/${name}")
  file(REMOVE_RECURSE "${dir}")
  file(COPY "${ex}" "${EXAMPLES_DIR}/common" DESTINATION "${dir}")
  execute_process(COMMAND "${HIP}" -x hip --cuda-device-only -nogpuinc -nogpulib
                          --offload-arch=${TARGET} -std=c++17 -fsyntax-only "-I${INCLUDE}"
                          "${dir}/${name}.hip"
                  RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE out)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "${name}.hip copied with common/ alone does not compile:\n${out}")
  endif()
endforeach()
message(STATUS "every example compiles from a copy of itself and examples/common/")
