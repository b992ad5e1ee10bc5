// The app's simulation: the backend and the state it steps, the parameters, the grid, run/pause
// and the steps asked of each frame (the frame pacer decides how many run). It applies the
// simulation's commands (presets, parameters, size, backend, reset...) and knows nothing of GL.
// Main thread only.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <utility>

#include "commands.h"
#include "gs/backend.h"
#include "gs/backend_factory.h"
#include "gs/initial_conditions.h"
#include "gs/presets.h"
#include "gs/state_file.h"
#include "style_source.h"

namespace gs::app {

struct SimulationSettings {
  BackendChoice backend = BackendChoice::Auto;
  std::optional<GridSize> size;  // default: 1024x1024 on the CPU twin, 1920x1080 on a GPU
  // Alive at once on any machine: a field of grown spots shows structure from the first frame,
  // whatever the steps per second, and pearson-epsilon keeps splitting and ending them (mitosis
  // from sparse spots was empty for thousands of steps, and settles once its spots fill the view).
  std::string preset = "pearson-epsilon";
  InitPattern init = InitPattern::GrownSpots;
  std::uint64_t seed = 1;
  std::optional<int> steps_per_frame;  // nullopt: auto
  // The GPU a cuda backend runs on: the app passes the one driving its GL context.
  int cuda_device = 0;
  // The gl backend's maker, in the app's GL context (none without one: the core's tests).
  std::shared_ptr<ContextBackendProvider> gl;
  // The widest and tallest grid the display can show (the GL texture limit); larger ones are
  // refused with that limit in the message.
  long max_display_side = kMaxGridDimension;
};

class Simulation {
 public:
  static Expected<std::unique_ptr<Simulation>> create(const SimulationSettings& settings);

  // Applies a simulation command; a failing one leaves the simulation as it was.
  Status apply(const SimulationCommand& command);
  // Sets one control (simulation_controls.cpp).
  Status set(SimulationControl control, const ControlValue& value);

  Backend& backend() { return *backend_; }
  const Backend& backend() const { return *backend_; }
  // Counts backend replacements (`backend X`, even of the same kind): whatever holds on to the
  // backend's resources (the display path's stream, the pacer's costs) follows each one.
  int backend_generation() const { return backend_generation_; }
  const std::string& backend_reason() const { return backend_reason_; }
  const Params& params() const { return params_; }
  GridSize size() const { return backend_->size(); }
  const PresetLibrary& presets() const { return presets_; }
  // The preset last chosen (kept after hand changes, as the base a setup script starts from).
  const std::string& preset_name() const { return preset_; }
  // What the preset selector shows: the preset's name, or "custom (F, k)" once F, k or another
  // value the preset sets differs from it (a pick, a hand change).
  std::string preset_label() const;
  InitPattern init() const { return init_; }
  std::uint64_t seed() const { return seed_; }
  DisplayField display_field() const { return field_; }
  bool running() const { return running_; }
  std::optional<int> steps_per_frame() const { return steps_per_frame_; }
  long long total_steps() const { return total_steps_; }
  // Whether the fields were changed since their start other than by steps (strokes painted on
  // v, a stamp, a load, a resample to another grid): a reset on the same setup would not make
  // them again.
  bool edited_since_start() const { return edited_; }
  const std::string& last_message() const { return message_; }
  bool reseed_on_pick() const { return reseed_on_pick_; }
  bool reseed_on_preset() const { return reseed_on_preset_; }
  // The backend settings the user chose (CPU loop, launch), kept whole across backend switches:
  // each backend takes its own part.
  const BackendOptions& backend_options() const { return backend_options_; }

  // Single steps asked (`step N`) and not yet run; the frame pacer spreads them over frames.
  int pending_steps() const { return pending_steps_; }
  // Counts the steps a frame ran (and, paused, takes them off the pending ones).
  void frame_done(int steps);
  // What a loaded state costs per cell: the fields read, the backend's two pairs, and the
  // resample a later resize may need (the reader checks the memory before reading).
  static constexpr std::size_t kLoadBytesPerCell = 6 * sizeof(float);
  // A state already read from `path` (the app reads in the background, and checks it): the next
  // `load PATH` takes it instead of reading the file again.
  void hand_in_state(StateFile state, const std::string& path);

