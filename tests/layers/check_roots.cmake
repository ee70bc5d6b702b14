# Each layer's include root really hides the layers it must not use: for
# each "layer:header" in SS_PROBES (made by tests/layers/layers.cmake),
# builds ss_layer_probe_<layer>, the one line `#include "<header>"` compiled
# with the include directories of ss_<layer>, and expects the compiler to
# say that header is not found.
#
#   cmake -DSS_BUILD_DIR=<build> -DSS_PROBES=check:ide/hover.hpp,... -P tests/layers/check_roots.cmake
cmake_minimum_required(VERSION 3.25)
string(REPLACE "," ";" probes "${SS_PROBES}")
if(NOT probes)
  message(FATAL_ERROR "no probes: SS_PROBES is empty")
endif()
set(faults "")
foreach(probe IN LISTS probes)
  string(REPLACE ":" ";" parts "${probe}")
  list(GET parts 0 layer)
  list(GET parts 1 header)
  execute_process(
    COMMAND "${CMAKE_COMMAND}" --build "${SS_BUILD_DIR}" --target ss_layer_probe_${layer}
    RESULT_VARIABLE status OUTPUT_VARIABLE out ERROR_VARIABLE out)
  string(REPLACE "." "\\." pattern "${header}")
  if(status EQUAL 0)
    list(APPEND faults "${layer} can include ${header}: its include root shows a layer it must not use")
  elseif(NOT out MATCHES "${pattern}'?:? (No such file or directory|file not found)")
    list(APPEND faults "${layer}: its probe failed, but not on ${header} not found:\n${out}")
  else()
    message(STATUS "${layer}: \"${header}\" not found, as it must be")
  endif()
endforeach()
if(faults)
  string(JOIN "\n" listed ${faults})
  message(FATAL_ERROR "${listed}")
endif()
