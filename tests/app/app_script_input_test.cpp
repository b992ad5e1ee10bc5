// A script's input and the start's memory, through the real app headless: a script from a pipe
// that never ends (`yes`), from /dev/zero or named /dev/zero is refused past its size with the
// limit in one line; Ctrl-C or SIGTERM while the app waits for a script's text (a FIFO's writer
// that has not finished) ends it as a signal ends it elsewhere, 128 + the signal; and under an
// address-space limit too small for the start (`ulimit -v`, which the GL driver and ImGui's fonts
// otherwise die under without a word) the app says "not enough memory to start".
#include <fcntl.h>
#include <gtest/gtest.h>
#include <signal.h>
#include <sys/ioctl.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstring>
#include <fstream>
#include <iterator>
#include <string>
#include <thread>

#include "app_run_support.h"

namespace gs::test {
namespace {

using Clock = std::chrono::steady_clock;

// `shell` run by sh, where `app` runs the headless app, killed after 30 s (exit 137: it did not
// end; a pipeline's last command is sh's child, which a timeout around sh would leave running).
ProgramResult run_shell(const ScratchDir& dir, const std::string& shell) {
  return run_program(
      "/usr/bin/env",
      {"-u", "DISPLAY", "-u", "WAYLAND_DISPLAY", "XDG_CONFIG_HOME=" + (dir / "config").string(),
       std::string("GS_APP=") + GS_APP_BINARY, "/bin/sh", "-c",
       "app() { timeout -s KILL 30 \"$GS_APP\" \"$@\"; }; " + shell});
}

int newlines(const std::string& text) {
  return int(std::count(text.begin(), text.end(), '\n'));
}

TEST(AppScriptInput, AScriptThatNeverEndsIsRefusedAtItsLimit) {
  ScratchDir dir;
  const ProgramResult lines = run_shell(dir, "yes 'step 1' | app --headless --script -");
  EXPECT_EQ(lines.exit_code, 1) << lines.err;
  EXPECT_EQ(lines.err,
            "grayscott: error: script '<stdin>' has more than 100000 lines, the most a script "
            "may hold\n");
  const ProgramResult zeros = run_shell(dir, "app --headless --script - < /dev/zero");
  EXPECT_EQ(zeros.exit_code, 1) << zeros.err;
  EXPECT_EQ(zeros.err,
            "grayscott: error: script '<stdin>' is longer than 4194304 bytes (4 MiB), the most a "
            "script may hold\n");
  const ProgramResult named = run_shell(dir, "app --headless --script /dev/zero");
  EXPECT_EQ(named.exit_code, 1) << named.err;
  EXPECT_NE(named.err.find("script '/dev/zero' is longer than 4194304 bytes"), std::string::npos)
      << named.err;
  EXPECT_EQ(newlines(named.err), 1) << named.err;
}

class AppScriptInputSignal : public testing::TestWithParam<int> {};

// The script is a FIFO whose writer has sent a line and keeps it open: the app waits in the
// read, where the signal must reach it.
TEST_P(AppScriptInputSignal, EndsTheWaitForTheScriptAs128PlusTheSignal) {
  const int signal = GetParam();
  ScratchDir dir;
  const std::filesystem::path fifo = dir / "script.fifo";
  ASSERT_EQ(::mkfifo(fifo.c_str(), 0600), 0);
  // Read-write, so opening it waits for no reader; the app's open then finds a writer.
  const int writer = ::open(fifo.c_str(), O_RDWR | O_NONBLOCK | O_CLOEXEC);
  ASSERT_GE(writer, 0) << std::strerror(errno);
  const std::string line = "size 64 64\n";
  ASSERT_EQ(::write(writer, line.data(), line.size()), ssize_t(line.size()));
  const int pid = spawn_program("/usr/bin/env",
                                {"-u", "DISPLAY", "XDG_CONFIG_HOME=" + (dir / "config").string(),
                                 GS_APP_BINARY, "--headless", "--script", fifo.string()},
                                dir / "out", dir / "err");
  // Wait until the app has read the line (the FIFO is empty again), then a little more.
  const auto started = Clock::now();
  int waiting = int(line.size());
  while (waiting > 0 && Clock::now() - started < std::chrono::seconds(10)) {
    if (::ioctl(writer, FIONREAD, &waiting) != 0) break;
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
  EXPECT_EQ(waiting, 0) << "the app did not read its script's first line within 10 s";
  std::this_thread::sleep_for(std::chrono::milliseconds(300));
  ::kill(pid, signal);
  const std::optional<int> waited = wait_for_exit(pid, std::chrono::seconds(10));
  if (!waited) ::close(writer);
  ASSERT_TRUE(waited) << "still reading its script 10 s after " << sigabbrev_np(signal);
  const int status = *waited;
  ::close(writer);
  EXPECT_EQ(exit_code_of(status), 128 + signal);
  std::ifstream err(dir / "err");
  const std::string text{std::istreambuf_iterator<char>(err), std::istreambuf_iterator<char>()};
  EXPECT_EQ(text, "grayscott: ended by SIG" + std::string(sigabbrev_np(signal)) + "\n");
}

INSTANTIATE_TEST_SUITE_P(Signals, AppScriptInputSignal, testing::Values(SIGINT, SIGTERM),
                         [](const testing::TestParamInfo<int>& test) {
                           return std::string(sigabbrev_np(test.param));
                         });

TEST(AppStartMemory, TooLittleAddressSpaceIsSaidInOneLine) {
#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
  GTEST_SKIP() << "a sanitizer's shadow memory needs more address space than any limit allows";
#endif
  ScratchDir dir;
  for (const int megabytes : {400, 600}) {
    SCOPED_TRACE(std::to_string(megabytes) + " MB");
    const ProgramResult app =
        run_shell(dir, "ulimit -v " + std::to_string(megabytes * 1024) +
                           " && echo quit | app --headless --backend cpu --script -");
    EXPECT_EQ(app.exit_code, 1) << app.err;
    EXPECT_EQ(app.err.rfind("grayscott: error: not enough memory to start", 0), 0u) << app.err;
    EXPECT_EQ(newlines(app.err), 1) << app.err;
  }
  // Enough for a start: it starts (on Mesa; NVIDIA's driver reserves address space by the GB,
  // which no limit here is meant to measure).
  if (std::filesystem::exists("/dev/nvidiactl")) return;
  const ProgramResult app =
      run_shell(dir, "ulimit -v 2097152 && echo quit | app --headless --backend cpu --script -");
  EXPECT_EQ(app.exit_code, 0) << app.err;
}

}  // namespace
}  // namespace gs::test
