// grayscott-batch: parse the command line, run, report. Errors end as one line on stderr and a
// non-zero exit; a run ended by a signal exits 128 + the signal after removing its unfinished
// files. Started by mpirun with several ranks (a build with MPI), the ranks share the grid and
// only rank 0 prints.
#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <iostream>
#include <memory>
#include <new>

#include "batch_gl_provider.h"
#include "batch_job.h"
#include "batch_options.h"
#include "batch_run.h"
#include "benchmark.h"
#include "gs/termination.h"
#include "preset_list.h"
#include "run_report.h"
#include "standard_output.h"
#include "sweep_run.h"
#if GS_WITH_MPI
#include <filesystem>

#include "command_line_match.h"
#include "distributed_run.h"
#include "mpi_library.h"
#include "mpi_world.h"
#include "rank_input.h"
#include "sweep_ranks_mpi.h"
#endif

namespace {

// A terminating signal exits 128 + its number, as a shell reports a process it ended.
int fail(const std::string& message) {
  using namespace gs::batch;
  if (gs::termination_requested()) {
    std::cerr << "grayscott-batch: interrupted by " << gs::termination_signal_name() << "\n";
    return 128 + gs::termination_signal();
  }
  std::cerr << "grayscott-batch: error: " << message << "\n";
  return 1;
}

// A parameter sweep over `ranks`; rank 0 prints.
int sweep_over(const gs::batch::BatchOptions& options, gs::batch::SweepRanks& ranks) {
  const gs::Status swept = gs::batch::run_sweep_command(options, ranks, std::cout);
  if (!swept) return fail(swept.message());
  return gs::termination_requested() ? fail("") : 0;
}

#if GS_WITH_MPI
// Where a rank other than 0 still reports a failure the others have not agreed to (its stderr
// is closed otherwise: rank 0 speaks for all).
int unagreed_errors_fd = 2;

// A failure the other ranks have not agreed to: one line naming this rank, and the whole job
// ends (the others may be waiting for this one).
int fail_all(gs::distributed::MpiWorld* world, const std::string& message) {
  if (!world) return fail(message);
  dprintf(unagreed_errors_fd, "grayscott-batch: error: rank %d: %s\n", world->rank(),
          message.c_str());
  world->abort(1);
  return 1;
}
// Before anything is parsed: every rank runs rank 0's command line in rank 0's folder, or the
// job ends on every rank with the first difference (command_line_match.h).
gs::Status same_command_on_every_rank(gs::distributed::MpiWorld& world, int argc, char** argv) {
  std::error_code error;
  const gs::distributed::RankCommand mine{std::filesystem::current_path(error).string(),
                                          {argv + 1, argv + argc}};
  std::string root = gs::distributed::pack(mine);
  const gs::Status sent = world.broadcast(root);
  return world.agree(sent ? gs::distributed::compare_with_root(mine, gs::distributed::unpack(root))
                          : sent);
}

// The ranks' outcome of a step each took: a failure every rank met (an option, a file, a grid
// the ranks cannot split) is told as one process tells it; one that only some met names the
// lowest of them ("rank 2: ...").
gs::Status agreed(gs::distributed::MpiWorld& world, const gs::Status& local) {
  if (world.all(!local)) return local;
  return world.agree(local);
}

// A run over the world's ranks: every rank builds the same job and steps its band on its cores
// (the twin's threads default to them).
int run_over_ranks(gs::batch::BatchOptions options, gs::distributed::MpiWorld& world) {
  using namespace gs::batch;
  if (options.threads == 0) options.threads = cores_for_rank(world);
  if (wants_sweep(options)) {
    MpiSweepRanks ranks(world);
    return sweep_over(options, ranks);
  }
  if (options.keep_diverged)  // every rank decides alike: nothing to agree on
    return fail("--keep-diverged runs in one process (start it without mpirun)");
  // Each rank holds only its block: of --input, read all together (parallel HDF5), or of the
  // generated start.
  gs::Expected<BatchJob> job = build_job(options, rank_input_reader(options, world, options.halo),
                                         rank_block_chooser(world, options.halo));
  const gs::Status built = agreed(world, job.status());
  if (!built) return fail(built.message());
  share_node_gpus(job->backend, world.local_rank());
  gs::Expected<gs::SelectedBackend> selected = create_batch_backend(job->backend);
  const gs::Status created = agreed(world, selected.status());
  if (!created) return fail(created.message());
  gs::Expected<std::unique_ptr<gs::Backend>> ahead =
      create_ahead_backend(options.overlap, job->backend, *selected->backend);
  const gs::Status ahead_created = agreed(world, ahead.status());
  if (!ahead_created) return fail(ahead_created.message());
  gs::Expected<RankSettings> settings = choose_rank_settings(options, world, *selected->backend);
  const gs::Status chosen = agreed(world, settings.status());
  if (!chosen) return fail(chosen.message());
  gs::Expected<RunReport> report =
      run_distributed(*job, *selected->backend, ahead->get(), *settings, world, {!options.json});
  if (!report) return fail(report.message());
  report->backend_reason = selected->reason;
  if (world.rank() == 0)
    options.json ? print_json(std::cout, *report) : print_summary(std::cout, *report);
  return gs::termination_requested() ? fail("") : 0;
}
#else
int fail_all(std::nullptr_t, const std::string& message) {
  return fail(message);
}
#endif

int run(const gs::batch::BatchOptions& options) {
  using namespace gs::batch;
  if (options.list_backends) {
    std::vector<gs::BackendReport> backends = gs::list_backends(batch_gl_provider().get());
#if GS_WITH_MPI
    backends.push_back(gs::distributed::mpi_library_report());
#endif
    print_backend_list(std::cout, backends);
    return 0;
  }
  if (options.list_presets) {
    gs::Expected<gs::PresetLibrary> library = gs::load_default_presets();
    if (!library) return fail(library.message());
    options.json ? print_preset_json(std::cout, *library) : print_preset_table(std::cout, *library);
    return 0;
  }
  if (wants_sweep(options)) {  // it refuses --bench itself
    SingleProcess one;
    return sweep_over(options, one);
  }
  if (options.bench) {
    const gs::Status status = run_benchmark(options, std::cout);
    return status ? 0 : fail(status.message());
  }
  gs::Expected<BatchJob> job = build_job(options);
  if (!job) return fail(job.message());
  gs::Expected<gs::SelectedBackend> selected = create_batch_backend(job->backend);
  if (!selected) return fail(selected.message());
  gs::Expected<RunReport> report = run_job(*job, *selected->backend, {!options.json});
  if (!report) return fail(report.message());
  report->backend_reason = selected->reason;
  if (options.json)
    print_json(std::cout, *report);
  else
    print_summary(std::cout, *report);
  // A signal while reporting (SIGPIPE from a closed pipe, say): the files are whole; the exit
  // still says the run was ended.
  return gs::termination_requested() ? fail("") : 0;
}

}  // namespace

