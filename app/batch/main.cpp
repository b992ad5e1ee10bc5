// grayscott-batch: parse the command line, run, report. Errors end as one line on stderr and a
// non-zero exit; a run ended by a signal exits 128 + the signal after removing its unfinished
// files.
#include <iostream>
#include <new>

#include "batch_job.h"
#include "batch_options.h"
#include "batch_run.h"
#include "benchmark.h"
#include "gs/termination.h"
#include "run_report.h"

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

int run(const gs::batch::BatchOptions& options) {
  using namespace gs::batch;
  if (options.list_backends) {
    print_backend_list(std::cout, gs::list_backends());
    return 0;
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

int main(int argc, char** argv) {
  gs::install_termination_handlers();
  const gs::batch::ParsedCommandLine parsed = gs::batch::parse_command_line(argc, argv);
  if (parsed.exit_code) return *parsed.exit_code;
  try {
    return run(parsed.options);
  } catch (const std::bad_alloc&) {  // `ulimit -v`, or more than the machine has
    return fail("out of memory (an allocation was refused)");
  } catch (const std::exception& e) {  // anything else: still one line
    return fail(e.what());
  }
}
