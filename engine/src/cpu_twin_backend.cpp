#include "gs/cpu_twin_backend.h"

#include <omp.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstring>
#include <limits>
#include <utility>

#include "gs/cell_update.h"
#include "gs/launch_emulator.h"

namespace gs {
namespace {

using Clock = std::chrono::steady_clock;

double elapsed_ms(Clock::time_point since) {
  return std::chrono::duration<double, std::milli>(Clock::now() - since).count();
}

// The rates of cell x in a row whose (map-mode) F is F_row: a template switch, so the uniform
// loop carries no map arithmetic and the map loop no branch.
template <bool Mapped>
Rates row_rates(const Params& p, float F_row, int x, int width) {
  if constexpr (Mapped) return {F_row, map_k(p, x, width)};
  return {p.F, p.k};
}

// One row: the edge columns through the general path, the interior through a loop with no
// boundary test that the compiler vectorises.
template <Laplacian L, bool Mapped>
void update_row(const float* u, const float* v, float* u_out, float* v_out, int y, int width,
                int height, const Params& params) {
  const Params p = params;  // a local copy: stores to the rows cannot alias it
  const NeighbourRows rows = neighbour_rows(u, v, y, width, height, p.boundary);
  float* const u_row_out = u_out + long(y) * width;
  float* const v_row_out = v_out + long(y) * width;
  const float F_row = Mapped ? map_F(p, y, height) : p.F;

  update_cell<L>(rows, neighbour_index(-1, width, p.boundary), 0,
                 neighbour_index(1, width, p.boundary), row_rates<Mapped>(p, F_row, 0, width), p,
                 u_row_out, v_row_out);
  // The vector loop starts at a cache-line boundary (column 16 of a line-aligned row), so its
  // full-width stores do not straddle two lines; columns 1 to 15 go one by one.
  const int vector_begin = std::min(width - 1, int(kCacheLine / sizeof(float)));
  for (int x = 1; x < vector_begin; ++x)
    update_cell<L>(rows, x - 1, x, x + 1, row_rates<Mapped>(p, F_row, x, width), p, u_row_out,
                   v_row_out);
#pragma omp simd
  for (int x = vector_begin; x < width - 1; ++x)
    update_cell<L>(rows, x - 1, x, x + 1, row_rates<Mapped>(p, F_row, x, width), p, u_row_out,
                   v_row_out);
  if (width > 1)
    update_cell<L>(rows, width - 2, width - 1, neighbour_index(width, width, p.boundary),
                   row_rates<Mapped>(p, F_row, width - 1, width), p, u_row_out, v_row_out);
}

}  // namespace

CpuTwinBackend::CpuTwinBackend(int threads)
    : threads_(threads > 0 ? threads : omp_get_max_threads()) {}

std::string CpuTwinBackend::description() const {
  return "CPU twin, " + std::to_string(threads_) + " OpenMP thread" + (threads_ == 1 ? "" : "s");
}

Status CpuTwinBackend::upload(const Fields& fields) {
  if (fields.u.size() != fields.size.cells() || fields.v.size() != fields.size.cells())
    return Error{"upload: fields do not match their grid size " + to_string(fields.size)};
  const auto start = Clock::now();
  current_ = fields;
  if (next_.size != fields.size) next_ = Fields(fields.size);
  timings_ = {0.0, elapsed_ms(start)};
  return Status::ok();
}

Status CpuTwinBackend::set_params(const Params& params) {
  GS_TRY(validate(params));
  params_ = params;
  return Status::ok();
}

template <Laplacian L, bool Mapped>
void CpuTwinBackend::run_steps(int count) {
  const int width = current_.size.width;
  const int height = current_.size.height;
  Fields* const pair[2] = {&current_, &next_};
  // One parallel region for all steps: threads fork once, and the barrier that ends each row
  // loop orders the steps. Even steps read `current_`, odd steps read `next_`.
#pragma omp parallel num_threads(threads_)
  for (int s = 0; s < count; ++s) {
    const Fields& in = *pair[s & 1];
    Fields& out = *pair[(s + 1) & 1];
#pragma omp for schedule(static)
    for (int y = 0; y < height; ++y)
      update_row<L, Mapped>(in.u.data(), in.v.data(), out.u.data(), out.v.data(), y, width, height,
                            params_);
  }
  if (count & 1) std::swap(current_, next_);
}

Status CpuTwinBackend::step(int count) {
  if (count < 0) return Error{"step count must not be negative"};
  if (current_.size.cells() == 0) return Error{"step: no state uploaded"};
  const auto start = Clock::now();
  const bool mapped = params_.map.enabled;
  switch (params_.laplacian) {
    case Laplacian::FivePoint:
      mapped ? run_steps<Laplacian::FivePoint, true>(count)
             : run_steps<Laplacian::FivePoint, false>(count);
      break;
    case Laplacian::NinePoint:
      mapped ? run_steps<Laplacian::NinePoint, true>(count)
             : run_steps<Laplacian::NinePoint, false>(count);
      break;
    case Laplacian::Course:
      mapped ? run_steps<Laplacian::Course, true>(count)
             : run_steps<Laplacian::Course, false>(count);
      break;
  }
  timings_ = {elapsed_ms(start), 0.0};
  return Status::ok();
}

Status CpuTwinBackend::step_and_display(int count, DisplayField field,
                                        const DisplayTarget& target) {
  GS_TRY(step(count));
  const Timings stepped = timings_;
  GS_TRY(write_display(field, target));
  timings_.compute_ms += stepped.compute_ms;
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
#pragma omp parallel for schedule(static) num_threads(threads_)
    for (long i = 0; i < count; ++i) to[i] = from[i];
    if (repeat > 0) best_s = std::min(best_s, elapsed_ms(start) / 1e3);
  }
  return 2.0 * double(count) * sizeof(float) / best_s / 1e9;
}

