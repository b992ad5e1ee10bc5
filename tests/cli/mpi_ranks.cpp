#include "mpi_ranks.h"

#include <cstdlib>

namespace gs::test {

void allow_mpirun() {
  setenv("OMPI_ALLOW_RUN_AS_ROOT", "1", 1);
  setenv("OMPI_ALLOW_RUN_AS_ROOT_CONFIRM", "1", 1);
#if GS_SANITIZED_BUILD
  setenv("ASAN_OPTIONS", "detect_leaks=0", 1);  // Open MPI keeps what it allocates
#endif
}

std::vector<std::string> mpirun_args(int ranks, const std::vector<std::string>& args) {
  std::vector<std::string> all{"--oversubscribe", "-np", std::to_string(ranks), GS_BATCH_BINARY};
  all.insert(all.end(), args.begin(), args.end());
  return all;
}

ProgramResult run_ranks(int ranks, const std::vector<std::string>& args) {
  allow_mpirun();
  return run_program(GS_MPIEXEC, mpirun_args(ranks, args));
}

}  // namespace gs::test
