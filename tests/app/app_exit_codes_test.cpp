// The three programs' exit codes agree (docs/reliability.md): a command-line usage error (an
// unknown option, a malformed value, a size outside its option's range) exits 2, a run that fails
// (an unknown preset, a missing file) exits 1; each says so in one line naming the problem.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <utility>
#include <vector>

#include "run_program.h"

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

// What a program prints must arrive: to a full disk or a closed standard output, each says so in
// one line and exits 1 rather than 0 (a closed one is never taken by a file the program opens).
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
  // Written where it can be, the same commands end well.
  const ProgramResult listed = run_program(GS_BATCH_BINARY, {"--list-presets", "--json"});
  EXPECT_EQ(listed.exit_code, 0) << listed.err;
  EXPECT_FALSE(listed.out.empty());
}

}  // namespace
}  // namespace gs::test
