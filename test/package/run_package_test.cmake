# cmake -P driver of the package tier (see CMakeLists.txt next to this file).
string(REPLACE "|" ";" GPU_TARGETS "${GPU_TARGETS}")
if(NOT SELF_BUILD)
  file(REMOVE_RECURSE "${WORK_DIR}")
  file(MAKE_DIRECTORY "${WORK_DIR}")
endif()

function(run)
  execute_process(COMMAND ${ARGN} RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE out
                  WORKING_DIRECTORY "${WORK_DIR}")
  if(NOT rc EQUAL 0)
    string(REPLACE ";" " " cmd "${ARGN}")
    message(FATAL_ERROR "command failed (${rc}): ${cmd}\n${out}")
  endif()
  set(last_out "${out}" PARENT_SCOPE)
endfunction()

# Build the downstream project against a prefix; -Werror, every GPU target.
function(build_consumer name prefix)
  string(REPLACE ";" "\\;" targets "${GPU_TARGETS}")
  run(${CMAKE_COMMAND} -S "${CONSUMER_DIR}" -B "${WORK_DIR}/consumer-${name}" -G "${GENERATOR}"
      "-DCMAKE_PREFIX_PATH=${prefix}" "-DCMAKE_CXX_COMPILER=${CXX}" "-DCMAKE_HIP_COMPILER=${HIP}"
      "-DCMAKE_HIP_FLAGS=${HIP_FLAGS}" "-DCMAKE_HIP_ARCHITECTURES=${targets}"
      "-DEXPECTED_OPUS_VERSION=0.1.0")
  run(${CMAKE_COMMAND} --build "${WORK_DIR}/consumer-${name}")
  run("${WORK_DIR}/consumer-${name}/consumer_host")
  if(NOT last_out MATCHES "opus core ok")
    message(FATAL_ERROR "consumer_host (${name}) printed: ${last_out}")
  endif()
  message(STATUS "downstream project builds against ${name}: ${prefix}")
endfunction()

if(SELF_BUILD)   # nested call from step 4: build the consumer against PREFIX only
  build_consumer(${NAME} "${PREFIX}")
  return()
endif()

# 1. install tree
run(${CMAKE_COMMAND} --install "${BUILD_DIR}" --prefix "${WORK_DIR}/prefix")
build_consumer(install "${WORK_DIR}/prefix")

# 1a. opus-isa (installed scripts/isa_summary.py) profiles the consumer's kernel from its assembly
list(GET GPU_TARGETS 0 isa_target)
run("${HIP}" -x hip --cuda-device-only -nogpuinc -nogpulib -D__HIPCC_RTC__ -O3 -std=c++17
    "--offload-arch=${isa_target}" "-I${WORK_DIR}/prefix/include" -S "${CONSUMER_DIR}/kernels.hip"
    -o "${WORK_DIR}/consumer_kernels.s")
find_program(python3 NAMES python3 REQUIRED)
run("${python3}" "${WORK_DIR}/prefix/bin/opus-isa" "${WORK_DIR}/consumer_kernels.s")
if(NOT last_out MATCHES "\\| ${isa_target}[^|]*\\| consumer_scale +\\| [0-9]+ ")
  message(FATAL_ERROR "opus-isa did not list consumer_scale for ${isa_target}:\n${last_out}")
endif()
message(STATUS "opus-isa profiles the consumer's kernel")

# 1b. README's recipe without the HIP language: opus_add_device_library finds a clang on PATH
# (a versioned clang++-NN counts) and builds ELF code objects; when it finds none (PATH and the
# system paths not searched), configure stops with an error that names OPUS_DEVICE_CLANG.
list(GET GPU_TARGETS 0 first_target)
set(nohip_args -S "${SOURCE_DIR}/test/package/consumer_nohip" -G "${GENERATOR}"
    "-DCMAKE_PREFIX_PATH=${WORK_DIR}/prefix" "-DCMAKE_CXX_COMPILER=${CXX}" "-DGPU_TARGET=${first_target}"
    "-DKERNELS=${CONSUMER_DIR}/kernels.hip" "-DCHECK_ELF=${CONSUMER_DIR}/check_elf.cmake")
