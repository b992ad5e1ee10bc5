// grayscott-batch --bench --busy: the twin's steps per second beside busy-loop processes against
// a quiet machine, through the real binary, and no busy loop left behind.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "run_program.h"

namespace gs::test {
namespace {

// Processes named as the benchmark names its busy loops.
int busy_loops_running() {
  int count = 0;
  for (const auto& entry : std::filesystem::directory_iterator("/proc")) {
    std::ifstream comm(entry.path() / "comm");
    std::string name;
    if (std::getline(comm, name) && name == "gs-busy-loop") ++count;
  }
  return count;
}

TEST(BatchCliBusy, MeasuresQuietAndBusySideBySideAndStopsItsLoops) {
  const ProgramResult result = run_batch({"--bench", "--backend", "cpu", "--busy", "2", "--width",
                                          "64", "--height", "64", "--steps-per-frame", "1"});
  ASSERT_EQ(result.exit_code, 0) << result.err;
  EXPECT_NE(result.out.find("2 busy-loop processes"), std::string::npos) << result.out;
  std::istringstream lines(result.out);
  bool row = false;
  for (std::string line; std::getline(lines, line);) {
    std::istringstream words(line);
    std::string grid, share;
    int steps_per_call = 0;
    double quiet = 0.0, busy = 0.0;
    if (!(words >> grid) || grid != "64x64") continue;
    ASSERT_TRUE(words >> steps_per_call >> quiet >> busy >> share) << line;
    EXPECT_EQ(steps_per_call, 1) << line;
    EXPECT_GT(quiet, 0.0) << line;
    EXPECT_GT(busy, 0.0) << line;
    EXPECT_EQ(share.back(), '%') << line;
    row = true;
  }
  EXPECT_TRUE(row) << result.out;
  EXPECT_EQ(busy_loops_running(), 0);
}

TEST(BatchCliBusy, BelongsToTheBenchmark) {
  const ProgramResult result = run_batch({"--busy", "3", "--steps", "1"});
  EXPECT_EQ(result.exit_code, 2);
  EXPECT_NE(result.err.find("--bench"), std::string::npos) << result.err;
}

// --bench-seconds sets the throughput table's runs: a length outside 0.05 to 60 s, the option
// without --bench, or beside --busy (whose runs are its own) is a usage error naming it.
TEST(BatchCliBenchSeconds, OutOfRangeOrWithoutTheTableIsAUsageError) {
  for (const std::vector<std::string>& args :
       {std::vector<std::string>{"--bench", "--bench-seconds", "0"},
        {"--bench", "--bench-seconds", "61"},
        {"--bench", "--bench-seconds", "soon"},
        {"--bench-seconds", "1", "--steps", "1"},
        {"--bench", "--busy", "1", "--bench-seconds", "1"}}) {
    const ProgramResult result = run_batch(args);
    EXPECT_EQ(result.exit_code, 2) << args.back() << ": " << result.err;
    EXPECT_NE(result.err.find("--bench-seconds"), std::string::npos) << result.err;
    EXPECT_EQ(std::count(result.err.begin(), result.err.end(), '\n'), 1) << result.err;
  }
}

}  // namespace
}  // namespace gs::test
