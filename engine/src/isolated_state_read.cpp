// gs::read_state: the state-file reader run in a short-lived child process. Debian's libhdf5
// crashes or loops forever on some crafted files, inside its own code (see
// tests/fuzz/libhdf5-faults); in a child such a fault ends only the child, and the caller gets a
// one-line error instead of losing the program (and, in the app, the running simulation). The
// child sends its answer through a pipe: a fixed header, then the error message or the fields
// (none for gs::check_state, which reads the file through for processes that then read parts).
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
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
#include <type_traits>
#include <utility>

#include "gs/state_file.h"
#include "gs/termination.h"
#include "state_file_reader.h"

namespace gs {
namespace {

using Clock = std::chrono::steady_clock;

// What the child sends, first as often as it has progress to report (before each block of rows,
// and after the last), then once with its answer: a ReplyHeader, then the error message or the
// fields. Parent and child are one program image, so the bytes of a trivially copyable struct
// mean the same on both ends.
struct Packet {
  bool answer = false;
  RowsProgress progress;
};
static_assert(std::is_trivially_copyable_v<Packet>);

struct ReplyHeader {
  bool ok = false;
  std::uint32_t message_bytes = 0;
  GridSize size;
  bool has_style = false;  // a byte a cell follows v
  ParamOverrides params;
  std::optional<std::int64_t> step;
};
static_assert(std::is_trivially_copyable_v<ReplyHeader>);

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

bool write_all(int fd, const void* data, std::size_t bytes) {
  const auto* from = static_cast<const char*>(data);
  while (bytes > 0) {
    const ssize_t wrote = ::write(fd, from, bytes);
    if (wrote < 0 && errno == EINTR) continue;
    if (wrote <= 0) return false;
    from += wrote;
    bytes -= std::size_t(wrote);
  }
  return true;
}

// The child's whole life: read (saying how far it is), answer, and leave without running the
// parent's exit handlers (its GL, CUDA or HDF5 state belongs to the parent).
// What the child sends back: the fields read, or only what the file holds (a check).
enum class Keep { Fields, Nothing };

[[noreturn]] void answer_from_child(int fd, const std::filesystem::path& path,
                                    std::size_t run_bytes_per_cell, Keep keep) {
  // The user sees the parent's one line; a report printed here (libhdf5's, a sanitizer's) would
  // only garble it. The fuzz target runs the reader in-process, where sanitizers do report.
  if (const int null = ::open("/dev/null", O_WRONLY); null >= 0) ::dup2(null, STDERR_FILENO);
  const auto report = [fd](const RowsProgress& progress) {
    const Packet packet{false, progress};
    if (!write_all(fd, &packet, sizeof packet)) ::_exit(1);  // the parent has gone
  };
  ReplyHeader header;
  std::string message;
  Fields fields;
  try {
    Expected<StateFile> state = keep == Keep::Fields
                                    ? read_state_in_process(path, run_bytes_per_cell, report)
                                    : check_state_in_process(path, report);
    if (state) {
      header.ok = true;
      header.size = state->fields.size;
      header.has_style = !state->fields.style.empty();
      header.params = state->params;
      header.step = state->step;
      fields = std::move(state->fields);
    } else {
      message = state.message();
    }
  } catch (const std::bad_alloc&) {
    message = "cannot read '" + path.string() + "': out of memory";
  }
  header.message_bytes = std::uint32_t(message.size());
  const std::size_t field_bytes = fields.u.size() * sizeof(float);
  const Packet answer{true, {}};
  const bool sent =
      write_all(fd, &answer, sizeof answer) && write_all(fd, &header, sizeof header) &&
      write_all(fd, message.data(), message.size()) &&
      write_all(fd, fields.u.data(), field_bytes) && write_all(fd, fields.v.data(), field_bytes) &&
      write_all(fd, fields.style.data(), fields.style.size());
  ::_exit(sent ? 0 : 1);
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
  pipe.set_stall_limit(limits.for_block(0));
  for (Packet packet;;) {
    if (Received r = pipe.read(&packet, sizeof packet); r != Received::all) return failed(r);
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

// A read begun: the child's pid and the pipe's end (killed and closed if never finished), or
// neither where no process could be spared (memory, limits) and the file is read here instead.
class ReadInChild {
 public:
  ReadInChild(const std::filesystem::path& path, std::size_t run_bytes_per_cell, Keep keep)
      : path_(path), run_bytes_per_cell_(run_bytes_per_cell), keep_(keep) {
    int ends[2];
    if (::pipe2(ends, O_CLOEXEC) != 0) return;
    // Fewer, larger transfers for the fields (the system may refuse; the default works too).
    ::fcntl(ends[1], F_SETPIPE_SZ, 1 << 20);
    pid_ = ::fork();
    if (pid_ == 0) {
      ::close(ends[0]);
      answer_from_child(ends[1], path, run_bytes_per_cell, keep);
    }
    ::close(ends[1]);
    if (pid_ > 0)
      fd_ = ends[0];
    else
      ::close(ends[0]);
  }
  ReadInChild(const ReadInChild&) = delete;
  ReadInChild& operator=(const ReadInChild&) = delete;
  ~ReadInChild() {
    if (pid_ > 0) ChildProcess(pid_).wait(true);
    if (fd_ >= 0) ::close(fd_);
  }

  // Once: the answer, the child and the pipe then closed, reaped or killed however it ends.
  Expected<StateFile> finish(const StateReadWatch& watch) {
    if (pid_ <= 0)
      return keep_ == Keep::Fields ? read_state_in_process(path_, run_bytes_per_cell_)
                                   : check_state_in_process(path_);
    ChildProcess child(std::exchange(pid_, -1));
    ReplyPipe pipe(std::exchange(fd_, -1), watch.cancel);
    return receive_answer(pipe, child, path_.string(), time_limits(), watch, keep_);
  }

 private:
  std::filesystem::path path_;
  std::size_t run_bytes_per_cell_;
  Keep keep_;
  pid_t pid_ = -1;
  int fd_ = -1;
};

Expected<StateFile> read_isolated(const std::filesystem::path& path, std::size_t run_bytes_per_cell,
                                  const StateReadWatch& watch, Keep keep) {
  return ReadInChild(path, run_bytes_per_cell, keep).finish(watch);
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

struct StartedStateRead::Reader : ReadInChild {
  using ReadInChild::ReadInChild;
};

StartedStateRead::StartedStateRead(std::unique_ptr<Reader> reader) : reader_(std::move(reader)) {}
StartedStateRead::StartedStateRead(StartedStateRead&&) noexcept = default;
StartedStateRead& StartedStateRead::operator=(StartedStateRead&&) noexcept = default;
StartedStateRead::~StartedStateRead() = default;

Expected<StateFile> StartedStateRead::finish(const StateReadWatch& watch) {
  return reader_->finish(watch);
}

StartedStateRead start_state_read(const std::filesystem::path& path,
                                  std::size_t run_bytes_per_cell) {
  return StartedStateRead(
      std::make_unique<StartedStateRead::Reader>(path, run_bytes_per_cell, Keep::Fields));
}

}  // namespace gs