get_filename_component(hip_dir "${HIP}" DIRECTORY)
run(${CMAKE_COMMAND} -E env "PATH=${hip_dir}:$ENV{PATH}" ${CMAKE_COMMAND} ${nohip_args} -B "${WORK_DIR}/consumer-nohip")
run(${CMAKE_COMMAND} --build "${WORK_DIR}/consumer-nohip")
message(STATUS "README's no-HIP recipe builds ELF code objects")
if(GENERATOR MATCHES "Ninja")
  find_program(make_program NAMES ninja ninja-build)
else()
  find_program(make_program NAMES make gmake)
endif()
execute_process(COMMAND ${CMAKE_COMMAND} ${nohip_args} -B "${WORK_DIR}/consumer-noclang" "-DCMAKE_MAKE_PROGRAM=${make_program}"
                        -DCMAKE_FIND_USE_SYSTEM_ENVIRONMENT_PATH=OFF -DCMAKE_FIND_USE_CMAKE_SYSTEM_PATH=OFF
                RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE out)
if(rc EQUAL 0 OR NOT out MATCHES "no HIP-capable clang found.*Set[ \n]+OPUS_DEVICE_CLANG")
  message(FATAL_ERROR "without a clang on PATH, configure must stop naming OPUS_DEVICE_CLANG:\n${out}")
endif()

# 1c. TARGETS are checked at configure time: a target the compiler cannot generate code for
# (clang-19 has no gfx950) stops configure naming the target, the compiler and its version, and
# the compilers that have it (OpusTargets.cmake's table); a target opus does not support stops
# it too, listing the supported ones.
cmake_policy(SET CMP0007 NEW)   # (script mode) OpusTargets.cmake's table keeps its empty columns
include("${SOURCE_DIR}/cmake/OpusTargets.cmake")
function(expect_bad_target compiler bad_target want)
  execute_process(COMMAND ${CMAKE_COMMAND} -S "${SOURCE_DIR}/test/package/consumer_nohip" -B "${WORK_DIR}/consumer-bad-${bad_target}"
                          -G "${GENERATOR}" "-DCMAKE_PREFIX_PATH=${WORK_DIR}/prefix" "-DCMAKE_CXX_COMPILER=${CXX}"
                          "-DOPUS_DEVICE_CLANG=${compiler}" "-DGPU_TARGET=${bad_target}" "-DKERNELS=${CONSUMER_DIR}/kernels.hip"
                          "-DCHECK_ELF=${CONSUMER_DIR}/check_elf.cmake"
                  RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE out)
  string(REGEX REPLACE "[ \n]+" " " flat "${out}")   # CMake wraps long messages
  if(rc EQUAL 0 OR NOT flat MATCHES "${want}")
    message(FATAL_ERROR "opus_add_device_library(TARGETS ${bad_target}) with ${compiler} must stop configure "
                        "with a message matching\n  ${want}\ngot:\n${out}")
  endif()
endfunction()
expect_bad_target("${HIP}" gfx999
  "unsupported GPU target 'gfx999' in TARGETS of opus_add_device_library\\(nohip_kernels\\)\\. Supported targets: gfx90a")
find_program(old_clang NAMES clang++-19)
if(old_clang)
  opus_target_compiler_need(gfx950 need)
  string(REPLACE "+" "\\+" old_rx "${old_clang}")
  string(REPLACE "." "\\." need_rx "${need}")
  expect_bad_target("${old_clang}" gfx950
    "opus_add_device_library\\(nohip_kernels\\): the HIP compiler ${old_rx} \\([^)]*version 19\\.[0-9]+[^\n]*\\) cannot generate code for GPU target 'gfx950' \\([^)]*invalid target ID 'gfx950'\\); gfx950 needs ${need_rx}\\. ")
else()
  message(STATUS "no clang++-19: the compiler's target check is not exercised")
endif()
message(STATUS "unsupported TARGETS stop configure with the target, compiler, version and what it needs")
foreach(bad test benchmark examples)
  if(EXISTS "${WORK_DIR}/prefix/${bad}" OR EXISTS "${WORK_DIR}/prefix/share/${bad}")
    message(FATAL_ERROR "the install tree contains ${bad}/")
  endif()
endforeach()

