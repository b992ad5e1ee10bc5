// The control panel, headless: Dear ImGui with no window and no renderer draws the real panel over
// a real simulation, fed mouse input by hand (panel_driver.h), and the tests read the commands it
// pushes. So the UI code runs in CI with no display, GL, GLFW or Xvfb, in well under a second;
// the Xvfb tests run the whole program. Every command the panel can push must be one a script can
// make.
#include <gtest/gtest.h>

#include <algorithm>
#include <set>
#include <string>
#include <vector>

#include "command_script.h"
#include "input.h"
#include "overlays.h"
#include "panel_driver.h"
#include "script_parser.h"

namespace gs::app {
namespace {

using test::PanelDriver;

// What a command does, without its value: "pause", "preset", "set F", "set colormap".
std::string kind_of(const Command& command) {
  if (const auto* set = std::get_if<command::SetSimulation>(&command))
    return "set " + std::string(spec_of(set->control).name);
  if (const auto* set = std::get_if<command::SetView>(&command))
    return "set " + std::string(spec_of(set->control).name);
  const std::string line = to_script_line(command);
  return line.substr(0, line.find(' '));
}

// The one command a click pushed, as its script line ("" and a failure when it was not one).
std::string only_line(const std::vector<Command>& commands) {
  EXPECT_EQ(commands.size(), 1u);
  return commands.size() == 1 ? to_script_line(commands.front()) : "";
}

// A point over the panel's widget with this label; fails the test where there is none.
ImVec2 find_in_panel(PanelDriver& driver, const char* label) {
  const std::optional<ImVec2> at =
      driver.find(PanelDriver::id_of(label, driver.panel()), driver.panel());
  EXPECT_TRUE(at.has_value()) << "no \"" << label << "\" in the panel";
  return at.value_or(ImVec2(-FLT_MAX, -FLT_MAX));
}

TEST(PanelHeadless, FramesWithoutAClickPushNothing) {
  PanelDriver driver;
  ASSERT_NE(driver.panel(), nullptr);
  EXPECT_TRUE(driver.frame(ImVec2(-FLT_MAX, -FLT_MAX)).empty());
  // The mouse moving over the panel, button up, changes nothing either.
  const ImGuiWindow& panel = *driver.panel();
  for (float y = panel.Pos.y; y < panel.Pos.y + 400.0f; y += 20.0f)
    EXPECT_TRUE(driver.frame(ImVec2(panel.Pos.x + 60.0f, y)).empty());
  EXPECT_TRUE(driver.pushed().empty());
}

TEST(PanelHeadless, RunButtonsPushPauseRunStepAndReset) {
  PanelDriver driver;
  ASSERT_TRUE(driver.simulation().running());
  const ImVec2 pause = find_in_panel(driver, "Pause");
  EXPECT_EQ(only_line(driver.click(pause)), "pause");
  EXPECT_FALSE(driver.simulation().running());
  // The same button now reads Run.
  EXPECT_EQ(driver.hovered_at(pause), PanelDriver::id_of("Run", driver.panel()));
  EXPECT_EQ(only_line(driver.click(pause)), "run");
  EXPECT_TRUE(driver.simulation().running());

  EXPECT_EQ(only_line(driver.click(find_in_panel(driver, "Step"))), "step 1");
  EXPECT_EQ(driver.simulation().pending_steps(), 1);
  EXPECT_EQ(only_line(driver.click(find_in_panel(driver, "Reset"))), "reset");
  EXPECT_TRUE(driver.refusals().empty());
}

// The first preset the list shows (its first group's first), unless it is the one loaded.
std::string first_listed_preset_but(const PresetLibrary& library, const std::string& loaded) {
  for (const PresetGroup& group : library.groups)
    for (const Preset& preset : library.presets)
      if (preset.group == group.id && preset.name != loaded) return preset.name;
  return "";
}

TEST(PanelHeadless, ThePresetListLoadsTheChosenPreset) {
  PanelDriver driver;
  ASSERT_EQ(driver.simulation().preset_name(), "coral");
  // The list scrolls after a few entries: the first one is sure to be in view.
  const std::string chosen = first_listed_preset_but(driver.simulation().presets(), "coral");
  ASSERT_FALSE(chosen.empty());
  EXPECT_TRUE(driver.click(find_in_panel(driver, "preset")).empty());
  ImGuiWindow* list = driver.open_popup();
  ASSERT_NE(list, nullptr) << "the preset combo opened no list";
  const std::optional<ImVec2> at = driver.find(PanelDriver::id_of(chosen.c_str(), list), list);
  ASSERT_TRUE(at.has_value()) << "no " << chosen << " in the preset list";
  EXPECT_EQ(only_line(driver.click(*at)), "preset " + chosen);
  EXPECT_EQ(driver.simulation().preset_name(), chosen);
  EXPECT_EQ(driver.open_popup(), nullptr);
}

TEST(PanelHeadless, KeepTheCurrentStateBesideThePresetsTurnsReseedingOff) {
  PanelDriver driver;
  ASSERT_TRUE(driver.simulation().reseed_on_preset());
  EXPECT_EQ(only_line(driver.click(find_in_panel(driver, "keep the current state"))),
            "set reseed-on-preset off");
  EXPECT_FALSE(driver.simulation().reseed_on_preset());
}

TEST(PanelHeadless, TheFSliderSetsFToWhereItIsClicked) {
  PanelDriver driver;
  const float before = driver.simulation().params().F;
  const std::vector<Command> pushed = driver.click(find_in_panel(driver, "F"));
  ASSERT_EQ(pushed.size(), 1u);
  const auto* set = std::get_if<command::SetSimulation>(&pushed.front());
  ASSERT_NE(set, nullptr) << to_script_line(pushed.front());
  EXPECT_EQ(set->control, SimulationControl::F);
  EXPECT_EQ(driver.simulation().params().F, std::get<float>(set->value));
  EXPECT_NE(driver.simulation().params().F, before);
  EXPECT_EQ(driver.simulation().preset_label().rfind("custom (", 0), 0u)
      << driver.simulation().preset_label();
}

// The edit fields are the panel's own state: the app keeps them, and a test can set them.
TEST(PanelHeadless, EditFieldsLiveInThePanelState) {
  PanelDriver driver;
  EXPECT_TRUE(driver.click(find_in_panel(driver, "Grid, backend, transfer")).empty());
  // Once shown, the size fields follow the grid, and follow it again when it changes elsewhere.
  EXPECT_EQ(driver.panel_state().grid_width, 64);
  EXPECT_EQ(driver.panel_state().grid_height, 48);
  ASSERT_TRUE(driver.simulation().apply(command::Resize{96, 32}));
  driver.frame(ImVec2(-FLT_MAX, -FLT_MAX));
  EXPECT_EQ(driver.panel_state().grid_width, 96);
  EXPECT_EQ(driver.panel_state().grid_height, 32);
  driver.panel_state().grid_width = 128;
  EXPECT_EQ(only_line(driver.click(find_in_panel(driver, "Apply size (state resampled)"))),
            "size 128 32");

  driver.panel_state().video_steps_per_frame = 4;
  driver.panel_state().video_fps = 12;
  EXPECT_TRUE(driver.click(find_in_panel(driver, "Video")).empty());
  EXPECT_EQ(only_line(driver.click(find_in_panel(driver, "Record (V)"))), "record start 4 12");
}

// The View section: reverse flips the map (`NAME_r`), and auto range and relief are switches.
TEST(PanelHeadless, TheViewSectionReversesTheMapAndSwitchesAutoRangeAndRelief) {
  PanelDriver driver;
  EXPECT_TRUE(driver.click(find_in_panel(driver, "View")).empty());
  EXPECT_EQ(only_line(driver.click(find_in_panel(driver, "reverse"))), "set colormap viridis_r");
  EXPECT_EQ(only_line(driver.click(find_in_panel(driver, "auto range"))), "set range-auto on");
  EXPECT_EQ(only_line(driver.click(find_in_panel(driver, "relief"))), "set relief on");
}

// What every build's panel reaches: all but the CPU loop's controls, disabled on CUDA. (Kept
// packed: clang-format would give each its own line.)
// clang-format off
const char* const kKindsReachedOnAnyBuild[] = {
    "pause", "run", "step", "reset", "set init", "set seed", "steps-per-frame", "preset", "set F",
    "set k", "set laplacian", "set boundary", "set reseed-on-preset", "favourite", "set mode",
    "set reseed-on-pick", "size", "backend", "transfer", "set kernel", "set field", "set colormap",
    "set brush-radius", "set brush-value", "set filter", "screenshot", "record", "save", "load",
    "set ui-scale", "set font-size", "set presentation", "set export-overlays", "demo",
    "set range-auto", "set relief", "style-gradient", "style-a", "style-b", "set style-overlay",
    "set brush-style"};
// clang-format on

// Every widget clicked once: the panel pushes the commands people use, every one is a command a
// script can make (its script line parses back to the same command), and the simulation takes
// each of its own, or refuses it with a message (the CPU twin has no CUDA launch to set).
TEST(PanelHeadless, EveryCommandThePanelPushesIsOneAScriptCanMake) {
  PanelDriver driver;
  const std::vector<Command> pushed = driver.click_every_widget();
  EXPECT_FALSE(driver.panel()->ScrollbarY) << "the panel must fit: the scan does not scroll";

  std::set<std::string> kinds;
  for (const Command& command : pushed) kinds.insert(kind_of(command));
  std::string seen;
  for (const std::string& kind : kinds) seen += " [" + kind + "]";
  for (const char* kind : kKindsReachedOnAnyBuild)
    EXPECT_EQ(kinds.count(kind), 1u) << "the scan never pushed " << kind << "; it pushed" << seen;

  for (const Command& command : pushed) {
    const std::string line = to_script_line(command);
    Expected<std::vector<ScriptLine>> parsed = parse_script(line, "panel.gs");
    ASSERT_TRUE(parsed) << line << ": " << parsed.message();
    ASSERT_EQ(parsed->size(), 1u) << line;
    EXPECT_EQ(parsed->front().command.index(), command.index()) << line;
    EXPECT_EQ(to_script_line(parsed->front().command), line);
  }
  // Most go through; the refusals are the few values this backend or grid cannot take.
  EXPECT_LT(driver.refusals().size(), pushed.size() / 4);
}

}  // namespace
}  // namespace gs::app

