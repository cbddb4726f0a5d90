# cmake -P driver of emulated.installed.opus-emulate: installs the build tree to a scratch prefix
# and runs PROGRAM [ARGS] under the installed opus-emulate, which builds its runtime stand-in from
# the installed source (CXX) and runs the installed server: the command the package gives a user.
# Passes when the program prints PASSED and never FAILED, and the stand-in came from the prefix.
file(REMOVE_RECURSE "${WORK_DIR}")
execute_process(COMMAND "${CMAKE_COMMAND}" --install "${BUILD_DIR}" --prefix "${WORK_DIR}/prefix"
                RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE out)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "install to ${WORK_DIR}/prefix failed:\n${out}")
endif()
string(REPLACE "|" ";" ARGS "${ARGS}")
# (the build tree's instruction cache; the stand-in opus-emulate builds there is removed first)
file(GLOB old_stand_in "${CACHE}/libopus_hip_emulated-*.so")
if(old_stand_in)
  file(REMOVE ${old_stand_in})
endif()
execute_process(
  COMMAND "${CMAKE_COMMAND}" -E env --unset=OPUS_EMULATE_LIB --unset=OPUS_EMULATE_SERVER
          --unset=OPUS_EMULATE_ZYGOTE --unset=OPUS_EMULATE_TARGET --unset=LD_PRELOAD
          "CXX=${CXX}" "OPUS_TINYGRAD=${TINYGRAD}" "OPUS_EMULATE_CACHE=${CACHE}"
          "${PYTHON}" "${WORK_DIR}/prefix/bin/opus-emulate" --target ${TARGET} "${PROGRAM}" ${ARGS}
  RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE out)
message("${out}")
file(GLOB stand_in "${CACHE}/libopus_hip_emulated-*.so")
if(NOT rc EQUAL 0 OR NOT out MATCHES "PASSED" OR out MATCHES "FAILED|OPUS_NOT_MODELLED" OR NOT stand_in)
  message(FATAL_ERROR "the installed opus-emulate did not run ${PROGRAM} to PASSED (exit ${rc}; "
                      "stand-in built from the prefix: ${stand_in})")
endif()