# 2. packages
foreach(gen DEB RPM)
  run(cpack -G ${gen} -B "${WORK_DIR}/packages" --config "${BUILD_DIR}/CPackConfig.cmake")
endforeach()
file(GLOB debs "${WORK_DIR}/packages/*.deb")
file(GLOB rpms "${WORK_DIR}/packages/*.rpm")
list(LENGTH debs ndeb)
list(LENGTH rpms nrpm)
if(NOT ndeb EQUAL 1 OR NOT nrpm EQUAL 1)
  message(FATAL_ERROR "expected one .deb and one .rpm, got: ${debs} ${rpms}")
endif()

# 3. package metadata: header-only means architecture-independent and no dependencies
run(dpkg-deb -f "${debs}" Package Architecture Depends Maintainer)
if(NOT last_out MATCHES "Package: opus-dev\nArchitecture: all\nMaintainer: opus developers")
  message(FATAL_ERROR "unexpected .deb control fields (want opus-dev, all, no Depends):\n${last_out}")
endif()
run(rpm -qp --queryformat "%{NAME}|%{ARCH}|%{VENDOR}|%{DESCRIPTION}" "${rpms}")
if(NOT last_out MATCHES "^opus-devel\\|noarch\\|opus developers\\|opus \\(AI operator")
  message(FATAL_ERROR "unexpected .rpm header (want opus-devel, noarch, our vendor and description):\n${last_out}")
endif()
run(rpm -qpR "${rpms}")
if(last_out MATCHES "rocm|hip")
  message(FATAL_ERROR "the .rpm requires ROCm packages:\n${last_out}")
endif()

# 4. install the packages as a user would and build the consumer against the installed files:
#    the .deb with apt-get into this system (when we are root and apt-get exists, as in the
#    build root; removed again afterwards), the .rpm with rpm -i --nodeps into a scratch root.
find_program(APT_GET apt-get)
execute_process(COMMAND id -u OUTPUT_VARIABLE uid OUTPUT_STRIP_TRAILING_WHITESPACE)
if(APT_GET AND uid STREQUAL "0")
  execute_process(COMMAND dpkg-query -W -f=\${Status} opus-dev OUTPUT_VARIABLE st ERROR_QUIET)
  if(st MATCHES "installed")
    message(FATAL_ERROR "opus-dev is already installed on this system; remove it before the package test")
  endif()
  run(${CMAKE_COMMAND} -E env DEBIAN_FRONTEND=noninteractive
      ${APT_GET} install -y "${debs}")
  execute_process(COMMAND dpkg-query -L opus-dev OUTPUT_VARIABLE deb_files)
  set(deb_ok TRUE)
  if(NOT deb_files MATCHES "/opt/rocm/lib/cmake/opus/opus-config.cmake")
    set(deb_ok FALSE)
  endif()
  string(REPLACE ";" "|" gpu_bar "${GPU_TARGETS}")
  execute_process(
    COMMAND ${CMAKE_COMMAND} -DSELF_BUILD=1 -DCONSUMER_DIR=${CONSUMER_DIR} -DWORK_DIR=${WORK_DIR}
            -DGENERATOR=${GENERATOR} -DCXX=${CXX} -DHIP=${HIP} -DHIP_FLAGS=${HIP_FLAGS}
            "-DGPU_TARGETS=${gpu_bar}" -DNAME=apt -DPREFIX=/opt/rocm -P "${CMAKE_CURRENT_LIST_FILE}"
    RESULT_VARIABLE deb_rc OUTPUT_VARIABLE deb_out ERROR_VARIABLE deb_out)
  # README's no-HIP recipe (opus_add_device_library) and opus-isa, from the installed .deb too
  set(nohip_rc 0)
  set(nohip_out "")
  foreach(step configure build isa)
    if(NOT deb_rc EQUAL 0 OR NOT nohip_rc EQUAL 0)
      break()
    endif()
    if(step STREQUAL "configure")
      set(cmd ${CMAKE_COMMAND} -E env "PATH=${hip_dir}:$ENV{PATH}" ${CMAKE_COMMAND}
              -S "${SOURCE_DIR}/test/package/consumer_nohip" -B "${WORK_DIR}/consumer-nohip-apt" -G "${GENERATOR}"
              -DCMAKE_PREFIX_PATH=/opt/rocm "-DCMAKE_CXX_COMPILER=${CXX}" "-DGPU_TARGET=${first_target}"
              "-DKERNELS=${CONSUMER_DIR}/kernels.hip" "-DCHECK_ELF=${CONSUMER_DIR}/check_elf.cmake")
    elseif(step STREQUAL "build")
      set(cmd ${CMAKE_COMMAND} --build "${WORK_DIR}/consumer-nohip-apt")
    else()
      set(cmd "${python3}" /opt/rocm/bin/opus-isa "${WORK_DIR}/consumer_kernels.s")
    endif()
    execute_process(COMMAND ${cmd} RESULT_VARIABLE nohip_rc OUTPUT_VARIABLE out ERROR_VARIABLE out)
    string(APPEND nohip_out "${step}: ${out}")
  endforeach()
  execute_process(COMMAND ${CMAKE_COMMAND} -E env DEBIAN_FRONTEND=noninteractive
                  ${APT_GET} remove -y opus-dev OUTPUT_QUIET ERROR_QUIET)
  if(NOT deb_ok)
    message(FATAL_ERROR "apt-get installed opus-dev without /opt/rocm/lib/cmake/opus/opus-config.cmake:\n${deb_files}")
  endif()
  if(NOT deb_rc EQUAL 0)
    message(FATAL_ERROR "the consumer does not build against the apt-installed .deb:\n${deb_out}")
  endif()
  if(NOT nohip_rc EQUAL 0)
    message(FATAL_ERROR "README's no-HIP recipe or opus-isa fails with the apt-installed .deb:\n${nohip_out}")
  endif()
  message(STATUS "downstream project builds against the .deb installed with apt-get (/opt/rocm), "
                 "with the HIP language and with opus_add_device_library; opus-isa runs from it")
