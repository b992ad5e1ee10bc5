// Paused with no input, no recording and a script that waits, the app leaves the CPU alone: the
// CPU time it spends over a stretch of its wait, read from /proc, stays under a tenth of the
// stretch's wall time, in a window under Xvfb and headless (the bound is about the app's own CPU
// time, which a loaded machine does not raise); and a terminating signal still ends it promptly.
#include <gtest/gtest.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <fstream>
#include <optional>
#include <sstream>
#include <string>
#include <thread>

#include "app_run_support.h"

namespace gs::test {
namespace {

using Clock = std::chrono::steady_clock;

// The CPU seconds (user and system, all threads) a process has used; none once it is gone.
std::optional<double> cpu_seconds(int pid) {
  std::ifstream in("/proc/" + std::to_string(pid) + "/stat");
  std::string stat;
  if (!std::getline(in, stat) || stat.rfind(')') == std::string::npos) return std::nullopt;
  // The fields after the command name (in parentheses, which may hold spaces) start with the
  // state, field 3; utime and stime are fields 14 and 15.
  std::istringstream fields(stat.substr(stat.rfind(')') + 2));
  std::string field;
  double ticks = 0.0;
  for (int number = 3; number <= 15 && fields >> field; ++number)
    if (number >= 14) ticks += std::stod(field);
  return ticks / double(sysconf(_SC_CLK_TCK));
}

// The app in the background on a script that pauses, takes a marker screenshot (once it exists,
// the app is paused and idle) and then runs `rest`; windowed under Xvfb, or headless.
class PausedApp {
 public:
  PausedApp(const ScratchDir& dir, bool windowed, const std::string& rest) : dir_(dir) {
    std::ofstream(dir / "script.gs")
        << "pause\nscreenshot " << (dir / "marker.png").string() << "\n"
        << rest;
    std::vector<std::string> args = {"XDG_CONFIG_HOME=" + (dir / "config").string()};
    // Under Xvfb, through a shell that writes the app's pid and then its exit code (xvfb-run's
    // own, once the app has ended, may tell of its cleanup instead).
    if (windowed)
      args = args + xvfb_run("1280x800") +
             Args{"/bin/sh", "-c", "\"$@\" & echo $! > \"$0.pid\"; wait $!; echo $? > \"$0.exit\"",
                  (dir / "app").string()};
    else  // env runs the app in its own process
      args.insert(args.begin(), {"-u", "DISPLAY", "-u", "WAYLAND_DISPLAY"});
    args.insert(args.end(), {GS_APP_BINARY, "--script", (dir / "script.gs").string()});
    if (!windowed) args.push_back("--headless");
    spawned_ = spawn_program("/usr/bin/env", args, dir / "out", dir / "err");
    windowed_ = windowed;
  }
  ~PausedApp() {
    if (spawned_ > 0) wait_exit(std::chrono::seconds(0));
  }

  // The app's own process once the marker screenshot is there; none after 60 s.
  std::optional<int> idle_pid() const {
    const auto start = Clock::now();
    while (!std::filesystem::exists(dir_ / "marker.png") &&
           Clock::now() - start < std::chrono::seconds(60))
      std::this_thread::sleep_for(std::chrono::milliseconds(20));
    if (!std::filesystem::exists(dir_ / "marker.png")) return std::nullopt;
    if (!windowed_) return app_pid_ = spawned_;
    int pid = 0;
    if (std::ifstream(dir_ / "app.pid") >> pid) return app_pid_ = pid;
    return std::nullopt;
  }
  // The exit code once the app has ended; none if it runs past `limit` (it is killed then, and
  // xvfb-run, which waits for it, ends with it and stops its server).
  std::optional<int> wait_exit(std::chrono::seconds limit) {
    const auto start = Clock::now();
    int status = 0;
    bool killed = false;
    while (::waitpid(spawned_, &status, WNOHANG) == 0) {
      if (!killed && Clock::now() - start >= limit) {
        ::kill(app_pid_ ? *app_pid_ : spawned_, SIGKILL);
        killed = true;
      }
      std::this_thread::sleep_for(std::chrono::milliseconds(20));
    }
    spawned_ = -1;
    if (killed) return std::nullopt;
    int code = 0;
    if (windowed_ && std::ifstream(dir_ / "app.exit") >> code) return code;
    return exit_code_of(status);
  }
  std::string err() const { return read_file(dir_ / "err"); }

 private:
  const ScratchDir& dir_;
  int spawned_ = -1;
  bool windowed_ = false;
  mutable std::optional<int> app_pid_;
};

class AppPaused : public testing::TestWithParam<bool> {};
// A measure of the CPU the app takes over three seconds of wall time.
class AppPausedTiming : public AppPaused {};

TEST_P(AppPausedTiming, UsesUnderATenthOfACore) {
  ScratchDir dir;
  PausedApp app(dir, GetParam(), "wait 7\nquit\n");
  const std::optional<int> pid = app.idle_pid();
  ASSERT_TRUE(pid) << "no marker screenshot within 60 s: " << app.err();
  // Past the frames that settle after a command, a stretch of the wait.
  std::this_thread::sleep_for(std::chrono::milliseconds(1500));
  const auto start = Clock::now();
  const std::optional<double> cpu_start = cpu_seconds(*pid);
  std::this_thread::sleep_for(std::chrono::seconds(3));
  const std::optional<double> cpu_end = cpu_seconds(*pid);
  const double wall = std::chrono::duration<double>(Clock::now() - start).count();
  ASSERT_TRUE(cpu_start && cpu_end) << "the app ended before the measurement did: " << app.err();
  const double cpu_per_wall = (*cpu_end - *cpu_start) / wall;
  EXPECT_LT(cpu_per_wall, 0.1) << "CPU seconds per wall second, paused";
  std::cout << "paused: " << cpu_per_wall << " CPU s per wall s\n";
  EXPECT_EQ(app.wait_exit(std::chrono::seconds(60)), 0) << app.err();
}

// Waiting, the loop looks for a signal at least every quarter of a second: SIGTERM ends a
// paused app at once, not at the end of its script's minute-long wait.
TEST_P(AppPaused, EndsPromptlyOnSigterm) {
  ScratchDir dir;
  PausedApp app(dir, GetParam(), "wait 60\nquit\n");
  const std::optional<int> pid = app.idle_pid();
  ASSERT_TRUE(pid) << "no marker screenshot within 60 s: " << app.err();
  std::this_thread::sleep_for(std::chrono::milliseconds(1500));
  ::kill(*pid, SIGTERM);
  EXPECT_EQ(app.wait_exit(std::chrono::seconds(20)), 128 + SIGTERM) << app.err();
}

std::string surface_name(const testing::TestParamInfo<bool>& test) {
  return test.param ? "UnderXvfb" : "Headless";
}
INSTANTIATE_TEST_SUITE_P(Surfaces, AppPaused, testing::Values(true, false), surface_name);
INSTANTIATE_TEST_SUITE_P(Surfaces, AppPausedTiming, testing::Values(true, false), surface_name);

}  // namespace
}  // namespace gs::test
