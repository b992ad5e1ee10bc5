// The lists the panel and the presentation bar open (preset, transfer path, demos), opened at
// every UI scale a lecturer uses on both projector sizes: each fits the screen and nothing in it
// or around it is clipped, and a transfer path's reason reads on one line where the screen has
// room (wrapped between words only where it has not), never one word a line.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "panel_driver.h"

namespace gs::app {
namespace {

using test::PanelDriver;

// As long as a real machine's reasons, so the list has to grow to show them.
const TransferReasons kLongReasons = {
    "needs the cuda backend: the field is in host memory, and interop maps a GL buffer for CUDA",
    "no CUDA device drives this display (the EGL device is Mesa's llvmpipe, a software renderer)",
    ""};

TEST(PanelPopups, EveryListOpenedFitsTheScreenAtEveryScale) {
  PanelDriver driver;
  driver.set_transfer_unavailable(kLongReasons);
  // A 4:3 grid (the bar on top when presenting) and a square one (the bar in a column beside).
  for (const GridSize grid : {GridSize{64, 48}, GridSize{48, 48}}) {
    ASSERT_TRUE(driver.simulation().apply(command::Resize{grid.width, grid.height}));
    for (const ImVec2 window : {ImVec2(1280, 720), ImVec2(1920, 1080)})
      for (const float scale : {1.0f, 1.5f, 2.0f, 3.0f})
        for (const bool presentation : {false, true})
          for (const char* list : {"preset", "transfer", "demos"}) {
            // With every section open, the panel's transfer list is below the fold, where ImGui
            // submits no combo: the bar's is the same widget (transfer_combo), checked here, and
            // the panel's opens in TheTransferListGreysOutPathsTheBackendCannotUseAndSaysWhy.
            if (!presentation && std::string(list) == "transfer") continue;
            const float text_px = fitted_text_px(13.0f * scale, window.x, window.y, presentation);
            const std::string label = (presentation ? "##" : "") + std::string(list);
            SCOPED_TRACE(to_string(grid) + " grid, " + std::to_string(int(window.x)) + "x" +
                         std::to_string(int(window.y)) + " at scale " + std::to_string(scale) +
                         (presentation ? ", presenting, " : ", ") + label);
            const std::vector<ClippedWindow> clipped =
                driver.clipped_windows_at(text_px, window, presentation, label.c_str());
            const ImGuiWindow* popup = driver.open_popup();
            ASSERT_NE(popup, nullptr) << "the list opens";
            EXPECT_TRUE(popup->Active && !popup->Hidden) << "and is drawn";
            EXPECT_GE(popup->Pos.x, 0.0f);
            EXPECT_GE(popup->Pos.y, 0.0f);
            EXPECT_LE(popup->Pos.x + popup->Size.x, window.x);
            EXPECT_LE(popup->Pos.y + popup->Size.y, window.y);
            for (const ClippedWindow& cut : clipped)
              ADD_FAILURE() << "'" << cut.window << "' is clipped by " << cut.overflow_px << " px";
            if (std::string(list) == "transfer") {
              // Its reasons at the size the list was drawn: on one line where the screen has room
              // for it, else the list takes the screen's width (a line of many words, unbroken).
              const ImFont* text_font = ImGui::GetIO().Fonts->Fonts[0];  // DejaVu Sans, scaled
              const float widest_reason =
                  text_font->CalcTextSizeA(text_px, FLT_MAX, 0.0f, kLongReasons[0].c_str()).x;
              const float content = popup->ContentRegionRect.GetWidth();
              EXPECT_TRUE(content >= widest_reason || popup->Size.x >= 0.9f * window.x)
                  << "the list is " << popup->Size.x << " px wide for a " << widest_reason
                  << " px reason";
            }
            driver.click_on_nothing();  // closes the list
            ASSERT_EQ(driver.open_popup(), nullptr);
          }
  }
}

// The check can fail, and it looks at open lists: a popup narrower than its line is reported.
TEST(PanelPopups, TheClipCheckSeesAPopupNarrowerThanItsText) {
  PanelDriver driver;  // its ImGui context and fonts
  ImGui::GetIO().DisplaySize = ImVec2(1280, 720);
  bool reported = false;
  for (int frame = 0; frame < 2; ++frame) {
    ImGui::NewFrame();
    if (frame == 0) ImGui::OpenPopup("narrow");
    ImGui::SetNextWindowSize(ImVec2(100, 0));
    if (ImGui::BeginPopup("narrow")) {
      ImGui::TextUnformatted("a line of text far wider than the hundred pixels of its popup");
      ImGui::EndPopup();
    }
    for (const ClippedWindow& window : clipped_windows())
      reported = reported || window.window.find("narrow") != std::string::npos ||
                 window.window.find("Popup") != std::string::npos;
    ImGui::Render();
  }
  EXPECT_TRUE(reported) << "the open popup is checked like any window";
}

}  // namespace
}  // namespace gs::app
