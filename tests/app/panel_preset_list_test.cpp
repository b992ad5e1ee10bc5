// The preset list, headless: each row shows the preset's picture (fake texture ids here: nothing is
// drawn, the draw lists are read), its name and its description; a preset without a picture keeps
// its name and description; the open list fits the screen at every UI scale, is most of it tall
// and opaque, and marks the presets that die out.
#include <gtest/gtest.h>

#include <map>
#include <set>
#include <string>

#include "panel_driver.h"
#include "preset_list.h"

namespace gs::app {
namespace {

using test::PanelDriver;

// Fake texture ids for every other preset, from 100 up; the font atlas is 1 (panel_driver.cpp).
TextureIds every_other_preset(const PresetLibrary& library) {
  TextureIds ids;
  for (std::size_t i = 0; i < library.presets.size(); i += 2)
    ids[library.presets[i].name] = 100 + i;
  return ids;
}

// How many draw commands the last frame made with each texture id.
std::map<std::uintptr_t, int> draws_by_texture() {
  std::map<std::uintptr_t, int> draws;
  const ImDrawData* data = ImGui::GetDrawData();
  for (int list = 0; data && list < data->CmdListsCount; ++list)
    for (const ImDrawCmd& command : data->CmdLists[list]->CmdBuffer)
      if (command.ElemCount > 0) ++draws[reinterpret_cast<std::uintptr_t>(command.TextureId)];
  return draws;
}

// Opens the panel's preset list; fails the test where it does not open.
ImGuiWindow* open_preset_list(PanelDriver& driver) {
  const std::optional<ImVec2> combo =
      driver.find(PanelDriver::id_of("preset", driver.panel()), driver.panel());
  EXPECT_TRUE(combo.has_value()) << "no preset combo in the panel";
  if (combo) driver.click(*combo);
  return driver.open_popup();
}

TEST(PanelPresetList, EachRowShowsItsPictureNameAndDescription) {
  PanelDriver driver;
  const PresetLibrary& library = driver.simulation().presets();
  const TextureIds thumbnails = every_other_preset(library);
  ASSERT_LT(thumbnails.size(), library.presets.size()) << "some presets have no picture";
  driver.set_preset_thumbnails(thumbnails);
  ImGuiWindow* list = open_preset_list(driver);
  ASSERT_NE(list, nullptr) << "the preset combo opened no list";

  // Every row draws its picture, even scrolled out of view (the draw list clips it): one image
  // each, with the preset's own id, and no image for a preset without one.
  driver.frame(ImVec2(-FLT_MAX, -FLT_MAX));
  const std::map<std::uintptr_t, int> draws = draws_by_texture();
  for (const auto& [name, id] : thumbnails) {
    const auto found = draws.find(id);
    EXPECT_EQ(found == draws.end() ? 0 : found->second, 1) << name << "'s picture";
  }
  for (const auto& [id, count] : draws)
    EXPECT_TRUE(id == 1 || id >= 100) << "a draw with texture " << id << ", supplied by nobody";
  EXPECT_EQ(draws.size(), thumbnails.size() + 1) << "the pictures and the font";

  // The list scrolls: its text, read page by page, holds every name and description, of the
  // presets with a picture and without alike.
  std::string text;
  for (float scroll = 0.0f;; scroll += 0.5f * list->InnerRect.GetHeight()) {
    ImGui::SetScrollY(list, scroll);
    text += driver.text_of_frame();
    ASSERT_EQ(driver.open_popup(), list) << "the list stays open while read";
    if (scroll >= list->ScrollMax.y) break;
  }
  for (const Preset& preset : library.presets) {
    SCOPED_TRACE(preset.name + (thumbnails.count(preset.name) ? "" : " (no picture)"));
    EXPECT_NE(text.find(preset.name), std::string::npos);
    EXPECT_NE(text.find(preset.description), std::string::npos);
  }
  for (const PresetGroup& group : library.groups)
    EXPECT_NE(text.find(group.title), std::string::npos) << "the group headers stay";
}

// The open list as the panel reported it for --stats-json: most of the screen tall, opaque, every
// preset a row, as many whole rows showing as the height holds, the dying presets marked.
void expect_browsable(PanelDriver& driver, ImVec2 window, float text_px) {
  const std::optional<PresetListShown>& shown = driver.panel_state().preset_list;
  ASSERT_TRUE(shown.has_value()) << "the open list reports itself";
  const PresetLibrary& library = driver.simulation().presets();
  EXPECT_GE(shown->rect.height, 0.6f * window.y) << "most of the screen tall";
  EXPECT_LE(shown->rect.y + shown->rect.height, window.y);
  EXPECT_EQ(shown->background_alpha, 1.0f) << "opaque";
  EXPECT_EQ(shown->rows, int(library.presets.size()));
  // A row is about three lines: the list holds a whole row per ~4 lines of its height.
  const int expected_rows = int(shown->rect.height / (4.5f * 1.4f * text_px));
  EXPECT_GE(shown->rows_shown, std::max(expected_rows, 3)) << shown->rect.height << " px tall";
  int dying = 0;
  for (const Preset& preset : library.presets) dying += dies_out_from_every_start(preset);
  EXPECT_EQ(shown->marked, dying);
  EXPECT_GT(dying, 0);
}

// Open, at the smallest and the largest UI scale on a lecture hall's screens, in the panel and
// in presentation mode's bar, the list is as wide as a description needs and no wider than the
// screen, and nothing in it is cut off.
TEST(PanelPresetList, TheOpenListIsNotClippedAtAnyScale) {
  PanelDriver driver;
  driver.set_preset_thumbnails(every_other_preset(driver.simulation().presets()));
  for (const ImVec2 window : {ImVec2(1280, 720), ImVec2(1920, 1080)})
    for (const float scale : {1.0f, 3.0f})
      for (const bool presentation : {false, true}) {
        const float text_px = fitted_text_px(13.0f * scale, window.x, window.y, presentation);
        SCOPED_TRACE(std::to_string(int(window.x)) + "x" + std::to_string(int(window.y)) +
                     " at scale " + std::to_string(scale) + (presentation ? ", presenting" : ""));
        const std::vector<ClippedWindow> clipped = driver.clipped_windows_at(
            text_px, window, presentation, presentation ? "##preset" : "preset");
        const ImGuiWindow* list = driver.open_popup();
        ASSERT_NE(list, nullptr) << "the list opens";
        EXPECT_TRUE(list->Active && !list->Hidden) << "and is drawn";
        EXPECT_GT(list->Size.x, 20.0f * text_px) << "wide enough for a description";
        EXPECT_LE(list->Size.x, window.x);
        for (const ClippedWindow& cut : clipped)
          ADD_FAILURE() << "'" << cut.window << "' is clipped by " << cut.overflow_px << " px";
        expect_browsable(driver, window, text_px);
        driver.click_on_nothing();  // closes the list
        ASSERT_EQ(driver.open_popup(), nullptr);
      }
}

}  // namespace
}  // namespace gs::app
