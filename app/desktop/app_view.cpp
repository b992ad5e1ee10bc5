// The app's view controls, applied from `set` commands: colormap, range (manual or automatic),
// brush, UI scale and font size, filtering; and the favourite presets. The simulation's parameters
// are not here (simulation.cpp applies those). Main (GL) thread only.
#include <imgui.h>

#include <type_traits>

#include "app.h"

namespace gs::app {

Status App::apply_view(ViewControl control, const ControlValue& value) {
  using C = ViewControl;
  const std::string_view name = spec_of(control).name;
  // The value into `target`, when it has the target's type.
  const auto assign = [&](auto& target) -> Status {
    using T = std::decay_t<decltype(target)>;
    Expected<T> typed = value_as<T>(value, name);
    if (!typed) return typed.status();
    target = *typed;
    return Status::ok();
  };
  float number = 0.0f;
  switch (control) {
    case C::Colormap: {
      std::string colormap;
      GS_TRY(assign(colormap));
      const std::optional<Colormap> map = find_colormap(colormap);
      if (!map) return Error{"unknown colormap '" + colormap + "'"};
      renderer_->set_colormap(*map);
      view_.colormap = map->name;
      return Status::ok();
    }
    case C::RangeMin:
    case C::RangeMax:
      GS_TRY(assign(control == C::RangeMin ? view_.low : view_.high));
      view_.auto_range = false;
      return Status::ok();
    case C::RangeAuto:
      GS_TRY(assign(view_.auto_range));
      return view_.auto_range ? update_auto_range() : Status::ok();
    case C::LinearFilter:
      GS_TRY(assign(view_.linear_filter));
      texture_->set_linear_filtering(view_.linear_filter);
      return Status::ok();
    case C::BrushRadius:
      GS_TRY(assign(number));
      if (!(number > 0.0f && number <= kMaxBrushRadius))
        return Error{"brush-radius must be in (0, 4096]"};
      view_.brush_radius = number;
      return Status::ok();
    case C::BrushValue:
      return assign(view_.brush_value);
    case C::UiHidden:
      return assign(ui_hidden_);
    case C::UiScale:
    case C::FontSize: {
      GS_TRY(assign(number));
      const bool scale = control == C::UiScale;
      if (scale ? !(number >= 0.5f && number <= 4.0f) : !(number >= 8.0f && number <= 64.0f))
        return Error{std::string(name) +
                     (scale ? " must be from 0.5 to 4" : " must be from 8 to 64")};
      (scale ? settings_.ui_scale : settings_.font_size) = number;
      apply_ui_scale();
      return Status::ok();
    }
  }
  return Error{"internal error: unknown view control"};
}

Status App::add_favourite(const std::string& preset) {
  const Preset* known = simulation_->presets().find(preset);
  if (!known) return Error{"unknown preset '" + preset + "'"};
  if (settings_.favourites.size() >= 9)
    return Error{"keys 1-9 hold nine favourites: remove one first"};
  settings_.favourites.push_back(known->name);
  return Status::ok();
}

Status App::remove_favourite(int key) {
  if (key < 1 || std::size_t(key) > settings_.favourites.size())
    return Error{"no favourite on key " + std::to_string(key)};
  settings_.favourites.erase(settings_.favourites.begin() + (key - 1));
  return Status::ok();
}

Status App::update_auto_range() {
  Expected<ValueRange> range = simulation_->backend().field_range(simulation_->display_field());
  if (!range) return range.status();
  view_.low = range->low;
  // A flat field still gets a visible range.
  view_.high = range->high > range->low ? range->high : range->low + 1e-6f;
  return Status::ok();
}

void App::apply_ui_scale() {
  // Projectors want big text; high-DPI screens report a content scale that multiplies it.
  const float scale = settings_.ui_scale * surface_->content_scale();
  ImGuiStyle& style = ImGui::GetStyle();
  style = base_style_;
  style.ScaleAllSizes(scale);
  ImGui::GetIO().FontGlobalScale = scale * settings_.font_size / 13.0f;
}

}  // namespace gs::app
