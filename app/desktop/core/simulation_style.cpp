// The simulation's style maps (simulation.h): a map from a picture, a gradient or the brush;
// sets A and B; swapping them; dropping the map. Each change is checked whole (the parameters
// against the diffusion limit of both sets, the picture read and placed) before the running
// state is touched, so a refused one leaves the simulation as it was.
#include <filesystem>
#include <sstream>

#include "gs/data_paths.h"
#include "gs/param_overrides.h"
#include "picture_file.h"
#include "picture_style.h"
#include "simulation.h"

namespace gs::app {
namespace {

// Set A's or B's four values from a preset (layered over the defaults, as `preset` does).
StyleMix set_of_preset(const Preset& preset) {
  ParamLayers layers;
  layers.preset = preset.params;
  const Params p = layer_params(layers);
  return StyleMix{true, p.F, p.k, p.Du, p.Dv};
}

std::string set_text(const StyleMix& set) {
  std::ostringstream text;
  text << "F " << set.F << ", k " << set.k << ", Du " << set.Du << ", Dv " << set.Dv;
  return text.str();
}

}  // namespace

std::string describe(const StyleSource& source) {
  switch (source.origin) {
    case StyleOrigin::Image:
      return "picture " + source.path + " (" +
             std::string(name_in(kPictureFitNames, source.placement.fit)) + ", " +
             std::string(name_in(kPictureChannelNames, source.placement.channel)) +
             (source.placement.from_bright ? ", B where bright)" : ", B where dark)");
    case StyleOrigin::Gradient:
      return "gradient " + std::string(to_string(source.gradient));
    case StyleOrigin::Painted:
      return "painted";
    case StyleOrigin::Loaded:
      return "loaded from " + source.path;
  }
  return "";
}

// Until a person chooses set B, a preset whose pattern differs from the default's: mazes
// against spots (mitosis where set A is mazes), so a painted or pictured map shows at once.
void Simulation::choose_default_set_b() {
  const std::string name = preset_ == "mazes" ? "mitosis" : "mazes";
  if (const Preset* preset = presets_.find(name)) {
    set_b_ = set_of_preset(*preset);
    set_b_preset_ = preset->name;
  } else {
    set_b_ = StyleMix{true, params_.F, params_.k, params_.Du, params_.Dv};
  }
}

Status Simulation::install_style_map(StyleData map, const StyleSource& source) {
  Params params = params_;
  params.map.enabled = false;  // the parameter map is the special case a style map generalises
  params.style = set_b_;
  params.style.enabled = true;
  Fields fields;
  GS_TRY(backend_->copy_out(fields));
  fields.style = std::move(map);
  GS_TRY(backend_->set_params(params));
  if (Status copied = backend_->copy_in(fields); !copied) {
    [[maybe_unused]] const Status restored = backend_->set_params(params_);
    return copied;
  }
  params_ = params;
  style_source_ = source;
  return Status::ok();
}

// A styled preset (docs/presets.md) runs with its own set B and its gradient.
Status Simulation::start_preset_style(const Preset& preset) {
  ParamLayers layers;
  layers.preset = preset.params;
  const Params p = layer_params(layers);
  set_b_ = StyleMix{true, p.style.F, p.style.k, p.style.Du, p.style.Dv};
  set_b_preset_.clear();
  const StyleGradient gradient = preset.style->gradient;
  return install_style_map(style_gradient(size(), gradient),
                           StyleSource{StyleOrigin::Gradient, "", {}, gradient});
}

Status Simulation::set_style_set(const command::StyleSet& set) {
  StyleMix values =
      set.set_b ? set_b_ : StyleMix{true, params_.F, params_.k, params_.Du, params_.Dv};
  std::string preset_name;
  if (!set.preset.empty()) {
    Expected<const Preset*> found = presets_.require(set.preset);
    if (!found) return found.status();
    values = set_of_preset(**found);
    preset_name = (*found)->name;
  } else {
    values.F = set.F, values.k = set.k;
    if (set.Du) values.Du = *set.Du;
    if (set.Dv) values.Dv = *set.Dv;
  }
  Params params = params_;
  if (set.set_b) {
    params.style = values;
    params.style.enabled = params_.style.enabled;
  } else {
    params.F = values.F, params.k = values.k, params.Du = values.Du, params.Dv = values.Dv;
  }
  // Set B is checked as it would run: with set A's dt and Laplacian.
  Params check = params;
  check.style.enabled = set.set_b || params_.style.enabled;  // set A alone checks A alone
  check.style.F = set.set_b ? values.F : set_b_.F;
  check.style.k = set.set_b ? values.k : set_b_.k;
  check.style.Du = set.set_b ? values.Du : set_b_.Du;
  check.style.Dv = set.set_b ? values.Dv : set_b_.Dv;
  if (Status valid = validate(check); !valid)
    return Error{std::string(set.set_b ? "style-b: " : "style-a: ") + valid.message()};
  GS_TRY(backend_->set_params(params));
  params_ = params;
  if (set.set_b) {
    set_b_ = values;
    set_b_preset_ = preset_name;
  } else if (!preset_name.empty()) {
    preset_ = preset_name;
  }
  message_ = std::string(set.set_b ? "set B: " : "set A: ") +
             (preset_name.empty() ? "" : preset_name + ", ") + set_text(values);
  return Status::ok();
}

Status Simulation::swap_style_sets() {
  if (!params_.style.enabled)
    return Error{
        "style-swap: no style map runs (style-image, style-gradient or paint-a/paint-b "
        "start one)"};
  Params params = params_;
  params.F = set_b_.F, params.k = set_b_.k, params.Du = set_b_.Du, params.Dv = set_b_.Dv;
  params.style = StyleMix{true, params_.F, params_.k, params_.Du, params_.Dv};
  GS_TRY(backend_->set_params(params));
  const std::string a_preset = preset_label() == preset_ ? preset_ : "";
  params_ = params;
  set_b_ = params.style;
  if (!set_b_preset_.empty()) preset_ = set_b_preset_;
  set_b_preset_ = a_preset;
  message_ = "sets A and B swapped";
  return Status::ok();
}

Status Simulation::style_off() {
  if (!params_.style.enabled && !style_source_) {
    message_ = "no style map runs";
    return Status::ok();
  }
  Params params = params_;
  params.style.enabled = false;
  Fields fields;
  GS_TRY(backend_->copy_out(fields));
  fields.style.clear();
  GS_TRY(backend_->set_params(params));
  if (Status copied = backend_->copy_in(fields); !copied) {
    [[maybe_unused]] const Status restored = backend_->set_params(params_);
    return copied;
  }
  params_ = params;
  style_source_.reset();
  message_ = "style map off: set A alone";
  return Status::ok();
}

Status Simulation::paint(const command::Paint& c) {
  Brush brush{c.x, c.y, c.radius, c.value, c.erase};
  brush.style = c.style;
  if (c.from) {
    brush.from_dx = c.from->x - c.x;
    brush.from_dy = c.from->y - c.y;
  }
  if (brush.style == BrushStyle::None) {
    GS_TRY(backend_->paint(brush));
    edited_ = true;
    return Status::ok();
  }
  // The backend checks the brush whole; a map is not started for one it will refuse.
  if (!(brush.radius > 0.0f && brush.radius <= kMaxBrushRadius))
    return Error{"paint: the radius must be more than 0 and at most 4096 cells"};
  // Where no map runs yet, painting starts one: set A everywhere.
  if (!params_.style.enabled) GS_TRY(install_style_map(StyleData(size().cells(), 0), {}));
  GS_TRY(backend_->paint(brush));
  style_source_ = StyleSource{};  // painted, over whatever the map came from
  return Status::ok();
}

void Simulation::remake_style_map() {
  if (!params_.style.enabled || !style_source_) return;
  const StyleSource source = *style_source_;
  Status remade = Error{"painted"};
  if (source.origin == StyleOrigin::Gradient) {
    remade = install_style_map(style_gradient(size(), source.gradient), source);
  } else if (source.origin == StyleOrigin::Image) {
    if (Expected<Picture> picture = read_picture(source.path))
      remade = install_style_map(style_from_picture(*picture, source.placement, size()), source);
  } else {
    return;
  }
  if (!remade) style_source_ = StyleSource{};  // the resampled bytes, as a painted map's
}

Expected<StyleData> Simulation::style_map() const {
  Fields fields;
  GS_TRY(backend_->copy_out(fields));
  if (fields.style.size() != fields.size.cells())
    return Error{"no style map runs on the " + to_string(fields.size) + " grid"};
  return std::move(fields.style);
}

Status Simulation::apply_style(const SimulationCommand& command) {
  if (const auto* image = std::get_if<command::StyleImage>(&command)) {
    // Found as seed-image finds its picture: from here, else in the data folder.
    const std::filesystem::path found = script_file_path(image->path);
    Expected<Picture> picture = read_picture(found);
    if (!picture) return picture.status();
    // By its whole path: Copy as script's lines then find it from any folder.
    std::error_code error;
    const std::filesystem::path whole = std::filesystem::absolute(found, error);
    const std::string path = error ? image->path : whole.lexically_normal().string();
    GS_TRY(install_style_map(style_from_picture(*picture, image->placement, size()),
                             StyleSource{StyleOrigin::Image, path, image->placement, {}}));
    message_ = "style map: " + describe(*style_source_);
    return Status::ok();
  }
  if (const auto* gradient = std::get_if<command::StyleGradientMap>(&command)) {
    StyleSource source;
    source.origin = StyleOrigin::Gradient;
    source.gradient = gradient->gradient;
    GS_TRY(install_style_map(style_gradient(size(), gradient->gradient), source));
    message_ = "style map: " + describe(source);
    return Status::ok();
  }
  if (const auto* set = std::get_if<command::StyleSet>(&command)) return set_style_set(*set);
  if (std::holds_alternative<command::StyleSwap>(command)) return swap_style_sets();
  if (std::holds_alternative<command::StyleOff>(command)) return style_off();
  return Error{"internal error: not a style command"};
}

}  // namespace gs::app
