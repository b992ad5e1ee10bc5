#include "busy_loops.h"

#include <signal.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <string>

namespace gs::batch {
namespace {

// The child of a multi-threaded parent may only make async-signal-safe calls: it sets itself
// up with raw system calls and then spins without touching memory.
[[noreturn]] void spin_until_killed(pid_t parent) {
  prctl(PR_SET_PDEATHSIG, SIGKILL);
  if (getppid() != parent) _exit(0);  // the parent died before the line above
  prctl(PR_SET_NAME, "gs-busy-loop");
  setpriority(PRIO_PROCESS, 0, 0);
  for (volatile unsigned long spins = 0;; spins = spins + 1) {
  }
}

}  // namespace

BusyLoops::~BusyLoops() {
  stop();
}

Status BusyLoops::start(int count) {
  const pid_t parent = getpid();
  for (int i = 0; i < count; ++i) {
    const pid_t pid = fork();
    if (pid == 0) spin_until_killed(parent);
    if (pid < 0) {
      const std::string reason = std::strerror(errno);
      stop();
      return Error{"cannot start a busy-loop process: " + reason};
    }
    pids_.push_back(pid);
  }
  return Status::ok();
}

void BusyLoops::stop() {
  for (pid_t pid : pids_) kill(pid, SIGKILL);
  for (pid_t pid : pids_)
    while (waitpid(pid, nullptr, 0) < 0 && errno == EINTR) {
    }
  pids_.clear();
}

}  // namespace gs::batch
