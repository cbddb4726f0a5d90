# scripts/in-buildroot binds the checkout's parent and the current directory's project tree, so
# a consumer project anywhere (outside the checkout's parent too) is visible inside the build
# root. The repo tier already runs inside the build root, where the script cannot enter another
# one, so this checks which folders it picks (--print-binds) against a stand-in root.
# cmake -DSOURCE_DIR=<repo> -DWORK_DIR=<scratch> -P check_in_buildroot_binds.cmake
get_filename_component(share "${SOURCE_DIR}" DIRECTORY)
set(root "${WORK_DIR}/root")
file(REMOVE_RECURSE "${WORK_DIR}")
file(MAKE_DIRECTORY "${root}/usr/bin")
file(WRITE "${root}/usr/bin/tool" "")

function(expect cwd want)
  string(REPLACE ";" "\n" want "${want}")
  execute_process(COMMAND "${CMAKE_COMMAND}" -E env "OPUS_BUILDROOT=${root}" ${ARGN}
                          "${SOURCE_DIR}/scripts/in-buildroot" --print-binds
                  WORKING_DIRECTORY "${cwd}" RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
  string(STRIP "${out}" out)
  if(NOT rc EQUAL 0 OR NOT out STREQUAL want)
    file(REMOVE_RECURSE "${base}")
    message(FATAL_ERROR "scripts/in-buildroot --print-binds in ${cwd} ${ARGN}:\n${out}\n${err}\nexpected:\n${want}")
  endif()
  set(last_err "${err}" PARENT_SCOPE)
endfunction()

# in the checkout (or beside it): its parent only, as always
set(base "")
expect("${SOURCE_DIR}/test" "${share}")

# a project outside the checkout's parent: a scratch folder under /tmp or /var/tmp
set(base "")
foreach(b /tmp /var/tmp)
  string(FIND "${b}/" "${share}/" at)
  string(FIND "${share}/" "${b}/" above)
  if(IS_DIRECTORY "${b}" AND NOT at EQUAL 0 AND NOT above EQUAL 0)
    string(RANDOM LENGTH 8 tag)
    set(base "${b}/opus-binds-${tag}")
    break()
  endif()
endforeach()
if(NOT base)
  message(FATAL_ERROR "no scratch folder outside ${share} (/tmp, /var/tmp)")
endif()
file(MAKE_DIRECTORY "${base}/proj/.git" "${base}/proj/src/deep" "${base}/plain/build" "${base}/extra")
# from inside a git project: the project's top folder (.git), so `cmake -S ..` sees it all
expect("${base}/proj/src/deep" "${share};${base}/proj")
# no .git above: the current directory; OPUS_BUILDROOT_BIND adds folders, ancestors first
expect("${base}/plain/build" "${share};${base}/plain/build")
expect("${base}/plain/build" "${share};${base}/extra;${base}/plain/build"
       "OPUS_BUILDROOT_BIND=${base}/extra:${SOURCE_DIR}/include")
# a folder with files in the build root is not bound over them (the root's /usr stays)
file(MAKE_DIRECTORY "${root}${base}/plain/build")
file(WRITE "${root}${base}/plain/build/file" "")
expect("${base}/plain/build" "${share}")
if(NOT last_err MATCHES "not binding ${base}/plain/build \\(the build root has its own")
  file(REMOVE_RECURSE "${base}")
  message(FATAL_ERROR "no note about the folder left unbound:\n${last_err}")
endif()
file(REMOVE_RECURSE "${base}" "${WORK_DIR}")
message(STATUS "scripts/in-buildroot binds the checkout's parent and the caller's project tree")
