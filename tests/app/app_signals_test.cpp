// Terminating signals while the app records: whichever arrives (Ctrl-C, SIGTERM, a closed
// terminal's SIGHUP), the recording is finished under its real name and plays, the stats are
// written, nothing temporary is left, and the app exits 128 plus the signal. Headless.
#include <gtest/gtest.h>
#include <signal.h>
#include <sys/wait.h>

#include <chrono>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <string>
#include <thread>

#include "app_run_support.h"

namespace gs::test {
namespace {

using Clock = std::chrono::steady_clock;

class AppSignalTiming : public testing::TestWithParam<int> {};

TEST_P(AppSignalTiming, FinishesTheRecordingWritesTheStatsAndExits128PlusTheSignal) {
  const int signal = GetParam();
  ScratchDir dir, capture;  // captured output elsewhere, so `dir` shows only the app's files
  std::ofstream(capture / "script.gs")
      << "size 128 96\nrecord start " << (dir / "rec.mp4").string() << " 4 30\nwait 60\nquit\n";
  const int pid = spawn_program(
      "/usr/bin/env",
      {"-u", "DISPLAY", "-u", "WAYLAND_DISPLAY", "XDG_CONFIG_HOME=" + (capture / "config").string(),
       GS_APP_BINARY, "--headless", "--script", (capture / "script.gs").string(), "--stats-json",
       (dir / "stats.json").string()},
      capture / "out", capture / "err");
  // Signal once the recording is under way: its file exists under a temporary name and has been
  // written to (the writability check before it creates and removes an empty one, which a poll
  // may catch).
  const auto recording_under_way = [&dir] {
    std::error_code error;
    for (const std::string& name : dir.entries())
      if (name.find(".tmp-") != std::string::npos &&
          std::filesystem::file_size(dir / name, error) > 0)
        return true;
    return false;
  };
  // The check that ended the wait is the answer: asking again could race the recorder's writes.
  const auto start = Clock::now();
  bool recording = false;
  while (!(recording = recording_under_way()) && Clock::now() - start < std::chrono::seconds(20))
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  std::this_thread::sleep_for(std::chrono::milliseconds(700));
  ::kill(pid, signal);
  const std::optional<int> waited = wait_for_exit(pid, std::chrono::seconds(20));
  ASSERT_TRUE(waited) << "still running 20 s after " << sigabbrev_np(signal);
  const int status = *waited;
  EXPECT_TRUE(recording) << "the recording did not start within 20 s";
  EXPECT_EQ(exit_code_of(status), 128 + signal);
  EXPECT_FALSE(dir.has_temporary_file()) << testing::PrintToString(dir.entries());
  const Probe video = probe(dir / "rec.mp4");
  EXPECT_EQ(video.codec, "h264");
  EXPECT_GT(video.frames, 0);
  EXPECT_TRUE(plays_to_the_end(dir / "rec.mp4"));
  EXPECT_FALSE(load_json(dir / "stats.json").empty()) << "the stats are written";
}

INSTANTIATE_TEST_SUITE_P(Signals, AppSignalTiming, testing::Values(SIGINT, SIGTERM, SIGHUP),
                         [](const testing::TestParamInfo<int>& test) {
                           return std::string(sigabbrev_np(test.param));
                         });

}  // namespace
}  // namespace gs::test
