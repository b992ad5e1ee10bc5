// The parent's end of a state read: the reader's reports and answer, received under limits that
// reset with every report (state_read_receiver.h).
#include "state_read_receiver.h"

#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <optional>

#include "gs/helper_process.h"
#include "gs/termination.h"

namespace gs::state_read {
namespace {

Clock::duration seconds(double s) {
  return std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(s));
}

// "10 s", "1.5 s", "0.15 s": whole seconds where they are, else to a hundredth.
std::string seconds_text(Clock::duration duration) {
  const double s = std::round(std::chrono::duration<double>(duration).count() * 100) / 100;
  char text[32];
  std::snprintf(text, sizeof text, "%.2f", s);
  std::string shown(text);
  shown.erase(shown.find_last_not_of('0') + 1);
  if (shown.back() == '.') shown.pop_back();
  return shown + " s";
}

using Received = HelperRead;

// The parent's end of the pipe (owned: closed when done): reads what the child sends, giving up
// when the child sends nothing for too long, the whole read takes too long, or the caller or a
// terminating signal asks to stop.
class ReplyPipe {
 public:
  ReplyPipe(int fd, const std::atomic<bool>* cancel) : fd_(fd) { limits_.cancel = cancel; }
  ReplyPipe(const ReplyPipe&) = delete;
  ReplyPipe& operator=(const ReplyPipe&) = delete;
  ~ReplyPipe() { ::close(fd_); }

  // How long the next read may go without a byte.
  void set_stall_limit(Clock::duration limit) { limits_.stall = limit; }
  Clock::duration stall_limit() const { return limits_.stall; }
  void set_whole_limit(Clock::duration limit) {
    if (!limits_.end_by) limits_.end_by = Clock::now() + limit;
    whole_limit_ = limit;
  }
  Clock::duration whole_limit() const { return whole_limit_; }

  Received read(void* data, std::size_t bytes) {
    return read_helper_answer(fd_, data, bytes, limits_);
  }

 private:
  int fd_;
  HelperLimits limits_;
  Clock::duration whole_limit_{};
};

// Where the read was when it stopped: a stall before the start is the machine's, after it the
// file's or the disk's.
enum class Phase { starting, opening, rows };

// Why the reader gave no complete answer, from how it ended. Only a crash of the library on the
// file calls it damaged: no progress for a while is as likely a slow disk (a cluster's network
// file system under load) or a busy machine.
Error reader_failed(const std::string& name, Received received, int wait_status,
                    const ReplyPipe& pipe, Phase phase) {
  const std::string prefix = "cannot read '" + name + "': ";
  switch (received) {
    case Received::interrupted:
      return Error{"interrupted while reading '" + name + "'"};
    case Received::cancelled:
      return Error{"cancelled reading '" + name + "'"};
    case Received::stalled:
      if (phase == Phase::starting)
        return Error{prefix + "its reader did not start within " +
                     seconds_text(pipe.stall_limit()) + " (a busy machine?)"};
      return Error{prefix + "no progress for " + seconds_text(pipe.stall_limit()) +
                   (phase == Phase::rows ? " reading a block of its fields" : " opening it") +
                   " (a damaged file, or a slow disk; GS_READER_STALL_S=SECONDS allows longer)"};
    case Received::too_long:
      return Error{prefix + "still reading after " + seconds_text(pipe.whole_limit()) +
                   ", longer than its grid can take (a damaged file, or a slow disk)"};
    case Received::all:
    case Received::ended:
      break;
  }
  // Killed from outside: the kernel's OOM killer sends SIGKILL; nothing says the file is at fault.
  if (WIFSIGNALED(wait_status) && WTERMSIG(wait_status) == SIGKILL)
    return Error{prefix + "the reader was killed (SIGKILL: out of memory?)"};
  // Ended of its own accord without an answer: the reader, not the file, is at fault.
  if (WIFEXITED(wait_status) && WEXITSTATUS(wait_status) != 1)
    return Error{prefix + "its reader ended without an answer (exit status " +
                 std::to_string(WEXITSTATUS(wait_status)) + ": a broken installation?)"};
  // Killed by its own fault, or ended by a sanitizer that caught the fault (exit status 1).
  const std::string how = WIFSIGNALED(wait_status)
                              ? signal_name(WTERMSIG(wait_status))
                              : "exit status " + std::to_string(WEXITSTATUS(wait_status));
  return Error{prefix + "the HDF5 library crashed on it (" + how +
               "); the file is damaged or was not written as a state file"};
}

}  // namespace

Clock::duration TimeLimits::for_block(std::uint64_t bytes) const {
  return seconds(base_s + double(bytes) / double(20u << 20));
}

Clock::duration TimeLimits::for_start() const {
  return seconds(std::max(base_s, 10.0));
}

Clock::duration TimeLimits::whole(std::uint64_t field_bytes) const {
  return seconds(60 + double(field_bytes) / double(5u << 20));
}

TimeLimits time_limits_from_environment() {
  TimeLimits limits;
  // Taken only when it is a sensible number of seconds (no overflow of the clock's duration).
  if (const char* knob = std::getenv("GS_READER_STALL_S"))
    if (const double s = std::atof(knob); s > 0 && s <= 3600) limits.base_s = s;
  return limits;
}

Expected<StateFile> receive_answer(int fd, const ReaderEnd& reader, const std::string& name,
                                   const TimeLimits& limits, const StateReadWatch& watch,
                                   Keep keep) {
  ReplyPipe pipe(fd, watch.cancel);
  Phase phase = Phase::starting;
  const auto failed = [&](Received received) {
    return reader_failed(name, received, reader.end(received != Received::ended), pipe, phase);
  };
  pipe.set_stall_limit(limits.for_start());
  for (Packet packet;;) {
    if (Received r = pipe.read(&packet, sizeof packet); r != Received::all) return failed(r);
    if (packet.magic != kMagic) {
      reader.end(true);
      return Error{"cannot read '" + name + "': its reader, " + reader.program +
                   ", answered in a form this program does not know (another version's reader?)"};
    }
    if (packet.answer) break;
    const RowsProgress& rows = packet.progress;
    if (phase != Phase::rows && rows.total > 0) {
      phase = Phase::rows;
      pipe.set_whole_limit(limits.whole(rows.total_bytes));
    } else if (phase == Phase::starting) {
      phase = Phase::opening;
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
    reader.end(false);
    return Error{message};
  }
  if (Status size_ok = check_grid_size(header.size.width, header.size.height); !size_ok)
    return Error{"cannot read '" + name + "': the reader answered " + size_ok.message()};
  StateFile state;
  state.params = header.params;
  state.step = header.step;
  if (keep == Keep::Nothing) {
    state.fields.size = header.size;
    reader.end(false);
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
  reader.end(false);
  return state;
}

}  // namespace gs::state_read