namespace gs::app {
namespace {

// At every UI scale a lecturer uses, on the screens of a lecture hall, in both modes, with every
// section of the panel open, a long caption and the F1 help: no window's content is wider than
// the window, and no window reaches past the screen. The text size is the one the app draws at
// (fitted to the window, as the app does).
TEST(PanelHeadless, NothingIsClippedAtAnyScaleOnLectureHallScreens) {
  PanelDriver driver;
  for (const ImVec2 window : {ImVec2(1280, 720), ImVec2(1920, 1080)})
    for (const float scale : {1.0f, 1.5f, 2.0f, 3.0f})
      for (const bool presentation : {false, true}) {
        const float text_px = fitted_text_px(13.0f * scale, window.x, window.y, presentation);
        std::string where = std::to_string(int(window.x)) + "x" + std::to_string(int(window.y)) +
                            " at scale " + std::to_string(scale) +
                            (presentation ? ", presenting" : "");
        for (const ClippedWindow& clipped :
             driver.clipped_windows_at(text_px, window, presentation))
          ADD_FAILURE() << where << ": '" << clipped.window << "' is clipped by "
                        << clipped.overflow_px << " px";
      }
}

// The check can fail: a panel far too narrow for its text is reported.
TEST(PanelHeadless, TheClipCheckSeesAPanelTooNarrowForItsText) {
  PanelDriver driver;
  const std::vector<ClippedWindow> clipped =
      driver.clipped_windows_at(60.0f, ImVec2(400, 720), false);
  const auto panel = std::find_if(clipped.begin(), clipped.end(), [](const ClippedWindow& w) {
    return w.window == PanelDriver::kPanelWindow;
  });
  EXPECT_NE(panel, clipped.end()) << "the panel at 60-pixel text in a 400-pixel window";
}

}  // namespace
}  // namespace gs::app

