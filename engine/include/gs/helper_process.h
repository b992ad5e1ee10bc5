// The programs' helpers: short-lived processes of their own (libexec/grayscott-live/) that read
// what a crafted file could crash or hang in (a state file in libhdf5, a picture in stb_image).
// A helper is started fresh with posix_spawn, not forked: a fork of a program with threads copies
// locks other threads hold (a sanitizer's allocator, a library's own) and the child can wait on
// them for ever. It answers on its standard output, which is a pipe to the caller; its standard
// error is dropped (its messages would only garble the caller's one line).
#pragma once

#include <sys/types.h>

#include <atomic>
#include <chrono>
#include <cstddef>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "gs/status.h"

namespace gs {

// Where helper `name` is: the folder the programs' helpers are installed in, found from the folder
// of the program running (the build puts them at the same place relative to bin/).
std::filesystem::path helper_program(const std::string& name);

// GS_READ_IN_PROCESS=1: where a helper cannot be started, read in this process, unprotected.
bool read_in_process_asked();

// The one line for a helper that cannot be started: `what` ("cannot read 'x.h5'") and the reason.
std::string helper_not_started(const std::string& what, const std::filesystem::path& program,
                               int error);

// A started helper, killed and reaped however the caller leaves (an error, an exception).
class HelperProcess {
 public:
  // Starts `program` with `arguments`, its standard output on a new pipe; on failure, the
  // system's reason (errno) in `error`.
  HelperProcess(const std::filesystem::path& program, const std::vector<std::string>& arguments);
  HelperProcess(const HelperProcess&) = delete;
  HelperProcess& operator=(const HelperProcess&) = delete;
  ~HelperProcess();

  int error() const { return error_; }
  // The parent's end of the pipe (owned here: closed by the destructor, or taken).
  int answer_fd() const { return answer_fd_; }
  int take_answer_fd();

  // Waits for the helper to end (killing it first if asked) and returns its wait status.
  int end(bool kill_first = false);

 private:
  pid_t pid_ = -1;
  int answer_fd_ = -1;
  int error_ = 0;
};

using HelperClock = std::chrono::steady_clock;

// How long reading a helper's answer may take: `stall` without a byte (reset by every byte),
// and, where set, until `end_by` in all; `cancel`, where set, asks to stop.
struct HelperLimits {
  HelperClock::duration stall{};
  std::optional<HelperClock::time_point> end_by;
  const std::atomic<bool>* cancel = nullptr;
};

// How reading a helper's answer ended.
enum class HelperRead { all, ended, stalled, too_long, interrupted, cancelled };

// Reads `bytes` from `fd` into `data` within `limits`: `ended` when the helper closed its end
// first, `interrupted` when a terminating signal asks to stop (polled every 0.1 s, so it is seen
// even where it does not interrupt the wait).
HelperRead read_helper_answer(int fd, void* data, std::size_t bytes, const HelperLimits& limits);

}  // namespace gs
