// The three programs' exit codes agree (docs/reliability.md): a command-line usage error (an
// unknown option, a malformed value, a size outside its option's range) exits 2, a run that fails
// (an unknown preset, a missing file) exits 1; each says so in one line naming the problem.
#include <gtest/gtest.h>

#include <algorithm>
#include <fstream>

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

}  // namespace
}  // namespace gs::test
