# The front end's layers and what each may include: the one table behind
# docs/architecture.md ("server/"). Included by CMakeLists.txt, which builds
# each layer as a library of its own (ss_add_layer), and by
# tests/layers/check_includes.cmake, which checks the sources against it.
#
# A layer sees itself and every layer it reaches through SS_USES_<layer>,
# directly or not. Its sources are compiled against an include root of its
# own, <build>/layers/<layer>/, holding one link per layer it sees (to
# server/<that layer>), and no other: every header is included as
# "layer/file.hpp", so an include the wrong way is "file not found".

# Lowest first.
set(SS_LAYERS diag syntax check analysis codegen driver format ide lsp cli)
# The layers each uses directly.
set(SS_USES_diag "")
set(SS_USES_syntax diag)
set(SS_USES_check syntax)
set(SS_USES_analysis check)
set(SS_USES_codegen check analysis)
set(SS_USES_driver codegen)
set(SS_USES_format syntax)
set(SS_USES_ide check analysis)
set(SS_USES_lsp ide driver format)
set(SS_USES_cli lsp driver format)

set(SS_SERVER_DIR "${CMAKE_CURRENT_LIST_DIR}")

# ss_layer_visible(<layer> <out>): the layers <layer> may include, itself
# first, then the others in SS_LAYERS order.
function(ss_layer_visible layer out)
  set(seen ${layer})
  set(todo ${SS_USES_${layer}})
  while(todo)
    list(POP_FRONT todo next)
    if(NOT next IN_LIST seen)
      list(APPEND seen ${next})
      list(APPEND todo ${SS_USES_${next}})
    endif()
  endwhile()
  set(visible ${layer})
  foreach(other IN LISTS SS_LAYERS)
    if(NOT other STREQUAL layer AND other IN_LIST seen)
      list(APPEND visible ${other})
    endif()
  endforeach()
  set(${out} ${visible} PARENT_SCOPE)
endfunction()

# ss_add_layer(<layer>): the static library ss_<layer>
# from server/<layer>/**/*.cpp (not the programs' *_main.cpp), linked to the
# layers it uses, compiled against its include root, whose path is left in
# SS_LAYER_ROOT_<layer>. A layer without sources yet gets an empty one, so
# it is a library like the others.
function(ss_add_layer layer)
  file(GLOB_RECURSE sources CONFIGURE_DEPENDS "${SS_SERVER_DIR}/${layer}/*.cpp")
  list(FILTER sources EXCLUDE REGEX "_main\\.cpp$")
  if(NOT sources)
    set(sources "${CMAKE_BINARY_DIR}/generated/empty_${layer}.cpp")
    file(CONFIGURE OUTPUT "${sources}"
      CONTENT "// server/${layer}/ has no sources yet (server/layers.cmake).\n")
  endif()

  # The include root, made afresh: links left from an older table go.
  set(root "${CMAKE_BINARY_DIR}/layers/${layer}")
  file(MAKE_DIRECTORY "${root}")
  file(GLOB old LIST_DIRECTORIES true "${root}/*")
  foreach(link IN LISTS old)
    if(IS_SYMLINK "${link}")
      file(REMOVE "${link}")
    endif()
  endforeach()
  ss_layer_visible(${layer} visible)
  foreach(seen IN LISTS visible)
    file(CREATE_LINK "${SS_SERVER_DIR}/${seen}" "${root}/${seen}" SYMBOLIC)
  endforeach()

  add_library(ss_${layer} STATIC ${sources})
  target_include_directories(ss_${layer} PRIVATE "${root}")
  target_compile_options(ss_${layer} PRIVATE ${SS_WARNINGS})
  foreach(used IN LISTS SS_USES_${layer})
    target_link_libraries(ss_${layer} PUBLIC ss_${used})
  endforeach()
  set(SS_LAYER_ROOT_${layer} "${root}" PARENT_SCOPE)
endfunction()