int batch_main(int argc, char** argv) {
  gs::install_termination_handlers();
#if GS_WITH_MPI
  const std::unique_ptr<gs::distributed::MpiWorld> world =
      gs::distributed::MpiWorld::join(argc, argv);
  if (world && world->rank() != 0) {  // rank 0 speaks for all: errors name their rank
    unagreed_errors_fd = dup(2);
    std::freopen("/dev/null", "w", stdout);
    std::freopen("/dev/null", "w", stderr);
  }
  gs::distributed::MpiWorld* const mpi = world.get();
  if (world)
    if (const gs::Status same = same_command_on_every_rank(*world, argc, argv); !same) {
      std::cerr << "grayscott-batch: error: " << same.message() << "\n";
      return 2;  // a usage error, as an unknown option is
    }
#else
  const std::nullptr_t mpi = nullptr;
#endif
  const gs::batch::ParsedCommandLine parsed = gs::batch::parse_command_line(argc, argv);
  if (parsed.exit_code) return *parsed.exit_code;
  try {
#if GS_WITH_MPI
    const bool runs_over_ranks = world && !parsed.options.bench && !parsed.options.list_backends &&
                                 !parsed.options.list_presets;
    if (runs_over_ranks) return run_over_ranks(parsed.options, *world);
    if (world && world->rank() != 0) return 0;  // --bench, the lists: rank 0 alone
#endif
    return run(parsed.options);
  } catch (const std::bad_alloc&) {  // `ulimit -v`, or more than the machine has
    return fail_all(mpi, "out of memory (an allocation was refused)");
  } catch (const std::exception& e) {  // anything else: still one line
    return fail_all(mpi, e.what());
  }
}

int main(int argc, char** argv) {
  gs::cli::hold_closed_standard_streams();
  return gs::cli::exit_after_output(batch_main(argc, argv), "grayscott-batch");
}
