// grayscott-batch under the build's mpirun, for the tests of runs over ranks. Open MPI refuses
// root unless told: the allow-run-as-root switches are set in the tests' environment, never in
// the program.
#pragma once

#include <string>
#include <vector>

#include "run_program.h"

namespace gs::test {

// Sets the environment mpirun needs here (root allowed; under ASan, Open MPI's own allocations
// are not reported as leaks). Call before starting mpirun.
void allow_mpirun();

// mpirun's arguments for grayscott-batch on `ranks` ranks (oversubscribed: this machine has
// fewer cores than some tests have ranks) with these arguments.
std::vector<std::string> mpirun_args(int ranks, const std::vector<std::string>& args);

// grayscott-batch on `ranks` ranks, through allow_mpirun and mpirun_args.
ProgramResult run_ranks(int ranks, const std::vector<std::string>& args);

// The same, for a job that may hang: mpirun and its ranks (its process group) are killed after
// `seconds`, and the result's `timed_out` says so (ctest never waits on a hung job).
struct TimedResult : ProgramResult {
  bool timed_out = false;
};
TimedResult run_ranks_for(int seconds, int ranks, const std::vector<std::string>& args);

}  // namespace gs::test