  // The picture the running state started from (`seed-image`), for Copy as script; a reset or a
  // load starts it from something else and clears it.
  const std::optional<command::SeedImage>& picture_seed() const { return picture_seed_; }
  // The last picture seeded from, kept after a reset: what the brush stamps.
  const std::shared_ptr<const Picture>& last_picture() const { return last_picture_; }
  // The style map (simulation_style.cpp): where the running one came from (nullopt: none runs),
  // and set B, kept while no map runs, with the preset it came from ("" for custom values).
  const std::optional<StyleSource>& style_source() const { return style_source_; }
  const StyleMix& set_b() const { return set_b_; }
  const std::string& set_b_preset() const { return set_b_preset_; }
  // Counts the commands applied: a view of the style map (the overlay) fetches the bytes again
  // only after one, since nothing else changes them.
  long style_generation() const { return style_generation_; }
  // The running map's bytes, read from the backend (a copy out: nothing changes), on the grid.
  Expected<StyleData> style_map() const;

  // The divergence check: pauses on NaN or infinity and says with which parameters.
  Status check_divergence();
  const std::optional<std::string>& divergence() const { return divergence_; }

 private:
  Simulation() = default;
  Status reset(std::optional<InitPattern> init, std::optional<std::uint64_t> seed);
  // Into or out of the parameter map (p.map.enabled), with its edges (boundary_before_map_).
  Status set_map_mode(Params p);
  Status resize(GridSize size);
  Status check_displayable(GridSize size) const;
  Status switch_backend(BackendChoice choice);
  Status load_preset(const std::string& name);
  Status pick(float x, float y);
  // With `xdmf`, its XDMF description beside it (gs/xdmf_file.h).
  Status save_state(const std::string& path, bool xdmf = true);
  Status load_state(const std::string& path);
  // simulation_picture.cpp: the grid seeded from a picture, and a picture stamped on it.
  Status seed_image(const command::SeedImage& seed);
  Status stamp(const command::Stamp& stamp);
  // The state takes the running one's place, with the parameters the file names; when it
  // cannot, the running state stays as it was.
  Status adopt_state(const StateFile& state, const std::string& path);
  // Style maps (simulation_style.cpp).
  Status apply_style(const SimulationCommand& command);
  Status install_style_map(StyleData map, const StyleSource& source);
  Status start_preset_style(const Preset& preset);
  Status set_style_set(const command::StyleSet& set);
  Status swap_style_sets();
  Status style_off();
  Status paint(const command::Paint& paint);
  void choose_default_set_b();
  // After a resize: a picture's or a gradient's map made again on the new grid (a painted one,
  // or a picture no longer readable, keeps its resampled bytes and counts as painted).
  void remake_style_map();

  std::unique_ptr<Backend> backend_;
  std::optional<std::pair<std::string, StateFile>> handed_in_;  // path and state (hand_in_state)
  int backend_generation_ = 0;
  std::string backend_reason_;
  BackendOptions backend_options_;
  long max_display_side_ = kMaxGridDimension;
  PresetLibrary presets_;
  std::string preset_;
  Params params_;
  InitPattern init_ = InitPattern::GrownSpots;
  std::uint64_t seed_ = 1;
  DisplayField field_ = DisplayField::V;
  bool running_ = true;
  int pending_steps_ = 0;
  std::optional<int> steps_per_frame_;
  long long total_steps_ = 0;
  bool edited_ = false;
  bool reseed_on_pick_ = false;
  // Choosing a preset starts it from its recommended state unless the user keeps the state.
  bool reseed_on_preset_ = true;
  std::optional<command::SeedImage> picture_seed_;
  std::shared_ptr<const Picture> last_picture_;
  PictureSeedOptions last_picture_options_;
  std::optional<std::string> divergence_;
  // The boundary from before the parameter map, which runs with Neumann edges (its F and k jump
  // from one edge to the other, so periodic seams would seed false patterns); given back when
  // the map ends, unless the user chose a boundary during it.
  std::optional<Boundary> boundary_before_map_;
  std::string message_;
  std::optional<StyleSource> style_source_;
  StyleMix set_b_;  // enabled unused: params_.style.enabled says whether a map runs
  std::string set_b_preset_;
  long style_generation_ = 0;
};

// Nearest-neighbour resampling of a state onto another grid (used when the size changes).
Fields resample(const Fields& from, GridSize to);

}  // namespace gs::app
