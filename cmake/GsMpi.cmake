# MPI for grayscott-batch's runs over many ranks (the distribution's Open MPI): GS_MPI_ENABLED
# when GS_MPI is ON, or AUTO and MPI is installed.
set(GS_MPI_ENABLED OFF)
if(GS_MPI STREQUAL "ON")
  find_package(MPI REQUIRED COMPONENTS C)
  set(GS_MPI_ENABLED ON)
elseif(GS_MPI STREQUAL "AUTO")
  find_package(MPI QUIET COMPONENTS C)
  if(MPI_C_FOUND)
    set(GS_MPI_ENABLED ON)
  endif()
endif()
