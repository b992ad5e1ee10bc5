# The default CUDA architectures for each toolkit (cmake/GsCudaArchitectures.cmake): Debian 12's
# nvcc 11.8 stopped at sm_120, which it does not know; 12.8 and 13 build it.
include(${CMAKE_CURRENT_LIST_DIR}/../../cmake/GsCudaArchitectures.cmake)

function(expect version expected)
  gs_default_cuda_architectures("${version}" got)
  if(NOT "${got}" STREQUAL "${expected}")
    message(FATAL_ERROR "CUDA ${version}: architectures '${got}', expected '${expected}'")
  endif()
endfunction()

expect(11.8 "75-real;80-real;86-real;89-real;90")
expect(12.6 "75-real;80-real;86-real;89-real;90")
expect(12.8 "75-real;80-real;86-real;89-real;90;120-real")
expect(13.0 "75-real;80-real;86-real;89-real;90;120-real")
message(STATUS "the default CUDA architectures follow the toolkit's version")
