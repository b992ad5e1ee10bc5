// Copy as script through ImGui's clipboard, with no display (ImGui's own clipboard stands in for
// the system's): Ctrl+C and Ctrl+V are keys of their own, apart from V, the copied text is the
// setup's script and pastes back as its commands, and bad text pushes nothing and says why.
#include <gtest/gtest.h>

#include <GLFW/glfw3.h>
#include <imgui.h>

#include <cfloat>
#include <string>
#include <vector>

#include "command_script.h"
#include "input.h"
#include "panel_driver.h"
#include "setup_clipboard.h"
#include "setup_script.h"

namespace gs::app {
namespace {

TEST(PanelClipboard, CtrlCAndCtrlVAreTheirOwnKeysApartFromV) {
  test::PanelDriver driver;
  const auto [pasted_commands, paste] = driver.press_key(GLFW_KEY_V, true);
  EXPECT_TRUE(paste.paste_setup);
  EXPECT_TRUE(pasted_commands.empty()) << "Ctrl+V does not start a recording";
  const auto [record_commands, record] = driver.press_key(GLFW_KEY_V);
  EXPECT_FALSE(record.paste_setup);
  ASSERT_EQ(record_commands.size(), 1u);
  EXPECT_TRUE(std::holds_alternative<command::RecordStart>(record_commands[0]));
  EXPECT_TRUE(driver.press_key(GLFW_KEY_C, true).second.copy_setup);
  EXPECT_FALSE(driver.press_key(GLFW_KEY_C).second.copy_setup);
}

TEST(PanelClipboard, TheCopiedSetupPastesBackAndBadTextPushesNothing) {
  test::PanelDriver driver;
  ASSERT_TRUE(driver.simulation().apply(command::SetSimulation{SimulationControl::F, 0.03125f}));
  ViewState view;
  view.colormap = "magma";
  // The system's clipboard as ImGui's GLFW backend connects it, here a string.
  std::string clipboard;
  ImGuiIO& io = ImGui::GetIO();
  io.ClipboardUserData = &clipboard;
  io.SetClipboardTextFn = [](void* data, const char* text) {
    *static_cast<std::string*>(data) = text;
  };
  io.GetClipboardTextFn = [](void* data) { return static_cast<std::string*>(data)->c_str(); };
  std::string copied, problem, bad_problem, empty_problem;
  std::vector<Command> pasted, after_bad;
  driver.frame(ImVec2(-FLT_MAX, -FLT_MAX), false, [&] {
    copy_setup_to_clipboard(driver.simulation(), view);
    copied = ImGui::GetClipboardText();
    problem = paste_setup_from_clipboard(pasted);
    ImGui::SetClipboardText("set F 0.02\nbogus 1\n");
    bad_problem = paste_setup_from_clipboard(after_bad);
    ImGui::SetClipboardText("");
    empty_problem = paste_setup_from_clipboard(after_bad);
  });
  io.SetClipboardTextFn = nullptr;
  io.GetClipboardTextFn = nullptr;
  io.ClipboardUserData = nullptr;
  const SetupState setup = setup_of(driver.simulation(), view);
  EXPECT_EQ(copied, setup_script(setup));
  EXPECT_NE(copied.find("set F 0.03125\n"), std::string::npos) << copied;
  EXPECT_NE(copied.find("set colormap magma\n"), std::string::npos) << copied;
  EXPECT_EQ(problem, "");
  EXPECT_EQ(test::script_lines_of(pasted), test::script_lines_of(setup_commands(setup)));
  EXPECT_EQ(bad_problem, "paste: <clipboard>:2: unknown command 'bogus'; nothing changed");
  EXPECT_EQ(empty_problem, "paste: <clipboard>: no script lines to paste; nothing changed");
  EXPECT_TRUE(after_bad.empty());
}

}  // namespace
}  // namespace gs::app
