// A running demo's controls in the panel and the presentation bar: the name and "caption 3 of 13",
// the buttons push the same `script ...` commands as Home, Page Up, Page Down and Esc, next is
// greyed out at the last caption, and with the controls shown nothing is clipped at any scale.
#include <GLFW/glfw3.h>
#include <gtest/gtest.h>

#include "command_script.h"
#include "panel_driver.h"
#include "screen_layout.h"

namespace gs::app {
namespace {

using test::PanelDriver;

const ScriptProgress kTour{"pearson-tour", 3, 13, false, false};

// The ID of a button of the controls (they sit in their own ID scope).
ImGuiID control_id(const char* label, const ImGuiWindow* window) {
  return ImHashStr(label, 0, PanelDriver::id_of("demo controls", window));
}

TEST(PanelDemoControls, ThePanelShowsWhereTheDemoIsAndItsButtonsPushTheScriptControls) {
  PanelDriver driver;
  EXPECT_EQ(driver.text_of_frame().find("caption "), std::string::npos) << "no demo, no controls";
  driver.set_script(kTour);
  driver.frame(ImVec2(-FLT_MAX, -FLT_MAX));
  EXPECT_NE(driver.text_of_frame().find("caption 3 of 13"), std::string::npos);
  std::vector<std::string> lines;
  for (const char* button : {"Restart", "previous", "next", "Stop"}) {
    const std::optional<ImVec2> at =
        driver.find(control_id(button, driver.panel()), driver.panel());
    ASSERT_TRUE(at) << button << " not found";
    for (const std::string& line : test::script_lines_of(driver.click(*at))) lines.push_back(line);
  }
  EXPECT_EQ(lines, (std::vector<std::string>{"script restart", "script previous", "script next",
                                             "script stop"}));
}

// Before its first caption a demo names none ("caption - of 13", never a caption 0); once it has
// ended, its controls go (the bar shows the Demos list again; its last caption stays).
TEST(PanelDemoControls, NoCaptionZeroAndNoControlsOnceTheDemoHasEnded) {
  PanelDriver driver;
  driver.set_script(ScriptProgress{"pearson-tour", 0, 13, false, false});
  const std::string starting = driver.text_of_frame();
  EXPECT_NE(starting.find("caption - of 13"), std::string::npos) << starting;
  EXPECT_EQ(starting.find("caption 0"), std::string::npos) << starting;
  driver.set_script(ScriptProgress{"pearson-tour", 13, 13, false, true});
  const std::string ended = driver.text_of_frame();
  EXPECT_EQ(ended.find("caption "), std::string::npos) << ended;
  EXPECT_EQ(driver.find(control_id("Stop", driver.panel()), driver.panel()), std::nullopt);
}

TEST(PanelDemoControls, NextIsGreyedOutAtTheLastCaption) {
  PanelDriver driver;
  driver.set_script(ScriptProgress{"pearson-tour", 12, 13, false, false});
  driver.frame(ImVec2(-FLT_MAX, -FLT_MAX));
  const std::optional<ImVec2> at = driver.find(control_id("next", driver.panel()), driver.panel());
  ASSERT_TRUE(at);
  driver.set_script(ScriptProgress{"pearson-tour", 13, 13, false, false});
  driver.frame(ImVec2(-FLT_MAX, -FLT_MAX));
  EXPECT_TRUE(driver.click(*at).empty()) << "past the last caption there is no next";
  driver.set_script(ScriptProgress{"pearson-tour", 12, 13, false, false});
  driver.frame(ImVec2(-FLT_MAX, -FLT_MAX));
  EXPECT_EQ(test::script_lines_of(driver.click(*at)), std::vector<std::string>{"script next"})
      << "the same point, with a caption to go";
}

// A presenter's clicker sends Page Down and Page Up; Home and Esc beside them.
TEST(PanelDemoControls, TheKeysPushTheSameCommands) {
  std::vector<Command> commands;
  const std::vector<std::string> no_favourites;
  key_commands({true, false, true, false, no_favourites},
               {{GLFW_KEY_PAGE_DOWN},
                {GLFW_KEY_PAGE_UP},
                {GLFW_KEY_HOME},
                {GLFW_KEY_ESCAPE},
                {GLFW_KEY_PAGE_DOWN, false, true}},
               commands);
  EXPECT_EQ(
      test::script_lines_of(commands),
      (std::vector<std::string>{"script next", "script previous", "script restart", "script stop"}))
      << "a held Page Down does not repeat";
}

// Esc over an open list closes the list (ImGui leaves that to keyboard navigation, which is off)
// and does not stop the demo too; the next Esc, the list closed, stops it.
TEST(PanelDemoControls, EscOverAnOpenListDoesNotStopTheDemo) {
  PanelDriver driver;
  const std::vector<std::string> no_favourites;
  const std::vector<KeyPress> presses = {{GLFW_KEY_ESCAPE}, {GLFW_KEY_PAGE_DOWN}};
  std::vector<Command> over_a_list, over_nothing;
  driver.frame(ImVec2(-FLT_MAX, -FLT_MAX), false, [&] {
    ImGui::OpenPopup("a list");
    if (ImGui::BeginPopup("a list")) {
      push_key_commands({true, false, true, false, no_favourites}, presses, over_a_list);
      ImGui::EndPopup();
    }
  });
  driver.frame(ImVec2(-FLT_MAX, -FLT_MAX), false, [&] {
    ASSERT_FALSE(
        ImGui::IsPopupOpen("", ImGuiPopupFlags_AnyPopupId | ImGuiPopupFlags_AnyPopupLevel));
    push_key_commands({true, false, true, false, no_favourites}, presses, over_nothing);
  });
  EXPECT_EQ(test::script_lines_of(over_a_list), std::vector<std::string>{"script next"});
  EXPECT_EQ(test::script_lines_of(over_nothing),
            (std::vector<std::string>{"script stop", "script next"}));
}

TEST(PanelDemoControls, WithTheControlsShownNothingIsClippedAtAnyScale) {
  PanelDriver driver;
  driver.set_script(kTour);
  for (const ImVec2 window : {ImVec2(1280, 720), ImVec2(1920, 1080)})
    for (const float scale : {1.0f, 1.5f, 2.0f, 3.0f})
      for (const bool presentation : {false, true}) {
        const float text_px = fitted_text_px(13.0f * scale, window.x, window.y, presentation);
        for (const ClippedWindow& clipped :
             driver.clipped_windows_at(text_px, window, presentation))
          ADD_FAILURE() << int(window.x) << "x" << int(window.y) << " at scale " << scale
                        << (presentation ? ", presenting" : "") << ": '" << clipped.window
                        << "' is clipped by " << clipped.overflow_px << " px";
      }
}

}  // namespace
}  // namespace gs::app
