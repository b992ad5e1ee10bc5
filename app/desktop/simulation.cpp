#include "simulation.h"

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <sstream>

#include "gs/cell_update.h"
#include "gs/cpu_twin_backend.h"
#include "gs/param_overrides.h"
#include "gs/state_file.h"

namespace gs::app {
namespace {

BackendOptions backend_options(BackendChoice choice, int cuda_device) {
  BackendOptions options;
  options.choice = choice;
  options.cuda_device = cuda_device;
  return options;
}

// A GPU gets the course's grid; the CPU twin a square one that stays lively at its speed.
GridSize default_size(const Backend& backend) {
  return backend.name() == "cuda" ? GridSize{1920, 1080} : GridSize{1024, 1024};
}

template <class... Ts>
struct Overloaded : Ts... {
  using Ts::operator()...;
};
template <class... Ts>
Overloaded(Ts...) -> Overloaded<Ts...>;

}  // namespace

Fields resample(const Fields& from, GridSize to) {
  Fields out(to);
  for (int y = 0; y < to.height; ++y) {
    const int sy = int((long(y) * from.size.height) / to.height);
    for (int x = 0; x < to.width; ++x) {
      const int sx = int((long(x) * from.size.width) / to.width);
      const std::size_t source = std::size_t(sy) * from.size.width + sx;
      out.u[std::size_t(y) * to.width + x] = from.u[source];
      out.v[std::size_t(y) * to.width + x] = from.v[source];
    }
  }
  return out;
}

Expected<std::unique_ptr<Simulation>> Simulation::create(const SimulationSettings& settings) {
  std::unique_ptr<Simulation> sim(new Simulation());
  Expected<PresetLibrary> presets = load_default_presets();
  if (!presets) return presets.status();
  sim->presets_ = std::move(presets).value();
  sim->cuda_device_ = settings.cuda_device;
  sim->max_display_side_ = settings.max_display_side;
  Expected<SelectedBackend> selected =
      create_backend(backend_options(settings.backend, settings.cuda_device));
  if (!selected) return selected.status();
  sim->backend_ = std::move(selected->backend);
  sim->backend_reason_ = selected->reason;
  sim->init_ = settings.init;
  sim->seed_ = settings.seed;
  sim->steps_per_frame_ = settings.steps_per_frame;
  GS_TRY(sim->load_preset(settings.preset));
  const GridSize size = settings.size.value_or(default_size(*sim->backend_));
  GS_TRY(check_grid_size(size.width, size.height));
  GS_TRY(sim->check_displayable(size));
  GS_TRY(check_fits_in_memory(size, 6 * sizeof(float)));
  GS_TRY(sim->backend_->upload(make_initial_fields(size, sim->init_, sim->seed_)));
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
  preset_ = preset->name;
  message_ = "preset " + preset->name + ": " + preset->description;
  if (reseed_on_preset_ && size().cells() > 0) {
    GS_TRY(reset(std::nullopt, std::nullopt));
    message_ += " (re-seeded)";
  }
  return Status::ok();
}

Status Simulation::reset(std::optional<InitPattern> init, std::optional<std::uint64_t> seed) {
  if (init) init_ = *init;
  if (seed) seed_ = *seed;
  GS_TRY(backend_->upload(make_initial_fields(size(), init_, seed_)));
  divergence_.reset();
  total_steps_ = 0;
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
  GS_TRY(backend_->download(current));
  GS_TRY(backend_->upload(resample(current, new_size)));
  message_ = "grid " + to_string(new_size) + ": state resampled from " + to_string(current.size);
  return Status::ok();
}

// Gives the CPU twin, when it runs, the loop and pass length the user chose; on a GPU they wait.
Status Simulation::configure_twin() {
  auto* twin = dynamic_cast<CpuTwinBackend*>(backend_.get());
  if (!twin) return Status::ok();
  twin->set_path(twin_path_);
  return twin->set_steps_per_pass(twin_steps_per_pass_);
}

Status Simulation::switch_backend(BackendChoice choice) {
  Expected<SelectedBackend> selected = create_backend(backend_options(choice, cuda_device_));
  if (!selected) return selected.status();
  Fields state;
  GS_TRY(backend_->download(state));
  GS_TRY(selected->backend->set_params(params_));
  GS_TRY(selected->backend->upload(state));
  if (selected->backend->name() == "cuda")
    GS_TRY(selected->backend->set_launch(launch_block_, launch_variant_));
  backend_ = std::move(selected->backend);
  backend_reason_ = selected->reason;
  GS_TRY(configure_twin());
  ms_per_step_ = 0.0;
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
  GS_TRY(backend_->set_params(p));
  params_ = p;
  std::ostringstream text;
  text << "picked F " << p.F << ", k " << p.k;
  message_ = text.str();
  if (reseed_on_pick_) {
    GS_TRY(reset(std::nullopt, std::nullopt));
    message_ = text.str() + ", re-seeded";
  }
  return Status::ok();
}

Status Simulation::save_state(const std::string& path) {
  Fields state;
  GS_TRY(backend_->download(state));
  GS_TRY(write_state(path, state, params_, total_steps_));
  message_ = "saved " + path;
  // Saved as asked, but said: grayscott-batch refuses to continue such a state.
  if (first_non_finite_cell(state))
    message_ += ", but it holds NaN or infinity: the simulation diverged before it";
  return Status::ok();
}

Status Simulation::load_state(const std::string& path) {
  // Everything is read and checked before the running state is touched.
  // The fields read, the backend's two pairs, and the resample a later resize may need.
  Expected<StateFile> state = read_state(path, 6 * sizeof(float));
  if (!state) return state.status();
  GS_TRY(check_displayable(state->fields.size));
  // The file's attributes over the parameters in use: a file that names none keeps them.
  ParamLayers layers;
  layers.file = state->params;
  const Params params = layer_params(layers, params_);
  GS_TRY(backend_->set_params(params));
  if (Status uploaded = backend_->upload(state->fields); !uploaded) {
    [[maybe_unused]] const Status restored = backend_->set_params(params_);
    return uploaded;
  }
  params_ = params;
  total_steps_ = state->step.value_or(0);
  divergence_.reset();
  message_ = "loaded " + path + " (" + to_string(state->fields.size) + ", step " +
             std::to_string(total_steps_) + ")";
  return Status::ok();
}

Status Simulation::set_parameter(const std::string& name, const std::string& value) {
  Params p = params_;
  float* number = name == "F"            ? &p.F
                  : name == "k"          ? &p.k
                  : name == "Du"         ? &p.Du
                  : name == "Dv"         ? &p.Dv
                  : name == "dt"         ? &p.dt
                  : name == "map-F-low"  ? &p.map.F_low
                  : name == "map-F-high" ? &p.map.F_high
                  : name == "map-k-low"  ? &p.map.k_low
                  : name == "map-k-high" ? &p.map.k_high
                                         : nullptr;
  if (number) {
    const std::optional<float> parsed = parse_float(value);
    if (!parsed) return Error{name + ": '" + value + "' is not a number"};
    *number = *parsed;
  } else if (name == "mode") {
    if (value != "map" && value != "uniform") return Error{"mode must be map or uniform"};
    p.map.enabled = value == "map";
  } else if (name == "reseed-on-pick") {
    reseed_on_pick_ = value == "on";
    return Status::ok();
  } else if (name == "reseed-on-preset") {
    reseed_on_preset_ = value == "on";
    return Status::ok();
  } else if (name == "laplacian") {
    const auto laplacian = parse_laplacian(value);
    if (!laplacian) return Error{"unknown laplacian '" + value + "'"};
    p.laplacian = *laplacian;
  } else if (name == "boundary") {
    const auto boundary = parse_boundary(value);
    if (!boundary) return Error{"unknown boundary '" + value + "'"};
    p.boundary = *boundary;
  } else if (name == "field") {
    if (value != "u" && value != "v") return Error{"field must be u or v"};
    field_ = value == "u" ? DisplayField::U : DisplayField::V;
    return Status::ok();
  } else if (name == "init") {
    const auto init = parse_init_pattern(value);
    if (!init) return Error{"unknown init '" + value + "'"};
    init_ = *init;
    return Status::ok();
  } else if (name == "seed") {
    char* end = nullptr;
    const unsigned long long seed = std::strtoull(value.c_str(), &end, 10);
    if (end == value.c_str() || *end != '\0') return Error{"seed: '" + value + "' is not a number"};
    seed_ = seed;
    return Status::ok();
  } else if (name == "cpu-path") {
    const auto path = parse_cpu_twin_path(value);
    if (!path) return Error{"cpu-path must be fast or reference"};
    twin_path_ = *path;
    return configure_twin();
  } else if (name == "steps-per-pass") {
    char* end = nullptr;
    const long steps = std::strtol(value.c_str(), &end, 10);
    if (end == value.c_str() || *end != '\0')
      return Error{"steps-per-pass: '" + value + "' is not a whole number"};
    if (Status valid = CpuTwinBackend::check_steps_per_pass(steps); !valid)
      return Error{"steps-per-pass: " + valid.message()};
    twin_steps_per_pass_ = int(steps);
    return configure_twin();
  } else if (name == "block" || name == "kernel") {
    BlockShape block = launch_block_;
    KernelVariant variant = launch_variant_;
    if (name == "block") {
      const auto parsed = parse_block_shape(value);
      if (!parsed) return Error{"block: '" + value + "' is not WIDTHxHEIGHT"};
      block = *parsed;
    } else {
      const auto parsed = parse_kernel_variant(value);
      if (!parsed) return Error{"kernel must be coalesced or strided"};
      variant = *parsed;
    }
    GS_TRY(backend_->set_launch(block, variant));
    launch_block_ = block;
    launch_variant_ = variant;
    return Status::ok();
  } else {
    return Error{"unknown parameter '" + name + "'"};
  }
  GS_TRY(backend_->set_params(p));
  params_ = p;
  return Status::ok();
}

Expected<bool> Simulation::apply(const Command& command) {
  Status status = Status::ok();
  bool handled = true;
  std::visit(Overloaded{
                 [&](const command::LoadPreset& c) { status = load_preset(c.name); },
                 [&](const command::SetParameter& c) {
                   // The simulation's own parameters; the rest (view, brush, UI) are the app's.
                   handled = is_simulation_parameter(c.name);
                   if (handled) status = set_parameter(c.name, c.value);
                 },
                 [&](const command::Resize& c) {
                   status = resize({c.width, c.height});
                 },
                 [&](const command::SelectBackend& c) { status = switch_backend(c.choice); },
                 [&](const command::SetStepsPerFrame& c) { steps_per_frame_ = c.steps; },
                 [&](const command::Run&) {
                   running_ = !divergence_;
                   pending_steps_ = 0;
                 },
                 [&](const command::Pause&) { running_ = false; },
                 [&](const command::Step& c) {  // pauses, then advances exactly c.steps
                   running_ = false;
                   pending_steps_ += c.steps;
                 },
                 [&](const command::Reset& c) { status = reset(c.init, c.seed); },
                 [&](const command::SaveState& c) { status = save_state(c.path); },
                 [&](const command::Pick& c) { status = pick(c.x, c.y); },
                 [&](const command::Paint& c) {
                   status = backend_->paint({c.x, c.y, c.radius, c.value, c.erase});
                 },
                 [&](const command::LoadState& c) { status = load_state(c.path); },
                 [&](const auto&) { handled = false; },
             },
             command);
  if (!status) return status.message().empty() ? Error{"command failed"} : Error{status.message()};
  return handled;
}

int Simulation::steps_for_frame(double budget_s) const {
  const int affordable = ms_per_step_ > 0.0 ? std::max(1, int(budget_s * 1e3 / ms_per_step_)) : 1;
  if (!running_) return std::min(pending_steps_, affordable);
  if (!steps_per_frame_) return std::min(affordable, 10000);
  return std::min(*steps_per_frame_, affordable);
}

void Simulation::frame_done(int steps, const Timings& measured) {
  if (!running_) pending_steps_ = std::max(0, pending_steps_ - steps);
  total_steps_ += steps;
  if (measured.steps > 0 && measured.compute_ms > 0.0) {
    const double sample = measured.compute_ms / measured.steps;
    ms_per_step_ = ms_per_step_ == 0.0 ? sample : 0.8 * ms_per_step_ + 0.2 * sample;
  }
}

Status Simulation::check_divergence() {
  if (divergence_) return Status::ok();
  Expected<bool> finite = backend_->fields_are_finite();
  if (!finite) return finite.status();
  if (!*finite) {
    std::ostringstream text;
    text << "The simulation diverged (NaN or infinity) with F " << params_.F << ", k " << params_.k
         << ", Du " << params_.Du << ", Dv " << params_.Dv << ", dt " << params_.dt << ", "
         << to_string(params_.laplacian) << ": paused. Reset to recover.";
    divergence_ = text.str();
    running_ = false;
  }
  return Status::ok();
}

}  // namespace gs::app
