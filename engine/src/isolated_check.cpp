#include "isolated_check.h"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <csignal>
#include <new>

#include "gs/termination.h"

namespace gs {
namespace {

using Clock = std::chrono::steady_clock;

// The child's bytes: a '.' for each piece of work, then 'K' (passed) or 'E' and the message.
constexpr char kProgress = '.', kPassed = 'K', kFailed = 'E';

void write_all(int fd, const char* data, std::size_t bytes) {
  while (bytes > 0) {
    const ssize_t wrote = ::write(fd, data, bytes);
    if (wrote < 0 && errno == EINTR) continue;
    if (wrote <= 0) return;
    data += wrote;
    bytes -= std::size_t(wrote);
  }
}

[[noreturn]] void check_as_child(int fd,
                                 const std::function<Status(const ReportProgress&)>& check) {
  // The parent's one line is the user's; libhdf5's or a sanitizer's report would garble it.
  if (const int null = ::open("/dev/null", O_WRONLY); null >= 0) ::dup2(null, STDERR_FILENO);
  Status status = Status::ok();
  try {
    status = check([fd] { write_all(fd, &kProgress, 1); });
  } catch (const std::bad_alloc&) {
    status = Error{"out of memory"};
  }
  const std::string reply = status ? std::string(1, kPassed) : kFailed + status.message();
  write_all(fd, reply.data(), reply.size());
  ::_exit(0);  // no exit handlers: the parent's MPI, HDF5 and threads are not the child's
}

// The child's wait status, killing it first where it is still at work.
int reap(pid_t pid, bool kill_first) {
  if (kill_first) ::kill(pid, SIGKILL);
  int status = 0;
  while (::waitpid(pid, &status, 0) < 0 && errno == EINTR) {
  }
  return status;
}

Error died(const std::string& name, int wait_status) {
  const std::string prefix = "cannot read '" + name + "': ";
  if (WIFSIGNALED(wait_status) && WTERMSIG(wait_status) == SIGKILL)
    return Error{prefix + "the reader was killed (SIGKILL: out of memory?)"};
  const std::string how = WIFSIGNALED(wait_status)
                              ? signal_name(WTERMSIG(wait_status))
                              : "exit status " + std::to_string(WEXITSTATUS(wait_status));
  return Error{prefix + "the HDF5 library crashed on it (" + how +
               "); the file is damaged or was not written as a state file"};
}

}  // namespace

Status check_in_child(const std::string& name, int stall_seconds,
                      const std::function<Status(const ReportProgress&)>& check) {
  int ends[2];
  if (::pipe2(ends, O_CLOEXEC) != 0) return check([] {});
  const pid_t pid = ::fork();
  if (pid == 0) {
    ::close(ends[0]);
    check_as_child(ends[1], check);
  }
  ::close(ends[1]);
  if (pid < 0) {
    ::close(ends[0]);
    return check([] {});
  }
  const int fd = ends[0];
  std::string reply;
  const auto limit = std::chrono::seconds(stall_seconds);
  Clock::time_point deadline = Clock::now() + limit;
  for (;;) {
    if (termination_requested()) {
      ::close(fd);
      reap(pid, true);
      return Error{"interrupted while reading '" + name + "'"};
    }
    const auto left = std::chrono::ceil<std::chrono::milliseconds>(deadline - Clock::now());
    if (left.count() <= 0) {
      ::close(fd);
      reap(pid, true);
      return Error{"cannot read '" + name + "': the HDF5 library was still reading it after " +
                   std::to_string(stall_seconds) +
                   " s without progress; the file is damaged (a loop in its structure?)"};
    }
    // Short polls, so a terminating signal is noticed even if it does not interrupt poll.
    pollfd ready{fd, POLLIN, 0};
    if (::poll(&ready, 1, int(std::min<long>(left.count(), 100))) <= 0) continue;
    char buffer[4096];
    const ssize_t got = ::read(fd, buffer, sizeof buffer);
    if (got < 0 && (errno == EINTR || errno == EAGAIN)) continue;
    if (got <= 0) break;  // the child is done (or dead)
    for (ssize_t i = 0; i < got; ++i)
      if (!reply.empty() || buffer[i] != kProgress) reply.push_back(buffer[i]);
    deadline = Clock::now() + limit;
  }
  ::close(fd);
  const int status = reap(pid, false);
  if (reply.empty() || !WIFEXITED(status) || WEXITSTATUS(status) != 0) return died(name, status);
  if (reply[0] == kPassed) return Status::ok();
  return Error{reply.substr(1)};
}

}  // namespace gs
