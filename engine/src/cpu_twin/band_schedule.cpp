#include "cpu_twin/band_schedule.h"

#include <algorithm>
#if defined(__x86_64__) || defined(__i386__)
#include <immintrin.h>
#endif

namespace gs::twin {
namespace {

// Enough bands that a thread preempted mid-pass holds an eighth of the work or less...
constexpr int kBandsPerThread = 4;
// ...but no band shorter than this many rows per step of its pass, so that the redundant halo
// (which grows with the square of the steps) stays a few percent, nor than kMinBandRows.
constexpr int kBandRowsPerPassStep = 16;
constexpr int kMinBandRows = 16;

// Group `group`'s own bands, nearest its edges first, then every other band, each other group's
// from the end its owner reaches last.
std::vector<int> group_order(int group, int groups, int bands) {
  const auto first_of = [&](int g) { return int(long(bands) * g / groups); };
  const auto own = [&](int g) {
    std::vector<int> order;
    for (int band = first_of(g); band < first_of(g + 1); ++band) order.push_back(band);
    const auto to_edge = [&](int band) {
      return std::min(band - first_of(g), first_of(g + 1) - 1 - band);
    };
    std::stable_sort(order.begin(), order.end(),
                     [&](int a, int b) { return to_edge(a) < to_edge(b); });
    return order;
  };
  std::vector<int> order = own(group);
  for (int step = 1; step < groups; ++step) {
    const std::vector<int> theirs = own((group + step) % groups);
    order.insert(order.end(), theirs.rbegin(), theirs.rend());
  }
  return order;
}

}  // namespace

int band_count(int height, int steps_per_pass, int threads) {
  if (threads <= 1 || height <= 1) return 1;
  const int shortest = std::max(kMinBandRows, kBandRowsPerPassStep * steps_per_pass);
  const int bands = std::max(threads, std::min(kBandsPerThread * threads, height / shortest));
  return std::clamp(bands, 1, std::min(height, kMaxBands));
}

void BandSchedule::start(int bands, int height, int steps_per_pass, int passes, int groups) {
  bands = std::clamp(bands, 1, kMaxBands);
  groups = std::clamp(groups, 1, bands);
  if (bands != bands_ || groups != groups_ || orders_.empty()) {
    orders_.clear();
    own_bands_.clear();
    group_of_.assign(std::size_t(bands), 0);
    for (int group = 0; group < groups; ++group) {
      orders_.push_back(group_order(group, groups, bands));
      const int first = int(long(bands) * group / groups),
                end = int(long(bands) * (group + 1) / groups);
      own_bands_.push_back(end - first);
      for (int band = first; band < end; ++band) group_of_[std::size_t(band)] = group;
    }
  }
  bands_ = bands;
  groups_ = groups;
  height_ = height;
  passes_ = passes;
  const int shortest = std::max(1, height / bands_);
  reach_ = (steps_per_pass + shortest - 1) / shortest;
  for (int band = 0; band < bands_; ++band) {
    passes_claimed_[std::size_t(band)].store(0);
    passes_done_[std::size_t(band)].store(0);
  }
}

// The halo wraps around a periodic grid; a Neumann grid's does not, and waiting for the far
// side's band there too costs no more than a little lost slack.
int BandSchedule::awaited_band(BandTask task) const {
  if (task.pass == 0) return -1;
  if (2 * reach_ + 1 >= bands_) {
    for (int band = 0; band < bands_; ++band)
      if (passes_done_[std::size_t(band)].load() < task.pass) return band;
    return -1;
  }
  for (int offset = -reach_; offset <= reach_; ++offset) {
    const int band = (task.band + offset + bands_) % bands_;
    if (passes_done_[std::size_t(band)].load() < task.pass) return band;
  }
  return -1;
}

int BandSchedule::unfinished_band() const {
  for (int band = 0; band < bands_; ++band)
    if (passes_done_[std::size_t(band)].load() < passes_) return band;
  return -1;
}

// Every thread visits every band of a pass before the next pass, so a band's pass is claimed
// after its pass before was: the count moves from `pass` to `pass + 1` once, by one thread.
bool BandSchedule::claim(BandTask task, int group) {
  int expected = task.pass;
  if (!passes_claimed_[std::size_t(task.band)].compare_exchange_strong(expected, task.pass + 1))
    return false;
  holders_[std::size_t(task.band)].store(group);
  return true;
}

void BandSchedule::finish(BandTask task) {
  passes_done_[std::size_t(task.band)].store(task.pass + 1);
}

// A spinning thread's hint to the core (and, on a hyperthread, its sibling).
static void cpu_relax() {
#if defined(__x86_64__) || defined(__i386__)
  _mm_pause();
#endif
}

bool HeartbeatWatch::running(const std::atomic<long>& heartbeat) {
  const long beats = heartbeat.load(std::memory_order_relaxed);
  if (watched_ != &heartbeat || beats != seen_) {
    watched_ = &heartbeat;
    seen_ = beats;
    changed_ = Clock::now();
    return true;
  }
  return Clock::now() - changed_ <= kStallGrace;
}

bool BandSchedule::owner_stalled(BandTask task,
                                 std::array<HeartbeatWatch, kMaxBands>& owners) const {
  const std::atomic<int>& claimed = passes_claimed_[std::size_t(task.band)];
  const int group = group_of_[std::size_t(task.band)];
  const std::atomic<long>& owner = heartbeats_[std::size_t(group)].beats;
  HeartbeatWatch& watch = owners[std::size_t(group)];
  for (;;) {
    for (int i = 0; i < 32; ++i) {
      if (claimed.load() > task.pass) return false;
      cpu_relax();
    }
    if (!watch.running(owner)) return true;
  }
}

}  // namespace gs::twin
