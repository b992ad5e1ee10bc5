// The panel's "Seed from image..." (under State file): the picture's path typed, the options
// chosen, the button sends the `seed-image` command with them; without a path it sends nothing;
// once the simulation has seeded from a picture the brush can stamp it.
#include <gtest/gtest.h>

#include <cfloat>

#include "command_script.h"
#include "panel_driver.h"

namespace gs::test {
namespace {

// A widget inside the "Seed from image..." node, which pushes its label on the ID stack.
ImGuiID id_in_node(const char* label, const ImGuiWindow* panel) {
  return ImHashStr(label, 0, PanelDriver::id_of("Seed from image...", panel));
}

ImVec2 located(PanelDriver& driver, ImGuiID id, const char* what) {
  const std::optional<ImVec2> at = driver.find(id, driver.panel());
  EXPECT_TRUE(at.has_value()) << "no " << what << " in the panel";
  return at.value_or(ImVec2(-FLT_MAX, -FLT_MAX));
}

TEST(PanelSeedImage, TheButtonSendsThePathAndTheOptions) {
  PanelDriver driver;
  // Other sections closed, so the node and its widgets are on screen.
  driver.click(located(driver, PanelDriver::id_of("Simulation", driver.panel()), "Simulation"));
  driver.click(located(driver, PanelDriver::id_of("Parameters", driver.panel()), "Parameters"));
  driver.click(located(driver, PanelDriver::id_of("Timings", driver.panel()), "Timings"));
  driver.click(located(driver, PanelDriver::id_of("State file", driver.panel()), "State file"));
  driver.click(located(driver, PanelDriver::id_of("Seed from image...", driver.panel()),
                       "Seed from image..."));
  const ImVec2 button =
      located(driver, id_in_node("Seed from image", driver.panel()), "the seed button");
  EXPECT_TRUE(driver.click(button).empty()) << "no picture named: nothing to send";

  app::PanelState& state = driver.panel_state();
  std::snprintf(state.seed_image_path, sizeof state.seed_image_path, "%s", "/pictures/logo.png");
  state.seed_image.placement.fit = app::PictureFit::Tile;
  state.seed_image.threshold = 0.25f;
  const std::vector<app::Command> sent = driver.click(
      located(driver, id_in_node("Seed from image", driver.panel()), "the seed button"));
  ASSERT_EQ(sent.size(), 1u);
  EXPECT_EQ(app::to_script_line(sent.front()),
            "seed-image /pictures/logo.png fit=tile threshold=0.25");

  EXPECT_FALSE(
      driver.find(id_in_node("brush stamps the picture (click)", driver.panel()), driver.panel()))
      << "nothing to stamp before a seed";
}

}  // namespace
}  // namespace gs::test
