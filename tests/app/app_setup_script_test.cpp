// Handing a setup on as text: the real app writes its setup's script lines (`save-setup`, what
// Ctrl+C copies), reads a script from standard input (`--script -`), names it "<stdin>" in its
// messages, and parses all of it before the first line runs. Copied, run elsewhere and stepped
// alike, a setup gives the same state bit for bit.
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

TEST(AppCopyAsScript, AFreshAppGivenTheCopiedLinesReachesTheSameStateAfterTheSameSteps) {
  ScratchDir dir;
  const auto setup = dir / "setup.gs", first = dir / "first.h5", again = dir / "again.h5";
  const ProgramResult original = run_app_headless(
      dir,
      "pause\nset dt 0.75\nset F 0.03125\nset k 0.0625\nset Du 0.25\nset Dv 0.125\n"
      "set laplacian five-point\nset boundary neumann\nsize 96 64\nreset noise 7\n"
      "set colormap magma\nset field u\nview zoom 2\nview center 30 20\nsave-setup " +
          setup.string() + "\nstep 40\nsave " + first.string() + "\nquit\n");
  ASSERT_EQ(original.exit_code, 0) << original.err;
  const std::string copied = read_file(setup);
  for (const char* line :
       {"set F 0.03125\n", "set Du 0.25\n", "set laplacian five-point\n", "set boundary neumann\n",
        "size 96 64\n", "reset noise 7\n", "set field u\n", "set colormap magma\n", "view zoom 2\n",
        "view center 30 20\n"})
    EXPECT_NE(copied.find(line), std::string::npos) << line << " in:\n" << copied;

  // Handed on: a fresh app, the lines on its standard input, then the same steps.
  const ProgramResult pasted = run_app_on_standard_input(
      dir, "pause\n" + copied + "step 40\nsave " + again.string() + "\nquit\n");
  ASSERT_EQ(pasted.exit_code, 0) << pasted.err;
  const Expected<StateFile> a = read_state(first), b = read_state(again);
  ASSERT_TRUE(a) << a.message();
  ASSERT_TRUE(b) << b.message();
  EXPECT_EQ(b->fields.size, a->fields.size);
  EXPECT_TRUE(b->fields.u == a->fields.u) << "u differs";
  EXPECT_TRUE(b->fields.v == a->fields.v) << "v differs";
  EXPECT_EQ(b->params.F, a->params.F);
  EXPECT_EQ(b->params.Du, a->params.Du);
  EXPECT_EQ(b->params.dt, a->params.dt);
  EXPECT_EQ(b->step, a->step);
}

// The copied lines' header names the preset as their source only while they carry its
// parameters: after a change it says the parameters are custom and which preset it started from.
TEST(AppCopyAsScript, TheHeaderNamesThePresetOnlyWhileTheParametersAreItsOwn) {
  ScratchDir dir;
  const auto same = dir / "same.gs", changed = dir / "changed.gs";
  const ProgramResult app =
      run_app_headless(dir, "pause\npreset coral\nsave-setup " + same.string() +
                                "\nset F 0.03125\nsave-setup " + changed.string() + "\nquit\n");
  ASSERT_EQ(app.exit_code, 0) << app.err;
  EXPECT_EQ(read_file(same).rfind("# Gray-Scott Live setup (from preset coral)\n", 0), 0u)
      << read_file(same);
  EXPECT_EQ(read_file(changed).rfind(
                "# Gray-Scott Live setup (custom parameters, started from preset coral)\n", 0),
            0u)
      << read_file(changed);
}

TEST(AppCopyAsScript, SaveSetupToAFolderThatIsNotThereFailsNamingIt) {
  ScratchDir dir;
  const auto setup = dir / "missing" / "setup.gs";
  const ProgramResult result = run_app_headless(dir, "save-setup " + setup.string() + "\n");
  EXPECT_NE(result.exit_code, 0);
  EXPECT_NE(result.err.find("script.gs:1: "), std::string::npos) << result.err;
  EXPECT_NE(result.err.find(setup.string()), std::string::npos) << result.err;
  EXPECT_FALSE(std::filesystem::exists(setup));
}

}  // namespace
}  // namespace gs::test
