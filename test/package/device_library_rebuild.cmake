# cmake -P driver: opus_add_device_library tracks header dependencies. Build code objects
# (plain, PRECOMPILED_HEADER and ISA) against a copy of opus's headers, touch one header,
# rebuild: the code objects, the PCH, and ISA's assembly and summary must be rebuilt (and the
# PCH build must not fail with "has been modified since the precompiled header was built"); a
# third build must have nothing to do.
file(REMOVE_RECURSE "${WORK_DIR}")
file(COPY "${SOURCE_DIR}/include/" DESTINATION "${WORK_DIR}/inc")
function(run)
  execute_process(COMMAND ${ARGN} RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE out)
  if(NOT rc EQUAL 0)
    string(REPLACE ";" " " cmd "${ARGN}")
    message(FATAL_ERROR "command failed (${rc}): ${cmd}\n${out}")
  endif()
  set(last_out "${out}" PARENT_SCOPE)
endfunction()
run(${CMAKE_COMMAND} -S "${SOURCE_DIR}/test/package/rebuild" -B "${WORK_DIR}/build" -G "${GENERATOR}"
    "-DCMAKE_CXX_COMPILER=${CXX}" "-DCMAKE_HIP_COMPILER=${HIP}" "-DOPUS_INC=${WORK_DIR}/inc"
    "-DOPUS_CMAKE_DIR=${SOURCE_DIR}/cmake" "-DTARGET=${TARGET}")
run(${CMAKE_COMMAND} --build "${WORK_DIR}/build")
set(outs "${WORK_DIR}/build/plain/k.${TARGET}.hsaco" "${WORK_DIR}/build/withpch/k.${TARGET}.hsaco"
         "${WORK_DIR}/build/withpch/opus.${TARGET}.pch" "${WORK_DIR}/build/withisa/k.${TARGET}.hsaco"
         "${WORK_DIR}/build/withisa/k.${TARGET}.s" "${WORK_DIR}/build/withisa/withisa.isa.txt")
foreach(o IN LISTS outs)
  if(NOT EXISTS "${o}")
    message(FATAL_ERROR "not built: ${o}")
  endif()
  file(TIMESTAMP "${o}" t0_${o} "%s")
endforeach()
if(last_out MATCHES "argument unused")
  message(FATAL_ERROR "the compiler ignored a flag (depfile?):\n${last_out}")
endif()
execute_process(COMMAND ${CMAKE_COMMAND} -E sleep 1.2)
file(APPEND "${WORK_DIR}/inc/opus/arch/lane.hpp" "\n// touched by the rebuild test\n")
run(${CMAKE_COMMAND} --build "${WORK_DIR}/build")
foreach(o IN LISTS outs)
  file(TIMESTAMP "${o}" t1 "%s")
  if(t1 STREQUAL "${t0_${o}}")
    message(FATAL_ERROR "touching opus/arch/lane.hpp did not rebuild ${o}")
  endif()
endforeach()
run(${CMAKE_COMMAND} --build "${WORK_DIR}/build" -- -d explain)
if(last_out MATCHES "hsaco|\\.pch|\\.s[^a-zA-Z]|isa\\.txt")
  message(FATAL_ERROR "a third build still rebuilds:\n${last_out}")
endif()
message(STATUS "header edits rebuild code objects, the PCH and ISA's files; an unchanged tree builds nothing")
