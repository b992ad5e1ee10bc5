#include "mpi_ranks.h"

#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstdlib>
#include <thread>

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

TimedResult run_ranks_for(int seconds, int ranks, const std::vector<std::string>& args) {
  allow_mpirun();
  ScratchDir capture;
  const pid_t pid = spawn_program(GS_MPIEXEC, mpirun_args(ranks, args), capture / "stdout",
                                  capture / "stderr", /*own_group=*/true);
  TimedResult result;
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(seconds);
  int status = 0;
  while (::waitpid(pid, &status, WNOHANG) == 0) {
    if (std::chrono::steady_clock::now() > deadline) {
      // mpirun passes SIGTERM on to its ranks and kills those that stay; its group, then,
      // whatever is left.
      result.timed_out = true;
      ::kill(pid, SIGTERM);
      for (int waited = 0; waited < 100 && ::waitpid(pid, &status, WNOHANG) == 0; ++waited)
        std::this_thread::sleep_for(std::chrono::milliseconds(50));
      ::kill(-pid, SIGKILL);
      ::waitpid(pid, &status, 0);
      break;
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
  }
  result.exit_code = exit_code_of(status);
  result.out = read_file(capture / "stdout");
  result.err = read_file(capture / "stderr");
  return result;
}

}  // namespace gs::test
