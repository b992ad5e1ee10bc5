// The programs' helpers, started and heard (gs/helper_process.h).
#include "gs/helper_process.h"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdlib>
#include <cstring>

#include "gs/termination.h"

namespace gs {

std::filesystem::path helper_program(const std::string& name) {
  static const std::filesystem::path folder = [] {
    std::error_code error;
    const std::filesystem::path self = std::filesystem::read_symlink("/proc/self/exe", error);
    const std::filesystem::path bindir = error ? std::filesystem::path(".") : self.parent_path();
    return (bindir / GS_HELPERS_FROM_BINDIR).lexically_normal();
  }();
  return folder / name;
}

bool read_in_process_asked() {
  const char* asked = std::getenv("GS_READ_IN_PROCESS");
  return asked && std::string(asked) == "1";
}

std::string helper_not_started(const std::string& what, const std::filesystem::path& program,
                               int error) {
  return what + ": its reader '" + program.string() + "' cannot be started (" +
         std::strerror(error) +
         ": a broken installation?); GS_READ_IN_PROCESS=1 reads it in this process, "
         "unprotected from a damaged file";
}

HelperProcess::HelperProcess(const std::filesystem::path& program,
                             const std::vector<std::string>& arguments) {
  int ends[2];
  if (::pipe2(ends, O_CLOEXEC) != 0) {
    error_ = errno;
    return;
  }
  // Fewer, larger transfers for a large answer (the system may refuse; the default works too).
  ::fcntl(ends[1], F_SETPIPE_SZ, 1 << 20);
  posix_spawn_file_actions_t actions;
  posix_spawnattr_t attributes;
  error_ = ::posix_spawn_file_actions_init(&actions);
  if (error_ == 0 && (error_ = ::posix_spawnattr_init(&attributes)) != 0)
    ::posix_spawn_file_actions_destroy(&actions);
  if (error_ != 0) {
    ::close(ends[0]);
    ::close(ends[1]);
    return;
  }
  // Nothing of ours open, no signal blocked or ignored.
  sigset_t none, defaults;
  sigemptyset(&none);
  sigfillset(&defaults);
  const bool prepared =
      ::posix_spawn_file_actions_addopen(&actions, STDIN_FILENO, "/dev/null", O_RDONLY, 0) == 0 &&
      ::posix_spawn_file_actions_adddup2(&actions, ends[1], STDOUT_FILENO) == 0 &&
      ::posix_spawn_file_actions_addopen(&actions, STDERR_FILENO, "/dev/null", O_WRONLY, 0) == 0 &&
      ::posix_spawn_file_actions_addclosefrom_np(&actions, STDERR_FILENO + 1) == 0 &&
      ::posix_spawnattr_setsigmask(&attributes, &none) == 0 &&
      ::posix_spawnattr_setsigdefault(&attributes, &defaults) == 0 &&
      ::posix_spawnattr_setflags(&attributes, POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF) == 0;
  std::vector<char*> argv{const_cast<char*>(program.c_str())};
  for (const std::string& argument : arguments) argv.push_back(const_cast<char*>(argument.c_str()));
  argv.push_back(nullptr);
  error_ = prepared
               ? ::posix_spawn(&pid_, program.c_str(), &actions, &attributes, argv.data(), environ)
               : ENOMEM;
  ::posix_spawnattr_destroy(&attributes);
  ::posix_spawn_file_actions_destroy(&actions);
  ::close(ends[1]);
  if (error_ != 0) {
    pid_ = -1;
    ::close(ends[0]);
    return;
  }
  answer_fd_ = ends[0];
}

HelperProcess::~HelperProcess() {
  if (answer_fd_ >= 0) ::close(answer_fd_);
  if (pid_ > 0) end(true);
}

int HelperProcess::take_answer_fd() {
  const int fd = answer_fd_;
  answer_fd_ = -1;
  return fd;
}

int HelperProcess::end(bool kill_first) {
  if (pid_ <= 0) return 0;
  if (kill_first) ::kill(pid_, SIGKILL);
  int status = 0;
  while (::waitpid(pid_, &status, 0) < 0 && errno == EINTR) {
  }
  pid_ = -1;
  return status;
}

HelperRead read_helper_answer(int fd, void* data, std::size_t bytes, const HelperLimits& limits) {
  auto* to = static_cast<char*>(data);
  HelperClock::time_point deadline = HelperClock::now() + limits.stall;
  while (bytes > 0) {
    if (termination_requested()) return HelperRead::interrupted;
    if (limits.cancel && limits.cancel->load()) return HelperRead::cancelled;
    const HelperClock::time_point now = HelperClock::now();
    if (limits.end_by && now >= *limits.end_by) return HelperRead::too_long;
    const auto left = std::chrono::ceil<std::chrono::milliseconds>(deadline - now);
    if (left.count() <= 0) return HelperRead::stalled;
    pollfd ready{fd, POLLIN, 0};
    const int polled = ::poll(&ready, 1, int(std::min<long>(left.count(), 100)));
    if (polled < 0 && errno != EINTR) return HelperRead::ended;
    if (polled <= 0) continue;
    const ssize_t got = ::read(fd, to, bytes);
    if (got < 0 && (errno == EINTR || errno == EAGAIN)) continue;
    if (got <= 0) return HelperRead::ended;
    to += got;
    bytes -= std::size_t(got);
    deadline = HelperClock::now() + limits.stall;
  }
  return HelperRead::all;
}

}  // namespace gs
