// grayscott-batch's command line, as parsed by CLI11 and before any file is touched.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "gs/cpu_twin_backend.h"
#include "gs/launch_shape.h"
#include "gs/param_overrides.h"
#include "style_options.h"
#include "sweep_axis.h"

namespace gs::batch {

inline constexpr int kDefaultHalo = 8;
inline constexpr int kMaxHalo = 1024;
inline constexpr int kMinSheetTilePx = 16;  // the contact sheet's limits (app/sheet)
inline constexpr int kMaxSheetTilePx = 1024;

struct BatchOptions {
  std::string backend = "auto";
  int threads = 0;
  std::optional<CpuTwinPath> cpu_path;
  std::optional<int> steps_per_pass;
  std::optional<BlockShape> block;
  std::optional<KernelVariant> kernel;
  std::optional<long> width;
  std::optional<long> height;
  std::optional<std::string> preset;
  ParamOverrides params;  // --F, --k, --Du, --Dv, --dt, --laplacian, --boundary
  std::optional<std::string> init;
  StyleOptions style;  // a style map's source and set B's preset (set B's values: params.style)
  std::uint64_t seed = 1;
  std::optional<std::string> input;
  // --init-image: a picture as the starting pattern (app/pictures/picture_seed.h), its options
  // as given (names checked here, turned into the pictures' types by build_job).
  std::optional<std::string> init_image;
  PicturePlacementOptions init_image_placement;
  std::optional<float> init_image_threshold;
  float init_image_noise = 0;
  std::optional<long long> steps;
  std::optional<long long> frames;
  std::optional<long long> steps_per_frame;
  std::optional<std::string> output;
  std::optional<std::string> frames_output;
  bool keep_diverged = false;
  bool no_xdmf = false;     // no XDMF description beside the HDF5 files (gs/xdmf_file.h)
  int halo = kDefaultHalo;  // under MPI: rows of halo, steps between exchanges
  // Under MPI: whether each rank steps the rows it sends ahead of its block, so the exchange
  // travels while the block steps: "on", "off", or "auto" (on where the backend steps on a GPU).
  std::string overlap = "auto";
  // Under MPI: frames written on a thread of their own, "thread", or between the steps,
  // "inline"; "auto" chooses (rank_settings.h).
  std::string frame_writer = "auto";
  // A parameter sweep (sweep_plan.h): the lattice's axes, and the contact sheet to draw.
  std::optional<SweepAxis> sweep_F;
  std::optional<SweepAxis> sweep_k;
  // A sweep of a style map's set B: its F along the rows (instead of set A's), its k along the
  // columns (instead of set A's).
  std::optional<SweepAxis> sweep_style_F;
  std::optional<SweepAxis> sweep_style_k;
  std::optional<std::string> sheet;
  std::optional<int> sheet_tile_px;
  bool json = false;
  bool bench = false;
  std::optional<int> busy;               // --bench beside this many busy-loop processes
  std::optional<double> bench_seconds;   // --bench: each timed run's length (1 s by default)
  std::optional<long long> bench_steps;  // --bench: one quick timed run of this many steps
  bool list_backends = false;
  bool list_presets = false;
};

// What parsing decided: run with these options, or exit now with this code (after --help,
// --version or a parse error, whose one-line message has been printed).
struct ParsedCommandLine {
  BatchOptions options;
  std::optional<int> exit_code;
};

ParsedCommandLine parse_command_line(int argc, char** argv);

}  // namespace gs::batch
