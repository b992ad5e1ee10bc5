// The parent's end of a state read, fed by a sender whose pace the test sets: a reader that
// keeps reporting progress is never cut off, however long the whole read takes; one that stops
// is named as stalled (a damaged file or a slow disk), never as a damaged file; a reader that
// does not start is the machine's doing. The real reader and files are in tests/cli.
#include "state_read_receiver.h"

#include <fcntl.h>
#include <unistd.h>

#include <chrono>
#include <string>
#include <thread>

#include <gtest/gtest.h>

namespace gs::state_read {
namespace {

using std::chrono::milliseconds;

// A pipe whose write end the test's sender thread holds (closed when the sender is done).
struct Pipe {
  int read_end = -1, write_end = -1;
  Pipe() {
    int ends[2] = {-1, -1};
    EXPECT_EQ(::pipe2(ends, O_CLOEXEC), 0);
    read_end = ends[0];
    write_end = ends[1];
  }
  void send(const void* data, std::size_t bytes) const {
    ASSERT_EQ(::write(write_end, data, bytes), ssize_t(bytes));
  }
  void send_progress(std::int64_t done, std::int64_t total) const {
    Packet packet;
    packet.progress = {done, total, 0, 0};
    send(&packet, sizeof packet);
  }
  // The answer for a 2x2 grid, u all 1 and v all 0.
  void send_answer() const {
    Packet packet;
    packet.answer = true;
    ReplyHeader header;
    header.ok = true;
    header.size = {2, 2};
    header.step = 7;
    send(&packet, sizeof packet);
    send(&header, sizeof header);
    const float u[4] = {1, 1, 1, 1}, v[4] = {0, 0, 0, 0};
    send(u, sizeof u);
    send(v, sizeof v);
  }
};

// The reader's end as the test sees it: whether it was asked to end, and killed.
struct FakeReader {
  int ends = 0;
  bool killed = false;
  ReaderEnd end() {
    return {[this](bool kill_first) {
              ++ends;
              killed = killed || kill_first;
              return 0;
            },
            "fake-reader"};
  }
};

TimeLimits limits_of(double base_s) {
  TimeLimits limits;
  limits.base_s = base_s;
  return limits;
}

// Label `timing`: the sender's pauses are a tenth of the limit, so only a machine that stalls
// a thread for over a third of a second can break it.
TEST(StateReadReceiverTiming, AReaderThatKeepsReportingIsNotCutOffHoweverLongItTakes) {
  Pipe pipe;
  FakeReader reader;
  constexpr int kReports = 30;
  const auto start = Clock::now();
  std::thread sender([&] {
    pipe.send_progress(0, 0);  // started
    for (int done = 0; done < kReports; ++done) {
      std::this_thread::sleep_for(milliseconds(40));
      pipe.send_progress(done, kReports);
    }
    pipe.send_answer();
    ::close(pipe.write_end);
  });
  const Expected<StateFile> state =
      receive_answer(pipe.read_end, reader.end(), "slow.h5", limits_of(0.4), {}, Keep::Fields);
  sender.join();
  const double seconds = std::chrono::duration<double>(Clock::now() - start).count();
  ASSERT_TRUE(state) << state.message();
  EXPECT_EQ(state->fields.size, (GridSize{2, 2}));
  EXPECT_EQ(state->fields.u[3], 1.0f);
  EXPECT_EQ(state->step, 7);
  EXPECT_EQ(reader.ends, 1);
  EXPECT_FALSE(reader.killed);
  // The sender's pauses alone make the whole read three times the limit.
  EXPECT_GE(seconds, 1.2);
}

TEST(StateReadReceiver, AReaderThatStopsReportingIsStalledNotDamaged) {
  Pipe pipe;
  FakeReader reader;
  pipe.send_progress(0, 0);
  pipe.send_progress(0, 10);  // the first block of rows begun, then nothing
  const Expected<StateFile> state =
      receive_answer(pipe.read_end, reader.end(), "big.h5", limits_of(0.25), {}, Keep::Fields);
  ::close(pipe.write_end);
  ASSERT_FALSE(state);
  EXPECT_EQ(state.message(),
            "cannot read 'big.h5': no progress for 0.25 s reading a block of its fields (a "
            "damaged file, or a slow disk; GS_READER_STALL_S=SECONDS allows longer)");
  EXPECT_TRUE(reader.killed);
}

TEST(StateReadReceiver, AStallWhileOpeningIsNamedAsSuch) {
  Pipe pipe;
  FakeReader reader;
  pipe.send_progress(0, 0);
  const Expected<StateFile> state =
      receive_answer(pipe.read_end, reader.end(), "open.h5", limits_of(0.25), {}, Keep::Fields);
  ::close(pipe.write_end);
  ASSERT_FALSE(state);
  EXPECT_EQ(state.message(),
            "cannot read 'open.h5': no progress for 0.25 s opening it (a damaged file, or a slow "
            "disk; GS_READER_STALL_S=SECONDS allows longer)");
}

TEST(StateReadReceiver, AReaderThatEndsWithoutAnAnswerCrashedOnTheFile) {
  Pipe pipe;
  pipe.send_progress(0, 0);
  ::close(pipe.write_end);
  const ReaderEnd segfaulted{[](bool) { return int(SIGSEGV); }, "fake-reader"};  // a wait status
  const Expected<StateFile> state =
      receive_answer(pipe.read_end, segfaulted, "bad.h5", limits_of(10), {}, Keep::Fields);
  ASSERT_FALSE(state);
  EXPECT_EQ(state.message(),
            "cannot read 'bad.h5': the HDF5 library crashed on it (SIGSEGV); the file is damaged "
            "or was not written as a state file");
}

TEST(StateReadReceiver, AReaderThatEndsWellWithoutAnAnswerIsNotBlamedOnTheFile) {
  Pipe pipe;
  pipe.send_progress(0, 0);
  ::close(pipe.write_end);
  const ReaderEnd exited{[](bool) { return 0; }, "fake-reader"};  // exit status 0
  const Expected<StateFile> state =
      receive_answer(pipe.read_end, exited, "good.h5", limits_of(10), {}, Keep::Fields);
  ASSERT_FALSE(state);
  EXPECT_EQ(state.message(),
            "cannot read 'good.h5': its reader ended without an answer (exit status 0: a broken "
            "installation?)");
}

TEST(StateReadReceiver, AnAnswerFromAnotherBuildIsRefused) {
  Pipe pipe;
  FakeReader reader;
  Packet stranger;
  stranger.magic = kMagic + 1;
  pipe.send(&stranger, sizeof stranger);
  ::close(pipe.write_end);
  const Expected<StateFile> state =
      receive_answer(pipe.read_end, reader.end(), "x.h5", limits_of(10), {}, Keep::Fields);
  ASSERT_FALSE(state);
  EXPECT_NE(state.message().find("its reader, fake-reader, answered in a form"), std::string::npos)
      << state.message();
  EXPECT_TRUE(reader.killed);
}

TEST(StateReadReceiver, TheStallLimitComesFromTheEnvironmentWhenSensible) {
  ASSERT_EQ(::setenv("GS_READER_STALL_S", "2.5", 1), 0);
  EXPECT_EQ(time_limits_from_environment().base_s, 2.5);
  for (const char* nonsense : {"0", "-3", "1e9", "soon"}) {
    ASSERT_EQ(::setenv("GS_READER_STALL_S", nonsense, 1), 0);
    EXPECT_EQ(time_limits_from_environment().base_s, 10) << nonsense;
  }
  ::unsetenv("GS_READER_STALL_S");
  EXPECT_EQ(time_limits_from_environment().base_s, 10);
}

}  // namespace
}  // namespace gs::state_read
