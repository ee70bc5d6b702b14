# shapescript-aoti-run (runtime/loader/aoti_run.cpp): an AOTInductor package
# run from C++, built against the libtorch inside the venv's torch wheel,
# which torch.utils.cmake_prefix_path finds. Its imported target is made
# here rather than by find_package(Torch): the CUDA wheel's TorchConfig
# insists on a CUDA toolkit, which a CPU machine hasn't, and the loader
# needs none (the wheel's own libraries load CUDA where there is one).
execute_process(
  COMMAND "${SS_PYTHON}" -c "import torch, torch.utils; print(torch.utils.cmake_prefix_path); print(int(torch._C._GLIBCXX_USE_CXX11_ABI))"
  OUTPUT_VARIABLE SS_TORCH_FACTS OUTPUT_STRIP_TRAILING_WHITESPACE ERROR_QUIET RESULT_VARIABLE SS_TORCH_FOUND)
if(NOT SS_TORCH_FOUND EQUAL 0)
  message(STATUS "shapescript-aoti-run: no torch in ${SS_PYTHON}, not built")
  return()
endif()
string(REPLACE "\n" ";" SS_TORCH_FACTS "${SS_TORCH_FACTS}")
list(GET SS_TORCH_FACTS 0 SS_TORCH_CMAKE_PREFIX)
list(GET SS_TORCH_FACTS 1 SS_TORCH_CXX11_ABI)
cmake_path(GET SS_TORCH_CMAKE_PREFIX PARENT_PATH SS_TORCH_SHARE)
cmake_path(GET SS_TORCH_SHARE PARENT_PATH SS_TORCH_ROOT)

add_library(ss_libtorch INTERFACE)
# SYSTEM: torch's headers aren't held to our warnings.
target_include_directories(ss_libtorch SYSTEM INTERFACE
  "${SS_TORCH_ROOT}/include" "${SS_TORCH_ROOT}/include/torch/csrc/api/include")
target_compile_definitions(ss_libtorch INTERFACE _GLIBCXX_USE_CXX11_ABI=${SS_TORCH_CXX11_ABI})
# libtorch.so, which loads torch_cuda where the wheel has it, and the CPU
# libraries the loader calls.
target_link_libraries(ss_libtorch INTERFACE
  "-Wl,--no-as-needed" "${SS_TORCH_ROOT}/lib/libtorch.so" "-Wl,--as-needed"
  "${SS_TORCH_ROOT}/lib/libtorch_cpu.so" "${SS_TORCH_ROOT}/lib/libc10.so")

add_executable(shapescript-aoti-run "${CMAKE_CURRENT_LIST_DIR}/aoti_run.cpp")
target_link_libraries(shapescript-aoti-run PRIVATE ss_libtorch)
target_compile_options(shapescript-aoti-run PRIVATE ${SS_WARNINGS})
# Found at run time where it was linked: the wheel's lib/.
set_target_properties(shapescript-aoti-run PROPERTIES BUILD_RPATH "${SS_TORCH_ROOT}/lib")
