# Decides whether the CUDA backend is built (GS_CUDA: AUTO, ON, OFF) and sets GS_CUDA_ENABLED.
# Every CUDA toolkit from 11.8 (Debian 12's own, nvidia-cuda-toolkit) to 13 builds it:
# - CMAKE_CUDA_ARCHITECTURES is chosen here only when the user chose none, from the toolkit's
#   version: sm_75 (GTX 1650) up to sm_90 (H100/H200/GH200) with PTX for sm_90, so later GPUs JIT
#   it, and from CUDA 12.8 on sm_120 (RTX 50 series) too. CUDA 13 builds nothing older than sm_75.
# - An nvcc older than the system's compiler (11.8 takes GCC up to 11) gets a host compiler it
#   supports, g++-11 or clang++-14 where installed, unless CMAKE_CUDA_HOST_COMPILER is given.
# - The chosen nvcc's own folder comes first on PATH for its tools (ptxas, fatbinary), at
#   configure time and for every nvcc call, so two installed toolkits are never mixed.
include(${CMAKE_CURRENT_LIST_DIR}/GsCudaArchitectures.cmake)
set(GS_CUDA_ENABLED OFF)
if(NOT GS_CUDA STREQUAL "OFF")
  if(NOT DEFINED CMAKE_CUDA_COMPILER AND NOT DEFINED ENV{CUDACXX} AND EXISTS /usr/local/cuda/bin/nvcc)
    set(CMAKE_CUDA_COMPILER /usr/local/cuda/bin/nvcc)
  endif()
  include(CheckLanguage)
  check_language(CUDA)
  if(CMAKE_CUDA_COMPILER)
    execute_process(COMMAND "${CMAKE_CUDA_COMPILER}" --version OUTPUT_VARIABLE gs_nvcc_version_text
                    ERROR_QUIET)
    string(REGEX MATCH "release ([0-9]+\\.[0-9]+)" gs_nvcc_release "${gs_nvcc_version_text}")
    set(GS_NVCC_VERSION "${CMAKE_MATCH_1}")
    # The toolkit's own tools first (Debian's nvcc lives in /usr/bin, its ptxas elsewhere).
    get_filename_component(gs_nvcc_dir "${CMAKE_CUDA_COMPILER}" DIRECTORY)
    file(REAL_PATH "${CMAKE_CUDA_COMPILER}" gs_nvcc_real)
    get_filename_component(gs_nvcc_real_dir "${gs_nvcc_real}" DIRECTORY)
    set(ENV{PATH} "${gs_nvcc_real_dir}:${gs_nvcc_dir}:$ENV{PATH}")
    set(CMAKE_CUDA_COMPILER_LAUNCHER "${CMAKE_COMMAND};-E;env;PATH=$ENV{PATH}"
        CACHE STRING "nvcc's calls with the chosen toolkit's folder first on PATH")
    set(CMAKE_CUDA_LINKER_LAUNCHER "${CMAKE_CUDA_COMPILER_LAUNCHER}"
        CACHE STRING "nvcc's links with the chosen toolkit's folder first on PATH")
    if(GS_NVCC_VERSION AND GS_NVCC_VERSION VERSION_LESS 12.0 AND NOT DEFINED CMAKE_CUDA_HOST_COMPILER
       AND CMAKE_CXX_COMPILER_ID STREQUAL "GNU" AND CMAKE_CXX_COMPILER_VERSION VERSION_GREATER_EQUAL 12)
      find_program(gs_cuda_host_compiler NAMES g++-11 clang++-14 clang++-13)
      if(gs_cuda_host_compiler)
        set(CMAKE_CUDA_HOST_COMPILER "${gs_cuda_host_compiler}")
        message(STATUS "grayscott: nvcc ${GS_NVCC_VERSION} takes GCC up to 11: host compiler ${gs_cuda_host_compiler}")
      else()
        message(WARNING "nvcc ${GS_NVCC_VERSION} supports GCC up to 11 and no g++-11 or clang++-14 "
                        "is installed: install g++-11, or set CMAKE_CUDA_HOST_COMPILER")
      endif()
    endif()
    if(NOT DEFINED CMAKE_CUDA_ARCHITECTURES AND NOT DEFINED ENV{CUDAARCHS})
      gs_default_cuda_architectures("${GS_NVCC_VERSION}" CMAKE_CUDA_ARCHITECTURES)
    endif()
    enable_language(CUDA)
    find_package(CUDAToolkit REQUIRED)
    set(CMAKE_CUDA_STANDARD 17)
    set(CMAKE_CUDA_STANDARD_REQUIRED ON)
    set(GS_CUDA_ENABLED ON)
    list(JOIN CMAKE_CUDA_ARCHITECTURES ", " gs_architectures_text)
    message(STATUS "grayscott: CUDA ${GS_NVCC_VERSION} (${CMAKE_CUDA_COMPILER}), sm ${gs_architectures_text}")
  elseif(GS_CUDA STREQUAL "ON")
    message(FATAL_ERROR "GS_CUDA=ON but no CUDA compiler (nvcc) was found; install the CUDA Toolkit or set CMAKE_CUDA_COMPILER")
  else()
    message(STATUS "nvcc not found: building without the CUDA backend")
  endif()
endif()
