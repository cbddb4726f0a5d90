# cmake -P: every include/opus/<module>/*.hpp is included by include/opus/<module>.hpp, or named
# there on a line `// opt-in: opus/<module>/<header>` (a header users include themselves, such as
# opus/arch/math.hpp), and include/opus.hpp includes every module umbrella. Fails (so the build
# fails) otherwise.
set(missing "")
foreach(m core arch mem mma)
  file(READ "${INCLUDE_DIR}/opus/${m}.hpp" umbrella)
  file(GLOB hs RELATIVE "${INCLUDE_DIR}/opus/${m}" "${INCLUDE_DIR}/opus/${m}/*.hpp")
  foreach(h IN LISTS hs)
    string(REPLACE "." "\\." hre "${h}")
    if(NOT umbrella MATCHES "#include[ ]+[<\"](opus/)?${m}/${hre}[>\"]" AND
       NOT umbrella MATCHES "//[ ]*opt-in:[ ]*opus/${m}/${hre}[ \n]")
      list(APPEND missing "opus/${m}.hpp does not include ${m}/${h}")
    endif()
  endforeach()
endforeach()
file(READ "${INCLUDE_DIR}/opus.hpp" top)
foreach(m core arch mem mma)
  if(NOT top MATCHES "#include[ ]+[<\"]opus/${m}\\.hpp[>\"]")
    list(APPEND missing "opus.hpp does not include opus/${m}.hpp")
  endif()
endforeach()
if(missing)
  list(JOIN missing "\n  " msg)
  message(FATAL_ERROR "incomplete umbrella headers:\n  ${msg}")
endif()
