#include "batch_options.h"

#include <omp.h>

#include <CLI/CLI.hpp>
#include <algorithm>
#include <cstdint>
#include <functional>
#include <iostream>
#include <limits>
#include <tuple>

#include "gs/fields.h"
#include "strict_options.h"

namespace gs::batch {
namespace {

using cli::add_real_number;
using cli::add_seconds;
using cli::add_whole_number;

const std::vector<std::string> kLaplacians{"five-point", "nine-point", "course"};
const std::vector<std::string> kBoundaries{"periodic", "neumann"};

template <class T>
CLI::Option* add_optional(CLI::App& app, const std::string& name, std::optional<T>& target,
                          const std::string& help) {
  return app.add_option_function<T>(
      name, [&target](const T& value) { target = value; }, help);
}

template <class T>
using Store = std::function<void(T)>;

// More threads than this only oversubscribe the cores (and tens of thousands exhaust the
// process's threads).
int max_threads() {
  return 8 * std::max(1, omp_get_num_procs());
}

// Enough to load any machine this runs on many times over.
constexpr int kMaxBusyLoops = 256;

// A fraction in [0, 1] into `target` (a strict number, as every other).
CLI::Option* add_fraction(CLI::App& app, const std::string& name, Store<float> store,
                          const std::string& help) {
  return app
      .add_option_function<std::string>(
          name,
          [name, store](const std::string& text) {
            std::string problem;
            const std::optional<float> value = cli::parse_real_number(text, problem);
            if (!value) throw CLI::ValidationError(name, problem);
            if (!(*value >= 0 && *value <= 1))
              throw CLI::ValidationError(name, "'" + text + "' is not between 0 and 1");
            store(*value);
          },
          help)
      ->type_name("0..1");
}

// --init-image and its sub-options, which need it; it excludes --init and --input.
void add_init_image_options(CLI::App& app, BatchOptions& o, CLI::Option* init, CLI::Option* input) {
  auto* image =
      add_optional(app, "--init-image", o.init_image,
                   "Start from a picture (PNG, JPEG, ...): v where it is dark, resampled onto the "
                   "grid")
          ->excludes(init)
          ->excludes(input);
  add_picture_placement_options(app, "--init-image", o.init_image_placement, image, "Seed");
  add_fraction(
      app, "--init-image-threshold", [&o](float t) { o.init_image_threshold = t; },
      "Seed fully at this strength and above, nowhere below (default: smoothly)")
      ->needs(image);
  add_fraction(
      app, "--init-image-noise", [&o](float a) { o.init_image_noise = a; },
      "Noise of this amplitude on u and v, seeded by --seed (default 0)")
      ->needs(image);
}

}  // namespace

ParsedCommandLine parse_command_line(int argc, char** argv) {
  ParsedCommandLine parsed;
  BatchOptions& o = parsed.options;
  CLI::App app{"grayscott-batch: run the Gray-Scott reaction-diffusion simulation headless",
               "grayscott-batch"};
  app.set_version_flag("--version", "grayscott-batch " GS_VERSION);

  app.add_option(
         "--backend", o.backend,
         "auto (CUDA, else GL compute on a hardware GPU, else the CPU twin), cpu, cuda or gl")
      ->check(CLI::IsMember({"auto", "cpu", "cuda", "gl"}))
      ->capture_default_str();
  add_whole_number(
      app, "--threads", 0, max_threads(), [&o](int n) { o.threads = n; },
      "CPU twin threads (0: every core; at most 8 per core)");
  app.add_option_function<std::string>(
         "--cpu-path",
         [&o](const std::string& name) { o.cpu_path = parse_enum<CpuTwinPath>(name); },
         "CPU twin loop: fast (temporal blocking, SIMD rows), or reference (one plain sweep per "
         "step)")
      ->check(CLI::IsMember({"fast", "reference"}));
  add_whole_number(
      app, "--steps-per-pass", 0, CpuTwinBackend::kMaxStepsPerPass,
      [&o](int n) { o.steps_per_pass = n; },
      "CPU twin fast path: steps per pass over cache-sized bands of rows (0: chosen from the "
      "grid and the cache; 1: plain sweeps)");
  app.add_option_function<std::string>(
         "--block",
         [&o](const std::string& text) {
           o.block = parse_block_shape(text);
           if (!o.block)
             throw CLI::ValidationError("--block", "'" + text + "' is not WIDTHxHEIGHT");
           if (Status valid = check_block_shape(*o.block); !valid)
             throw CLI::ValidationError("--block", valid.message());
         },
         "CUDA block shape, e.g. 32x8")
      ->type_name("WxH");
  app.add_option_function<std::string>(
         "--kernel", [&o](const std::string& name) { o.kernel = parse_enum<KernelVariant>(name); },
         "CUDA step kernel: coalesced, or strided (consecutive threads walk down a column)")
      ->check(CLI::IsMember({"coalesced", "strided"}));
  app.add_flag("--list-backends", o.list_backends,
               "Print each backend and whether it can run here");
  app.add_flag("--list-presets", o.list_presets,
               "Print each preset: F, k, its recommended start and steps, what it shows (with "
               "--json: every field, as JSON)");

  add_whole_number(
      app, "--width", 1L, long(kMaxGridDimension), [&o](long n) { o.width = n; },
      "Grid width in cells (default 1920)");
  add_whole_number(
      app, "--height", 1L, long(kMaxGridDimension), [&o](long n) { o.height = n; },
      "Grid height in cells (default 1080)");
  add_optional(app, "--preset", o.preset, "Named parameter set (see assets/presets.json)");
  add_real_number(app, "--F", o.params.F, "Feed rate F");
  add_real_number(app, "--k", o.params.k, "Kill rate k");
  add_real_number(app, "--Du", o.params.Du, "Diffusion rate of u");
  add_real_number(app, "--Dv", o.params.Dv, "Diffusion rate of v");
  add_real_number(app, "--dt", o.params.dt, "Time step");
  app.add_option_function<std::string>(
         "--laplacian",
         [&o](const std::string& name) { o.params.laplacian = parse_enum<Laplacian>(name); },
         "five-point, nine-point or course")
      ->check(CLI::IsMember(kLaplacians));
  app.add_option_function<std::string>(
         "--boundary",
         [&o](const std::string& name) { o.params.boundary = parse_enum<Boundary>(name); },
         "periodic or neumann")
      ->check(CLI::IsMember(kBoundaries));
  auto* init = app.add_option_function<std::string>(
                      "--init", [&o](const std::string& name) { o.init = name; },
                      "Initial state: square, spots, noise or grown-spots (default square)")
                   ->check(CLI::IsMember({"square", "spots", "noise", "grown-spots"}));
  add_whole_number(
      app, "--seed", std::uint64_t(0), std::numeric_limits<std::uint64_t>::max(),
      [&o](std::uint64_t n) { o.seed = n; }, "Seed of the initial state's randomness (default 1)");
  auto* input = app.add_option_function<std::string>(
      "--input", [&o](const std::string& path) { o.input = path; },
      "Start from a state file (HDF5); its shape sets the grid");
  input->excludes(init);
  add_style_options(app, o.style, o.params.style);
  add_init_image_options(app, o, init, input);

  // Counts stay far from overflowing when added to a state's step (at most 2^53).
  constexpr long long kMaxSteps = 1LL << 53, kMaxFrameCount = (1LL << 31) - 1;
  auto* steps = add_whole_number(
      app, "--steps", 0LL, kMaxSteps, [&o](long long n) { o.steps = n; },
      "Steps to run (0 writes the starting state)");
  auto* frames = add_whole_number(
      app, "--frames", 1LL, kMaxFrameCount, [&o](long long n) { o.frames = n; },
      "Frames to run (with --steps-per-frame)");
  auto* steps_per_frame = add_whole_number(
      app, "--steps-per-frame", 1LL, kMaxFrameCount, [&o](long long n) { o.steps_per_frame = n; },
      "Steps between frames");
  steps->excludes(frames)->excludes(steps_per_frame);
  add_optional(app, "--output", o.output, "Write the final state here (HDF5)");
  add_optional(app, "--frames-output", o.frames_output,
               "Write the v field of every frame here (HDF5)");
  app.add_flag("--keep-diverged", o.keep_diverged,
               "When the run diverges (NaN or infinity), still write the last finite state to "
               "--output (the run fails all the same)");
  app.add_flag("--no-xdmf", o.no_xdmf,
               "Write no XDMF description (NAME.xmf, for ParaView and VisIt) beside the HDF5 "
               "files");
  add_whole_number(
      app, "--halo", 1, kMaxHalo, [&o](int n) { o.halo = n; },
      "Under mpirun: rows each rank computes again beyond its band of rows, so ranks exchange "
      "rows once every N steps (default " +
          std::to_string(kDefaultHalo) + ")");
  app.add_option("--overlap", o.overlap,
                 "Under mpirun: step the rows each rank sends ahead of its band, so the exchange "
                 "travels while the band steps (auto: on for cuda, whose launches leave the CPU "
                 "free; off for the CPU twin, whose cores the band already fills)")
      ->check(CLI::IsMember({"auto", "on", "off"}))
      ->capture_default_str();
  app.add_option("--frame-writer", o.frame_writer,
                 "Under mpirun: write each frame on a thread of its own while the ranks step "
                 "(thread), or between the steps (inline); auto: a thread where the node has a "
                 "core to spare for each rank's")
      ->check(CLI::IsMember({"auto", "thread", "inline"}))
      ->capture_default_str();
  std::vector<CLI::Option*> sweeps;
  for (auto [name, parameter, axis] :
       {std::tuple{"--sweep-F", "F", &o.sweep_F}, std::tuple{"--sweep-k", "k", &o.sweep_k},
        std::tuple{"--sweep-style-F", "a style map's set B's F", &o.sweep_style_F},
        std::tuple{"--sweep-style-k", "a style map's set B's k", &o.sweep_style_k}})
    sweeps.push_back(
        app.add_option_function<std::string>(
               name,
               [name = std::string(name), axis = axis](const std::string& text) {
                 Expected<SweepAxis> axis_read = parse_sweep_axis(text);
                 if (!axis_read) throw CLI::ValidationError(name, axis_read.message());
                 *axis = *axis_read;
               },
               std::string("A parameter sweep: N runs with ") + parameter +
                   " evenly spaced from LOW to HIGH inclusive (rows vary --sweep-F or "
                   "--sweep-style-F, columns --sweep-k or --sweep-style-k; --output is then the "
                   "atlas)")
            ->type_name("LOW:HIGH:N"));
  // Without a sweep --sheet is refused after parsing (a sweep has any two of the four axes).
  auto* sheet = add_optional(app, "--sheet", o.sheet,
                             "With a sweep: also draw its contact sheet here (PNG; rows along F, "
                             "columns along k)");
  add_whole_number(
      app, "--sheet-tile-px", kMinSheetTilePx, kMaxSheetTilePx,
      [&o](int n) { o.sheet_tile_px = n; },
      "The sweep's contact sheet: each run's tile in pixels (default: 128, smaller for many "
      "runs)")
      ->needs(sheet);
  app.add_flag("--json", o.json, "Print a machine-readable summary on stdout");
  auto* bench = app.add_flag("--bench", o.bench, "Measure throughput and print a table");
  auto* busy =
      add_whole_number(
          app, "--busy", 1, kMaxBusyLoops, [&o](int n) { o.busy = n; },
          "With --bench: steps per second beside N busy-loop processes against a quiet machine "
          "(1024x1024 unless --width/--height are given)")
          ->needs(bench);
  add_seconds(app, "--bench-seconds", 0.05, 60, o.bench_seconds,
              "With --bench: how long each of the three timed runs of a table row lasts "
              "(default 1; longer steadies the figures on a busy machine)")
      ->needs(bench)
      ->excludes(busy);
  add_whole_number(
      app, "--bench-steps", 1, 1000000, [&o](int n) { o.bench_steps = n; },
      "With --bench: one quick measurement instead of the table, for scripts: one grid "
      "(--width/--height, default 4096x4096), a short warm-up, then N steps timed once; "
      "--json prints it as JSON")
      ->needs(bench)
      ->excludes(busy)
      ->excludes("--bench-seconds");

  try {
    app.parse(argc, argv);
    if (o.sheet && !(o.sweep_F || o.sweep_k || o.sweep_style_F || o.sweep_style_k))
      throw CLI::RequiresError("--sheet", "a sweep (--sweep-F ...)");
  } catch (const CLI::CallForHelp& e) {
    parsed.exit_code = app.exit(e);
  } catch (const CLI::CallForVersion& e) {
    parsed.exit_code = app.exit(e);
  } catch (const CLI::ParseError& e) {
    // One line, ours: CLI11's own exit() adds a second line.
    std::cerr << "grayscott-batch: error: " << e.what() << "\n";
    parsed.exit_code = 2;  // usage errors: 2, as is customary
  }
  return parsed;
}

}  // namespace gs::batch
