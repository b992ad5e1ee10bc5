// Handing a setup on as text: the real app reads a script from standard input (`--script -`),
// names it "<stdin>" in its messages, and parses all of it before the first line runs.
#include <gtest/gtest.h>

#include <fstream>
#include <string>

#include "app_run_support.h"
#include "gs/state_file.h"

namespace gs::test {
namespace {

// The headless app with `--script -`, the script fed to its standard input.
ProgramResult run_app_on_standard_input(const ScratchDir& dir, const std::string& script_text) {
  const auto script = dir / "stdin.gs";
  std::ofstream(script) << script_text;
  const std::string command =
      "exec env -u DISPLAY -u WAYLAND_DISPLAY XDG_CONFIG_HOME='" + (dir / "config").string() +
      "' XDG_PICTURES_DIR='" + (dir / "pictures").string() +
      "' '" GS_APP_BINARY "' --headless --script - < '" + script.string() + "'";
  return run_program("/bin/sh", {"-c", command});
}

TEST(AppScriptFromStandardInput, RunsItsLines) {
  ScratchDir dir;
  const auto state = dir / "state.h5";
  const ProgramResult result = run_app_on_standard_input(
      dir, "size 48 32\nset F 0.03125\npause\nstep 3\nsave " + state.string() + "\nquit\n");
  ASSERT_EQ(result.exit_code, 0) << result.err;
  const Expected<StateFile> saved = read_state(state);
  ASSERT_TRUE(saved) << saved.message();
  EXPECT_EQ(saved->fields.size, (GridSize{48, 32}));
  ASSERT_TRUE(saved->params.F.has_value());
  EXPECT_EQ(*saved->params.F, 0.03125f);
}

TEST(AppScriptFromStandardInput, ABadLineIsNamedAsStandardInputAndNothingRuns) {
  ScratchDir dir;
  const auto state = dir / "state.h5";
  const ProgramResult result =
      run_app_on_standard_input(dir, "save " + state.string() + "\nset F abc\nquit\n");
  EXPECT_NE(result.exit_code, 0);
  EXPECT_NE(result.err.find("<stdin>:2: set F: 'abc' is not a number"), std::string::npos)
      << result.err;
  EXPECT_FALSE(std::filesystem::exists(state));  // the first line never ran
}

}  // namespace
}  // namespace gs::test
