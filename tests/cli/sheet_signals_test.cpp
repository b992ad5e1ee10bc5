// Terminating signals during a grayscott-sheet run: a stop that arrives while a state is being
// read ends the run as a stop (128 plus the signal, one line naming it), not as a failed read.
// Before, the cut-short read was reported as "error: interrupted while reading" with exit 1.
#include <signal.h>
#include <sys/wait.h>

#include <chrono>
#include <string>
#include <thread>
#include <vector>

#include <gtest/gtest.h>

#include "hdf5_test_files.h"
#include "run_program.h"

#if defined(GS_SHEET_BINARY)
namespace gs::test {
namespace {

class SheetTerminatingSignalTiming : public testing::TestWithParam<int> {};

TEST_P(SheetTerminatingSignalTiming, DuringAReadExits128PlusTheSignal) {
  const int signal = GetParam();
  ScratchDir inputs;
  ScratchDir dir;  // the sheet's folder: nothing may be left in it
  // About 1 s a read here (8,192 gzip chunks); ten of them keep the sheet reading for seconds.
  const std::string slow = (inputs / "slow.h5").string();
  write_gzip_state(slow, 3072, 3072, 48, 48);
  std::vector<std::string> args(10, slow);
  args.insert(args.end(), {"--output", (dir / "sheet.png").string()});
  const pid_t pid = spawn_program(GS_SHEET_BINARY, args, inputs / "stdout", inputs / "stderr");
  std::this_thread::sleep_for(std::chrono::milliseconds(400));
  kill(pid, signal);

  const std::optional<int> status = wait_for_exit(pid, std::chrono::seconds(10));
  ASSERT_TRUE(status) << "still running 10 s after " << sigabbrev_np(signal);
  const std::string err = read_file(inputs / "stderr");
  EXPECT_EQ(exit_code_of(*status), 128 + signal) << err;
  EXPECT_EQ(err, "grayscott-sheet: interrupted by SIG" + std::string(sigabbrev_np(signal)) + "\n");
  EXPECT_TRUE(dir.entries().empty())
      << "files left behind: " << testing::PrintToString(dir.entries());
}

INSTANTIATE_TEST_SUITE_P(Signals, SheetTerminatingSignalTiming, testing::Values(SIGINT, SIGTERM),
                         [](const testing::TestParamInfo<int>& test) {
                           return std::string(sigabbrev_np(test.param));
                         });

}  // namespace
}  // namespace gs::test
#endif
