// A valid state that is slow to read (gzip-compressed in many small chunks) is read, however
// long it takes, as long as the reader keeps making progress; a reader killed from outside (as
// the OOM killer kills) is not blamed on the file. The reader's time limit without progress is
// made small (GS_READER_STALL_S) so that a file of a few megabytes crosses it. Before the reader
// reported progress, such a file was refused as "damaged (a loop in its structure?)", and a
// killed reader was "the HDF5 library crashed on it ... the file is damaged".
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

TEST(SlowStateRead, AReaderThatKeepsMakingProgressIsNotCutOff) {
#if defined(GS_SANITIZED_BUILD)
  // Its limits are fractions of a second either side of the read's time; under ASan the child's
  // start alone can take longer. The Release suite runs it.
  GTEST_SKIP() << "timed in fractions of a second: run in the Release suite";
#endif
  ScratchDir dir;
  const fs::path input = dir / "slow.h5";
  write_slow_state(input);
  // A limit well below the read's time (about 0.5 s here), so a faster machine still crosses it.
  const ScopedEnvironment stall("GS_READER_STALL_S", "0.15");
  const auto start = Clock::now();
  const ProgramResult result = run_batch({"--input", input.string(), "--steps", "0", "--output",
                                          (dir / "out.h5").string(), "--threads", "1"});
  const double seconds = std::chrono::duration<double>(Clock::now() - start).count();

  EXPECT_EQ(result.exit_code, 0) << result.err;
  EXPECT_EQ(result.err.find("damaged"), std::string::npos) << result.err;
  EXPECT_TRUE(fs::exists(dir / "out.h5"));
  // Else the file read faster than the limit and the test proved nothing.
  EXPECT_GT(seconds, 0.3) << "the file must take longer to read than twice the limit";
}

TEST(SlowStateRead, AReaderKilledFromOutsideIsNotBlamedOnTheFile) {
  ScratchDir dir;
  ScratchDir capture;
  const fs::path input = dir / "slow.h5";
  write_slow_state(input);
  const int pid = spawn_program(
      GS_BATCH_BINARY,
      {"--input", input.string(), "--steps", "0", "--output", (dir / "out.h5").string()},
      capture / "stdout", capture / "stderr");
  std::optional<int> reader;
  for (const auto given_up = Clock::now() + std::chrono::seconds(5);
       !reader && Clock::now() < given_up;)
    if (!(reader = child_of(pid))) std::this_thread::sleep_for(std::chrono::milliseconds(5));
  if (reader) ::kill(*reader, SIGKILL);  // as the OOM killer does
  int status = 0;
  ::waitpid(pid, &status, 0);
  ASSERT_TRUE(reader) << "no reader process was seen";
  const ProgramResult result{exit_code_of(status), read_file(capture / "stdout"),
                             read_file(capture / "stderr")};
  expect_one_line_error(result, {input.string(), "the reader was killed (SIGKILL"});
  EXPECT_EQ(result.err.find("damaged"), std::string::npos) << result.err;
  EXPECT_FALSE(fs::exists(dir / "out.h5"));
}

}  // namespace
}  // namespace gs::test
