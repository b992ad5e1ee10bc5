#include "simulation.h"

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <iomanip>
#include <sstream>

#include "gs/cell_update.h"
#include "gs/cpu_twin_backend.h"
#include "gs/diverged_state.h"
#include "gs/output_file.h"
#include "gs/param_overrides.h"
#include "gs/state_file.h"

namespace gs::app {
namespace {

// A GPU gets the course's grid; the CPU twin a square one that stays lively at its speed.
GridSize default_size(const Backend& backend) {
  return backend.capabilities().fields_on_gpu() ? GridSize{1920, 1080} : GridSize{1024, 1024};
}

}  // namespace

Fields resample(const Fields& from, GridSize to) {
  Fields out(to);
  if (!from.style.empty()) out.style.resize(to.cells());  // a style map goes along
  for (int y = 0; y < to.height; ++y) {
    const int sy = int((long(y) * from.size.height) / to.height);
    for (int x = 0; x < to.width; ++x) {
      const int sx = int((long(x) * from.size.width) / to.width);
      const std::size_t source = std::size_t(sy) * from.size.width + sx;
      const std::size_t target = std::size_t(y) * to.width + x;
      out.u[target] = from.u[source];
      out.v[target] = from.v[source];
      if (!out.style.empty()) out.style[target] = from.style[source];
    }
  }
  return out;
}

Expected<std::unique_ptr<Simulation>> Simulation::create(const SimulationSettings& settings) {
  std::unique_ptr<Simulation> sim(new Simulation());
  Expected<PresetLibrary> presets = load_default_presets();
  if (!presets) return presets.status();
  sim->presets_ = std::move(presets).value();
  sim->max_display_side_ = settings.max_display_side;
  // Each backend takes its part of the settings; the rest wait for a switch (the app's way).
  sim->backend_options_.cuda_device = settings.cuda_device;
  sim->backend_options_.gl = settings.gl;
  sim->backend_options_.unused_settings = UnusedSettings::Kept;
  BackendOptions first = sim->backend_options_;
  first.choice = settings.backend;
  Expected<SelectedBackend> selected = create_backend(first);
  if (!selected) return selected.status();
  sim->backend_ = std::move(selected->backend);
  sim->backend_reason_ = selected->reason;
  sim->init_ = settings.init;
  sim->seed_ = settings.seed;
  sim->steps_per_frame_ = settings.steps_per_frame;
  GS_TRY(sim->load_preset(settings.preset));
  sim->choose_default_set_b();
  const GridSize size = settings.size.value_or(default_size(*sim->backend_));
  GS_TRY(check_grid_size(size.width, size.height));
  GS_TRY(sim->check_displayable(size));
  GS_TRY(check_fits_in_memory(size, 6 * sizeof(float)));
  GS_TRY(sim->backend_->copy_in(make_initial_fields(size, sim->init_, sim->seed_)));
  if (const Preset* preset = sim->presets_.find(sim->preset_); preset && preset->style)
    GS_TRY(sim->start_preset_style(*preset));
  return sim;
}

Status Simulation::load_preset(const std::string& name) {
  Expected<const Preset*> found = presets_.require(name);
  if (!found) return found.status();
  const Preset* preset = *found;
  // Over the defaults (a preset also ends map mode), keeping the boundary the user chose.
  ParamLayers layers;
  layers.preset = preset->params;
  layers.explicit_values.boundary = params_.boundary;
  const Params params = layer_params(layers);
  GS_TRY(backend_->set_params(params));
  params_ = params;
  style_source_.reset();  // a preset ends style-map mode (set B is kept for the next map)
  preset_ = preset->name;
  if (preset->style && size().cells() > 0) GS_TRY(start_preset_style(*preset));
  message_ = "preset " + preset->name + ": " + preset->description;
  if (reseed_on_preset_ && size().cells() > 0) {
    // From the start it shows its pattern from (docs/presets.md); it stays for later resets.
    std::optional<InitPattern> start;
    if (preset->expected) start = preset->expected->start;
    const std::string description = message_;
    GS_TRY(reset(start, std::nullopt));
    message_ = description + " (started from " + std::string(to_string(init_)) + ")";
  }
  return Status::ok();
}

std::string Simulation::preset_label() const {
  const Preset* preset = presets_.find(preset_);
  if (preset) {
    ParamLayers layers;
    layers.preset = preset->params;
    const Params ours = layer_params(layers);
    const Params& p = params_;
    if (p.F == ours.F && p.k == ours.k && p.Du == ours.Du && p.Dv == ours.Dv && p.dt == ours.dt &&
        p.laplacian == ours.laplacian)
      return preset->name;
  }
  // Four significant digits: what tells two points of the map apart, and the bar's list keeps
  // one width however the pick's digits fall (0.0260625 shows as 0.02606).
  std::ostringstream text;
  text << std::setprecision(4) << "custom (" << params_.F << ", " << params_.k << ")";
  return text.str();
}

Status Simulation::reset(std::optional<InitPattern> init, std::optional<std::uint64_t> seed) {
  if (init) init_ = *init;
  if (seed) seed_ = *seed;
  Fields start = make_initial_fields(size(), init_, seed_);
  if (params_.style.enabled) {  // a reset starts the pattern again on the same style map
    Fields current;
    GS_TRY(backend_->copy_out(current));
    start.style = std::move(current.style);
  }
  GS_TRY(backend_->copy_in(start));
  picture_seed_.reset();
  divergence_.reset();
  total_steps_ = 0;
  edited_ = false;
  message_ = "reset: " + std::string(to_string(init_)) + ", seed " + std::to_string(seed_);
  return Status::ok();
}

Status Simulation::check_displayable(GridSize size) const {
  if (size.width <= max_display_side_ && size.height <= max_display_side_) return Status::ok();
  return Error{"a " + to_string(size) +
               " grid cannot be shown: this display's largest texture is " +
               std::to_string(max_display_side_) + " cells a side (grayscott-batch runs any size)"};
}

Status Simulation::resize(GridSize new_size) {
  GS_TRY(check_grid_size(new_size.width, new_size.height));
  GS_TRY(check_displayable(new_size));
  GS_TRY(check_fits_in_memory(new_size, 8 * sizeof(float)));
  Fields current;
  GS_TRY(backend_->copy_out(current));
  GS_TRY(backend_->copy_in(resample(current, new_size)));
  edited_ = true;
  message_ = "grid " + to_string(new_size) + ": state resampled from " + to_string(current.size);
  remake_style_map();
  return Status::ok();
}

// The new backend is created with the settings whole, so nothing is re-applied here by hand.
Status Simulation::switch_backend(BackendChoice choice) {
  BackendOptions options = backend_options_;
  options.choice = choice;
  Expected<SelectedBackend> selected = create_backend(options);
  if (!selected) return selected.status();
  Fields state;
  GS_TRY(backend_->copy_out(state));
  GS_TRY(selected->backend->set_params(params_));
  GS_TRY(selected->backend->copy_in(state));
  backend_ = std::move(selected->backend);
  ++backend_generation_;
  backend_reason_ = selected->reason;
  message_ = "backend " + backend_->description() + ", state carried over";
  return Status::ok();
}

Status Simulation::pick(float x, float y) {
  if (!params_.map.enabled) return Error{"pick works in parameter-map mode (set mode map)"};
  const GridSize grid = size();
  if (!(x >= 0.0f && y >= 0.0f && x < float(grid.width) && y < float(grid.height)))
    return Error{"pick: (" + std::to_string(x) + ", " + std::to_string(y) + ") is off the " +
                 to_string(grid) + " grid"};
  Params p = params_;
  p.F = map_F(params_, int(y), grid.height);
  p.k = map_k(params_, int(x), grid.width);
  p.map.enabled = false;
  GS_TRY(set_map_mode(p));
  std::ostringstream text;
  text << "picked F " << p.F << ", k " << p.k;
  message_ = text.str();
  if (reseed_on_pick_) {
    GS_TRY(reset(std::nullopt, std::nullopt));
    message_ = text.str() + ", re-seeded";
  }
  return Status::ok();
}

Status Simulation::save_state(const std::string& path, bool xdmf) {
  Fields state;
  GS_TRY(backend_->copy_out(state));
  // A diverged state is no state to continue from: grayscott-batch would refuse it as input, and
  // writes none as output either.
  if (const std::optional<std::string> cell = first_non_finite_cell_text(state))
    return Error{"'" + whole_path(path) + "' not written: the state holds NaN or infinity (first " +
                 "at cell " + *cell + "): the simulation diverged (reset to recover)"};
  if (!params_.style.enabled) state.style.clear();  // a style map no longer running is not saved
  if (Status nameable = check_xdmf_name(path); xdmf && !nameable)
    return Error{nameable.message() + " (save PATH --no-xdmf saves the state without it)"};
  GS_TRY(write_state(path, state, params_, total_steps_, xdmf ? XdmfFile::Write : XdmfFile::Skip));
  message_ = "saved " + whole_path(path);
  return Status::ok();
}

void Simulation::hand_in_state(StateFile state, const std::string& path) {
  handed_in_.emplace(path, std::move(state));
}

Status Simulation::load_state(const std::string& path) {
  if (handed_in_) {
    const std::pair<std::string, StateFile> handed = *std::move(handed_in_);
    handed_in_.reset();
    if (handed.first == path) return adopt_state(handed.second, path);
  }
  // Everything is read and checked before the running state is touched.
  Expected<StateFile> state = read_state(path, kLoadBytesPerCell);
  if (!state) return state.status();
  if (const std::optional<std::string> cell = first_non_finite_cell_text(state->fields))
    return Error{diverged_input_message(path, *cell)};
  return adopt_state(*state, path);
}

Status Simulation::adopt_state(const StateFile& state, const std::string& path) {
  GS_TRY(check_displayable(state.fields.size));
  // The file's attributes over the parameters in use: a file that names none keeps them.
  ParamLayers layers;
  layers.file = state.params;
  Params params = layer_params(layers, params_);
  params.style.enabled = !state.fields.style.empty();  // a file's style map runs as it was saved
  GS_TRY(backend_->set_params(params));
  if (Status copied = backend_->copy_in(state.fields); !copied) {
    [[maybe_unused]] const Status restored = backend_->set_params(params_);
    return copied;
  }
  params_ = params;
  picture_seed_.reset();
  style_source_.reset();
  if (params.style.enabled) {  // the file's map and set B
    style_source_ = StyleSource{StyleOrigin::Loaded, path, {}, {}};
    set_b_ = params.style;
    set_b_preset_.clear();
  }
  total_steps_ = state.step.value_or(0);
  edited_ = true;
  divergence_.reset();
  message_ = "loaded " + path + " (" + to_string(state.fields.size) + ", step " +
             std::to_string(total_steps_) + ")";
  return Status::ok();
}

Status Simulation::apply(const SimulationCommand& command) {
  ++style_generation_;
  return std::visit(Overloaded{
                        [&](const command::LoadPreset& c) { return load_preset(c.name); },
                        [&](const command::SetSimulation& c) { return set(c.control, c.value); },
                        [&](const command::Resize& c) {
                          return resize({c.width, c.height});
                        },
                        [&](const command::SelectBackend& c) { return switch_backend(c.choice); },
                        [&](const command::SetStepsPerFrame& c) {
                          steps_per_frame_ = c.steps;
                          return Status::ok();
                        },
                        [&](const command::Run&) {
                          running_ = !divergence_;
                          pending_steps_ = 0;
                          return Status::ok();
                        },
                        [&](const command::Pause&) {
                          running_ = false;
                          return Status::ok();
                        },
                        [&](const command::Step& c) {  // pauses, then advances exactly c.steps
                          running_ = false;
                          pending_steps_ += c.steps;
                          return Status::ok();
                        },
                        [&](const command::Reset& c) { return reset(c.init, c.seed); },
                        [&](const command::SaveState& c) { return save_state(c.path, c.xdmf); },
                        [&](const command::LoadState& c) { return load_state(c.path); },
                        [&](const command::Paint& c) { return paint(c); },
                        [&](const command::Pick& c) { return pick(c.x, c.y); },
                        [&](const command::SeedImage& c) { return seed_image(c); },
                        [&](const command::Stamp& c) { return stamp(c); },
                        [&](const command::StyleImage& c) { return apply_style(c); },
                        [&](const command::StyleGradientMap& c) { return apply_style(c); },
                        [&](const command::StyleSet& c) { return apply_style(c); },
                        [&](const command::StyleSwap& c) { return apply_style(c); },
                        [&](const command::StyleOff& c) { return apply_style(c); },
                    },
                    command);
}

void Simulation::frame_done(int steps) {
  if (!running_) pending_steps_ = std::max(0, pending_steps_ - steps);
  total_steps_ += steps;
}

Status Simulation::check_divergence() {
  if (divergence_) return Status::ok();
  Expected<bool> finite = backend_->fields_are_finite();
  if (!finite) return finite.status();
  if (!*finite) {
    std::ostringstream text;
    text << "The simulation diverged (NaN or infinity) with " << describe_rates(params_) << ", "
         << to_string(params_.laplacian) << ": paused. Reset to recover.";
    divergence_ = text.str();
    running_ = false;
  }
  return Status::ok();
}

}  // namespace gs::app