else()
  run(dpkg-deb -x "${debs}" "${WORK_DIR}/deb-root")
  build_consumer(deb "${WORK_DIR}/deb-root/opt/rocm")
  message(STATUS "not root or no apt-get: the .deb was unpacked with dpkg-deb -x instead of installed")
endif()
file(MAKE_DIRECTORY "${WORK_DIR}/rpm-root")
run(rpm --root "${WORK_DIR}/rpm-root" --initdb)
run(rpm --root "${WORK_DIR}/rpm-root" -i --nodeps --noscripts "${rpms}")
build_consumer(rpm "${WORK_DIR}/rpm-root/opt/rocm")

# 5. same header set in .deb and .rpm, nothing from tests/benchmarks/examples
run(dpkg-deb -c "${debs}")
string(REGEX MATCHALL "[^ \n]*include/[^ \n]*\\.hpp" deb_h "${last_out}")
run(rpm -qlp "${rpms}")
string(REGEX MATCHALL "[^ \n]*include/[^ \n]*\\.hpp" rpm_h "${last_out}")
set(norm_deb "")
foreach(h IN LISTS deb_h)
  string(REGEX REPLACE ".*/include/" "" h "${h}")
  list(APPEND norm_deb "${h}")
endforeach()
set(norm_rpm "")
foreach(h IN LISTS rpm_h)
  string(REGEX REPLACE ".*/include/" "" h "${h}")
  list(APPEND norm_rpm "${h}")
endforeach()
list(SORT norm_deb)
list(SORT norm_rpm)
if(NOT norm_deb STREQUAL norm_rpm)
  message(FATAL_ERROR ".deb and .rpm header sets differ:\n deb: ${norm_deb}\n rpm: ${norm_rpm}")
endif()
file(GLOB_RECURSE src_h RELATIVE "${SOURCE_DIR}/include" "${SOURCE_DIR}/include/*.hpp")
list(SORT src_h)
if(NOT norm_deb STREQUAL src_h)
  message(FATAL_ERROR "package headers differ from the source tree:\n pkg: ${norm_deb}\n src: ${src_h}")
endif()
if(last_out MATCHES "/(test|benchmark|examples)/")
  message(FATAL_ERROR "the .rpm contains test/benchmark/example files:\n${last_out}")
endif()
list(LENGTH norm_deb nh)
message(STATUS "package ok: ${debs} and ${rpms}, ${nh} headers each")
