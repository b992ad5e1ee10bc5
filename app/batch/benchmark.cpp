#include "benchmark.h"

#include <unistd.h>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <iomanip>
#include <memory>
#include <optional>
#include <ostream>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include "batch_job.h"
#include "batch_run.h"
#include "contention_benchmark.h"
#include "gs/cpu_twin_backend.h"
#include "gs/cuda_backend.h"
#include "gs/state_file.h"
#include "gs/style_gradient.h"
#include "plain_write_time.h"
#include "quick_benchmark.h"

namespace gs::batch {
namespace {

constexpr double kDefaultRunSeconds = 1.0;
constexpr int kTimedRuns = 3;
constexpr long long kDefaultBenchStepsPerFrame = 32;

// The course's benchmark: 1000 frames of 32 steps on 1920x1080.
constexpr GridSize kCourseGrid{1920, 1080};
constexpr long long kCourseFrames = 1000;
constexpr long long kCourseStepsPerFrame = 32;

// A GPU also gets 8192x8192 (1 GB of fields), where nothing fits in a cache.
std::vector<GridSize> bench_sizes(const BatchOptions& o, bool gpu) {
  if (o.width || o.height)
    return {
        {int(o.width.value_or(kDefaultGrid.width)), int(o.height.value_or(kDefaultGrid.height))}};
  if (gpu) return {{512, 512}, {1920, 1080}, {4096, 4096}, {8192, 8192}};
  return {{512, 512}, {1920, 1080}, {4096, 4096}};
}

}  // namespace

std::string cpu_model() {
  std::ifstream cpuinfo("/proc/cpuinfo");
  for (std::string line; std::getline(cpuinfo, line);)
    if (line.rfind("model name", 0) == 0) return line.substr(line.find(':') + 2);
  return "unknown CPU";
}

namespace {

class Table {
 public:
  explicit Table(std::ostream& out) : out_(out) {}
  void header() {
    out_ << std::left << std::setw(11) << "grid" << std::setw(10) << "path" << std::right
         << std::setw(8) << "steps" << std::setw(10) << "ms/step" << std::setw(10) << "Mcells/s"
         << std::setw(8) << "GB/s" << std::setw(8) << "%copy" << std::setw(11) << "compute s"
         << std::setw(12) << "transfer s" << std::setw(8) << "I/O s" << std::setw(8) << "wall s"
         << "\n";
  }
  void row(const std::string& grid, const std::string& path, const RunReport& r,
           double copy_gb_per_s) {
    out_ << std::left << std::setw(11) << grid << std::setw(10) << path << std::right
         << std::setw(8) << r.steps << std::fixed << std::setprecision(4) << std::setw(10)
         << 1e3 * r.compute_s / double(std::max<long long>(1, r.steps)) << std::setprecision(0)
         << std::setw(10) << r.mcells_per_s() << std::setprecision(1) << std::setw(8)
         << r.effective_gb_per_s() << std::setprecision(0) << std::setw(7)
         << 100.0 * r.effective_gb_per_s() / copy_gb_per_s << "%" << std::setprecision(3)
         << std::setw(11) << r.compute_s << std::setw(12) << r.transfer_s << std::setw(8) << r.io_s
         << std::setw(8) << r.wall_s << "\n"
         << std::flush;
  }

  void note(const std::string& line) { out_ << line << "\n"; }
  void ratio(const std::string& grid, double fast_over_reference) {
    out_ << std::left << std::setw(11) << grid << "fast/reference: " << std::setprecision(2)
         << fast_over_reference << "x\n";
  }

