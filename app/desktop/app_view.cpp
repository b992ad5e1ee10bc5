// The app's view settings, applied from `set` commands: colormap, range (manual or automatic),
// brush, UI scale and font size, favourites, filtering. The simulation's parameters are not
// here (simulation.cpp applies those). Main (GL) thread only.
#include <imgui.h>

#include <cstdlib>

#include "app.h"

namespace gs::app {

Status App::apply_view(const command::SetParameter& set) {
  const auto number = [&](float& target) -> Status {
    const std::optional<float> value = parse_float(set.value);
    if (!value) return Error{set.name + ": not a number"};
    target = *value;
    return Status::ok();
  };
  if (set.name == "colormap") {
    const std::optional<Colormap> map = find_colormap(set.value);
    if (!map) return Error{"unknown colormap '" + set.value + "'"};
    renderer_->set_colormap(*map);
    view_.colormap = map->name;
  } else if (set.name == "range-min") {
    GS_TRY(number(view_.low));
    view_.auto_range = false;
  } else if (set.name == "range-max") {
    GS_TRY(number(view_.high));
    view_.auto_range = false;
  } else if (set.name == "range-auto") {
    view_.auto_range = set.value == "on";
    if (view_.auto_range) GS_TRY(update_auto_range());
  } else if (set.name == "brush-radius") {
    float radius = 0.0f;
    GS_TRY(number(radius));
    if (!(radius > 0.0f && radius <= kMaxBrushRadius))
      return Error{"brush-radius must be in (0, 4096]"};
    view_.brush_radius = radius;
  } else if (set.name == "brush-value") {
    GS_TRY(number(view_.brush_value));
  } else if (set.name == "ui-scale" || set.name == "font-size") {
    float value = 0.0f;
    GS_TRY(number(value));
    const bool scale = set.name == "ui-scale";
    if (scale ? !(value >= 0.5f && value <= 4.0f) : !(value >= 8.0f && value <= 64.0f))
      return Error{set.name + (scale ? " must be from 0.5 to 4" : " must be from 8 to 64")};
    (scale ? settings_.ui_scale : settings_.font_size) = value;
    apply_ui_scale();
  } else if (set.name == "favourite-add") {
    if (!simulation_->presets().find(set.value)) return Error{"unknown preset '" + set.value + "'"};
    if (settings_.favourites.size() >= 9)
      return Error{"keys 1-9 hold nine favourites: remove one first"};
    settings_.favourites.push_back(set.value);
  } else if (set.name == "favourite-remove") {
    const std::size_t index = std::size_t(std::strtoul(set.value.c_str(), nullptr, 10));
    if (index >= settings_.favourites.size()) return Error{"no favourite " + set.value};
    settings_.favourites.erase(settings_.favourites.begin() + std::ptrdiff_t(index));
  } else if (set.name == "ui") {
    ui_hidden_ = set.value == "hidden";
  } else if (set.name == "filter") {
    view_.linear_filter = set.value == "linear";
    texture_->set_linear_filtering(view_.linear_filter);
  } else {
    return Error{"set " + set.name + " is not available yet"};
  }
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
