# SPDX-License-Identifier: MIT
# Every file opus installs for users starts with an SPDX line naming LICENSE's license: each
# file under include/ ("// SPDX-License-Identifier: MIT") and the installed CMake files
# cmake/opusConfig.cmake.in and cmake/OpusDeviceLibrary.cmake ("# SPDX-License-Identifier: MIT").
# Fails, listing the files, when one lacks it or when LICENSE is no longer the MIT license
# (then the identifier here and in every header changes with it).
# cmake -DSOURCE_DIR=<repo> -P check_spdx.cmake
set(id "MIT")
file(STRINGS "${SOURCE_DIR}/LICENSE" license_first LIMIT_COUNT 1)
if(NOT license_first STREQUAL "MIT License")
  message(FATAL_ERROR "LICENSE starts with '${license_first}', not 'MIT License': update the "
                      "SPDX identifier in test/repo/check_spdx.cmake and in every file it checks")
endif()
file(GLOB_RECURSE headers RELATIVE "${SOURCE_DIR}" "${SOURCE_DIR}/include/*")
set(bad "")
set(n 0)
foreach(f IN LISTS headers ITEMS cmake/opusConfig.cmake.in cmake/OpusDeviceLibrary.cmake cmake/OpusTargets.cmake)
  if(f MATCHES "^include/")
    set(want "// SPDX-License-Identifier: ${id}")
  else()
    set(want "# SPDX-License-Identifier: ${id}")
  endif()
  file(STRINGS "${SOURCE_DIR}/${f}" first LIMIT_COUNT 1)
  if(NOT first STREQUAL want)
    string(APPEND bad "  ${f}: first line is '${first}'\n")
  endif()
  math(EXPR n "${n} + 1")
endforeach()
if(bad)
  message(FATAL_ERROR "files without '<comment> SPDX-License-Identifier: ${id}' as their first line:\n${bad}")
endif()
message(STATUS "SPDX: ${n} files start with SPDX-License-Identifier: ${id}")
