// gs::read_state: the state file read by grayscott-state-reader (engine/state_reader/), a
// short-lived process of its own. Debian's libhdf5 crashes or loops forever on some crafted files,
// inside its own code (see tests/fuzz/libhdf5-faults); in another process such a fault ends only
// that process, and the caller gets a one-line error instead of losing the program (and, in the
// app, the running simulation). The reader is started fresh with posix_spawn, not forked: a fork
// of a program with threads copies locks other threads hold (a sanitizer's allocator, libhdf5's
// own) and the child can wait on them for ever. It answers through a pipe
// (state_read_protocol.h).
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <cstdint>
#include <cstdlib>
#include <new>
#include <optional>
#include <string>
#include <system_error>
#include <utility>
#include <vector>

#include "gs/state_file.h"
#include "gs/termination.h"
#include "state_file_reader.h"
#include "state_read_protocol.h"

namespace gs {
namespace {

using Clock = std::chrono::steady_clock;

using state_read::Keep;
using state_read::Packet;
using state_read::ReplyHeader;

Clock::duration seconds(double s) {
  return std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(s));
}

// How long the reader may go without progress: opening a file and checking its datasets takes
// milliseconds, however large the file; a block of rows, time in proportion to what it holds
// (20 MB/s, a slow disk or a slow filter). GS_READER_STALL_S replaces the 10 s base, so a test
// can cross it with a small file.
struct TimeLimits {
  double base_s = 10;
  Clock::duration for_block(std::uint64_t bytes) const {
    return seconds(base_s + double(bytes) / double(20u << 20));
  }
  // The reader's start (a process and its libraries loaded), not the file's doing: a busy machine
  // or a sanitizer's start-up can take seconds.
  Clock::duration for_start() const { return seconds(std::max(base_s, 10.0)); }
  // The whole read, once the grid is known: a backstop for a reader that reports progress but
  // never ends (5 MB/s for all of u and v, and a minute).
  Clock::duration whole(std::uint64_t field_bytes) const {
    return seconds(60 + double(field_bytes) / double(5u << 20));
  }
};

TimeLimits time_limits() {
  TimeLimits limits;
  // Taken only when it is a sensible number of seconds (no overflow of the clock's duration).
  if (const char* knob = std::getenv("GS_READER_STALL_S"))
    if (const double s = std::atof(knob); s > 0 && s <= 3600) limits.base_s = s;
  return limits;
}

// The reader program: where an installed program finds it (GS_STATE_READER_FROM_BINDIR, relative
// to the folder of the program running), which is also where the build puts it beside bin/.
const std::optional<std::filesystem::path>& reader_program() {
  static const std::optional<std::filesystem::path> found = [] {
    std::optional<std::filesystem::path> program;
    std::error_code error;
    const std::filesystem::path self = std::filesystem::read_symlink("/proc/self/exe", error);
    if (error) return program;
    const std::filesystem::path candidate = self.parent_path() / GS_STATE_READER_FROM_BINDIR;
    if (::access(candidate.c_str(), X_OK) == 0) program = candidate.lexically_normal();
    return program;
  }();
  return found;
}

enum class Received { all, ended, stalled, too_long, interrupted, cancelled };

// The parent's end of the pipe (owned: closed when done): reads what the child sends, giving up
// when the child sends nothing for too long, the whole read takes too long, or the caller or a
// terminating signal asks to stop.
class ReplyPipe {
 public:
  ReplyPipe(int fd, const std::atomic<bool>* cancel) : fd_(fd), cancel_(cancel) {}
  ReplyPipe(const ReplyPipe&) = delete;
  ReplyPipe& operator=(const ReplyPipe&) = delete;
  ~ReplyPipe() { ::close(fd_); }

  // How long the next read may go without a byte.
  void set_stall_limit(Clock::duration limit) { stall_limit_ = limit; }
  Clock::duration stall_limit() const { return stall_limit_; }
  void set_whole_limit(Clock::duration limit) {
    if (!end_by_) end_by_ = Clock::now() + limit;
    whole_limit_ = limit;
  }
  Clock::duration whole_limit() const { return whole_limit_; }

  Received read(void* data, std::size_t bytes) {
    auto* to = static_cast<char*>(data);
    Clock::time_point deadline = Clock::now() + stall_limit_;
    while (bytes > 0) {
      if (termination_requested()) return Received::interrupted;
      if (cancel_ && cancel_->load()) return Received::cancelled;
      const Clock::time_point now = Clock::now();
      if (end_by_ && now >= *end_by_) return Received::too_long;
      const auto left = std::chrono::ceil<std::chrono::milliseconds>(deadline - now);
      if (left.count() <= 0) return Received::stalled;
      // Short polls, so a terminating signal or a cancel is noticed even if it does not
      // interrupt poll.
      pollfd ready{fd_, POLLIN, 0};
      const int polled = ::poll(&ready, 1, int(std::min<long>(left.count(), 100)));
      if (polled < 0 && errno != EINTR) return Received::ended;
      if (polled <= 0) continue;
      const ssize_t got = ::read(fd_, to, bytes);
      if (got < 0 && (errno == EINTR || errno == EAGAIN)) continue;
      if (got <= 0) return Received::ended;
      to += got;
      bytes -= std::size_t(got);
      deadline = Clock::now() + stall_limit_;
    }
    return Received::all;
  }

