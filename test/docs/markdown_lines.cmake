# SPDX-License-Identifier: MIT
# The lines of a markdown file as a CMake list, for the scripts that read its ```cpp blocks
# (check_snippets.cmake, device/cookbook/extract_cookbook.cmake). By hand, not file(STRINGS):
# a list element with an unbalanced `[` (a half-open range such as [0, E) in the prose) would
# swallow the following lines, and a line ending in a backslash would join the next.
# Backslashes, brackets and semicolons stay masked in the list; opus_md_line() restores one line.
function(opus_md_lines path out)
  file(READ "${path}" text)
  string(REPLACE "\\" "@opus_bs@" text "${text}")
  string(REPLACE "[" "@opus_lb@" text "${text}")
  string(REPLACE "]" "@opus_rb@" text "${text}")
  string(REPLACE ";" "@opus_sc@" text "${text}")
  string(REPLACE "\n" ";" lines "${text}")
  set(${out} "${lines}" PARENT_SCOPE)
endfunction()
macro(opus_md_line var)
  string(REPLACE "@opus_lb@" "[" ${var} "${${var}}")
  string(REPLACE "@opus_rb@" "]" ${var} "${${var}}")
  string(REPLACE "@opus_sc@" ";" ${var} "${${var}}")
  string(REPLACE "@opus_bs@" "\\" ${var} "${${var}}")
endmacro()
