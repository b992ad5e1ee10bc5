// The three programs' exit codes agree (docs/reliability.md): a command-line usage error (an
// unknown option, a malformed value, a size outside its option's range) exits 2, a run that fails
// (an unknown preset, a missing file) exits 1; each says so in one line naming the problem.
#include <fcntl.h>
#include <gtest/gtest.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <stdexcept>
#include <utility>
#include <vector>

#include "run_program.h"

extern char** environ;

namespace gs::test {
namespace {

struct Case {
  const char* program;
  std::vector<std::string> args;
  int exit_code;
  const char* names;  // what the one line names
};

TEST(ExitCodes, UsageErrorsExitTwoAndRuntimeErrorsOneInEveryProgram) {
  ScratchDir dir;
  const std::string out = (dir / "out.h5").string(), sheet = (dir / "sheet.png").string();
  const std::string missing = (dir / "missing.h5").string();
  const std::string app_script = (dir / "quit.gs").string();
  std::ofstream(app_script) << "quit\n";
  const std::vector<Case> cases = {
      {GS_BATCH_BINARY, {"--width", "0", "--steps", "1", "--output", out}, 2, "--width"},
      {GS_BATCH_BINARY, {"--bogus"}, 2, "--bogus"},
      {GS_BATCH_BINARY, {"--input", missing, "--steps", "1", "--output", out}, 1, missing.c_str()},
      {GS_BATCH_BINARY, {"--preset", "nope", "--steps", "1", "--output", out}, 1, "nope"},
      {GS_APP_BINARY, {"--headless", "--script", app_script, "--width", "0"}, 2, "--width"},
      {GS_APP_BINARY, {"--bogus"}, 2, "--bogus"},
      {GS_APP_BINARY, {"--headless", "--script", missing}, 1, missing.c_str()},
      {GS_APP_BINARY, {"--headless", "--script", app_script, "--preset", "nope"}, 1, "nope"},
      {GS_SHEET_BINARY, {"--tile-px", "0", "--output", sheet, missing}, 2, "--tile-px"},
      {GS_SHEET_BINARY, {"--bogus", missing}, 2, "--bogus"},
      {GS_SHEET_BINARY, {"--output", sheet, missing}, 1, missing.c_str()},
  };
  for (const Case& c : cases) {
    std::vector<std::string> args = {"-u", "DISPLAY", "-u", "WAYLAND_DISPLAY", c.program};
    args.insert(args.end(), c.args.begin(), c.args.end());
    const ProgramResult result = run_program("/usr/bin/env", args);
    std::string command = c.program;
    for (const std::string& arg : c.args) command += " " + arg;
    EXPECT_EQ(result.exit_code, c.exit_code) << command << "\n" << result.err;
    EXPECT_NE(result.err.find(c.names), std::string::npos) << command << "\n" << result.err;
    EXPECT_EQ(std::count(result.err.begin(), result.err.end(), '\n'), 1) << result.err;
  }
  EXPECT_FALSE(std::filesystem::exists(out));
  EXPECT_FALSE(std::filesystem::exists(sheet));
}

// `program args` with its standard output a pipe whose reading end is closed before it starts,
// so its first write fails (EPIPE, or SIGPIPE) whatever its pace; stderr into `err`.
int run_into_closed_pipe(const std::string& program, const std::vector<std::string>& args,
                         const std::filesystem::path& err) {
  int ends[2];
  if (::pipe(ends) != 0) throw std::runtime_error("no pipe");
  ::close(ends[0]);
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_adddup2(&actions, ends[1], STDOUT_FILENO);
  posix_spawn_file_actions_addclose(&actions, ends[1]);
  posix_spawn_file_actions_addopen(&actions, STDERR_FILENO, err.c_str(),
                                   O_WRONLY | O_CREAT | O_TRUNC, 0644);
  std::vector<char*> argv{const_cast<char*>(program.c_str())};
  for (const std::string& arg : args) argv.push_back(const_cast<char*>(arg.c_str()));
  argv.push_back(nullptr);
  pid_t pid = 0;
  const int spawned = posix_spawn(&pid, program.c_str(), &actions, nullptr, argv.data(), environ);
  posix_spawn_file_actions_destroy(&actions);
  ::close(ends[1]);
  if (spawned != 0) throw std::runtime_error("cannot start " + program);
  int status = 0;
  ::waitpid(pid, &status, 0);
  return exit_code_of(status);
}

// What a program prints must arrive: to a full disk or a closed standard output, each says so in
// one line and exits 1 rather than 0 (a closed one is never taken by a file the program opens),
// and to a pipe whose reader has gone, 141.
TEST(ExitCodes, OutputThatCannotBeWrittenIsAnErrorInEveryProgram) {
  const std::vector<std::pair<const char*, std::vector<std::string>>> printing = {
      {GS_BATCH_BINARY, {"--help"}},
      {GS_BATCH_BINARY, {"--version"}},
      {GS_BATCH_BINARY, {"--list-presets", "--json"}},
      {GS_BATCH_BINARY, {"--list-backends"}},
      {GS_APP_BINARY, {"--version"}},
      {GS_APP_BINARY, {"--script-help"}},
      {GS_SHEET_BINARY, {"--help"}},
  };
  for (const auto& [redirect, reason] :
       {std::pair<std::string, std::string>{">/dev/full", "No space left on device"},
        {">&-", "Bad file descriptor"}}) {
    for (const auto& [program, args] : printing) {
      std::vector<std::string> shell = {"-c", "exec \"$0\" \"$@\" " + redirect, program};
      shell.insert(shell.end(), args.begin(), args.end());
      const ProgramResult result = run_program("/bin/sh", shell);
      const std::string name = std::filesystem::path(program).filename().string();
      const std::string command = name + " " + args.front() + " " + redirect;
      EXPECT_EQ(result.exit_code, 1) << command << "\n" << result.err;
      EXPECT_EQ(result.err, name + ": error: cannot write to standard output: " + reason + "\n")
          << command;
    }
  }
  // A pipe whose reader has gone: the same line, and the status SIGPIPE gives (141).
  ScratchDir dir;
  for (const auto& [program, args] : printing) {
    const std::string name = std::filesystem::path(program).filename().string();
    const int exit_code = run_into_closed_pipe(program, args, dir / "err");
    EXPECT_EQ(exit_code, 141) << name << " " << args.front() << " | (gone)";
    EXPECT_EQ(read_file(dir / "err"),
              name + ": error: cannot write to standard output: Broken pipe\n")
        << name << " " << args.front();
  }
  // Written where it can be, the same commands end well.
  const ProgramResult listed = run_program(GS_BATCH_BINARY, {"--list-presets", "--json"});
  EXPECT_EQ(listed.exit_code, 0) << listed.err;
  EXPECT_FALSE(listed.out.empty());
}

}  // namespace
}  // namespace gs::test