 private:
  std::ostream& out_;
};

// A job and the backend that runs it, for one row of the table.
struct MeasuredRun {
  BatchJob job;
  Backend* backend;
};

// Each run warms up twice (the second sizes it to about `run_seconds`); then the timed runs take
// turns, so that a slow spell of a shared machine falls on every one alike. The median of each.
Expected<std::vector<RunReport>> measure_in_turns(std::vector<MeasuredRun> measured,
                                                  double run_seconds) {
  for (MeasuredRun& m : measured) {
    Expected<RunReport> warm_up = run_job(m.job, *m.backend, {false});
    if (warm_up) warm_up = run_job(m.job, *m.backend, {false});
    if (!warm_up) return warm_up.status();
    // Per frame: the steps and any display copy, not the upload each run starts with.
    const double frame_seconds =
        std::max(1e-6, warm_up->compute_s / double(std::max<long long>(1, m.job.frames)));
    m.job.frames = std::clamp<long long>(std::llround(run_seconds / frame_seconds), 3, 100000);
  }
  std::vector<std::vector<RunReport>> runs(measured.size());
  for (int i = 0; i < kTimedRuns; ++i)
    for (std::size_t m = 0; m < measured.size(); ++m) {
      Expected<RunReport> run = run_job(measured[m].job, *measured[m].backend, {false});
      if (!run) return run.status();
      runs[m].push_back(*run);
    }
  std::vector<RunReport> medians;
  for (std::vector<RunReport>& of_run : runs) {
    std::sort(of_run.begin(), of_run.end(), [](const RunReport& a, const RunReport& b) {
      return a.mcells_per_s() < b.mcells_per_s();
    });
    medians.push_back(of_run[kTimedRuns / 2]);
  }
  return medians;
}

// Every path on one job, in turns.
Expected<std::vector<RunReport>> measure_in_turns(const BatchJob& job,
                                                  const std::vector<Backend*>& backends,
                                                  double run_seconds) {
  std::vector<MeasuredRun> measured;
  for (Backend* backend : backends) measured.push_back({job, backend});
  return measure_in_turns(std::move(measured), run_seconds);
}

// Each path with a style map (an x gradient from the run's parameters to a set B of other
// rates) against without, in turns, on `size`: what reading a byte a cell and mixing four
// parameters per cell costs.
Status run_style_map_rows(GeneratedRun run, GridSize size,
                          const std::vector<std::pair<std::string, Backend*>>& paths, Table& table,
                          double copy, double run_seconds) {
  run.size = size;
  Expected<BatchJob> uniform = make_generated_job(run);
  if (!uniform) return uniform.status();
  BatchJob styled = *uniform;
  styled.params.style = {true, 0.03f, 0.057f, styled.params.Du, styled.params.Dv};
  GS_TRY(validate(styled.params));
  styled.initial.style = style_gradient(size, StyleGradient::X);
  for (const auto& [name, backend] : paths) {
    Expected<std::vector<RunReport>> reports =
        measure_in_turns({{*uniform, backend}, {styled, backend}}, run_seconds);
    if (!reports) return reports.status();
    table.row("style-map", name, (*reports)[1], copy);
    table.note(
        "style-map  " + name + " with a style map / without: " +
        std::to_string((*reports)[1].mcells_per_s() / (*reports)[0].mcells_per_s()).substr(0, 4) +
        "x");
  }
  return Status::ok();
}

// The course benchmark once without and once with the HDF5 frames file (in the temporary folder,
// TMPDIR where set, removed afterwards; the table says where, since a slow disk, not the GPU,
// then sets the second's wall time): the second's wall time shows what overlapping the writes
// saves.
Status run_course_benchmark(GeneratedRun run, Backend& backend, Table& table, double copy) {
  run.size = kCourseGrid;
  run.frames = kCourseFrames;
  run.steps_per_frame = kCourseStepsPerFrame;
  const std::filesystem::path frames_file =
      std::filesystem::temp_directory_path() /
      ("grayscott-bench-" + std::to_string(::getpid()) + ".h5");
  for (bool with_frames : {false, true}) {
    if (with_frames && !hdf5_available()) {
      table.note("course+h5  skipped: this build has no HDF5 support");
      continue;
    }
    if (with_frames) run.frames_output = frames_file;
    Expected<BatchJob> job = make_generated_job(run);
    if (!job) return job.status();
    Expected<RunReport> run_report = run_job(*job, backend, {false});
    std::filesystem::remove(frames_file);
    if (!run_report) return run_report.status();
    table.row(with_frames ? "course+h5" : "course", backend.name(), *run_report, copy);
    if (!with_frames) continue;
    // The disk's own time for the same bytes, in the same folder: how close the run comes.
    const std::uint64_t bytes = std::uint64_t(kCourseFrames) * kCourseGrid.cells() * 4;
    Expected<double> plain = plain_write_seconds(frames_file.parent_path(), bytes);
    if (!plain) return plain.status();
    std::ostringstream line;
    line << std::fixed << std::setprecision(2) << "course+h5  frames file in "
         << frames_file.parent_path().string() << " (" << bytes / 1000000
         << " MB written); a plain write of as many bytes there: " << *plain
         << " s; the run's wall " << run_report->wall_s
         << " s / that: " << run_report->wall_s / std::max(1e-9, *plain) << "x";
    table.note(line.str());
  }
  return Status::ok();
}

// The copy ceiling of a buffer the GPU's L2 cache holds (source and copy in a quarter of it
// each), beside the DRAM-sized one every backend prints.
Status print_l2_copy(Backend& gpu, std::ostream& out) {
  Expected<CudaDeviceInfo> device = cuda_device_info(gpu.device_stream().device);
  if (!device) return device.status();
  const std::size_t l2 = device->l2_bytes;
  if (l2 < (std::size_t(1) << 20)) return Status::ok();
  Expected<double> copy = gpu.measure_copy_bandwidth(l2 / 4);
  if (!copy) return copy.status();
  out << "copy L2: " << std::fixed << std::setprecision(1) << *copy << " GB/s (a "
      << double(l2 / 4) / 1e6 << " MB copy, which the " << double(l2) / 1e6
      << " MB L2 cache holds)\n";
  return Status::ok();
}

// The app's interop path against its host path, measured without GL: the display field of a
// 1920x1080 grid written on the device (as into a mapped PBO) or copied to pinned host memory.
// Then what building a step graph costs against replaying it and against plain launches.
Status print_display_paths_and_graphs(Backend& gpu, std::ostream& out) {
  GS_TRY(gpu.copy_in(Fields(kCourseGrid)));
  Expected<DisplayPathTimes> times = gpu.measure_display_paths(10);
  if (!times) return times.status();
  out << "\ndisplay field of " << to_string(kCourseGrid) << ": device write "
      << std::setprecision(4) << times->device_ms << " ms (interop-shaped), device-to-host copy "
      << times->host_ms << " ms (host path, first crossing): " << std::setprecision(1)
      << times->host_ms / std::max(1e-9, times->device_ms) << "x\n";
  Expected<GraphCosts> graphs = gpu.measure_graph_costs(10);
  if (!graphs) return graphs.status();
  out << "step graph of " << graphs->steps << " steps on " << to_string(kCourseGrid)
      << ", host call to GPU done: built and run " << std::setprecision(3)
      << graphs->build_and_run_ms << " ms, replayed " << graphs->replay_ms << " ms, "
      << graphs->steps << " plain launches " << graphs->launches_ms << " ms\n";
  return Status::ok();
}

}  // namespace

// What every measured run shares: the options' backend, parameters and starting state, in
// frames of --steps-per-frame steps (32 by default).
Expected<GeneratedRun> measured_run(const BatchOptions& options) {
  GeneratedRun run;
  run.backend = backend_options(options);
  Expected<Params> params = resolve_params(options, {});
  if (!params) return params.status();
  run.params = *params;
  run.init = parse_enum<InitPattern>(options.init.value_or("square")).value();
  run.seed = options.seed;
  run.steps_per_frame = options.steps_per_frame.value_or(kDefaultBenchStepsPerFrame);
  return run;
}

Status run_benchmark(const BatchOptions& options, std::ostream& out) {
  if (options.output || options.frames_output || options.input)
    return Error{
        "--bench measures generated states and writes no files: drop --input, --output and "
        "--frames-output"};
  if (options.keep_diverged)
    return Error{"--keep-diverged keeps the last finite state in --output: give --output too"};
  if (options.init_image)  // its patterns are the generated ones (--init)
    return Error{"--bench measures generated states: drop --init-image"};
  if (options.busy) return run_contention_benchmark(options, out);
  if (options.bench_steps) return run_quick_benchmark(options, out);
  BackendOptions chosen = backend_options(options);
  // The CPU twin is measured on both of its loops, side by side, whichever --cpu-path named.
  if (chosen.choice == BackendChoice::Auto || chosen.choice == BackendChoice::Cpu)
    chosen.cpu_path = CpuTwinPath::Fast;
  Expected<SelectedBackend> selected = create_batch_backend(chosen);
  if (!selected) return selected.status();
  Backend& backend = *selected->backend;
  const bool gpu = backend.device_stream().device >= 0;
  const std::vector<GridSize> sizes = bench_sizes(options, gpu);
  for (GridSize size : sizes) GS_TRY(check_grid_size(size.width, size.height));
  std::vector<std::pair<std::string, Backend*>> paths{{backend.name(), &backend}};
  std::unique_ptr<CpuTwinBackend> reference;
  if (const std::optional<CpuLoop> loop = backend.cpu_loop()) {
    reference = std::make_unique<CpuTwinBackend>(loop->threads, CpuTwinPath::Reference);
    paths = {{"fast", &backend}, {"reference", reference.get()}};
  }
  Expected<double> copy = backend.measure_copy_bandwidth(kBenchCopyBytes);
  if (!copy) return copy.status();

  out << "backend: " << backend.name() << " (" << backend.description() << ")"
      << (selected->reason.empty() ? "" : "; " + selected->reason);
  if (reference) out << "\nagainst: " << reference->description();
  out << "\nmachine: " << cpu_model() << "\ncopy:    " << std::fixed << std::setprecision(1)
      << *copy << " GB/s (a 256 MB copy in the backend's memory, read + write)\n";
  if (gpu) GS_TRY(print_l2_copy(backend, out));
  out << "\n";
  std::vector<Backend*> backends;
  for (const auto& path : paths) backends.push_back(path.second);

  const double run_seconds = options.bench_seconds.value_or(kDefaultRunSeconds);
  Table table(out);
  table.header();
  Expected<GeneratedRun> run = measured_run(options);
  if (!run) return run.status();
  for (GridSize size : sizes) {
    run->size = size;
    Expected<BatchJob> job = make_generated_job(*run);
    if (!job) return job.status();
    Expected<std::vector<RunReport>> reports = measure_in_turns(*job, backends, run_seconds);
    if (!reports) return reports.status();
    for (std::size_t p = 0; p < paths.size(); ++p)
      table.row(to_string(size), paths[p].first, (*reports)[p], *copy);
    if (reference)
      table.ratio(to_string(size), (*reports)[0].mcells_per_s() / (*reports)[1].mcells_per_s());
  }
  // The course benchmark and the GPU's extra measurements belong to the full table; a table for
  // one grid (--width/--height, as the device check's block sweep asks) measures that grid only,
  // and its style-map rows on it rather than on the course's grid.
  const bool full_table = !options.width && !options.height;
  GS_TRY(run_style_map_rows(*run, full_table ? kCourseGrid : sizes.front(), paths, table, *copy,
                            run_seconds));
  if (gpu && full_table) {
    GS_TRY(run_course_benchmark(*run, backend, table, *copy));
    if (backend.capabilities().gpu_measurements)
      GS_TRY(print_display_paths_and_graphs(backend, out));
  }
  return Status::ok();
}

}  // namespace gs::batch
