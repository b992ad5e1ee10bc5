// Which MPI library this build runs on, and whether it passes CUDA device memory itself
// (CUDA-aware), for grayscott-batch --list-backends.
#pragma once

#include "gs/backend_factory.h"

namespace gs::distributed {

// "mpi": the library's name and version; CUDA-aware or not, and why. The library's build
// answers before MPI starts; once it has (under mpirun) the runtime answers too.
BackendReport mpi_library_report();

}  // namespace gs::distributed