Expected<bool> CpuTwinBackend::fields_are_finite() {
  const long count = long(current_.size.cells());
  const float* u = current_.u.data();
  const float* v = current_.v.data();
  // Non-finite values poison a sum; no branch per cell, so the loop vectorises.
  float sum = 0.0f;
#pragma omp parallel for simd reduction(+ : sum) schedule(static) num_threads(threads_)
  for (long i = 0; i < count; ++i) sum += u[i] * 0.0f + v[i] * 0.0f;
  return sum == 0.0f;
}

Status CpuTwinBackend::paint(const Brush& brush) {
  if (current_.size.cells() == 0) return Error{"paint: no state uploaded"};
  GS_TRY(check_brush(brush));
  // The brush kernel's own body over its own launch shape: one code for both machines.
  emulate_launch(brush_launch_shape(brush), [&](Dim3 block, Dim3 thread, Dim3 dim) {
    brush_kernel_body(block, thread, dim, brush, current_.u.data(), current_.v.data(),
                      current_.size.width, current_.size.height, params_.boundary);
  });
  return Status::ok();
}

Expected<ValueRange> CpuTwinBackend::field_range(DisplayField field) {
  const FieldData& values = field == DisplayField::U ? current_.u : current_.v;
  const long count = long(values.size());
  const float* data = values.data();
  float low = std::numeric_limits<float>::infinity();
  float high = -std::numeric_limits<float>::infinity();
#pragma omp parallel for reduction(min                  \
                                   : low) reduction(max \
                                                    : high) schedule(static) num_threads(threads_)
  for (long i = 0; i < count; ++i) {
    if (!std::isfinite(data[i])) continue;
    low = std::min(low, data[i]);
    high = std::max(high, data[i]);
  }
  if (low > high) return ValueRange{0.0f, 0.0f};
  return ValueRange{low, high};
}

Status CpuTwinBackend::set_launch(BlockShape, KernelVariant) {
  return Error{"the CPU twin steps whole rows, not CUDA blocks: the launch shape applies to cuda"};
}

Status CpuTwinBackend::download(Fields& fields) {
  const auto start = Clock::now();
  fields = current_;
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