 private:
  int fd_;
  const std::atomic<bool>* cancel_;
  Clock::duration stall_limit_{};
  Clock::duration whole_limit_{};
  std::optional<Clock::time_point> end_by_;
};

// The child, killed and reaped however the parent leaves (an error, an exception).
class ChildProcess {
 public:
  explicit ChildProcess(pid_t pid) : pid_(pid) {}
  ChildProcess(const ChildProcess&) = delete;
  ChildProcess& operator=(const ChildProcess&) = delete;
  ~ChildProcess() {
    if (pid_ > 0) {
      ::kill(pid_, SIGKILL);
      wait();
    }
  }

  // Waits for the child to end (killing it first if asked) and returns its wait status.
  int wait(bool kill_first = false) {
    if (kill_first) ::kill(pid_, SIGKILL);
    int status = 0;
    while (::waitpid(pid_, &status, 0) < 0 && errno == EINTR) {
    }
    pid_ = -1;
    return status;
  }

 private:
  pid_t pid_;
};

std::string whole_seconds(Clock::duration duration) {
  return std::to_string(std::chrono::ceil<std::chrono::seconds>(duration).count()) + " s";
}

// Why the child gave no complete answer, from how it ended. `rows_begun`: the child had checked
// the file and was reading its fields (a stall there may be a slow disk, not the file).
Error reader_failed(const std::string& name, Received received, int wait_status,
                    const ReplyPipe& pipe, bool rows_begun) {
  const std::string prefix = "cannot read '" + name + "': ";
  switch (received) {
    case Received::interrupted:
      return Error{"interrupted while reading '" + name + "'"};
    case Received::cancelled:
      return Error{"cancelled reading '" + name + "'"};
    case Received::stalled:
      if (rows_begun)
        return Error{prefix + "the HDF5 library was still reading a block of its fields after " +
                     whole_seconds(pipe.stall_limit()) +
                     " without progress (a loop in a damaged file's structure, or a stalled disk)"};
      return Error{prefix + "the HDF5 library was still reading it after " +
                   whole_seconds(pipe.stall_limit()) +
                   " without progress; the file is damaged (a loop in its structure?)"};
    case Received::too_long:
      return Error{prefix + "still reading after " + whole_seconds(pipe.whole_limit()) +
                   ", longer than its grid can take (a stalled disk, or a damaged file)"};
    case Received::all:
    case Received::ended:
      break;
  }
  // Killed from outside: the kernel's OOM killer sends SIGKILL; nothing says the file is at fault.
  if (WIFSIGNALED(wait_status) && WTERMSIG(wait_status) == SIGKILL)
    return Error{prefix + "the reader was killed (SIGKILL: out of memory?)"};
  // Killed by its own fault, or ended by a sanitizer that caught the fault (exit status 1).
  const std::string how = WIFSIGNALED(wait_status)
                              ? signal_name(WTERMSIG(wait_status))
                              : "exit status " + std::to_string(WEXITSTATUS(wait_status));
  return Error{prefix + "the HDF5 library crashed on it (" + how +
               "); the file is damaged or was not written as a state file"};
}

Expected<StateFile> receive_answer(ReplyPipe& pipe, ChildProcess& child, const std::string& name,
                                   const TimeLimits& limits, const StateReadWatch& watch,
                                   Keep keep) {
  bool rows_begun = false;
  const auto failed = [&](Received received) {
    return reader_failed(name, received, child.wait(received != Received::ended), pipe, rows_begun);
  };
  pipe.set_stall_limit(limits.for_start());
  for (Packet packet;;) {
    if (Received r = pipe.read(&packet, sizeof packet); r != Received::all) return failed(r);
    if (packet.magic != state_read::kMagic)
      return Error{"cannot read '" + name + "': its reader, " + reader_program()->string() +
                   ", answered in a form this program does not know (another version's reader?)"};
    if (packet.answer) break;
    const RowsProgress& rows = packet.progress;
    if (!rows_begun && rows.total > 0) {
      rows_begun = true;
      pipe.set_whole_limit(limits.whole(rows.total_bytes));
    }
    if (rows.total > 0 && watch.progress) watch.progress(double(rows.done) / double(rows.total));
    pipe.set_stall_limit(limits.for_block(rows.next_block_bytes));
  }
  pipe.set_stall_limit(limits.for_block(0));
  ReplyHeader header;
  if (Received r = pipe.read(&header, sizeof header); r != Received::all) return failed(r);
  if (!header.ok) {
    std::string message(header.message_bytes, '\0');
    if (Received r = pipe.read(message.data(), message.size()); r != Received::all)
      return failed(r);
    child.wait();
    return Error{message};
  }
  if (Status size_ok = check_grid_size(header.size.width, header.size.height); !size_ok)
    return Error{"cannot read '" + name + "': the reader answered " + size_ok.message()};
  StateFile state;
  state.params = header.params;
  state.step = header.step;
  if (keep == Keep::Nothing) {
    state.fields.size = header.size;
    child.wait();
    return state;
  }
  state.fields = Fields(header.size);
  const std::size_t field_bytes = state.fields.u.size() * sizeof(float);
  for (FieldData* field : {&state.fields.u, &state.fields.v})
    if (Received r = pipe.read(field->data(), field_bytes); r != Received::all) return failed(r);
  if (header.has_style) {
    state.fields.style.resize(state.fields.size.cells());
    if (Received r = pipe.read(state.fields.style.data(), state.fields.style.size());
        r != Received::all)
      return failed(r);
  }
  child.wait();
  return state;
}

// The reader started with its standard output on `answer_fd` (nothing else of ours open, no
// signal blocked); its pid, or none where no process could be started (memory, limits).
std::optional<pid_t> spawn_reader(const std::filesystem::path& program, int answer_fd,
                                  const std::filesystem::path& path, std::size_t run_bytes_per_cell,
                                  Keep keep) {
  posix_spawn_file_actions_t actions;
  posix_spawnattr_t attributes;
  if (::posix_spawn_file_actions_init(&actions) != 0) return std::nullopt;
  if (::posix_spawnattr_init(&attributes) != 0) {
    ::posix_spawn_file_actions_destroy(&actions);
    return std::nullopt;
  }
  // Its messages (libhdf5's, a sanitizer's) would only garble the parent's one line.
  sigset_t none, defaults;
  sigemptyset(&none);
  sigfillset(&defaults);
  const bool prepared =
      ::posix_spawn_file_actions_addopen(&actions, STDIN_FILENO, "/dev/null", O_RDONLY, 0) == 0 &&
      ::posix_spawn_file_actions_adddup2(&actions, answer_fd, STDOUT_FILENO) == 0 &&
      ::posix_spawn_file_actions_addopen(&actions, STDERR_FILENO, "/dev/null", O_WRONLY, 0) == 0 &&
      ::posix_spawn_file_actions_addclosefrom_np(&actions, STDERR_FILENO + 1) == 0 &&
      ::posix_spawnattr_setsigmask(&attributes, &none) == 0 &&
      ::posix_spawnattr_setsigdefault(&attributes, &defaults) == 0 &&
      ::posix_spawnattr_setflags(&attributes, POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF) == 0;
  const std::string run_bytes = std::to_string(run_bytes_per_cell);
  std::vector<char*> argv{
      const_cast<char*>(program.c_str()),
      const_cast<char*>(keep == Keep::Fields ? state_read::kFieldsWord : state_read::kCheckWord),
      const_cast<char*>(run_bytes.c_str()), const_cast<char*>(path.c_str()), nullptr};
  pid_t pid = -1;
  const bool started = prepared && ::posix_spawn(&pid, program.c_str(), &actions, &attributes,
                                                 argv.data(), environ) == 0;
  ::posix_spawnattr_destroy(&attributes);
  ::posix_spawn_file_actions_destroy(&actions);
  if (!started) return std::nullopt;
  return pid;
}

// The file read by the reader program; in this process where none could be started (or the
// program is missing: a build without it), as the reader itself reads it.
Expected<StateFile> read_isolated(const std::filesystem::path& path, std::size_t run_bytes_per_cell,
                                  const StateReadWatch& watch, Keep keep) {
  const auto read_here = [&] {
    return keep == Keep::Fields ? read_state_in_process(path, run_bytes_per_cell)
                                : check_state_in_process(path);
  };
  const std::optional<std::filesystem::path>& program = reader_program();
  int ends[2];
  if (!program || ::pipe2(ends, O_CLOEXEC) != 0) return read_here();
  // Fewer, larger transfers for the fields (the system may refuse; the default works too).
  ::fcntl(ends[1], F_SETPIPE_SZ, 1 << 20);
  const std::optional<pid_t> pid = spawn_reader(*program, ends[1], path, run_bytes_per_cell, keep);
  ::close(ends[1]);
  if (!pid) {
    ::close(ends[0]);
    return read_here();
  }
  ChildProcess child(*pid);
  ReplyPipe pipe(ends[0], watch.cancel);
  return receive_answer(pipe, child, path.string(), time_limits(), watch, keep);
}

}  // namespace

Expected<StateFile> read_state(const std::filesystem::path& path, std::size_t run_bytes_per_cell) {
  return read_state(path, run_bytes_per_cell, StateReadWatch{});
}

Expected<StateFile> read_state(const std::filesystem::path& path, std::size_t run_bytes_per_cell,
                               const StateReadWatch& watch) {
  return read_isolated(path, run_bytes_per_cell, watch, Keep::Fields);
}

Expected<StateFile> check_state(const std::filesystem::path& path) {
  return read_isolated(path, 0, StateReadWatch{}, Keep::Nothing);
}

}  // namespace gs
