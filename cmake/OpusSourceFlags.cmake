# SPDX-License-Identifier: MIT
# opus_source_flags(<src> <out-var>): the compiler flags of a test source's "// FLAGS: ..." line
# (empty when it has none), as a list. Used at configure time (device test executables) and by
# the cmake -P codegen driver, so both read the line the same way.
function(opus_source_flags src out)
  file(STRINGS "${src}" line REGEX "^//[ ]*FLAGS:")
  set(flags "")
  if(line)
    string(REGEX REPLACE "^//[ ]*FLAGS:[ ]*" "" line "${line}")
    separate_arguments(flags UNIX_COMMAND "${line}")
  endif()
  set(${out} "${flags}" PARENT_SCOPE)
endfunction()
