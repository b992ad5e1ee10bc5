// A valid state that is slow to read (gzip-compressed in many small chunks) is read with the
// default limits, and a reader killed from outside (as the OOM killer kills) is not blamed on the
// file: it once was "the HDF5 library crashed on it ... the file is damaged". That progress resets
// the limits, whatever the whole read takes, is tested with a sender whose pace the test sets
// (tests/engine/state_read_receiver_test.cpp).
#include <signal.h>
#include <stdlib.h>
#include <sys/wait.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <optional>
#include <string>
#include <thread>

#include <gtest/gtest.h>

#include "bad_input_support.h"
#include "hdf5_test_files.h"
#include "run_program.h"

namespace gs::test {
namespace {

namespace fs = std::filesystem;
using Clock = std::chrono::steady_clock;

// 3072 x 3072 cells in 48 x 48 chunks: 8,192 chunks, about 1 s to read here (1.7 s to write),
// 1 MB on disk.
void write_slow_state(const fs::path& path) {
  write_gzip_state(path, 3072, 3072, 48, 48);
}

// A child of process `parent` (the state reader), if one is running.
std::optional<int> child_of(int parent) {
  for (const fs::directory_entry& entry : fs::directory_iterator("/proc")) {
    const std::string name = entry.path().filename().string();
    if (name.find_first_not_of("0123456789") != std::string::npos) continue;
    std::ifstream stat(entry.path() / "stat");
    std::string text((std::istreambuf_iterator<char>(stat)), std::istreambuf_iterator<char>());
    // pid (comm) state ppid ...: the name may hold spaces, so read after the last ')'.
    const std::size_t close = text.rfind(')');
    if (close == std::string::npos) continue;
    char state = 0;
    int ppid = 0;
    if (std::sscanf(text.c_str() + close + 1, " %c %d", &state, &ppid) == 2 && ppid == parent)
      return std::stoi(name);
  }
  return std::nullopt;
}

TEST(SlowStateRead, ALargeCompressedStateIsReadWithTheDefaultLimits) {
  ScratchDir dir;
  const fs::path input = dir / "slow.h5";
  write_slow_state(input);
  const ProgramResult result = run_batch({"--input", input.string(), "--steps", "0", "--output",
                                          (dir / "out.h5").string(), "--threads", "1"});
  EXPECT_EQ(result.exit_code, 0) << result.err;
  EXPECT_EQ(result.err, "");
  EXPECT_TRUE(fs::exists(dir / "out.h5"));
}

// The reader is caught in a file that makes libhdf5 loop (tests/fuzz/libhdf5-faults), so it is
// still running, whatever the machine's speed, when the test kills it.
TEST(SlowStateRead, AReaderKilledFromOutsideIsNotBlamedOnTheFile) {
  ScratchDir dir;
  ScratchDir capture;
  const fs::path input = dir / "loops.h5";
  fs::copy_file(fs::path(GS_LIBHDF5_FAULTS_DIR) / "hang-in-H5C_protect.h5", input);
  const ScopedEnvironment patient("GS_READER_STALL_S", "120");
  const int pid = spawn_program(
      GS_BATCH_BINARY,
      {"--input", input.string(), "--steps", "0", "--output", (dir / "out.h5").string()},
      capture / "stdout", capture / "stderr");
  std::optional<int> reader;
  for (const auto given_up = Clock::now() + std::chrono::seconds(60);
       !reader && Clock::now() < given_up;)
    if (!(reader = child_of(pid))) std::this_thread::sleep_for(std::chrono::milliseconds(5));
  if (reader) ::kill(*reader, SIGKILL);  // as the OOM killer does
  const std::optional<int> status = wait_for_exit(pid, std::chrono::seconds(60));
  ASSERT_TRUE(reader) << "no reader process was seen";
  ASSERT_TRUE(status) << "grayscott-batch went on after its reader was killed";
  const ProgramResult result{exit_code_of(*status), read_file(capture / "stdout"),
                             read_file(capture / "stderr")};
  expect_one_line_error(result, {input.string(), "the reader was killed (SIGKILL"});
  EXPECT_EQ(result.err.find("damaged"), std::string::npos) << result.err;
  EXPECT_FALSE(fs::exists(dir / "out.h5"));
}

}  // namespace
}  // namespace gs::test