namespace gs::app {
namespace {

// The F1 help is made from the table the key handler reads: every key it lists does something
// when pressed, and the help shows every key (V included) and every mouse gesture.
TEST(PanelHeadless, TheKeyHelpListsEveryKeyTheHandlerActsOn) {
  PanelDriver driver;
  for (const KeyBinding& binding : key_bindings()) {
    // The blank keys act while presenting only.
    const bool blanks =
        binding.action == KeyAction::BlankBlack || binding.action == KeyAction::BlankWhite;
    driver.set_presenting(blanks);
    const auto [commands, actions] = driver.press_key(binding.first_key, binding.ctrl);
    EXPECT_TRUE(!commands.empty() || actions.toggle_help || actions.toggle_fullscreen ||
                actions.copy_setup || actions.paste_setup || actions.blank)
        << binding.key_name << " does nothing";
  }
  driver.set_presenting(false);
  bool help_shown = true;
  const std::optional<std::string> no_divergence;
  const std::string no_caption;
  const std::string text = driver.text_of_frame([&] {
    draw_overlays({no_divergence, nullptr, help_shown, no_caption}, ScreenLayout{}, UiFonts{});
  });
  for (const KeyBinding& binding : key_bindings()) {
    EXPECT_NE(text.find(binding.key_name), std::string::npos) << binding.key_name;
    EXPECT_NE(text.find(binding.description), std::string::npos) << binding.description;
  }
  for (const MouseGesture& gesture : mouse_gestures())
    EXPECT_NE(text.find(gesture.gesture), std::string::npos) << gesture.gesture;
  EXPECT_NE(text.find("record video"), std::string::npos) << "V is in the help";
}

// Paused, the Timings say so and show no rates; running, they show them.
TEST(PanelHeadless, TheTimingsSayPausedAndShowNoStaleRates) {
  PanelDriver driver;
  ASSERT_TRUE(driver.simulation().apply(command::Run{}));
  EXPECT_NE(driver.text_of_frame().find("measuring"), std::string::npos) << "no frame measured yet";
  driver.measure_frames(app::FrameStats::kSettleFrames + 1);
  const std::string running = driver.text_of_frame();
  EXPECT_NE(running.find("steps/s"), std::string::npos) << running;
  // Which frames the figures are of.
  EXPECT_NE(running.find("averages of the last 1 frame of: CPU twin fast"), std::string::npos)
      << running;
  ASSERT_TRUE(driver.simulation().apply(command::Pause{}));
  const std::string paused = driver.text_of_frame();
  EXPECT_NE(paused.find("paused at step"), std::string::npos) << paused;
  EXPECT_EQ(paused.find("steps/s"), std::string::npos) << "no rate while paused";
  EXPECT_EQ(paused.find("ms/frame"), std::string::npos) << "no time while paused";
}

// The transfer list shows every path; those the backend cannot use are greyed out (they cannot
// be chosen) with the reason under them.
TEST(PanelHeadless, TheTransferListGreysOutPathsTheBackendCannotUseAndSaysWhy) {
  PanelDriver driver;
  driver.set_transfer_unavailable(
      {"needs the cuda backend: the field is in host memory", "no CUDA device here", "",
       "needs the gl backend: the field is computed outside the GL context"});
  driver.click(find_in_panel(driver, "Grid, backend, transfer"));
  driver.click(find_in_panel(driver, "transfer"));
  ImGuiWindow* list = driver.open_popup();
  ASSERT_NE(list, nullptr) << "the transfer list opens";
  const std::string text = driver.text_of_frame();
  EXPECT_NE(text.find("needs the cuda backend: the field is in host memory"), std::string::npos);
  EXPECT_NE(text.find("no CUDA device here"), std::string::npos);
  // Clicking each row: only the path that can run is chosen.
  std::vector<float> rows;
  ImGuiID last = 0;
  for (float y = list->Pos.y + 2; y < list->Pos.y + list->Size.y; y += 4)
    if (const ImGuiID id = driver.hovered_at(ImVec2(list->Pos.x + 10, y)); id != 0 && id != last)
      rows.push_back(y), last = id;
  EXPECT_EQ(rows.size(), 4u) << "a row for each path";
  std::vector<Command> chosen;
  for (const float y : rows) {
    if (!driver.open_popup()) driver.click(find_in_panel(driver, "transfer"));
    for (const Command& command : driver.click(ImVec2(list->Pos.x + 10, y)))
      if (std::holds_alternative<command::SelectTransfer>(command)) chosen.push_back(command);
  }
  ASSERT_EQ(chosen.size(), 1u) << "interop, host and none are greyed out";
  EXPECT_EQ(std::get<command::SelectTransfer>(chosen.front()).path, TransferPath::Upload);
}

}  // namespace
}  // namespace gs::app
