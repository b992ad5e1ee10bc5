#include "gs/cpu_twin_backend.h"

#include <omp.h>

#include <algorithm>
#include <array>
#include <chrono>
#include <cmath>
#include <cstring>
#include <limits>
#include <utility>

#include "cpu_twin/band_pipeline.h"
#include "cpu_twin/band_schedule.h"
#include "cpu_twin/flush_subnormals.h"
#include "cpu_twin/row_update.h"
#include "cpu_twin/simd.h"
#include "cpu_twin/task_pool.h"
#include "gs/cell_update.h"
#include "kernels/brush_kernel_body.h"
#include "kernels/launch_emulator.h"
#include "kernels/style_brush_kernel_body.h"

namespace gs {
namespace {

using Clock = std::chrono::steady_clock;

double elapsed_ms(Clock::time_point since) {
  return std::chrono::duration<double, std::milli>(Clock::now() - since).count();
}

// Reductions run in this many chunks on the pool, each chunk's result in its own slot.
constexpr int kReduceChunks = 64;

// body(chunk, begin, end) for kReduceChunks chunks of [0, count), on the pool's threads,
// subnormals flushed as in the steps (a subnormal operand costs a microcode assist per cell).
template <class Body>
void for_each_chunk(twin::TaskPool& pool, long count, const Body& body) {
  auto chunk = [&](long index, int) {
    const twin::FlushSubnormals flush;
    body(index, count * index / kReduceChunks, count * (index + 1) / kReduceChunks);
  };
  pool.run(kReduceChunks, chunk);
}

// Whether the thread holding `band` is running, and so worth spinning for (-1: none awaited).
bool holder_running(const twin::BandSchedule& schedule, twin::HeartbeatWatch& watch, int band) {
  return band < 0 || watch.running(schedule.heartbeat(schedule.holder(band)));
}

// Non-finite values poison a sum; no branch per cell, so the loop vectorises (a free function
// with restrict pointers: GCC left the same loop scalar inside a lambda).
float poisoned_sum(const float* GS_RESTRICT u, const float* GS_RESTRICT v, long begin, long end) {
  float sum = 0.0f;
#pragma omp simd reduction(+ : sum)
  for (long i = begin; i < end; ++i) sum += u[i] * 0.0f + v[i] * 0.0f;
  return sum;
}

}  // namespace

CpuTwinBackend::CpuTwinBackend(int threads, CpuTwinPath path)
    : threads_(threads > 0 ? threads : omp_get_max_threads()),
      path_(path),
      rings_(threads_),
      pool_(std::make_unique<twin::TaskPool>(threads_)),
      schedule_(std::make_unique<twin::BandSchedule>()) {}

std::string CpuTwinBackend::description() const {
  // Which loop runs, and on what: the instruction set its rows were built for.
  const std::string rows = simd::kSimdWidth > 0 ? std::string(simd::kInstructionSet) + " rows"
                                                : std::string("compiler-vectorised rows");
  const std::string loop = path_ == CpuTwinPath::Fast ? "fast path: temporal blocking, " + rows
                                                      : "reference path: one sweep per step";
  return "CPU twin, " + loop + ", " + std::to_string(threads_) + " thread" +
         (threads_ == 1 ? "" : "s");
}

CpuTwinBackend::~CpuTwinBackend() = default;

BackendCapabilities CpuTwinBackend::capabilities() const {
  BackendCapabilities can;
  can.cpu_loop = true;
  return can;
}

Status CpuTwinBackend::configure(const BackendOptions& options) {
  if (options.cpu_steps_per_pass) GS_TRY(check_steps_per_pass(*options.cpu_steps_per_pass));
  if (options.cpu_path) set_path(*options.cpu_path);
  if (options.cpu_steps_per_pass) GS_TRY(set_steps_per_pass(*options.cpu_steps_per_pass));
  return Status::ok();
}

std::optional<CpuLoop> CpuTwinBackend::cpu_loop() const {
  return CpuLoop{path_, steps_per_pass(), threads_};
}

Status CpuTwinBackend::copy_in(const Fields& fields) {
  if (fields.u.size() != fields.size.cells() || fields.v.size() != fields.size.cells())
    return Error{"copy in: fields do not match their grid size " + to_string(fields.size)};
  if (!fields.style.empty() && fields.style.size() != fields.size.cells())
    return Error{"copy in: the style map does not match the grid size " + to_string(fields.size)};
  const auto start = Clock::now();
  current_.size = fields.size;
  current_.u = fields.u;
  current_.v = fields.v;
  style_ = fields.style;  // apart from the pair that ping-pongs: it never changes by stepping
  fill_missing_style();
  floor_state_values(current_);
  if (next_.size != fields.size) next_ = Fields(fields.size);
  reserve_rings();
  timings_ = {0.0, elapsed_ms(start)};
  return Status::ok();
}

int CpuTwinBackend::steps_per_pass() const {
  if (chosen_steps_per_pass_ > 0) return chosen_steps_per_pass_;
  return twin::steps_per_pass(current_.size, threads_);
}

Status CpuTwinBackend::check_steps_per_pass(long steps) {
  if (steps < 0 || steps > kMaxStepsPerPass)
    return Error{"steps per pass must be 0 (automatic) to " + std::to_string(kMaxStepsPerPass) +
                 ", not " + std::to_string(steps)};
  return Status::ok();
}

Status CpuTwinBackend::set_steps_per_pass(int steps) {
  GS_TRY(check_steps_per_pass(steps));
  chosen_steps_per_pass_ = steps;
  reserve_rings();
  return Status::ok();
}

void CpuTwinBackend::set_path(CpuTwinPath path) {
  path_ = path;
  reserve_rings();
}

// Allocates the rows in flight before stepping, so that stepping never allocates.
void CpuTwinBackend::reserve_rings() {
  if (path_ != CpuTwinPath::Fast || current_.size.cells() == 0) return;
  for (twin::RowRing& ring : rings_) ring.reserve(current_.size.width, steps_per_pass());
}

Status CpuTwinBackend::set_params(const Params& params) {
  GS_TRY(validate(params));
  params_ = params;
  fill_missing_style();
  return Status::ok();
}

// A style map run on a state that brought none runs set A everywhere (s = 0), allocated here so
// that stepping never allocates.
void CpuTwinBackend::fill_missing_style() {
  if (params_.style.enabled && style_.size() != current_.size.cells())
    style_.assign(current_.size.cells(), 0);
}

// Every band of every pass on the pool, each thread keeping its group of bands from call to
// call and taking over a stalled thread's; a band waits only for the bands of the pass before
// that its halo reads (band_schedule.h). body(task, thread) runs one band's pass.
template <class Body>
void CpuTwinBackend::run_passes(int bands, int steps_per_pass, int passes, const Body& body) {
  schedule_->start(bands, current_.size.height, steps_per_pass, passes, threads_);
  auto group = [&](long, int thread) {
    const twin::FlushSubnormals flush;
    std::atomic<long>& heartbeat = schedule_->heartbeat(thread);
    // The thread's own group, not the task's: any thread may claim any task, and a thread that
    // runs a second one finds its bands claimed.
    schedule_->run_group(
        thread % schedule_->groups(),
        [&](twin::BandTask task) {
          twin::HeartbeatWatch holder;
          pool_->wait_until(
              [&] {  // spinning, it still runs: its bands stay its own (asleep, they do not)
                twin::beat(heartbeat);
                return schedule_->ready(task);
              },
              [&] { return holder_running(*schedule_, holder, schedule_->awaited_band(task)); });
          body(task, thread);
        },
        [&] { pool_->notify(); });
  };
  twin::HeartbeatWatch holder;
  pool_->run(schedule_->groups(), group,
             [&] { return holder_running(*schedule_, holder, schedule_->unfinished_band()); });
}

template <Laplacian L, twin::CellSource S>
void CpuTwinBackend::sweep_steps(int count) {
  const int width = current_.size.width;
  const int height = current_.size.height;
  Fields* const pair[2] = {&current_, &next_};
  // Passes of one step: even steps read `current_`, odd steps read `next_`.
  run_passes(twin::band_count(height, 1, threads_), 1, count, [&](twin::BandTask task, int thread) {
    const Fields& in = *pair[task.pass & 1];
    Fields& out = *pair[(task.pass + 1) & 1];
    const twin::Band band = schedule_->rows(task);
    std::atomic<long>& heartbeat = schedule_->heartbeat(thread);
    for (int y = band.first; y < band.end; ++y) {
      twin::beat(heartbeat);
      const NeighbourRows rows =
          neighbour_rows(in.u.data(), in.v.data(), y, width, height, params_.boundary);
      twin::RowSource source;
      if constexpr (S == twin::CellSource::Mapped) source.F_row = map_F(params_, y, height);
      if constexpr (S == twin::CellSource::Styled) source.style = style_.data() + long(y) * width;
      twin::update_row<L, S>(rows, out.u.data() + long(y) * width, out.v.data() + long(y) * width,
                             width, source, params_);
    }
  });
  if (count & 1) std::swap(current_, next_);
}

template <Laplacian L>
void CpuTwinBackend::sweep_steps_from_source(int count) {
  switch (twin::cell_source(params_)) {
    case twin::CellSource::Uniform:
      return sweep_steps<L, twin::CellSource::Uniform>(count);
    case twin::CellSource::Mapped:
      return sweep_steps<L, twin::CellSource::Mapped>(count);
    case twin::CellSource::Styled:
      return sweep_steps<L, twin::CellSource::Styled>(count);
  }
}

void CpuTwinBackend::run_reference_steps(int count) {
  switch (params_.laplacian) {
    case Laplacian::FivePoint:
      return sweep_steps_from_source<Laplacian::FivePoint>(count);
    case Laplacian::NinePoint:
      return sweep_steps_from_source<Laplacian::NinePoint>(count);
    case Laplacian::Course:
      return sweep_steps_from_source<Laplacian::Course>(count);
  }
}

void CpuTwinBackend::run_fast_steps(int count) {
  const int per_pass = steps_per_pass();
  const int passes = (count + per_pass - 1) / per_pass;
  const int height = current_.size.height;
  const twin::RowStore store = twin::output_store(current_.size);
  Fields* const pair[2] = {&current_, &next_};
  run_passes(twin::band_count(height, per_pass, threads_), per_pass, passes,
             [&](twin::BandTask task, int thread) {
               const int steps = std::min(per_pass, count - task.pass * per_pass);
               twin::run_band_pass(*pair[task.pass & 1], *pair[(task.pass + 1) & 1],
                                   schedule_->rows(task), steps, params_, style_.data(), store,
                                   rings_[std::size_t(thread)], &schedule_->heartbeat(thread));
             });
  if (passes & 1) std::swap(current_, next_);
}

Status CpuTwinBackend::step(int count) {
  if (count < 0) return Error{"step count must not be negative"};
  if (current_.size.cells() == 0) return Error{"step: no state copied in"};
  const auto start = Clock::now();
  if (count > 0) path_ == CpuTwinPath::Fast ? run_fast_steps(count) : run_reference_steps(count);
  timings_ = {elapsed_ms(start), 0.0, count};
  return Status::ok();
}

Status CpuTwinBackend::step_and_display(int count, DisplayField field,
                                        const DisplayTarget& target) {
  GS_TRY(step(count));
  const Timings stepped = timings_;
  GS_TRY(write_display(field, target));
  timings_.compute_ms += stepped.compute_ms;
  timings_.steps = stepped.steps;
  return Status::ok();
}

Expected<double> CpuTwinBackend::measure_copy_bandwidth(std::size_t bytes) {
  const std::size_t available = available_memory_bytes();
  if (available != 0 && 2 * bytes > available)
    return Error{"not enough memory for a copy of " + std::to_string(bytes) + " bytes"};
  FieldData from(bytes / sizeof(float), 1.0f), to(bytes / sizeof(float), 0.0f);
  const long count = long(from.size());
  double best_s = 1e30;
  for (int repeat = 0; repeat < 6; ++repeat) {  // the first pass warms up (page faults)
    const auto start = Clock::now();
    for_each_chunk(*pool_, count, [&](long, long begin, long end) {
      std::copy(from.begin() + begin, from.begin() + end, to.begin() + begin);
    });
    if (repeat > 0) best_s = std::min(best_s, elapsed_ms(start) / 1e3);
  }
  return 2.0 * double(count) * sizeof(float) / best_s / 1e9;
}

Expected<bool> CpuTwinBackend::fields_are_finite() {
  const float* u = current_.u.data();
  const float* v = current_.v.data();
  std::array<float, kReduceChunks> sums{};
  for_each_chunk(*pool_, long(current_.size.cells()), [&](long chunk, long begin, long end) {
    sums[std::size_t(chunk)] = poisoned_sum(u, v, begin, end);
  });
  float sum = 0.0f;
  for (float chunk_sum : sums) sum += chunk_sum;
  return sum == 0.0f;
}

Status CpuTwinBackend::paint(const Brush& brush) {
  if (current_.size.cells() == 0) return Error{"paint: no state copied in"};
  GS_TRY(check_brush(brush));
  // Subnormals flushed as the GPU's --ftz flushes them, so a segment's arithmetic agrees too.
  const twin::FlushSubnormals flush;
  if (brush.style != BrushStyle::None) {
    // Painting a style where there is no map yet starts one: set A everywhere.
    if (style_.size() != current_.size.cells()) style_.assign(current_.size.cells(), 0);
    const int width = current_.size.width, height = current_.size.height;
    emulate_launch(style_brush_launch_shape(brush, width, height, params_.boundary),
                   [&](Dim3 block, Dim3 thread, Dim3 dim) {
                     style_brush_kernel_body(block, thread, dim, brush, style_.data(), width,
                                             height, params_.boundary);
                   });
    return Status::ok();
  }
  // The brush kernel's own body over its own launch shape: one code for both machines.
  emulate_launch(brush_launch_shape(brush), [&](Dim3 block, Dim3 thread, Dim3 dim) {
    brush_kernel_body(block, thread, dim, brush, current_.u.data(), current_.v.data(),
                      current_.size.width, current_.size.height, params_.boundary);
  });
  return Status::ok();
}

Expected<ValueRange> CpuTwinBackend::field_range(DisplayField field) {
  const FieldData& values = field == DisplayField::U ? current_.u : current_.v;
  const float* data = values.data();
  constexpr float kInfinity = std::numeric_limits<float>::infinity();
  std::array<float, kReduceChunks> lows, highs;
  for_each_chunk(*pool_, long(values.size()), [&](long chunk, long begin, long end) {
    float low = kInfinity, high = -kInfinity;
    for (long i = begin; i < end; ++i) {
      if (!std::isfinite(data[i])) continue;
      low = std::min(low, data[i]);
      high = std::max(high, data[i]);
    }
    lows[std::size_t(chunk)] = low;
    highs[std::size_t(chunk)] = high;
  });
  const float low = *std::min_element(lows.begin(), lows.end());
  const float high = *std::max_element(highs.begin(), highs.end());
  if (low > high) return ValueRange{0.0f, 0.0f};
  return ValueRange{low, high};
}

Status CpuTwinBackend::set_launch(BlockShape, KernelVariant) {
  return Error{"the CPU twin steps whole rows, not CUDA blocks: the launch shape applies to cuda"};
}

Status CpuTwinBackend::copy_out(Fields& fields) {
  const auto start = Clock::now();
  fields = current_;
  fields.style = style_;
  timings_ = {0.0, elapsed_ms(start)};
  return Status::ok();
}

Status CpuTwinBackend::read_rows(int first, int count, Fields& rows) {
  GS_TRY(check_rows(current_.size, first, count));
  const auto start = Clock::now();
  if (rows.size != GridSize{current_.size.width, count})
    rows = Fields({current_.size.width, count});
  const long from = long(first) * current_.size.width, cells = long(rows.size.cells());
  std::copy_n(current_.u.begin() + from, cells, rows.u.begin());
  std::copy_n(current_.v.begin() + from, cells, rows.v.begin());
  timings_ = {0.0, elapsed_ms(start)};
  return Status::ok();
}

Status CpuTwinBackend::write_rows(int first, const Fields& rows) {
  GS_TRY(check_rows(current_.size, first, rows.size.height, &rows));
  const auto start = Clock::now();
  const long to = long(first) * current_.size.width;
  std::copy(rows.u.begin(), rows.u.end(), current_.u.begin() + to);
  std::copy(rows.v.begin(), rows.v.end(), current_.v.begin() + to);
  floor_state_values(current_.u.data() + to, current_.u.data() + to + rows.u.size());
  floor_state_values(current_.v.data() + to, current_.v.data() + to + rows.v.size());
  timings_ = {0.0, elapsed_ms(start)};
  return Status::ok();
}

Status CpuTwinBackend::write_display(DisplayField field, const DisplayTarget& target) {
  if (target.space != MemorySpace::Host)
    return Error{"the CPU twin can only write the display field into host memory"};
  if (target.data == nullptr || target.count != current_.size.cells())
    return Error{"display target holds " + std::to_string(target.count) + " floats, the grid " +
                 to_string(current_.size) + " needs " + std::to_string(current_.size.cells())};
  const auto start = Clock::now();
  const FieldData& source = field == DisplayField::U ? current_.u : current_.v;
  std::memcpy(target.data, source.data(), source.size() * sizeof(float));
  timings_ = {0.0, elapsed_ms(start)};
  return Status::ok();
}

}  // namespace gs
