// The CPU twin's batched stepper: the grids are independent, so each of the stepper's threads
// takes the next grid not yet stepped and steps it on a one-thread twin of its own (copy in,
// step, copy out), exactly as a single twin steps that grid alone.
#include <omp.h>

#include <algorithm>
#include <atomic>
#include <mutex>
#include <thread>

#include "batched_steppers.h"
#include "gs/cpu_twin_backend.h"
#include "gs/termination.h"

namespace gs {
namespace {

class CpuBatchedStepper final : public BatchedStepper {
 public:
  explicit CpuBatchedStepper(const BackendOptions& options)
      : options_(options),
        threads_(options.cpu_threads > 0 ? options.cpu_threads : omp_get_max_threads()) {}

  BackendKind kind() const override { return BackendKind::CpuTwin; }
  std::string description() const override {
    return "CPU twin, one grid to a thread, " + std::to_string(threads_) + " thread" +
           (threads_ == 1 ? "" : "s");
  }

  Status start(const Fields& initial, const Params& params, const std::vector<Rates>& rates,
               const std::vector<Rates>& style_rates) override {
    if (params.map.enabled) return Error{"a batch of grids takes no parameter map"};
    if (!style_rates.empty() && style_rates.size() != rates.size())
      return Error{"a batch's set B rates do not match its grids"};
    params_ = params;
    rates_ = rates;
    style_rates_ = style_rates;
    grids_.assign(rates.size(), initial);
    return Status::ok();
  }

  Status step(long long count) override {
    std::atomic<std::size_t> next{0};
    std::mutex failed_mutex;
    Status failed = Status::ok();
    const auto work = [&] {
      CpuTwinBackend twin(1);
      if (Status configured = twin.configure(options_); !configured)
        return record(failed_mutex, failed, configured);
      for (std::size_t g = next++; g < grids_.size(); g = next++) {
        const Status stepped = step_grid(twin, g, count);
        if (!stepped) {
          next = grids_.size();  // the others stop after their current grid
          return record(failed_mutex, failed, stepped);
        }
      }
    };
    std::vector<std::thread> helpers;
    const int extra = int(std::min<std::size_t>(std::size_t(threads_), grids_.size())) - 1;
    for (int t = 0; t < extra; ++t) helpers.emplace_back(work);
    work();
    for (std::thread& helper : helpers) helper.join();
    return failed;
  }

  Status read_v(std::vector<float>& v) override {
    const std::size_t cells = grids_.empty() ? 0 : grids_.front().size.cells();
    v.resize(cells * grids_.size());
    for (std::size_t g = 0; g < grids_.size(); ++g)
      std::copy(grids_[g].v.begin(), grids_[g].v.end(), v.begin() + long(g * cells));
    return Status::ok();
  }

 private:
  static void record(std::mutex& mutex, Status& failed, const Status& status) {
    const std::lock_guard<std::mutex> lock(mutex);
    if (failed) failed = status;
  }

  // Steps in calls of kStepsPerCall, so Ctrl-C is noticed within one (the split changes no bit).
  static constexpr long long kStepsPerCall = 1024;
  Status step_grid(CpuTwinBackend& twin, std::size_t g, long long count) {
    Params p = params_;
    p.F = rates_[g].F;
    p.k = rates_[g].k;
    if (!style_rates_.empty()) {
      p.style.F = style_rates_[g].F;
      p.style.k = style_rates_[g].k;
    }
    GS_TRY(twin.set_params(p));
    GS_TRY(twin.copy_in(grids_[g]));
    for (long long left = count; left > 0;) {
      if (termination_requested()) return Error{"interrupted"};
      const int call = int(std::min(left, kStepsPerCall));
      GS_TRY(twin.step(call));
      left -= call;
    }
    return twin.copy_out(grids_[g]);
  }

  BackendOptions options_;  // the twins' loop and steps per pass
  int threads_;
  Params params_;
  std::vector<Rates> rates_;
  std::vector<Rates> style_rates_;  // set B's per grid, or empty: params_.style's
  std::vector<Fields> grids_;
};

}  // namespace

std::unique_ptr<BatchedStepper> make_cpu_batched_stepper(const BackendOptions& options) {
  return std::make_unique<CpuBatchedStepper>(options);
}

}  // namespace gs
