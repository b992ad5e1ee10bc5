// Terminating signals during a grayscott-batch run: whichever arrives (Ctrl-C, SIGTERM, a closed
// terminal's SIGHUP, SIGUSR1, SIGPIPE), the run removes its unfinished files and exits 128 plus
// the signal, with one line naming it.
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <thread>

#include <gtest/gtest.h>

#include "run_program.h"

namespace gs::test {
namespace {

class TerminatingSignal : public testing::TestWithParam<int> {};

TEST_P(TerminatingSignal, RemovesUnfinishedFilesAndExits128PlusTheSignal) {
  const int signal = GetParam();
  ScratchDir dir;
  ScratchDir
      capture;  // stdout and stderr go elsewhere so that `dir` shows only the program's files
  const std::string out_path = (capture / "stdout").string();
  const std::string err_path = (capture / "stderr").string();
  const pid_t pid = spawn_program(
      GS_BATCH_BINARY,
      {"--width", "512", "--height", "512", "--frames", "100000", "--steps-per-frame", "10",
       "--frames-output", (dir / "frames.h5").string(), "--output", (dir / "out.h5").string()},
      out_path, err_path);

  // Interrupt once the run is under way: its frames file exists under a temporary name.
  using Clock = std::chrono::steady_clock;
  const auto start = Clock::now();
  while (!dir.has_output_under_way() && Clock::now() - start < std::chrono::seconds(10))
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  const bool started = dir.has_output_under_way();
  std::this_thread::sleep_for(std::chrono::milliseconds(500));
  kill(pid, signal);

  const std::optional<int> status = wait_for_exit(pid, std::chrono::seconds(10));
  ASSERT_TRUE(status) << "still running 10 s after " << sigabbrev_np(signal);
  EXPECT_TRUE(started) << "no temporary frames file appeared within 10 s";
  EXPECT_EQ(exit_code_of(*status), 128 + signal);
  const std::string err = read_file(err_path);
  EXPECT_EQ(std::count(err.begin(), err.end(), '\n'), 1) << err;
  EXPECT_FALSE(err.empty() || err.back() != '\n') << err;
  EXPECT_NE(err.find("interrupted by SIG" + std::string(sigabbrev_np(signal))), std::string::npos)
      << err;
  EXPECT_TRUE(dir.entries().empty())
      << "files left behind: " << testing::PrintToString(dir.entries());
}

INSTANTIATE_TEST_SUITE_P(Signals, TerminatingSignal,
                         testing::Values(SIGINT, SIGTERM, SIGHUP, SIGUSR1, SIGPIPE),
                         [](const testing::TestParamInfo<int>& test) {
                           return std::string(sigabbrev_np(test.param));
                         });

}  // namespace
}  // namespace gs::test
