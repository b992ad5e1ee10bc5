// The view's controls and the favourites (view_controls.h). The switch covers every ViewControl.
#include "view_controls.h"

#include "colormap.h"

namespace gs::app {

Expected<ViewEffect> apply_view_control(ViewControl control, const ControlValue& value,
                                        ViewState& view, Settings& settings) {
  using C = ViewControl;
  const std::string_view name = spec_of(control).name;
  // The value into `target`, when it has the target's type.
  const auto assign = [&](auto& target) { return assign_value(value, name, target); };
  float number = 0.0f;
  switch (control) {
    case C::Colormap: {
      std::string colormap;
      GS_TRY(assign(colormap));
      const std::optional<Colormap> map = find_colormap(colormap);
      if (!map)
        return Error{"unknown colormap '" + colormap + "' (one of: " + colormap_names() + ")"};
      view.colormap = map->name;
      return ViewEffect::Colormap;
    }
    case C::RangeMin:
    case C::RangeMax:
      GS_TRY(assign(control == C::RangeMin ? view.low : view.high));
      view.auto_range = false;
      return ViewEffect::None;
    case C::RangeAuto:
      GS_TRY(assign(view.auto_range));
      return view.auto_range ? ViewEffect::MeasureRange : ViewEffect::None;
    case C::LinearFilter:
      GS_TRY(assign(view.linear_filter));
      return ViewEffect::Filter;
    case C::BrushRadius:
      GS_TRY(assign(number));
      if (!(number > 0.0f && number <= kMaxBrushRadius))
        return Error{"brush-radius must be in (0, 4096]"};
      view.brush_radius = number;
      return ViewEffect::None;
    case C::BrushValue:
      GS_TRY(assign(view.brush_value));
      return ViewEffect::None;
    case C::UiHidden:
      GS_TRY(assign(view.ui_hidden));
      return ViewEffect::None;
    case C::Presentation:
      GS_TRY(assign(view.presentation));
      return ViewEffect::None;
    case C::ExportOverlays:
      GS_TRY(assign(view.export_overlays));
      return ViewEffect::None;
    case C::TimingsOverlay:
      GS_TRY(assign(view.timings_overlay));
      return ViewEffect::None;
    case C::Relief:
      GS_TRY(assign(view.relief));
      return ViewEffect::Relief;
    case C::BrushStyle:
      GS_TRY(assign(view.brush_style));
      return ViewEffect::None;
    case C::StyleOverlay:
      GS_TRY(assign(view.style_overlay));
      return ViewEffect::None;
    case C::UiScale:
    case C::FontSize: {
      GS_TRY(assign(number));
      const bool scale = control == C::UiScale;
      if (scale ? !(number >= 0.5f && number <= 4.0f) : !(number >= 8.0f && number <= 64.0f))
        return Error{std::string(name) +
                     (scale ? " must be from 0.5 to 4" : " must be from 8 to 64")};
      (scale ? settings.ui_scale : settings.font_size) = number;
      return ViewEffect::None;  // the app fits the text to the window each frame
    }
  }
  return Error{"internal error: unknown view control"};
}

Status add_favourite(Settings& settings, const PresetLibrary& presets, const std::string& name) {
  const Preset* known = presets.find(name);
  if (!known) return Error{"unknown preset '" + name + "'"};
  if (settings.favourites.size() >= 9)
    return Error{"keys 1-9 hold nine favourites: remove one first"};
  settings.favourites.push_back(known->name);
  return Status::ok();
}

Status remove_favourite(Settings& settings, int key) {
  if (key < 1 || std::size_t(key) > settings.favourites.size())
    return Error{"no favourite on key " + std::to_string(key)};
  settings.favourites.erase(settings.favourites.begin() + (key - 1));
  return Status::ok();
}

namespace {

void show_range(ViewState& view, const ValueRange& range) {
  view.low = range.low;
  view.high = range.high > range.low ? range.high : range.low + 1e-6f;  // a flat field too
}

}  // namespace

Status measure_view_range(ViewState& view, Backend& backend, DisplayField field) {
  Expected<ValueRange> range = backend.field_range(field);
  if (!range) return range.status();
  show_range(view, *range);
  return Status::ok();
}

Status follow_view_range(ViewState& view, Backend& backend, DisplayField field) {
  Expected<std::optional<ValueRange>> range = backend.recent_field_range(field);
  if (!range) return range.status();
  if (range->has_value()) show_range(view, **range);
  return Status::ok();
}

}  // namespace gs::app
