# Every opus header opens its namespace with OPUS_NAMESPACE_BEGIN (opus/core/config.hpp), so that
# a non-default configuration puts all of opus into its tagged inline namespace; a header that
# writes `namespace opus {` would declare its entities outside it (untagged, and its nested
# namespaces would make `opus::detail` ambiguous). opus/hip_minimal.hpp is the exception: it
# may come before config.hpp and depends on no configuration macro.
file(GLOB_RECURSE headers "${SOURCE_DIR}/include/*.hpp")
set(bad "")
foreach(h IN LISTS headers)
  if(h MATCHES "hip_minimal\\.hpp$")
    continue()
  endif()
  file(STRINGS "${h}" lines REGEX "^[ \t]*namespace[ \t]+opus[ \t]*{")
  if(lines)
    list(APPEND bad "${h}")
  endif()
endforeach()
list(JOIN bad ", " bad)
if(NOT bad STREQUAL "")
  message(FATAL_ERROR "`namespace opus {` instead of OPUS_NAMESPACE_BEGIN in: ${bad}")
endif()
