# SPDX-License-Identifier: MIT
# The emulated device tier: opus's device test programs, examples and cookbook kernels run on
# tinygrad's AMD GPU emulator through the HIP runtime stand-in of this folder (docs/emulator.md).
# On when OPUS_TINYGRAD (cache variable, default: the environment variable) names a tinygrad
# tree; without it the tier is off and configure says so in one line.
set(OPUS_TINYGRAD "$ENV{OPUS_TINYGRAD}" CACHE PATH
    "A tinygrad tree (commit a9069c1): device tests also run on its emulated GPU (CTest label emulated)")
set(OPUS_EMULATED_TARGETS gfx942 gfx950 gfx1100 gfx1201)
set(OPUS_EMULATE_TIMEOUT 900 CACHE STRING "ctest TIMEOUT of each emulated test, seconds")
set(OPUS_EMULATE OFF)
set(_opus_emu_dir "${CMAKE_CURRENT_LIST_DIR}")
if(OPUS_TINYGRAD AND EXISTS "${OPUS_TINYGRAD}/test/mockgpu/amd/emu.py")
  find_program(OPUS_PYTHON NAMES python3)
  if(NOT OPUS_PYTHON)
    message(FATAL_ERROR "opus: the emulated device tier (OPUS_TINYGRAD) needs python3")
  endif()
  set(OPUS_EMULATE ON)
  add_library(opus_hip_emulated SHARED "${_opus_emu_dir}/opus_hip_emulated.cpp")
  set_source_files_properties("${_opus_emu_dir}/opus_hip_emulated.cpp" PROPERTIES LANGUAGE CXX)
  target_compile_options(opus_hip_emulated PRIVATE ${OPUS_WARNING_FLAGS})
  target_compile_definitions(opus_hip_emulated PRIVATE
    OPUS_EMULATE_SERVER_DEFAULT="${_opus_emu_dir}/server.py")
  # compiled instructions are kept here across runs (the first run of a new instruction pays)
  set(OPUS_EMULATE_CACHE_DIR "${PROJECT_BINARY_DIR}/emulate-cache")
  set(OPUS_EMULATE_ENV
    "LD_PRELOAD=$<TARGET_FILE:opus_hip_emulated>" "OPUS_TINYGRAD=${OPUS_TINYGRAD}"
    "OPUS_EMULATE_SERVER=${_opus_emu_dir}/server.py" "OPUS_EMULATE_CACHE=${OPUS_EMULATE_CACHE_DIR}")
  # One zygote per test run (fixture opus_emulated): it imports tinygrad once and forks each
  # program's server, instead of every program paying the import (server.py). A test run alone
  # by hand, without it, starts its own server.
  string(SHA1 _opus_emu_hash "${PROJECT_BINARY_DIR}")
  string(SUBSTRING "${_opus_emu_hash}" 0 16 _opus_emu_hash)
  set(OPUS_EMULATE_ZYGOTE "opus-emulate-${_opus_emu_hash}")
  set(_opus_emu_zygote_env "OPUS_TINYGRAD=${OPUS_TINYGRAD}" "OPUS_EMULATE_CACHE=${OPUS_EMULATE_CACHE_DIR}")
  add_test(NAME emulated.server.start COMMAND "${OPUS_PYTHON}" "${_opus_emu_dir}/server.py" --zygote-start ${OPUS_EMULATE_ZYGOTE})
  add_test(NAME emulated.server.stop COMMAND "${OPUS_PYTHON}" "${_opus_emu_dir}/server.py" --zygote-stop ${OPUS_EMULATE_ZYGOTE})
  set_tests_properties(emulated.server.start PROPERTIES FIXTURES_SETUP opus_emulated ENVIRONMENT "${_opus_emu_zygote_env}")
  set_tests_properties(emulated.server.stop PROPERTIES FIXTURES_CLEANUP opus_emulated ENVIRONMENT "${_opus_emu_zygote_env}")
  list(APPEND OPUS_EMULATE_ENV "OPUS_EMULATE_ZYGOTE=${OPUS_EMULATE_ZYGOTE}")
  message(STATUS "opus: emulated device tier on (tinygrad at ${OPUS_TINYGRAD}): "
                 "device tests also run emulated for ${OPUS_EMULATED_TARGETS}")
elseif(OPUS_TINYGRAD)
  message(FATAL_ERROR "opus: OPUS_TINYGRAD=${OPUS_TINYGRAD} is not a tinygrad tree "
                      "(no test/mockgpu/amd/emu.py); see docs/emulator.md")
else()
  message(STATUS "opus: emulated device tier skipped: OPUS_TINYGRAD is not set "
                 "(a tinygrad tree at commit a9069c1, see docs/emulator.md)")
endif()

