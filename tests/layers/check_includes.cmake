# Every quoted include under server/ names, as "layer/file", a header of a
# layer its file may use (server/layers.cmake): no relative paths, no bare
# names. The build already refuses a wrong-way include in what it compiles;
# this reads every file, headers no .cpp includes too, and keeps holding if
# someone gives a library a wider include root.
#
#   cmake -DSS_SOURCE_DIR=<repository> -P tests/layers/check_includes.cmake
cmake_minimum_required(VERSION 3.25)  # policies as in the build (IN_LIST)
include("${SS_SOURCE_DIR}/server/layers.cmake")

set(faults "")
set(count 0)
foreach(layer IN LISTS SS_LAYERS)
  ss_layer_visible(${layer} visible)
  string(JOIN ", " may ${visible})
  file(GLOB_RECURSE files "${SS_SOURCE_DIR}/server/${layer}/*.hpp" "${SS_SOURCE_DIR}/server/${layer}/*.cpp"
       "${SS_SOURCE_DIR}/server/${layer}/*.def" "${SS_SOURCE_DIR}/server/${layer}/*.in")
  foreach(file IN LISTS files)
    file(RELATIVE_PATH name "${SS_SOURCE_DIR}" "${file}")
    file(STRINGS "${file}" lines REGEX "^[ \t]*#[ \t]*include[ \t]*\"")
    foreach(line IN LISTS lines)
      math(EXPR count "${count} + 1")
      string(REGEX REPLACE "^[ \t]*#[ \t]*include[ \t]*\"([^\"]*)\".*" "\\1" header "${line}")
      string(REGEX MATCH "^[a-z_]+/" used "${header}")
      string(REPLACE "/" "" used "${used}")
      if(NOT used OR header MATCHES "(^|/)\\.\\.?(/|$)")
        list(APPEND faults "${name}: #include \"${header}\": include a header as \"layer/file.hpp\"")
      elseif(NOT used IN_LIST visible)
        list(APPEND faults "${name}: #include \"${header}\": ${layer} may include only ${may}")
      endif()
    endforeach()
  endforeach()
endforeach()

if(count EQUAL 0)
  message(FATAL_ERROR "found no includes under ${SS_SOURCE_DIR}/server: wrong SS_SOURCE_DIR?")
endif()
if(faults)
  list(LENGTH faults n)
  string(JOIN "\n  " listed ${faults})
  message(FATAL_ERROR "${n} include(s) against the layers of server/layers.cmake "
    "(docs/architecture.md):\n  ${listed}")
endif()
message(STATUS "${count} includes under server/, each in a layer its file may use")
