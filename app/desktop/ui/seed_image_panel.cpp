#include "seed_image_panel.h"

#include <imgui.h>

#include "panel_widgets.h"

namespace gs::app {

void seed_image_controls(const PanelContext& c) {
  if (!ImGui::TreeNode("Seed from image...")) return;
  PanelState& edit = c.state;
  PictureSeedOptions& options = edit.seed_image;
  ImGui::InputTextWithHint("picture", "PNG or JPEG (or drop one)", edit.seed_image_path,
                           sizeof edit.seed_image_path);
  placement_controls(options.placement, "seed where bright");
  bool threshold = options.threshold.has_value();
  if (ImGui::Checkbox("threshold", &threshold))
    options.threshold = threshold ? std::optional<float>(0.5f) : std::nullopt;
  if (options.threshold) ImGui::SliderFloat("at", &*options.threshold, 0.0f, 1.0f, "%.2f");
  ImGui::SliderFloat("noise", &options.noise, 0.0f, 1.0f, "%.3f");
  const bool named = edit.seed_image_path[0] != '\0';
  ImGui::BeginDisabled(!named);  // a seed needs a picture
  if (ImGui::Button("Seed from image"))
    c.commands.push_back(command::SeedImage{edit.seed_image_path, options});
  ImGui::EndDisabled();
  // The stamp takes the picture the simulation last seeded from, with that seed's options.
  if (c.simulation.last_picture())
    ImGui::Checkbox("brush stamps the picture (click)", &edit.stamp_brush);
  else
    ImGui::TextDisabled("seed from a picture to stamp it with the brush");
  ImGui::TreePop();
}

}  // namespace gs::app
