// Copy as script through the real clipboard: in grayscott under Xvfb, Ctrl+C (xdotool's XTEST
// presses) copies a custom setup, the script then changes it, and Ctrl+V puts it back, through
// GLFW's clipboard as a person at the keyboard would.
#include <gtest/gtest.h>

#include "app_run_support.h"
#include "gs/state_file.h"

namespace gs::test {
namespace {

TEST(AppClipboardTiming, CtrlCCopiesTheSetupAndCtrlVPutsItBack) {
  ScratchDir dir;
  const auto copied = dir / "copied.png", changed = dir / "changed.png", state = dir / "state.h5";
  // Each capture says when the keys may come; the waits give them time to arrive.
  const std::string script =
      "pause\nset F 0.03125\nset boundary neumann\nsize 96 64\nreset noise 7\nrun-frames 5\n"
      "screenshot " +
      copied.string() +
      "\nwait 4\nset F 0.05\nset boundary periodic\nsize 32 32\n"
      "run-frames 5\nscreenshot " +
      changed.string() + "\nwait 4\nsave " + state.string() + "\nquit\n";
  const ProgramResult app =
      run_app_with_input(dir, script, copied,
                         "press ctrl+c\nfor i in $(seq 300); do [ -e '" + changed.string() +
                             "' ] && break; sleep 0.1; done\npress ctrl+v");
  ASSERT_EQ(app.exit_code, 0) << app.err;
  const Expected<StateFile> saved = read_state(state);
  ASSERT_TRUE(saved) << saved.message();
  EXPECT_EQ(saved->fields.size, (GridSize{96, 64})) << "the pasted size";
  ASSERT_TRUE(saved->params.F && saved->params.boundary);
  EXPECT_EQ(*saved->params.F, 0.03125f) << "the pasted F";
  EXPECT_EQ(*saved->params.boundary, Boundary::Neumann);
}

}  // namespace
}  // namespace gs::test
