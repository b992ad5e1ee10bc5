#include "mpi_library.h"

#include <mpi.h>
#if __has_include(<mpi-ext.h>)
#include <mpi-ext.h>  // Open MPI's extensions: MPIX_Query_cuda_support
#endif

#include <string>

namespace gs::distributed {
namespace {

// The first part of MPI's own description ("Open MPI v4.1.4, package: ..." -> "Open MPI
// v4.1.4"); MPI allows asking before it starts.
std::string library_name() {
  char text[MPI_MAX_LIBRARY_VERSION_STRING];
  int length = 0;
  if (MPI_Get_library_version(text, &length) != MPI_SUCCESS) return "an MPI library";
  std::string name(text, std::size_t(length));
  return name.substr(0, name.find_first_of(",\n"));
}

std::string cuda_awareness() {
#if defined(OMPI_HAVE_MPI_EXT_CUDA) && OMPI_HAVE_MPI_EXT_CUDA
  if (!MPIX_CUDA_AWARE_SUPPORT)
    return "not CUDA-aware (the library was built without CUDA): halo rows pass through pinned "
           "host memory";
  int started = 0;
  MPI_Initialized(&started);
  if (!started) return "built CUDA-aware (whether the runtime is shows under mpirun)";
  return MPIX_Query_cuda_support() == 1
             ? "CUDA-aware (halo rows still pass through pinned host memory in this build)"
             : "built CUDA-aware, but the runtime is not: halo rows pass through pinned host "
               "memory";
#else
  return "CUDA-awareness unknown (no Open MPI CUDA extension): halo rows pass through pinned "
         "host memory";
#endif
}

}  // namespace

BackendReport mpi_library_report() {
  return {"mpi", true, true, library_name() + ", " + cuda_awareness()};
}

}  // namespace gs::distributed
