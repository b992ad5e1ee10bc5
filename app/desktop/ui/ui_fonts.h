// The UI's fonts, built into ImGui's atlas at the size the text is shown (crisp on a projector,
// where a scaled bitmap font is blurred): the text of the panel and overlays, large type for
// captions and mono digits for the Timings overlay. DejaVu from the distribution's fonts; where
// it is missing, ImGui's own font at those sizes. GL-free: the renderer uploads the atlas.
#pragma once

#include <imgui.h>

namespace gs::app {

struct UiFonts {
  ImFont* text = nullptr;     // the panel, the bar, the labels
  ImFont* large = nullptr;    // captions: twice the text size
  ImFont* numbers = nullptr;  // the Timings overlay: one and a half times, fixed-width digits
  float text_px = 13.0f;
  // Presenting, the least size of what the audience reads (audience_text_px); 0 otherwise.
  float audience_px = 0.0f;
  // What the audience reads beside the field (the colour bar's and the map axes' labels):
  // presenting, the digits' type; otherwise the text.
  ImFont* labels() const { return audience_px > 0 ? numbers : text; }
};

// Clears the current context's atlas, adds the three fonts at `text_px` (the large type and the
// digits at least `audience_px`) and builds it; scales ImGui's style (padding, spacing,
// rounding) from `base` to match the text.
UiFonts build_ui_fonts(float text_px, const ImGuiStyle& base, float audience_px = 0.0f);

}  // namespace gs::app
