// The view's controls as the app carries them out: the state changes in the core
// (view_controls.h); the GL side follows here. Main (GL) thread only.
#include <imgui.h>

#include "app.h"
#include "view_controls.h"

namespace gs::app {

Status App::apply_view(ViewControl control, const ControlValue& value) {
  const BrushStyle brush_before = view_.brush_style;
  Expected<ViewEffect> effect = apply_view_control(control, value, view_, settings_);
  if (!effect) return effect.status();
  // A brush mode paints something else on the next drag: said where the person looks (the toast,
  // presenting; the panel's radio buttons otherwise).
  if (view_.brush_style != brush_before)
    toast_.show(view_.brush_style == BrushStyle::None      ? "brush: paint v (M changes it)"
                : view_.brush_style == BrushStyle::TowardA ? "brush: paint style A (M changes it)"
                                                           : "brush: paint style B (M changes it)",
                ImGui::GetTime());
  switch (*effect) {
    case ViewEffect::None:
      break;
    case ViewEffect::Colormap:
      if (const std::optional<Colormap> map = find_colormap(view_.colormap))
        renderer_->set_colormap(*map);
      break;
    case ViewEffect::Filter:
      texture_->set_linear_filtering(view_.linear_filter);
      break;
    case ViewEffect::Relief:
      renderer_->set_relief(view_.relief);
      break;
    case ViewEffect::MeasureRange:
      return measure_view_range(view_, simulation_->backend(), simulation_->display_field());
  }
  return Status::ok();
}

Status App::follow_style_overlay() {
  const bool show = view_.style_overlay && simulation_->params().style.enabled;
  renderer_->set_style_overlay(show);
  if (!show || style_shown_ == simulation_->style_generation()) return Status::ok();
  Expected<StyleData> style = simulation_->style_map();
  if (!style) return style.status();
  renderer_->set_style_map(*style, simulation_->size());
  style_shown_ = simulation_->style_generation();
  return Status::ok();
}

}  // namespace gs::app
