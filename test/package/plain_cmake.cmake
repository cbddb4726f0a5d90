# cmake -P driver: opus configures and installs with nothing but CMake and a C++ compiler.
# Catch2 is hidden (CMAKE_DISABLE_FIND_PACKAGE_Catch2) and no HIP compiler is named, as on
# a machine without ROCm; configure must say in one line that tests are off and why, and
# the install must hold the headers and the CMake package files.
file(REMOVE_RECURSE "${WORK_DIR}")
execute_process(COMMAND ${CMAKE_COMMAND} -S "${SOURCE_DIR}" -B "${WORK_DIR}/build" -G "${GENERATOR}"
                        "-DCMAKE_CXX_COMPILER=${CXX}" -DCMAKE_DISABLE_FIND_PACKAGE_Catch2=ON
                RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE out)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "plain configure failed:\n${out}")
endif()
if(NOT out MATCHES "opus: tests off: Catch2 3 not found")
  message(FATAL_ERROR "configure did not say why tests are off:\n${out}")
endif()
execute_process(COMMAND ${CMAKE_COMMAND} --install "${WORK_DIR}/build" --prefix "${WORK_DIR}/prefix"
                RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE out)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "plain install failed:\n${out}")
endif()
foreach(f include/opus.hpp include/opus/core.hpp include/opus/version.hpp
          lib/cmake/opus/opus-config.cmake lib/cmake/opus/opus-config-version.cmake
          lib/cmake/opus/opus-targets.cmake lib/cmake/opus/OpusDeviceLibrary.cmake
          lib/cmake/opus/OpusTargets.cmake)
  if(NOT EXISTS "${WORK_DIR}/prefix/${f}")
    message(FATAL_ERROR "plain install lacks ${f}")
  endif()
endforeach()
message(STATUS "plain CMake configure + install ok")
