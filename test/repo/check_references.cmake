# SPDX-License-Identifier: MIT
# Header comments and the user documentation describe opus as it is (CONTRIBUTING.md,
# Documentation). Fails, naming file and line, when
#   - a comment in include/ names a file that does not exist: a repository path (test/...,
#     docs/..., examples/..., benchmark/...; a `*` in it must match something) or a bare test
#     file name (`test_foo.cpp`, `bar.hip`: some file of that name under test/, examples/ or
#     benchmark/);
#   - a comment in include/, README.md or a page of docs/ names this project's tracker or a
#     date (`issue 12`, `issue #3`, `2024-05-01`; in include/ also a `session`): that history
#     goes in commit messages and dev/notes/. A memory issue (`issue 1 is y = (0, 4)`) is not
#     one, and an upstream change is named by its project (LLVM's PR #182334).
# cmake -DSOURCE_DIR=<repo> -P check_references.cmake
cmake_minimum_required(VERSION 3.21)  # IN_LIST
include("${CMAKE_CURRENT_LIST_DIR}/../docs/markdown_lines.cmake")  # lines with [ ] ; \ intact

file(GLOB_RECURSE known RELATIVE "${SOURCE_DIR}"
     "${SOURCE_DIR}/test/*" "${SOURCE_DIR}/examples/*" "${SOURCE_DIR}/benchmark/*")
set(known_names "")
foreach(k IN LISTS known)
  get_filename_component(name "${k}" NAME)
  list(APPEND known_names "${name}")
endforeach()

set(path_re "(test|docs|examples|benchmark)/[A-Za-z0-9_./*-]*[A-Za-z0-9_*]")
set(name_re "(^|[^A-Za-z0-9_./-])([A-Za-z0-9_]+\\.(hip|cpp))")
set(tracker_re "([Ii]ssues? #?[0-9][0-9]+|[Ii]ssues? #[0-9]+|(19|20)[0-9][0-9]-[01][0-9]-[0-3][0-9])")
set(history_re "(${tracker_re}|[Ss]ession)")

file(GLOB_RECURSE headers RELATIVE "${SOURCE_DIR}" "${SOURCE_DIR}/include/*.hpp")
set(bad "")
set(refs 0)
foreach(h IN LISTS headers)
  opus_md_lines("${SOURCE_DIR}/${h}" lines)
  set(lineno 0)
  foreach(line IN LISTS lines)
    math(EXPR lineno "${lineno} + 1")
    if(NOT line MATCHES "//(.*)$")
      continue()
    endif()
    set(c "${CMAKE_MATCH_1}")
    opus_md_line(c)
    string(REGEX MATCHALL "${path_re}" paths "${c}")
    foreach(p IN LISTS paths)
      math(EXPR refs "${refs} + 1")
      if(p MATCHES "\\*")
        file(GLOB hits "${SOURCE_DIR}/${p}")
        if(NOT hits)
          string(APPEND bad "  ${h}:${lineno}: '${p}' matches no file\n")
        endif()
      elseif(NOT EXISTS "${SOURCE_DIR}/${p}")
        string(APPEND bad "  ${h}:${lineno}: '${p}' does not exist\n")
      endif()
    endforeach()
    string(REGEX MATCHALL "${name_re}" names "${c}")
    foreach(m IN LISTS names)
      string(REGEX REPLACE "${name_re}" "\\2" n "${m}")
      math(EXPR refs "${refs} + 1")
      if(NOT n IN_LIST known_names)
        string(APPEND bad "  ${h}:${lineno}: no file '${n}' under test/, examples/ or benchmark/\n")
      endif()
    endforeach()
    if(c MATCHES "${history_re}")
      string(APPEND bad "  ${h}:${lineno}: '${CMAKE_MATCH_1}': history belongs in commit messages or dev/notes/\n")
    endif()
  endforeach()
endforeach()
file(GLOB docs RELATIVE "${SOURCE_DIR}" "${SOURCE_DIR}/README.md" "${SOURCE_DIR}/docs/*.md")
foreach(d IN LISTS docs)
  opus_md_lines("${SOURCE_DIR}/${d}" lines)
  set(lineno 0)
  foreach(line IN LISTS lines)
    math(EXPR lineno "${lineno} + 1")
    if(line MATCHES "${tracker_re}")
      string(APPEND bad "  ${d}:${lineno}: '${CMAKE_MATCH_1}': history belongs in commit messages or dev/notes/\n")
    endif()
  endforeach()
endforeach()
list(LENGTH headers n)
list(LENGTH docs m)
if(bad)
  message(FATAL_ERROR "dead references or history in header comments or user docs:\n${bad}")
endif()
message(STATUS "references: ${n} headers (${refs} file references, all present) and ${m} pages without history")
