#include "batch_run.h"

#include <algorithm>
#include <chrono>
#include <memory>
#include <sstream>
#include <string>

#include "gs/frame_readback.h"
#include "gs/frame_writer.h"
#include "gs/state_file.h"
#include "gs/termination.h"
#include "gs/xdmf_file.h"
#include "progress_bar.h"
#include "stopwatch.h"

namespace gs::batch {
namespace {

// Grows the number of steps per backend call until a call takes about this long: long enough
// that call overhead vanishes, short enough for a live progress bar and a prompt Ctrl-C.
constexpr double kTargetCallMs = 50.0;
constexpr long long kMaxStepsPerCall = 1 << 20;

class TimedBackend {
 public:
  TimedBackend(Backend& backend, RunReport& report) : backend_(backend), report_(report) {}

  // Adds the call's times once its work is done (a GPU backend does not wait for its kernels;
  // the batch wants every call's time, and its calls are long enough that waiting costs little).
  Status call(Status status) {
    GS_TRY(status);
    Expected<Timings> t = backend_.finish();
    if (!t) return t.status();
    report_.compute_s += t->compute_ms / 1e3;
    report_.transfer_s += t->transfer_ms / 1e3;
    return Status::ok();
  }
  Backend& operator*() { return backend_; }
  Backend* operator->() { return &backend_; }

 private:
  Backend& backend_;
  RunReport& report_;
};

XdmfFile xdmf_file(const BatchJob& job) {
  return job.xdmf ? XdmfFile::Write : XdmfFile::Skip;
}

// The divergence check (the backend's own reduction: nothing but the answer crosses to the
// host), after every call, or with the frames where they are read back behind the steps. With
// --keep-diverged it checks after every call and keeps a copy of the last state that passed, to
// write under --output when a later one fails.
class DivergenceWatch {
 public:
  DivergenceWatch(const BatchJob& job) : job_(job) {}

  Status check(Backend& backend, std::int64_t step) {
    Expected<bool> finite = backend.fields_are_finite();
    if (!finite) return finite.status();
    if (*finite && job_.keep_diverged) GS_TRY(backend.copy_out(last_finite_));
    return judge(*finite, step);
  }

  // The answer of a check made elsewhere (a frame's, taken with it on the backend's side).
  Status judge(bool finite, std::int64_t step) {
    if (finite) {
      last_finite_step_ = step;
      return Status::ok();
    }
    const Params& p = job_.params;
    std::ostringstream text;
    text << "the simulation diverged (NaN or infinity) between step " << last_finite_step_
         << " and step " << step << " with " << describe_rates(p)
         << " (try a smaller dt, or other F and k)";
    std::string message = text.str();
    if (job_.keep_diverged && job_.output) {
      GS_TRY(write_state(*job_.output, last_finite_, p, last_finite_step_, xdmf_file(job_)));
      message += "; the state at step " + std::to_string(last_finite_step_) + " is in '" +
                 job_.output->string() + "'";
    } else if (job_.output) {
      message += "; nothing written (--keep-diverged keeps the last finite state)";
    }
    return Error{message};
  }

 private:
  const BatchJob& job_;
  std::int64_t last_finite_step_ = 0;
  Fields last_finite_;
};

}  // namespace

Expected<RunReport> run_job(const BatchJob& job, Backend& backend, const RunSettings& settings) {
  const auto wall_start = Clock::now();
  RunReport report;
  report.backend = backend.name();
  report.backend_description = backend.description();
  report.size = job.initial.size;
  report.frames = job.frame_mode ? job.frames : 0;
  report.steps = job.total_steps();
  report.final_step = job.start_step + job.total_steps();
  report_style(job, report);

  TimedBackend timed(backend, report);
  GS_TRY(timed->set_params(job.params));
  GS_TRY(timed.call(timed->copy_in(job.initial)));
  DivergenceWatch divergence(job);
  GS_TRY(divergence.check(backend, job.start_step));

  std::unique_ptr<FrameWriter> writer;
  // After the writer, so it ends first: it may have page-locked the writer's buffers.
  std::unique_ptr<FrameReadback> readback;
  if (job.frames_output) {
    auto created =
        FrameWriter::create(*job.frames_output, report.size, int(job.frames), kFrameQueueDepth);
    if (!created) return created.status();
    writer = std::move(created).value();
    if (job.xdmf)
      writer->describe_with_xdmf(
          frame_times(job.start_step, job.steps_per_frame, job.frames, job.params.dt));
    report.frames_in_background = true;
    auto opened = backend.open_frame_readback(DisplayField::V);
    if (!opened) return opened.status();
    readback = std::move(opened).value();
  }
  // Behind an overlapped readback nothing waits for a call: the frames carry the divergence
  // check and the steps' time, and the GPU never waits for the host (the course's lesson).
  const bool wait_for_calls = !readback || !readback->overlapped() || job.keep_diverged;
  std::vector<std::int64_t> queued_steps;  // the step each queued frame was taken at
  const auto write_oldest_frame = [&]() -> Status {
    Expected<ReadbackFrame> frame = readback->collect();
    if (!frame) return frame.status();
    const std::int64_t step = queued_steps.front();
    queued_steps.erase(queued_steps.begin());
    if (!wait_for_calls) report.compute_s += frame->compute_ms / 1e3;
    // (Checked after each call where the calls are waited for; a readback that checks says so.)
    if (frame->finite) GS_TRY(divergence.judge(*frame->finite, step));
    report.transfer_s += frame->transfer_ms / 1e3;
    return writer->push(std::move(frame->values));
  };

  ProgressBar progress(settings.show_progress ? job.total_steps() : 0);
  long long steps_per_call = 1;
  long long done = 0;
  for (long long frame = 0; frame < job.frames; ++frame) {
    for (long long left = job.steps_per_frame; left > 0;) {
      if (termination_requested()) return Error{"interrupted"};
      const long long count = std::min(left, steps_per_call);
      if (wait_for_calls)
        GS_TRY(timed.call(timed->step(int(count))));
      else
        GS_TRY(timed->step(int(count)));
      if (timed->last_timings().compute_ms < kTargetCallMs)
        steps_per_call = std::min(kMaxStepsPerCall, steps_per_call * 2);
      left -= count;
      done += count;
      if (wait_for_calls) GS_TRY(divergence.check(backend, job.start_step + done));
      progress.update(done);
    }
    if (readback) {
      if (readback->queued() == readback->depth()) GS_TRY(write_oldest_frame());
      GS_TRY(readback->queue(writer->acquire_buffer()));
      queued_steps.push_back(job.start_step + done);
    }
  }
  while (readback && readback->queued() > 0) GS_TRY(write_oldest_frame());
  if (termination_requested()) return Error{"interrupted"};

  if (writer) {
    GS_TRY(writer->finish());
    report.io_s += writer->wait_seconds();
    report.writer_s = writer->write_seconds();
  }
  if (job.output) {
    Fields final_state;
    GS_TRY(timed.call(timed->copy_out(final_state)));
    const auto io_start = Clock::now();
    GS_TRY(write_state(*job.output, final_state, job.params, report.final_step, xdmf_file(job)));
    report.io_s += seconds_since(io_start);
    // A signal during the write: the file is finished and in place; the run still stops as
    // interrupted.
    if (termination_requested()) return Error{"interrupted after writing the final state"};
  }
  report.wall_s = seconds_since(wall_start);
  return report;
}

}  // namespace gs::batch
