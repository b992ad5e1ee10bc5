// Runs a resolved BatchJob on a backend: steps in calls sized to stay responsive, hands each
// frame to the background FrameWriter, writes the final state, and measures where time went.
#pragma once

#include <string>

#include "batch_job.h"
#include "gs/backend.h"

namespace gs::batch {

struct RunReport {
  std::string backend;
  std::string backend_description;
  std::string backend_reason;
  GridSize size;
  int ranks = 1;             // MPI ranks the grid was split over
  bool parallel_io = false;  // the ranks wrote their files together (parallel HDF5's MPI-IO)
  bool overlap = false;      // the ranks stepped their sends ahead, exchanging while stepping
  bool frames_in_background = false;  // frames written on a thread of their own
  bool pinned_rows = false;  // on a GPU over ranks: the exchanged rows were in page-locked memory
  // Where the style map came from ("" where none ran) and set B's values (params.style).
  std::string style_source;
  StyleMix style;
  long long steps = 0;
  long long frames = 0;
  std::int64_t final_step = 0;
  double compute_s = 0.0;   // backend step calls
  double transfer_s = 0.0;  // copies in and out, and display-field copies
  double io_s = 0.0;        // time the simulation waited on files
  double writer_s = 0.0;    // time the frame writer spent writing, overlapped with compute
  double ahead_s = 0.0;     // over ranks, overlapped: stepping the rows sent ahead of the block
  double wall_s = 0.0;

  double mcells_per_s() const {
    return compute_s > 0 ? double(size.cells()) * double(steps) / compute_s / 1e6 : 0.0;
  }
  // Effective memory traffic at 16 bytes per cell and step (read u, v; write u', v').
  double effective_gb_per_s() const { return mcells_per_s() * 16.0 / 1e3; }
};

// The report's account of the job's style map, if it ran one.
inline void report_style(const BatchJob& job, RunReport& report) {
  report.style_source = job.style_source;
  report.style = job.params.style;
}

struct RunSettings {
  bool show_progress = true;
};

// Fails on a backend or file error, or "interrupted" after Ctrl-C; unfinished files are removed.
Expected<RunReport> run_job(const BatchJob& job, Backend& backend, const RunSettings& settings);

}  // namespace gs::batch