# Device test cases the emulator models wrongly at the instruction level, where an in-process fix
# is not (yet) written: "<target regex>|<start of the case name>|<reason>". The case's first
# launch prints OPUS_NOT_MODELLED: <reason> (CTest: Skipped); docs/emulator.md lists them too.
# Cases the emulator cannot run at all (an instruction it lacks) are found at run time instead.
set(OPUS_EMULATE_CASES_NOT_MODELLED "")

# opus_emulated_device_tests(<exe> <prefix> <targets>): the Catch2 cases of <exe> once more per
# emulated target among <targets>, as emulated.<target>.<prefix><case>.
function(opus_emulated_device_tests exe prefix targets)
  if(NOT OPUS_EMULATE)
    return()
  endif()
  foreach(t IN LISTS targets)
    if(NOT t IN_LIST OPUS_EMULATED_TARGETS)
      continue()
    endif()
    # (EXTRA_ARGS --name differs per target: catch_discover_tests names its files by the args)
    catch_discover_tests(${exe} TEST_PREFIX "emulated.${t}.${prefix}" DISCOVERY_MODE PRE_TEST
                         EXTRA_ARGS --name "emulated-${t}" TEST_LIST opus_emulated_${t}_${exe}
                         PROPERTIES LABELS emulated SKIP_REGULAR_EXPRESSION "OPUS_NOT_MODELLED"
                                    TIMEOUT ${OPUS_EMULATE_TIMEOUT})
    # the environment is a list, which catch_discover_tests cannot pass: set it on the
    # discovered tests from a CTest include file that runs after Catch2's. Catch2's test list
    # splits a case name at each ';' (rejoined here: every name starts with "emulated."). Only
    # the stand-in's exit status 77 (not modelled) and a case's own OPUS_NO_TARGET_GPU (the case
    # does not apply to the target) skip: a case that SKIPs for want of a GPU (OPUS_NO_AMD_GPU,
    # Catch2's status 4) failed to reach the emulated one.
    set(_nm_items "")
    foreach(_nm IN LISTS OPUS_EMULATE_CASES_NOT_MODELLED)
      string(APPEND _nm_items " [==[${_nm}]==]")
    endforeach()
    set(inc "${CMAKE_CURRENT_BINARY_DIR}/${exe}-emulated-${t}.cmake")
    file(GENERATE OUTPUT "${inc}" CONTENT
"set(_name \"\")
foreach(_t IN LISTS opus_emulated_${t}_${exe} ITEMS emulated.)
  if(_name AND NOT _t MATCHES \"^emulated\\\\.\")
    set(_name \"\${_name};\${_t}\")
    continue()
  endif()
  if(_name)
    set(_env \"${OPUS_EMULATE_ENV};OPUS_EMULATE_TARGET=${t}\")
    foreach(_nm IN ITEMS ${_nm_items})
      string(REPLACE \"|\" \";\" _nm \"\${_nm}\")
      list(GET _nm 0 _nt)
      list(GET _nm 1 _nc)
      list(GET _nm 2 _nr)
      string(FIND \"\${_name}\" \"emulated.${t}.\${_nc}\" _at)
      if(\"${t}\" MATCHES \"^(\${_nt})\$\" AND _at EQUAL 0)
        list(APPEND _env \"OPUS_EMULATE_CASE_NOT_MODELLED=\${_nr}\")
      endif()
    endforeach()
    set_tests_properties(\"\${_name}\" PROPERTIES SKIP_RETURN_CODE 77 ENVIRONMENT \"\${_env}\" FIXTURES_REQUIRED opus_emulated
      SKIP_REGULAR_EXPRESSION \"OPUS_NOT_MODELLED|OPUS_NO_TARGET_GPU\")
  endif()
  set(_name \"\${_t}\")
endforeach()
")
    set_property(DIRECTORY APPEND PROPERTY TEST_INCLUDE_FILES "${inc}")
  endforeach()
endfunction()

# opus_emulated_program_test(<name> <exe> <targets> <pass-regex> <fail-regex> [args...]): runs
# <exe args...> with opus-emulate per emulated target among <targets>, as emulated.<target>.<name>;
# it passes when the output matches <pass-regex> and not <fail-regex>.
function(opus_emulated_program_test name exe targets pass fail)
  if(NOT OPUS_EMULATE)
    return()
  endif()
  foreach(t IN LISTS targets)
    string(REGEX REPLACE ":.*" "" t "${t}")
    if(NOT t IN_LIST OPUS_EMULATED_TARGETS)
      continue()
    endif()
    add_test(NAME emulated.${t}.${name}
             COMMAND "${OPUS_PYTHON}" "${_opus_emu_dir}/opus_emulate.py" --target ${t} $<TARGET_FILE:${exe}> ${ARGN})
    set_tests_properties(emulated.${t}.${name} PROPERTIES LABELS emulated
      ENVIRONMENT "OPUS_EMULATE_LIB=$<TARGET_FILE:opus_hip_emulated>;OPUS_TINYGRAD=${OPUS_TINYGRAD};OPUS_EMULATE_CACHE=${OPUS_EMULATE_CACHE_DIR};OPUS_EMULATE_ZYGOTE=${OPUS_EMULATE_ZYGOTE}"
      FIXTURES_REQUIRED opus_emulated PASS_REGULAR_EXPRESSION "${pass}" FAIL_REGULAR_EXPRESSION "${fail}" SKIP_REGULAR_EXPRESSION "OPUS_NOT_MODELLED" TIMEOUT ${OPUS_EMULATE_TIMEOUT})
  endforeach()
endfunction()

# opus_emulated_fix_test(<fix> <exe> <target> <case>): the fix matters - with it disabled
# (OPUS_EMULATE_DISABLE) the representative <case> of <exe> must fail with a wrong result
# (a failed Catch2 CHECK/REQUIRE), not crash (a failed HIP call: "hipX() -> error") or be skipped;
# emulated.fix.<fix>.
function(opus_emulated_fix_test fix exe target case)
  if(NOT OPUS_EMULATE OR NOT TARGET ${exe})
    return()
  endif()
  string(REPLACE "," "\\," case "${case}")  # (a ',' separates Catch2 test specs)
  add_test(NAME emulated.fix.${fix} COMMAND $<TARGET_FILE:${exe}> "${case}")
  set_tests_properties(emulated.fix.${fix} PROPERTIES LABELS emulated FIXTURES_REQUIRED opus_emulated
    ENVIRONMENT "${OPUS_EMULATE_ENV};OPUS_EMULATE_TARGET=${target};OPUS_EMULATE_DISABLE=${fix}"
    PASS_REGULAR_EXPRESSION "FAILED:[^\n]*\n[^\n]*(CHECK|REQUIRE)\\( "
    FAIL_REGULAR_EXPRESSION "OPUS_NOT_MODELLED|OPUS_NO_AMD_GPU|emulator server died|\\(\\) -> "
    TIMEOUT ${OPUS_EMULATE_TIMEOUT})
endfunction()

# opus_emulated_fix_program_test(<fix> <exe> <target> <pass-regex> <fail-regex> [args...]): like
# opus_emulated_fix_test for a program run by opus-emulate (an example): with <fix> disabled its
# output must match <pass-regex> (the wrong result) and not <fail-regex>; emulated.fix.<fix>.
function(opus_emulated_fix_program_test fix exe target pass fail)
  if(NOT OPUS_EMULATE OR NOT TARGET ${exe} OR NOT target IN_LIST OPUS_EMULATED_TARGETS)
    return()
  endif()
  add_test(NAME emulated.fix.${fix}
           COMMAND "${OPUS_PYTHON}" "${_opus_emu_dir}/opus_emulate.py" --target ${target} $<TARGET_FILE:${exe}> ${ARGN})
  set_tests_properties(emulated.fix.${fix} PROPERTIES LABELS emulated FIXTURES_REQUIRED opus_emulated
    ENVIRONMENT "OPUS_EMULATE_LIB=$<TARGET_FILE:opus_hip_emulated>;OPUS_TINYGRAD=${OPUS_TINYGRAD};OPUS_EMULATE_CACHE=${OPUS_EMULATE_CACHE_DIR};OPUS_EMULATE_ZYGOTE=${OPUS_EMULATE_ZYGOTE};OPUS_EMULATE_DISABLE=${fix}"
    PASS_REGULAR_EXPRESSION "${pass}"
    FAIL_REGULAR_EXPRESSION "${fail}|OPUS_NOT_MODELLED|OPUS_NO_AMD_GPU|emulator server died|\\(\\) -> "
    TIMEOUT ${OPUS_EMULATE_TIMEOUT})
endfunction()

# opus_emulated_installed_test(<exe> <target> [args...]): emulated.installed.opus-emulate, the
# installed opus-emulate (a scratch install of this build tree) runs <exe args...> on <target>
# (installed_test.cmake).
function(opus_emulated_installed_test exe target)
  if(NOT OPUS_EMULATE OR NOT target IN_LIST OPUS_EMULATED_TARGETS)
    return()
  endif()
  string(REPLACE ";" "|" args "${ARGN}")
  add_test(NAME emulated.installed.opus-emulate
           COMMAND "${CMAKE_COMMAND}" -DBUILD_DIR=${PROJECT_BINARY_DIR}
             -DWORK_DIR=${PROJECT_BINARY_DIR}/emulate-installed -DCACHE=${OPUS_EMULATE_CACHE_DIR} -DCXX=${CMAKE_CXX_COMPILER}
             -DPYTHON=${OPUS_PYTHON} -DTINYGRAD=${OPUS_TINYGRAD} -DTARGET=${target}
             -DPROGRAM=$<TARGET_FILE:${exe}> -DARGS=${args} -P "${_opus_emu_dir}/installed_test.cmake")
  set_tests_properties(emulated.installed.opus-emulate PROPERTIES LABELS "emulated;package"
    TIMEOUT ${OPUS_EMULATE_TIMEOUT})
endfunction()
