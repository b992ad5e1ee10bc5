#include "distributed_run.h"

#include <algorithm>
#include <chrono>
#include <memory>

#include "gs/frame_writer.h"
#include "gs/state_file.h"
#include "gs/termination.h"
#include "progress_bar.h"
#include "row_bands.h"

namespace gs::batch {
namespace {

using Clock = std::chrono::steady_clock;
using distributed::MpiWorld;
using distributed::RankBand;

double seconds_since(Clock::time_point start) {
  return std::chrono::duration<double>(Clock::now() - start).count();
}

// `count` steps of the block on the backend. Every call's result is a local status: the ranks
// agree on it together.
Status step_block(Backend& backend, int count, RunReport& report) {
  if (termination_requested()) return Error{"interrupted"};
  GS_TRY(backend.step(count));
  Expected<Timings> stepped = backend.finish();
  if (!stepped) return stepped.status();
  report.compute_s += stepped->compute_ms / 1e3;
  return Status::ok();
}

// The block's host copy of rows [first, first + count) from the backend (only the rows that
// cross to other ranks or into files: the rest stays on the backend).
Status rows_from_backend(Backend& backend, int first, int count, Fields& block, RunReport& report) {
  const auto start = Clock::now();
  Fields rows;
  GS_TRY(backend.read_rows(first, count, rows));
  distributed::copy_rows(rows, 0, count, block, first);
  report.transfer_s += seconds_since(start);
  return Status::ok();
}

// This rank's side of one exchange: the rows it sends out of the backend, the halo rows it
// receives back into it.
Status exchange_rows(Backend& backend, const std::vector<distributed::HaloMessage>& messages,
                     MpiWorld& world, Fields& block, RunReport& report) {
  Status local = Status::ok();
  for (const distributed::HaloMessage& m : messages)
    if (local && m.from == world.rank())
      local = rows_from_backend(backend, m.first, m.count, block, report);
  GS_TRY(world.agree(local));
  GS_TRY(world.agree(world.exchange(messages, block)));
  const auto start = Clock::now();
  for (const distributed::HaloMessage& m : messages) {
    if (!local || m.to != world.rank()) continue;
    Fields rows({block.size.width, m.count});
    distributed::copy_rows(block, m.into, m.count, rows, 0);
    local = backend.write_rows(m.into, rows);
  }
  report.transfer_s += seconds_since(start);
  return world.agree(local);
}

}  // namespace

Expected<RunReport> run_distributed(const BatchJob& job, Backend& backend, int halo,
                                    MpiWorld& world, const RunSettings& settings) {
  const auto wall_start = Clock::now();
  const bool root = world.rank() == 0;
  GS_TRY(MpiWorld::fits_counts(job.initial.size));  // the same answer on every rank
  Expected<std::vector<RankBand>> split =
      distributed::split_rows(job.initial.size.height, world.size(), halo, job.params.boundary);
  if (!split) return Error{split.message() + " (--halo)"};
  const std::vector<RankBand>& bands = *split;
  const RankBand& mine = bands[std::size_t(world.rank())];
  const std::vector<distributed::HaloMessage> messages =
      distributed::halo_messages(bands, job.params.boundary);

  RunReport report;
  report.backend = backend.name();
  report.backend_description = backend.description();
  report.size = job.initial.size;
  report.ranks = world.size();
  report.frames = job.frame_mode ? job.frames : 0;
  report.steps = job.total_steps();
  report.final_step = job.start_step + job.total_steps();

  Fields block = distributed::cut_block(job.initial, mine);
  Status started = backend.set_params(job.params);
  if (started) started = backend.copy_in(block);
  GS_TRY(world.agree(started));

  std::unique_ptr<FrameWriter> writer;
  std::vector<float> frame;
  if (root && job.frames_output) {
    auto created =
        FrameWriter::create(*job.frames_output, report.size, int(job.frames), kFrameQueueDepth);
    GS_TRY(world.agree(created ? Status::ok() : created.status()));
    writer = std::move(created).value();
  } else if (job.frames_output) {
    GS_TRY(world.agree(Status::ok()));
  }

  ProgressBar progress(root && settings.show_progress ? job.total_steps() : 0);
  long long done = 0;
  for (long long f = 0; f < job.frames; ++f) {
    for (long long left = job.steps_per_frame; left > 0;) {
      const int count = int(std::min<long long>(left, halo));
      GS_TRY(world.agree(step_block(backend, count, report)));
      GS_TRY(exchange_rows(backend, messages, world, block, report));
      left -= count;
      done += count;
      progress.update(done);
    }
    Expected<bool> finite = backend.fields_are_finite();
    GS_TRY(world.agree(finite ? Status::ok() : finite.status()));
    if (!world.all(*finite))
      return Error{"the simulation diverged (NaN or infinity) by step " +
                   std::to_string(job.start_step + done) + " (try a smaller dt, or other F and k)"};
    if (job.frames_output) {
      GS_TRY(
          world.agree(rows_from_backend(backend, mine.halo_above, mine.own_rows(), block, report)));
      if (root) frame = writer->acquire_buffer();
      GS_TRY(world.agree(world.gather_v(bands, block, frame)));
      GS_TRY(world.agree(root ? writer->push(std::move(frame)) : Status::ok()));
    }
  }
  if (writer) {
    GS_TRY(world.agree(writer->finish()));
    report.io_s += writer->wait_seconds();
    report.writer_s = writer->write_seconds();
  } else if (job.frames_output) {
    GS_TRY(world.agree(Status::ok()));
  }
  if (job.output) {
    GS_TRY(
        world.agree(rows_from_backend(backend, mine.halo_above, mine.own_rows(), block, report)));
    Fields whole(root ? job.initial.size : GridSize{});
    GS_TRY(world.agree(world.gather(bands, block, whole)));
    const auto io_start = Clock::now();
    GS_TRY(world.agree(root ? write_state(*job.output, whole, job.params, report.final_step)
                            : Status::ok()));
    report.io_s += seconds_since(io_start);
  }
  report.compute_s = world.max(report.compute_s);  // the slowest rank's
  report.wall_s = seconds_since(wall_start);
  return report;
}

}  // namespace gs::batch
