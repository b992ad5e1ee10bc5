// The keys as queued presses: the queue keeps every press once, in order, and the handler turns
// each into its command: N presses of a key in one frame act N times (a toggle toggles N times),
// held keys repeat only the step, and nothing acts while ImGui wants the keyboard.
#include <gtest/gtest.h>

#include <GLFW/glfw3.h>
#include <imgui.h>

#include <cfloat>
#include <vector>

#include "command_script.h"
#include "input.h"
#include "key_presses.h"
#include "panel_driver.h"

namespace gs::app {
namespace {

const std::vector<std::string> kNoFavourites;

TEST(KeyPresses, TheQueueGivesEachPressOnceInOrderAndDropsPastItsCapacity) {
  KeyPressQueue queue;
  queue.push({GLFW_KEY_S, false, false});
  queue.push({GLFW_KEY_C, true, false});
  queue.push({GLFW_KEY_S, false, true});
  const std::vector<KeyPress> taken = queue.take();
  ASSERT_EQ(taken.size(), 3u);
  EXPECT_EQ(taken[0].key, GLFW_KEY_S);
  EXPECT_TRUE(taken[1].ctrl);
  EXPECT_TRUE(taken[2].repeat);
  EXPECT_TRUE(queue.take().empty()) << "taken once";
  for (std::size_t i = 0; i < KeyPressQueue::kCapacity + 10; ++i) queue.push({GLFW_KEY_S});
  EXPECT_EQ(queue.take().size(), KeyPressQueue::kCapacity);
}

TEST(KeyPresses, EveryPressInAFrameActsOnce) {
  std::vector<Command> commands;
  const std::vector<KeyPress> five_steps(5, KeyPress{GLFW_KEY_S, false, false});
  key_commands({false, false, false, false, kNoFavourites}, five_steps, commands);
  EXPECT_EQ(test::script_lines_of(commands), std::vector<std::string>(5, "step 1"));
}

TEST(KeyPresses, ATogglePressedTwiceInAFrameTogglesTwice) {
  std::vector<Command> commands;
  const std::vector<KeyPress> presses = {{GLFW_KEY_SPACE}, {GLFW_KEY_SPACE}, {GLFW_KEY_H},
                                         {GLFW_KEY_H},     {GLFW_KEY_F5},    {GLFW_KEY_F1},
                                         {GLFW_KEY_F1},    {GLFW_KEY_F11}};
  const KeyActions actions =
      key_commands({true, false, false, false, kNoFavourites}, presses, commands);
  EXPECT_EQ(test::script_lines_of(commands),
            (std::vector<std::string>{"pause", "run", "set ui hidden", "set ui shown",
                                      "set presentation on"}));
  EXPECT_FALSE(actions.toggle_help) << "F1 twice: the help as it was";
  EXPECT_TRUE(actions.toggle_fullscreen);
}

TEST(KeyPresses, HeldOnlyTheStepKeyRepeats) {
  std::vector<Command> commands;
  const std::vector<KeyPress> held = {{GLFW_KEY_S, false, false},    {GLFW_KEY_S, false, true},
                                      {GLFW_KEY_S, false, true},     {GLFW_KEY_SPACE, false, false},
                                      {GLFW_KEY_SPACE, false, true}, {GLFW_KEY_P, false, true}};
  key_commands({false, false, false, false, kNoFavourites}, held, commands);
  EXPECT_EQ(test::script_lines_of(commands),
            (std::vector<std::string>{"step 1", "step 1", "step 1", "run"}));
}

TEST(KeyPresses, CtrlChoosesBetweenAKeyAndItsCtrlBinding) {
  std::vector<Command> commands;
  const std::vector<std::string> favourites = {"pearson-alpha", "pearson-beta"};
  const KeyActions actions = key_commands(
      {false, false, false, false, favourites},
      {{GLFW_KEY_V, true}, {GLFW_KEY_2, false}, {GLFW_KEY_9, false}, {GLFW_KEY_S, true}}, commands);
  EXPECT_TRUE(actions.paste_setup);
  EXPECT_EQ(test::script_lines_of(commands), (std::vector<std::string>{"preset pearson-beta"}))
      << "Ctrl+V is not V, 9 has no favourite, Ctrl+S is nothing";
}

// A clicker's blank key (B or '.', W for white) blanks the screen while presenting and does
// nothing else; blanked, the next key only shows the screen again. The brush's modes are on M.
TEST(KeyPresses, PresentingTheBlankKeysBlankTheScreenUntilAnyKey) {
  std::vector<Command> commands;
  KeyContext presenting{true, false, true, false, kNoFavourites};
  for (const auto& [key, blank] :
       {std::pair{GLFW_KEY_B, ScreenBlank::Black}, std::pair{GLFW_KEY_PERIOD, ScreenBlank::Black},
        std::pair{GLFW_KEY_W, ScreenBlank::White}}) {
    const KeyActions actions = key_commands(presenting, {{key}, {GLFW_KEY_SPACE}}, commands);
    EXPECT_EQ(actions.blank, blank) << key;
  }
  EXPECT_TRUE(commands.empty()) << "nothing paused, no brush changed; the space waits";
  presenting.blank = ScreenBlank::Black;
  const KeyActions shown = key_commands(presenting, {{GLFW_KEY_SPACE}, {GLFW_KEY_R}}, commands);
  EXPECT_EQ(shown.blank, ScreenBlank::None);
  EXPECT_TRUE(commands.empty()) << "the key that shows the screen does nothing else";
  const KeyActions held = key_commands(presenting, {{GLFW_KEY_B, false, true}}, commands);
  EXPECT_FALSE(held.blank) << "a held key's repeat is not a new press";
  // Not presenting, B and '.' do nothing; M cycles the brush's modes.
  const KeyActions windowed =
      key_commands({true, false, false, false, kNoFavourites},
                   {{GLFW_KEY_B}, {GLFW_KEY_PERIOD}, {GLFW_KEY_M}}, commands);
  EXPECT_FALSE(windowed.blank);
  EXPECT_EQ(test::script_lines_of(commands), (std::vector<std::string>{"set brush-style a"}));
}

// In the panel: presses reach the handler unless ImGui wants the keyboard (a text field typed in).
TEST(KeyPresses, NothingActsWhileImGuiWantsTheKeyboard) {
  test::PanelDriver driver;
  const std::vector<KeyPress> presses = {{GLFW_KEY_S}, {GLFW_KEY_R}};
  std::vector<Command> typing, not_typing;
  driver.frame(ImVec2(-FLT_MAX, -FLT_MAX), false, [&] {
    ImGui::GetIO().WantCaptureKeyboard = true;
    push_key_commands({false, false, false, false, kNoFavourites}, presses, typing);
    ImGui::GetIO().WantCaptureKeyboard = false;
    push_key_commands({false, false, false, false, kNoFavourites}, presses, not_typing);
  });
  EXPECT_TRUE(typing.empty());
  EXPECT_EQ(test::script_lines_of(not_typing), (std::vector<std::string>{"step 1", "reset"}));
}

}  // namespace
}  // namespace gs::app
