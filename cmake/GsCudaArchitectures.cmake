# The CUDA architectures built when the user chose none, from nvcc's version: sm_75 (GTX 1650)
# to sm_90 (H100/H200/GH200) with PTX for sm_90, which later GPUs JIT; from CUDA 12.8 on sm_120
# (RTX 50 series) too. CUDA 11.8 (Debian 12's) knows nothing past sm_90; CUDA 13 nothing before
# sm_75. Tested by tests/cmake/cuda_architectures_test.cmake.
function(gs_default_cuda_architectures nvcc_version out)
  if(nvcc_version AND nvcc_version VERSION_LESS 12.8)
    set(${out} 75-real 80-real 86-real 89-real 90 PARENT_SCOPE)
  else()
    set(${out} 75-real 80-real 86-real 89-real 90 120-real PARENT_SCOPE)
  endif()
endfunction()
