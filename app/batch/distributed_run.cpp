#include "distributed_run.h"

#include <algorithm>
#include <chrono>
#include <memory>

#include "gs/xdmf_file.h"
#include "progress_bar.h"
#include "rank_files.h"
#include "rank_frame_writer.h"
#include "rank_stepper.h"
#include "row_bands.h"
#include "stopwatch.h"

namespace gs::batch {
namespace {

using distributed::MpiWorld;
using distributed::RankBand;

// The ranks' outcome: a failure every rank met (a full disk rank 0 found for all) as it is, one
// that only some met naming the lowest of them.
Status together(MpiWorld& world, const Status& local) {
  if (world.all(!local)) return local;
  return world.agree(local);
}

// This rank's own rows, out of the backend: for a frame or the final state.
Status own_rows(Backend& backend, const RankBand& mine, Fields& own, RunReport& report) {
  const auto start = Clock::now();
  GS_TRY(backend.read_rows(mine.halo_above, mine.own_rows(), own));
  report.transfer_s += seconds_since(start);
  return Status::ok();
}

// The rows that cross between a GPU backend and MPI at every exchange, and the rank's own rows
// at every frame, page-locked for the backend's copies (the guards end before the rows do).
// Whether every buffer took.
bool pin_rows(Backend& backend, distributed::RankExchange& exchange, Fields& own,
              std::vector<std::unique_ptr<PinnedHostMemory>>& guards) {
  std::vector<Fields*> rows{&own};
  for (Fields& out : exchange.outgoing) rows.push_back(&out);
  for (Fields& in : exchange.incoming) rows.push_back(&in);
  bool all = true;
  for (Fields* fields : rows)
    for (FieldData* field : {&fields->u, &fields->v}) {
      guards.push_back(backend.pin_host_memory(field->data(), field->size() * sizeof(float)));
      all = all && guards.back() != nullptr;
    }
  return all;
}

}  // namespace

Expected<RunReport> run_distributed(const BatchJob& job, Backend& backend, Backend* ahead,
                                    const RankSettings& ranks, MpiWorld& world,
                                    const RunSettings& settings) {
  const int halo = ranks.halo;
  const auto wall_start = Clock::now();
  const bool root = world.rank() == 0;
  // The job holds this rank's block of the grid, read (--input) or generated alone (build_job
  // with the ranks' reader and block chooser, rank_input.h).
  if (!job.block_of_grid) return Error{"a run over ranks needs each rank's block of the grid"};
  const GridSize grid = *job.block_of_grid;
  GS_TRY(MpiWorld::fits_counts(grid));  // the same answer on every rank
  Expected<std::vector<RankBand>> split =
      distributed::split_rows(grid.height, world.size(), halo, job.params.boundary);
  if (!split) return Error{split.message() + " (--halo)"};
  const std::vector<RankBand>& bands = *split;
  const RankBand& mine = bands[std::size_t(world.rank())];
  distributed::RankExchange exchange = distributed::rank_exchange(
      distributed::halo_messages(bands, job.params.boundary), world.rank(), grid.width);
  const distributed::EdgeStrips strips = distributed::edge_strips(
      exchange.sends, grid.width, mine.block_height(), halo, job.initial.style);
  Fields own({grid.width, mine.own_rows()});  // this rank's own rows, when they leave the backend
  std::vector<std::unique_ptr<PinnedHostMemory>> pinned;
  const bool on_gpu = backend.capabilities().device_memory;

  RunReport report;
  report.backend = backend.name();
  report.backend_description = backend.description();
  report.size = grid;
  report.ranks = world.size();
  report.frames = job.frame_mode ? job.frames : 0;
  report.steps = job.total_steps();
  report.final_step = job.start_step + job.total_steps();
  report_style(job, report);
  // As the job did on every rank (nodes may differ).
  report.overlap = world.all(ahead != nullptr);
  report.pinned_rows = world.all(on_gpu && pin_rows(backend, exchange, own, pinned));
  RankStepper stepper(backend, ahead, exchange, strips, world, report);

  Status started = backend.set_params(job.params);
  if (started && ahead) started = ahead->set_params(job.params);
  if (started) started = backend.copy_in(job.initial);
  GS_TRY(world.agree(started));

  // The frames file, written by every rank together, each frame on a writer thread while the
  // next frames step (rank_frame_writer.h).
  const RowRange own_range{mine.first, mine.own_rows()};
  std::unique_ptr<RankFile> frames_file;
  // Reserved on the disk a frame at a time, as the frames come (a long run's file is large), and
  // whole before it closes (HDF5 writes its index of the frames there).
  const std::uintmax_t frame_bytes = std::uintmax_t(grid.cells()) * sizeof(float);
  std::unique_ptr<RankFrameWriter> frames;  // after the file: stops before the file closes
  if (job.frames_output) {
    auto created = RankFile::create(*job.frames_output, frame_bytes, world);
    if (!created) return created.status();
    frames_file = std::move(created).value();
    GS_TRY(world.agree(frames_file->file().create_frames(report.size, int(job.frames))));
    auto writer = RankFrameWriter::create(*frames_file, own_range, frame_bytes, world,
                                          ranks.background_frames);
    GS_TRY(world.agree(writer ? Status::ok() : writer.status()));
    frames = std::move(writer).value();
  }

  ProgressBar progress(root && settings.show_progress ? job.total_steps() : 0);
  long long done = 0;
  for (long long f = 0; f < job.frames; ++f) {
    for (long long left = job.steps_per_frame; left > 0;) {
      const int count = int(std::min<long long>(left, halo));
      GS_TRY(stepper.chunk(count));
      left -= count;
      done += count;
      progress.update(done);
    }
    Expected<bool> finite = backend.fields_are_finite();
    GS_TRY(world.agree(finite ? Status::ok() : finite.status()));
    if (!world.all(*finite))
      return Error{"the simulation diverged (NaN or infinity) by step " +
                   std::to_string(job.start_step + done) + " (try a smaller dt, or other F and k)"};
    if (frames) {
      GS_TRY(world.agree(own_rows(backend, mine, own, report)));
      GS_TRY(together(world, frames->push(own.v)));
    }
  }
  if (frames) {
    GS_TRY(together(world, frames->finish()));
    report.io_s += frames->wait_seconds();
    report.writer_s = world.max(frames->work_seconds());
    report.frames_in_background = frames->in_background();
    frames.reset();
    const auto io_start = Clock::now();
    GS_TRY(frames_file->reserve(frame_bytes * std::uintmax_t(job.frames), world));
    // Its XDMF description, rank 0's to write (rank_files.h).
    const std::string description =
        job.xdmf && root ? describe_frames(*job.frames_output, grid,
                                           frame_times(job.start_step, job.steps_per_frame,
                                                       job.frames, job.params.dt))
                         : std::string();
    GS_TRY(frames_file->finish(description));
    report.io_s += seconds_since(io_start);
    report.parallel_io = frames_file->parallel();
  }
  if (job.output) {
    GS_TRY(world.agree(own_rows(backend, mine, own, report)));
    // The style map never changes by stepping: the own rows' part of the block's, kept with set B.
    if (!job.initial.style.empty()) {
      const auto from = job.initial.style.begin() + long(mine.halo_above) * grid.width;
      own.style.assign(from, from + long(own.size.cells()));
    }
    const auto io_start = Clock::now();
    const std::uintmax_t field_bytes = std::uintmax_t(grid.cells()) * sizeof(float);
    auto created = RankFile::create(*job.output, 2 * field_bytes, world);
    if (!created) return created.status();
    GS_TRY(world.agree((*created)->file().write_state(report.size, own_range, own, job.params,
                                                      report.final_step)));
    const std::string description =
        job.xdmf && root ? describe_state(*job.output, grid, !own.style.empty(),
                                          double(report.final_step) * double(job.params.dt))
                         : std::string();
    GS_TRY((*created)->finish(description));
    report.io_s += seconds_since(io_start);
    report.parallel_io = (*created)->parallel();
  }
  report.compute_s = world.max(report.compute_s);  // the slowest rank's
  report.ahead_s = world.max(report.ahead_s);
  report.wall_s = seconds_since(wall_start);
  return report;
}

}  // namespace gs::batch
