# The tests of the layering (server/layers.cmake), included by CMakeLists.txt.
#
# layers_includes: every quoted include of every file under server/ is of a
# layer that file may use (check_includes.cmake; reads the sources).
# layers_roots: for each layer that must not use some other layer, a probe
# that includes a header of the first such layer, compiled with the layer's
# own include directories, fails with "not found" (check_roots.cmake): the
# build itself refuses a wrong-way include.
add_test(NAME layers_includes
  COMMAND "${CMAKE_COMMAND}" "-DSS_SOURCE_DIR=${CMAKE_SOURCE_DIR}"
          -P "${CMAKE_CURRENT_LIST_DIR}/check_includes.cmake")

set(ss_layer_probes "")
foreach(layer IN LISTS SS_LAYERS)
  ss_layer_visible(${layer} visible)
  set(hidden "")
  foreach(other IN LISTS SS_LAYERS)
    if(NOT hidden AND NOT other IN_LIST visible)
      file(GLOB headers RELATIVE "${SS_SERVER_DIR}" "${SS_SERVER_DIR}/${other}/*.hpp")
      if(headers)
        list(GET headers 0 hidden)
      endif()
    endif()
  endforeach()
  if(hidden)
    set(probe "${CMAKE_BINARY_DIR}/layer_probes/${layer}.cpp")
    file(CONFIGURE OUTPUT "${probe}" CONTENT "#include \"${hidden}\"\n")
    add_library(ss_layer_probe_${layer} OBJECT EXCLUDE_FROM_ALL "${probe}")
    target_include_directories(ss_layer_probe_${layer} PRIVATE $<TARGET_PROPERTY:ss_${layer},INCLUDE_DIRECTORIES>)
    target_link_libraries(ss_layer_probe_${layer} PRIVATE ss_${layer})
    list(APPEND ss_layer_probes "${layer}:${hidden}")
  endif()
endforeach()
string(JOIN "," ss_layer_probes ${ss_layer_probes})
add_test(NAME layers_roots
  COMMAND "${CMAKE_COMMAND}" "-DSS_BUILD_DIR=${CMAKE_BINARY_DIR}" "-DSS_PROBES=${ss_layer_probes}"
          -P "${CMAKE_CURRENT_LIST_DIR}/check_roots.cmake")
