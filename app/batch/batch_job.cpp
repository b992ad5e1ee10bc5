#include "batch_job.h"

#include <functional>
#include <iterator>
#include <limits>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "batch_gl_provider.h"
#include "distinct_files.h"
#include "gs/cuda_backend.h"
#include "gs/diverged_state.h"
#include "gs/initial_conditions.h"
#include "gs/output_file.h"
#include "gs/presets.h"
#include "gs/state_file.h"
#include "init_image.h"
#include "style_source.h"
#include "xdmf_outputs.h"

namespace gs::batch {
namespace {

Status check_counts(const BatchOptions& o) {
  if (o.steps && *o.steps < 0) return Error{"--steps must not be negative"};
  if (o.frames && *o.frames < 1) return Error{"--frames must be at least 1"};
  if (o.steps_per_frame && *o.steps_per_frame < 1)
    return Error{"--steps-per-frame must be at least 1"};
  if (o.frames.has_value() != o.steps_per_frame.has_value())
    return Error{"--frames and --steps-per-frame go together"};
  if (o.frames_output && !o.frames)
    return Error{"--frames-output needs --frames and --steps-per-frame"};
  if (o.frames && *o.frames > std::numeric_limits<int>::max())
    return Error{"--frames is too large"};
  if (o.frames && *o.steps_per_frame > (1LL << 40) / *o.frames)
    return Error{"too many steps in total"};
  return Status::ok();
}

// Inputs and outputs must be different files (distinct_files.h), each output writable, and so
// must their descriptions be.
Status check_files(const BatchOptions& options, const BatchJob& job) {
  const std::vector<NamedFile> inputs = input_files(options);
  std::vector<NamedFile> outputs;
  if (job.output) outputs.push_back({"--output", *job.output});
  if (job.frames_output) outputs.push_back({"--frames-output", *job.frames_output});
  GS_TRY(check_outputs_apart(inputs, outputs));
  for (const NamedFile& output : outputs) GS_TRY(OutputFile(output.path).check_writable());
  if (!job.xdmf) return Status::ok();
  return check_xdmf_outputs(outputs, inputs);
}

// Bytes per cell a run needs at most, with the buffers of the files it writes.
std::size_t run_bytes_per_cell(bool output, bool frames_output) {
  return kRunBytesPerCell + (output ? kOutputBytesPerCell : 0) +
         (frames_output ? kFrameBuffers * sizeof(float) : 0);
}

// Rows [first, first + count) of a generated start on a grid this size.
using RowsMaker = std::function<Fields(GridSize grid, int first, int count)>;

RowsMaker pattern_rows(InitPattern pattern, std::uint64_t seed) {
  return [pattern, seed](GridSize grid, int first, int count) {
    return make_initial_rows(grid, pattern, seed, first, count);
  };
}

// The generated starting state, once its grid is known to be valid and its rows (all, or
// `rows`) to fit in memory.
Expected<Fields> generate_initial(long width, long height, const RowsMaker& make_rows,
                                  std::size_t bytes_per_cell,
                                  std::optional<GridRowSpan> rows = std::nullopt) {
  GS_TRY(check_grid_size(width, height));
  const GridSize size{int(width), int(height)};
  if (!rows) {
    GS_TRY(check_fits_in_memory(size, bytes_per_cell));
    return make_rows(size, 0, size.height);
  }
  GS_TRY(check_block_fits_in_memory(size, rows->count, rows->ranks, bytes_per_cell));
  return make_rows(size, rows->first, rows->count);
}

// --init-image's rows, or --init's: the picture is read here, once (over ranks by every rank,
// each failing alike on a bad one).
Expected<RowsMaker> starting_rows(const BatchOptions& options) {
  if (!options.init_image)
    return pattern_rows(parse_enum<InitPattern>(options.init.value_or("square")).value(),
                        options.seed);
  Expected<app::Picture> picture = read_init_image(options);
  if (!picture) return picture.status();
  return RowsMaker([picture = std::make_shared<const app::Picture>(std::move(picture).value()),
                    seed = init_image_options(options)](GridSize grid, int first, int count) {
    return app::seed_rows_from_picture(*picture, seed, grid, first, count);
  });
}

// --input whole, in one process.
Expected<InputState> read_whole_input(const std::filesystem::path& path,
                                      std::size_t run_bytes_per_cell) {
  Expected<StateFile> state = read_state(path, run_bytes_per_cell);
  if (!state) return state.status();
  InputState input;
  input.non_finite_at = first_non_finite_cell_text(state->fields);
  input.state = std::move(state).value();
  return input;
}

}  // namespace

Expected<Params> resolve_params(const BatchOptions& options, const ParamOverrides& from_file,
                                bool style_map) {
  ParamLayers layers;
  layers.file = from_file;
  Expected<std::optional<Preset>> preset = chosen_preset(options);
  if (!preset) return preset.status();
  if (*preset) layers.preset = (*preset)->params;
  if (options.style.preset) {
    Expected<PresetLibrary> library = load_default_presets();
    if (!library) return library.status();
    Expected<const Preset*> set_b = library->require(*options.style.preset);
    if (!set_b) return Error{"--style-preset: " + set_b.message()};
    const ParamOverrides& b = (*set_b)->params;
    layers.preset.style = {b.F, b.k, b.Du, b.Dv};
  }
  layers.explicit_values = options.params;
  Params params = layer_params(layers);
  params.style.enabled = style_map;
  GS_TRY(validate(params));
  return params;
}

Status check_backend_flags(const BackendOptions& options) {
  const bool gpu = options.choice == BackendChoice::Cuda || options.choice == BackendChoice::Gl;
  if (gpu && (options.cpu_path || options.cpu_steps_per_pass))
    return Error{"the CPU twin's loop (--cpu-path, --steps-per-pass) applies to the cpu backend"};
  if ((options.choice == BackendChoice::Cpu || options.choice == BackendChoice::Gl) &&
      (options.block || options.variant))
    return Error{"the launch shape (--block, --kernel) applies to the cuda backend"};
  return Status::ok();
}

Status named_backend_failure(const BackendOptions& options, const Status& failure) {
  if (options.choice == BackendChoice::Cuda) return Error{"--backend cuda: " + failure.message()};
  if (options.choice == BackendChoice::Gl) return Error{"--backend gl: " + failure.message()};
  return failure;
}

void share_node_gpus(BackendOptions& options, int local_rank) {
  if (options.choice == BackendChoice::Cpu) return;
  if (const int devices = cuda_device_count(); devices > 0)
    options.cuda_device = local_rank % devices;
}

Expected<std::unique_ptr<Backend>> create_ahead_backend(const std::string& overlap,
                                                        const BackendOptions& options,
                                                        const Backend& block) {
  const bool on_gpu = block.capabilities().device_memory;
  if (overlap == "off" || (overlap == "auto" && !on_gpu)) return std::unique_ptr<Backend>();
  BackendOptions ahead = options;
  ahead.choice = on_gpu ? BackendChoice::Cuda : BackendChoice::Cpu;
  ahead.cpu_threads = 1;
  Expected<SelectedBackend> selected = create_batch_backend(ahead);
  if (!selected) return selected.status();
  return std::move(selected->backend);
}

Expected<SelectedBackend> create_batch_backend(const BackendOptions& options) {
  GS_TRY(check_backend_flags(options));
  Expected<SelectedBackend> selected = create_backend(options);
  if (!selected) return named_backend_failure(options, selected.status());
  return selected;
}

BackendOptions backend_options(const BatchOptions& options) {
  BackendOptions backend;
  backend.choice = *parse_enum<BackendChoice>(options.backend);
  backend.cpu_threads = options.threads;
  backend.cpu_path = options.cpu_path;
  backend.cpu_steps_per_pass = options.steps_per_pass;
  backend.block = options.block;
  backend.variant = options.kernel;
  backend.gl = batch_gl_provider();
  return backend;
}

Expected<BatchJob> build_job(const BatchOptions& options, const InputReader& read_input,
                             const BlockChooser& block_of) {
  GS_TRY(check_counts(options));
  BatchJob job;
  job.backend = backend_options(options);
  if (options.frames) {
    job.frames = *options.frames;
    job.steps_per_frame = *options.steps_per_frame;
    job.frame_mode = true;
  } else {
    job.steps_per_frame = options.steps.value_or(kDefaultSteps);
  }
  if (options.output) job.output = *options.output;
  if (options.frames_output) job.frames_output = *options.frames_output;
  if (options.keep_diverged && !options.output)
    return Error{"--keep-diverged keeps the last finite state in --output: give --output too"};
  job.keep_diverged = options.keep_diverged;
  job.xdmf = !options.no_xdmf;
  GS_TRY(check_files(options, job));

  const std::size_t bytes_per_cell =
      run_bytes_per_cell(job.output.has_value(), job.frames_output.has_value());
  ParamOverrides from_file;
  GridRowSpan rows;  // the grid's rows this job holds (of its block, over ranks)
  if (options.input) {
    Expected<InputState> input =
        (read_input ? read_input : read_whole_input)(*options.input, bytes_per_cell);
    if (!input) return input.status();
    const GridSize size = input->block_of_grid.value_or(input->state.fields.size);
    if ((options.width && *options.width != size.width) ||
        (options.height && *options.height != size.height))
      return Error{"--width/--height disagree with the " + to_string(size) + " grid of '" +
                   *options.input + "'"};
    // The reader checked the memory the whole run needs (bytes_per_cell) before reading.
    if (input->non_finite_at)
      return Error{diverged_input_message(*options.input, *input->non_finite_at)};
    from_file = input->state.params;
    job.start_step = input->state.step.value_or(0);
    job.initial = std::move(input->state.fields);
    job.block_of_grid = input->block_of_grid;
    rows.first = input->block_first;
  }

  Expected<std::optional<Preset>> preset = chosen_preset(options);
  if (!preset) return preset.status();
  const bool preset_styled = *preset && (*preset)->style;
  const bool style_map = options.style.has_source() || !job.initial.style.empty() || preset_styled;
  if (names_set_b(options) && !style_map)
    return Error{
        "--style-preset and --style-F/k/Du/Dv set a style map's set B: give --style-image or "
        "--style-gradient too (or an --input with a style map, or a styled --preset)"};
  Expected<Params> params = resolve_params(options, from_file, style_map);
  if (!params) return params.status();
  job.params = *params;

  if (!options.input) {
    Expected<RowsMaker> make_rows = starting_rows(options);
    if (!make_rows) return make_rows.status();
    const long width = options.width.value_or(kDefaultGrid.width);
    const long height = options.height.value_or(kDefaultGrid.height);
    std::optional<GridRowSpan> block;
    if (block_of) {
      GS_TRY(check_grid_size(width, height));
      Expected<GridRowSpan> chosen = block_of({int(width), int(height)}, job.params.boundary);
      if (!chosen) return chosen.status();
      block = *chosen;
      rows.first = block->first;
      job.block_of_grid = GridSize{int(width), int(height)};
    }
    Expected<Fields> initial = generate_initial(width, height, *make_rows, bytes_per_cell, block);
    if (!initial) return initial.status();
    job.initial = std::move(initial).value();
  }
  // The options' map replaces an input's; a styled preset's gradient comes only where the start
  // has none. Each rank makes its block's rows, halo rows included (they are stepped too).
  if (style_map) {
    const GridSize grid = job.block_of_grid.value_or(job.initial.size);
    rows.count = job.initial.size.height;
    Expected<std::optional<StyleRows>> made =
        options.style.has_source() || job.initial.style.empty()
            ? made_style_rows(options, *preset, grid, rows.first, rows.count)
            : Expected<std::optional<StyleRows>>(std::optional<StyleRows>{});
    if (!made) return made.status();
    if (*made) {
      job.initial.style = std::move((*made)->rows);
      job.style_source = (*made)->source;
    } else {
      job.style_source = "the map of '" + *options.input + "'";
    }
  }
  return job;
}

Expected<BatchJob> make_generated_job(const GeneratedRun& run) {
  if (run.frames < 1 || run.steps_per_frame < 0)
    return Error{"a run needs at least one frame and no negative step count"};
  GS_TRY(validate(run.params));
  BatchJob job;
  job.backend = run.backend;
  job.params = run.params;
  job.frames = run.frames;
  job.steps_per_frame = run.steps_per_frame;
  job.frame_mode = true;
  job.frames_output = run.frames_output;
  if (job.frames_output) GS_TRY(OutputFile(*job.frames_output).check_writable());
  Expected<Fields> initial =
      generate_initial(run.size.width, run.size.height, pattern_rows(run.init, run.seed),
                       run_bytes_per_cell(false, job.frames_output.has_value()));
  if (!initial) return initial.status();
  job.initial = std::move(initial).value();
  return job;
}

}  // namespace gs::batch
