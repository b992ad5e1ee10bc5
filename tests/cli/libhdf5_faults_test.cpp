// The crafted state files on which Debian's libhdf5 itself crashes or loops (found by the fuzzer,
// kept in tests/fuzz/libhdf5-faults): grayscott-batch reads state files in a child process, so
// each one is a one-line error (or, for the one libhdf5 accepts, a normal run), never a crash or
// a hang, and nothing is left behind. Before the child process, two of them killed the program
// with SIGSEGV and one hung it for good.
#include <signal.h>
#include <sys/wait.h>

#include <algorithm>
#include <cctype>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <string>
#include <thread>
#include <vector>

#include <gtest/gtest.h>

#include "bad_input_support.h"
#include "run_program.h"

namespace gs::test {
namespace {

namespace fs = std::filesystem;
using Clock = std::chrono::steady_clock;

const fs::path kFaults = GS_LIBHDF5_FAULTS_DIR;

std::vector<std::string> fault_files() {
  std::vector<std::string> names;
  for (const fs::directory_entry& entry : fs::directory_iterator(kFaults))
    if (entry.path().extension() == ".h5") names.push_back(entry.path().filename().string());
  std::sort(names.begin(), names.end());
  return names;
}

// Processes whose command line names this path: a reader left running would show here.
int processes_naming(const std::string& path) {
  int count = 0;
  for (const fs::directory_entry& entry : fs::directory_iterator("/proc")) {
    std::string command = read_file(entry.path() / "cmdline");
    std::replace(command.begin(), command.end(), '\0', ' ');
    if (command.find(path) != std::string::npos) ++count;
  }
  return count;
}

class LibHdf5FaultTiming : public testing::TestWithParam<std::string> {};

TEST_P(LibHdf5FaultTiming, IsAOneLineErrorNotACrash) {
  const std::string name = GetParam();
  ScratchDir dir;
  const fs::path input = dir / "in.h5";
  fs::copy_file(kFaults / name, input);
  // The hanging file ends at the reader's limit without progress: 3 s, not the default 10.
  const ScopedEnvironment stall("GS_READER_STALL_S", "3");
  const auto start = Clock::now();
  const ProgramResult result = run_batch({"--input", input.string(), "--steps", "0", "--output",
                                          (dir / "out.h5").string(), "--threads", "1"});
  const auto seconds = std::chrono::duration<double>(Clock::now() - start).count();

  EXPECT_LT(result.exit_code, 128) << "killed by signal " << result.exit_code - 128;
  EXPECT_LT(seconds, 30.0) << "a fault must end within the reader's time limit";
  EXPECT_EQ(processes_naming(input.string()), 0) << "a reader is still running";
  // libhdf5 reads this one without noticing (its over-read shows only under ASan): a run.
  if (name.find("-accepted") != std::string::npos && result.exit_code == 0) return;
  expect_one_line_error(result, {input.string()});
  EXPECT_FALSE(fs::exists(dir / "out.h5"));
  EXPECT_FALSE(dir.has_temporary_file());
  if (name.rfind("hang-", 0) == 0) {
    // Slow is not damaged: a read that stops making progress names both causes and the knob.
    EXPECT_NE(result.err.find("no progress for 3 s reading a block of its fields (a damaged "
                              "file, or a slow disk; GS_READER_STALL_S=SECONDS allows longer)"),
              std::string::npos)
        << result.err;
  }
  if (name.rfind("segv-", 0) == 0) {
    EXPECT_NE(result.err.find("crashed"), std::string::npos) << result.err;
  }
}

INSTANTIATE_TEST_SUITE_P(Files, LibHdf5FaultTiming, testing::ValuesIn(fault_files()),
                         [](const testing::TestParamInfo<std::string>& file) {
                           std::string id = file.param.substr(0, file.param.size() - 3);
                           for (char& c : id)
                             if (!std::isalnum(static_cast<unsigned char>(c))) c = '_';
                           return id;
                         });

TEST(LibHdf5FaultsTiming, CtrlCEndsARunWhoseReaderLoops) {
  ScratchDir dir;
  ScratchDir capture;
  const fs::path input = dir / "in.h5";
  fs::copy_file(kFaults / "hang-in-H5C_protect.h5", input);
  const int pid = spawn_program(
      GS_BATCH_BINARY,
      {"--input", input.string(), "--steps", "0", "--output", (dir / "out.h5").string()},
      capture / "stdout", capture / "stderr");
  std::this_thread::sleep_for(std::chrono::seconds(1));
  kill(pid, SIGINT);
  const std::optional<int> status = wait_for_exit(pid, std::chrono::seconds(5));
  ASSERT_TRUE(status) << "still running 5 s after SIGINT";
  EXPECT_EQ(exit_code_of(*status), 128 + SIGINT);
  EXPECT_EQ(read_file(capture / "stderr"), "grayscott-batch: interrupted by SIGINT\n");
  EXPECT_EQ(processes_naming(input.string()), 0) << "the reader was left running";
  EXPECT_EQ(dir.entries(), std::vector<std::string>{"in.h5"});
}

}  // namespace
}  // namespace gs::test
