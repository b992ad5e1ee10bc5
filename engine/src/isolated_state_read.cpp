// gs::read_state: the state-file reader run in a short-lived child process. Debian's libhdf5
// crashes or loops forever on some crafted files, inside its own code (see
// tests/fuzz/libhdf5-faults); in a child such a fault ends only the child, and the caller gets a
// one-line error instead of losing the program (and, in the app, the running simulation). The
// child sends its answer through a pipe: a fixed header, then the error message or the fields.
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
#include <string>
#include <system_error>
#include <type_traits>

#include "gs/state_file.h"
#include "gs/termination.h"
#include "state_file_reader.h"

namespace gs {
namespace {

using Clock = std::chrono::steady_clock;

// What the child sends first. Parent and child are one program image, so the bytes of a
// trivially copyable struct mean the same on both ends.
struct ReplyHeader {
  bool ok = false;
  std::uint32_t message_bytes = 0;
  GridSize size;
  ParamOverrides params;
  std::optional<std::int64_t> step;
};
static_assert(std::is_trivially_copyable_v<ReplyHeader>);

// How long the reader may go without sending a byte: a healthy read of a small file takes
// milliseconds; a large one is given time in proportion to its size (20 MB/s, a slow disk).
// GS_READER_STALL_S replaces the 10 s base, so a test can cross it with a small file.
Clock::duration stall_limit(const std::filesystem::path& path) {
  std::error_code error;
  const std::uintmax_t bytes = std::filesystem::file_size(path, error);
  double base = 10;
  if (const char* knob = std::getenv("GS_READER_STALL_S")) base = std::atof(knob);
  const double seconds = base + double(error ? 0 : bytes / (20u << 20));
  return std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(seconds));
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

// The child's whole life: read, answer, and leave without running the parent's exit handlers
// (its GL, CUDA or HDF5 state belongs to the parent).
[[noreturn]] void answer_from_child(int fd, const std::filesystem::path& path,
                                    std::size_t run_bytes_per_cell) {
  // The user sees the parent's one line; a report printed here (libhdf5's, a sanitizer's) would
  // only garble it. The fuzz target runs the reader in-process, where sanitizers do report.
  if (const int null = ::open("/dev/null", O_WRONLY); null >= 0) ::dup2(null, STDERR_FILENO);
  ReplyHeader header;
  std::string message;
  Fields fields;
  try {
    Expected<StateFile> state = read_state_in_process(path, run_bytes_per_cell);
    if (state) {
      header.ok = true;
      header.size = state->fields.size;
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
  const bool sent =
      write_all(fd, &header, sizeof header) && write_all(fd, message.data(), message.size()) &&
      write_all(fd, fields.u.data(), field_bytes) && write_all(fd, fields.v.data(), field_bytes);
  ::_exit(sent ? 0 : 1);
}

enum class Received { all, ended, stalled, interrupted };

// The parent's end of the pipe (owned: closed when done): reads what the child sends, giving up
// when the child sends nothing for too long or this process is asked to end.
class ReplyPipe {
 public:
  ReplyPipe(int fd, Clock::duration stall_limit) : fd_(fd), stall_limit_(stall_limit) {}
  ReplyPipe(const ReplyPipe&) = delete;
  ReplyPipe& operator=(const ReplyPipe&) = delete;
  ~ReplyPipe() { ::close(fd_); }

  Received read(void* data, std::size_t bytes) {
    auto* to = static_cast<char*>(data);
    Clock::time_point deadline = Clock::now() + stall_limit_;
    while (bytes > 0) {
      if (termination_requested()) return Received::interrupted;
      const auto left = std::chrono::ceil<std::chrono::milliseconds>(deadline - Clock::now());
      if (left.count() <= 0) return Received::stalled;
      // Short polls, so a terminating signal is noticed even if it does not interrupt poll.
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
  Clock::duration stall_limit_;
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

// Why the child gave no complete answer, from how it ended.
Error reader_failed(const std::string& name, Received received, int wait_status,
                    Clock::duration stall_limit) {
  const std::string prefix = "cannot read '" + name + "': ";
  if (received == Received::interrupted) return Error{"interrupted while reading '" + name + "'"};
  if (received == Received::stalled)
    return Error{prefix + "the HDF5 library was still reading it after " +
                 std::to_string(std::chrono::ceil<std::chrono::seconds>(stall_limit).count()) +
                 " s without progress; the file is damaged (a loop in its structure?)"};
  // Killed by a signal, or ended by a sanitizer that caught the fault (exit status 1).
  const std::string how = WIFSIGNALED(wait_status)
                              ? signal_name(WTERMSIG(wait_status))
                              : "exit status " + std::to_string(WEXITSTATUS(wait_status));
  return Error{prefix + "the HDF5 library crashed on it (" + how +
               "); the file is damaged or was not written as a state file"};
}

Expected<StateFile> receive_answer(ReplyPipe& pipe, ChildProcess& child, const std::string& name,
                                   Clock::duration limit) {
  const auto failed = [&](Received received) {
    return reader_failed(name, received, child.wait(received != Received::ended), limit);
  };
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
  state.fields = Fields(header.size);
  state.params = header.params;
  state.step = header.step;
  const std::size_t field_bytes = state.fields.u.size() * sizeof(float);
  for (FieldData* field : {&state.fields.u, &state.fields.v})
    if (Received r = pipe.read(field->data(), field_bytes); r != Received::all) return failed(r);
  child.wait();
  return state;
}

}  // namespace

Expected<StateFile> read_state(const std::filesystem::path& path, std::size_t run_bytes_per_cell) {
  int ends[2];
  if (::pipe2(ends, O_CLOEXEC) != 0) return read_state_in_process(path, run_bytes_per_cell);
  // Fewer, larger transfers for the fields (the system may refuse; the default works too).
  ::fcntl(ends[1], F_SETPIPE_SZ, 1 << 20);
  const pid_t pid = ::fork();
  if (pid == 0) {
    ::close(ends[0]);
    answer_from_child(ends[1], path, run_bytes_per_cell);
  }
  ::close(ends[1]);
  if (pid < 0) {  // no process to spare (memory, limits): read here, as before isolation
    ::close(ends[0]);
    return read_state_in_process(path, run_bytes_per_cell);
  }
  ChildProcess child(pid);
  const Clock::duration limit = stall_limit(path);
  ReplyPipe pipe(ends[0], limit);
  return receive_answer(pipe, child, path.string(), limit);
}

}  // namespace gs
