// A batch run, fully resolved: the grid, the parameters (defaults < --input's attributes <
// --preset < explicit options), the starting fields and where results go. Every check of the
// user's input that needs no simulation happens while building it.
#pragma once

#include <cstdint>
#include <filesystem>
#include <functional>
#include <optional>

#include "batch_options.h"
#include "gs/backend_factory.h"
#include "gs/fields.h"
#include "gs/initial_conditions.h"
#include "gs/params.h"
#include "gs/state_file.h"
#include "gs/status.h"

namespace gs::batch {

inline constexpr GridSize kDefaultGrid{1920, 1080};
inline constexpr long long kDefaultSteps = 1000;

struct BatchJob {
  BackendOptions backend;
  Params params;
  Fields initial;
  std::int64_t start_step = 0;
  // --steps N runs as one frame of N steps; --frames F --steps-per-frame S as F frames of S.
  long long frames = 1;
  long long steps_per_frame = kDefaultSteps;
  bool frame_mode = false;
  std::optional<std::filesystem::path> output;
  std::optional<std::filesystem::path> frames_output;
  bool keep_diverged = false;  // on divergence, write the last finite state to `output`
  // Each HDF5 output with its XDMF description beside it (gs/xdmf_file.h); off for the benchmark.
  bool xdmf = false;
  // Set when `initial` is one rank's block of a grid this size (over ranks: --input read, or
  // the starting state generated, a block apiece).
  std::optional<GridSize> block_of_grid;
  // Where the style map comes from, for the report ("" without one): its bytes are
  // initial.style, set B params.style.
  std::string style_source;

  long long total_steps() const { return frames * steps_per_frame; }
};

// Bytes per cell a run needs at most: the backend's two field pairs and the starting fields;
// the final state's copy out adds a field pair, a frames file the frame writer's buffers (its
// queue depth plus one being filled).
inline constexpr std::size_t kRunBytesPerCell = 6 * sizeof(float);
inline constexpr std::size_t kOutputBytesPerCell = 2 * sizeof(float);
inline constexpr int kFrameQueueDepth = 4;
inline constexpr std::size_t kFrameBuffers = kFrameQueueDepth + 1;

// A run from a generated starting state, in typed values: for programs that build jobs without a
// command line (the benchmark). build_job() is the command line's way to a job.
struct GeneratedRun {
  BackendOptions backend;
  Params params;
  GridSize size = kDefaultGrid;
  InitPattern init = InitPattern::Square;
  std::uint64_t seed = 1;
  long long frames = 1;
  long long steps_per_frame = kDefaultSteps;
  std::optional<std::filesystem::path> frames_output;
};

// --input's state as build_job takes it: the whole grid (gs::read_state, by default), or over
// ranks one rank's block of it, with the grid's size and the first NaN or infinity found.
struct InputState {
  StateFile state;
  std::optional<GridSize> block_of_grid;     // set when state.fields is a block of this grid
  int block_first = 0;                       // the grid's row of the block's first row
  std::optional<std::string> non_finite_at;  // "x,y" of the first non-finite cell
};
using InputReader = std::function<Expected<InputState>(const std::filesystem::path& path,
                                                       std::size_t run_bytes_per_cell)>;

// Over ranks, the rows of a generated grid this rank keeps: its block, halo rows included (they
// wrap around a periodic grid), once the grid and its boundary are known.
struct GridRowSpan {
  int first = 0;
  int count = 0;
  int ranks = 1;  // that share the grid, for messages
};
using BlockChooser = std::function<Expected<GridRowSpan>(GridSize grid, Boundary boundary)>;

// With `block_of`, a generated start is only this rank's block (job.block_of_grid says so).
Expected<BatchJob> build_job(const BatchOptions& options, const InputReader& read_input = {},
                             const BlockChooser& block_of = {});
// Checks what build_job() checks of such a run (valid parameters, the grid, its memory, a
// writable frames file) and generates the starting fields.
Expected<BatchJob> make_generated_job(const GeneratedRun& run);
BackendOptions backend_options(const BatchOptions& options);
// create_backend, with the flags that chose the settings named in its errors (the engine's
// messages name no program's flags).
Expected<SelectedBackend> create_batch_backend(const BackendOptions& options);
// The checks create_batch_backend makes around the engine's choice, for the other things a run
// is stepped on (a sweep's batched stepper): settings of the backend not chosen are refused
// naming their flags, and a CUDA that was asked for and cannot run says "--backend cuda: why".
Status check_backend_flags(const BackendOptions& options);
Status named_backend_failure(const BackendOptions& options, const Status& failure);
// Under mpirun the ranks of a node share its GPUs: each takes its node-local rank's, modulo the
// count (nothing changes on the CPU twin, or where no device answers).
void share_node_gpus(BackendOptions& options, int local_rank);
// Under mpirun, with --overlap on (or auto, on a GPU): a second backend of the block's kind, on
// its device, that steps the rows a rank sends ahead of its block (one CPU thread: the strips
// are a few rows). Null when the exchange is not overlapped.
Expected<std::unique_ptr<Backend>> create_ahead_backend(const std::string& overlap,
                                                        const BackendOptions& options,
                                                        const Backend& block);

// The options' --preset and explicit values layered over a state file's attributes (defaults <
// file < preset < explicit, gs::layer_params), then validated. `style_map`: the start has a
// style map (Params::style runs, its set B layered as the rest: --style-preset's F, k, Du and Dv
// over a styled --preset's set B, --style-F and the others over both).
Expected<Params> resolve_params(const BatchOptions& options, const ParamOverrides& from_file,
                                bool style_map = false);

}  // namespace gs::batch
