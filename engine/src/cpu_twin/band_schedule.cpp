#include "cpu_twin/band_schedule.h"

#include <algorithm>

namespace gs::twin {
namespace {

// Enough bands that a thread preempted mid-pass holds an eighth of the work or less...
constexpr int kBandsPerThread = 4;
// ...but no band shorter than this many rows per step of its pass, so that the redundant halo
// (which grows with the square of the steps) stays a few percent, nor than kMinBandRows.
constexpr int kBandRowsPerPassStep = 16;
constexpr int kMinBandRows = 16;

}  // namespace

int band_count(int height, int steps_per_pass, int threads) {
  if (threads <= 1 || height <= 1) return 1;
  const int shortest = std::max(kMinBandRows, kBandRowsPerPassStep * steps_per_pass);
  const int bands = std::max(threads, std::min(kBandsPerThread * threads, height / shortest));
  return std::clamp(bands, 1, std::min(height, kMaxBands));
}

void BandSchedule::start(int bands, int height, int steps_per_pass, int passes) {
  bands_ = std::clamp(bands, 1, kMaxBands);
  height_ = height;
  passes_ = passes;
  const int shortest = std::max(1, height / bands_);
  reach_ = (steps_per_pass + shortest - 1) / shortest;
  for (int band = 0; band < bands_; ++band) passes_done_[std::size_t(band)].store(0);
}

// The halo wraps around a periodic grid; a Neumann grid's does not, and waiting for the far
// side's band there too costs no more than a little lost slack.
bool BandSchedule::ready(BandTask task) const {
  if (task.pass == 0) return true;
  if (2 * reach_ + 1 >= bands_) {
    for (int band = 0; band < bands_; ++band)
      if (passes_done_[std::size_t(band)].load() < task.pass) return false;
    return true;
  }
  for (int offset = -reach_; offset <= reach_; ++offset) {
    const int band = (task.band + offset + bands_) % bands_;
    if (passes_done_[std::size_t(band)].load() < task.pass) return false;
  }
  return true;
}

void BandSchedule::finish(BandTask task) {
  passes_done_[std::size_t(task.band)].store(task.pass + 1);
}

}  // namespace gs::twin
