// The parent's end of a state read (gs::read_state): what grayscott-state-reader sends through
// its pipe (state_read_protocol.h), received under time limits that reset with every report of
// progress. Apart from the process that sends it, so the limits and their messages can be tested
// with a sender whose pace the test sets (tests/engine/state_read_receiver_test.cpp).
#pragma once

#include <chrono>
#include <cstdint>
#include <functional>
#include <string>

#include "gs/state_file.h"
#include "state_read_protocol.h"

namespace gs::state_read {

using Clock = std::chrono::steady_clock;

// How long the reader may go without progress: opening a file and checking its datasets takes
// milliseconds, however large the file; a block of rows, time in proportion to what it holds
// (20 MB/s, a slow disk or a slow filter). GS_READER_STALL_S replaces the 10 s base.
struct TimeLimits {
  double base_s = 10;
  Clock::duration for_block(std::uint64_t bytes) const;
  // The reader's start (a process and its libraries loaded), not the file's doing: a busy machine
  // or a sanitizer's start-up can take seconds.
  Clock::duration for_start() const;
  // The whole read, once the grid is known: a backstop for a reader that reports progress but
  // never ends (5 MB/s for all of u and v, and a minute).
  Clock::duration whole(std::uint64_t field_bytes) const;
};

// The limits, with GS_READER_STALL_S's base when it holds a sensible number of seconds.
TimeLimits time_limits_from_environment();

// The reader that sends: `end` waits for it to end (killing it first when asked) and returns its
// wait status; `program` names it in a message about an answer from another build.
struct ReaderEnd {
  std::function<int(bool kill_first)> end;
  std::string program;
};

// Reads the answer for file `name` from `fd` (owned: closed when done), reporting progress to
// `watch`, and ends the reader. Every failure is one line that says what is known: a reader that
// stops reporting progress may be stuck in a damaged file or on a slow disk, and only a crash of
// the library on the file calls the file damaged.
Expected<StateFile> receive_answer(int fd, const ReaderEnd& reader, const std::string& name,
                                   const TimeLimits& limits, const StateReadWatch& watch,
                                   Keep keep);

}  // namespace gs::state_read
