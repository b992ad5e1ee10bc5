// The twin's loops on its TaskPool: every band of every pass, in groups of bands that each
// thread keeps from call to call, a stalled thread's bands taken over by the others.
//
// A band's pass reads the rows of the pass before within its halo (as many rows as the pass has
// steps) beyond its edges, so it waits only for the bands that halo reaches, not for the whole
// pass. Its output overwrites the input of the pass before, which only those same bands read, so
// the same wait covers both.
//
// Each thread runs one group: the same contiguous bands every pass and every call, as an OpenMP
// static schedule would, so a band's rows stay in the caches of the core that wrote them (cores
// that trade bands every call trade their caches too: on this machine's host that at times cost
// 60% of the speed, for seconds). A thread that has done its own bands of a pass takes a band of
// that pass nobody has claimed once the band's own thread has stopped running (no heartbeat),
// so a preempted thread holds up at most the band it is in. A thread starts a pass only once
// every band of the pass before is claimed: it waits only for bands a thread will finish, and
// spins for one only while that thread is running (HeartbeatWatch); else it sleeps.
#pragma once

#include <array>
#include <atomic>
#include <chrono>
#include <vector>

#include "cpu_twin/band_pipeline.h"

namespace gs::twin {

inline constexpr int kMaxBands = 64;

// Bands for `threads` threads on `height` rows in passes of `steps_per_pass` steps: one for a
// thread alone; else several per thread, each tall enough that its halo costs little, and at
// least one per thread; at most kMaxBands.
int band_count(int height, int steps_per_pass, int threads);

struct BandTask {
  int pass;
  int band;
};

// Watches a thread's heartbeat from another thread: whether it has beaten lately.
class HeartbeatWatch {
 public:
  // A running thread beats every few microseconds (a wave of a band's pass, a row of a sweep).
  static constexpr std::chrono::microseconds kStallGrace{50};
  // Whether the thread beating `heartbeat` has beaten within kStallGrace; true on the first
  // look at a heartbeat.
  bool running(const std::atomic<long>& heartbeat);

 private:
  using Clock = std::chrono::steady_clock;
  const std::atomic<long>* watched_ = nullptr;
  long seen_ = 0;
  Clock::time_point changed_;
};

class BandSchedule {
 public:
  // `passes` passes of at most `steps_per_pass` steps over `bands` bands of `height` rows, in
  // `groups` groups (one per thread; at most `bands`).
  void start(int bands, int height, int steps_per_pass, int passes, int groups);
  int groups() const { return groups_; }
  Band rows(BandTask task) const { return band_of(task.band, bands_, height_); }
  // Whether every band within the task's reach has finished the pass before.
  bool ready(BandTask task) const { return awaited_band(task) < 0; }
  // A band within the task's reach that has not finished the pass before, or -1 if none.
  int awaited_band(BandTask task) const;
  // A band that has not finished the last pass, or -1 if none.
  int unfinished_band() const;
  // The thread that claimed the band's latest pass.
  int holder(int band) const { return holders_[std::size_t(band)].load(); }

  // Runs the passes for group `group`: pass by pass, its own bands (edges first: the next pass
  // of the neighbouring groups waits for them), then the bands of the pass that other groups
  // have not claimed, each once its group's thread has shown no heartbeat for kStallGrace (a
  // thread that is running keeps its bands: taking them would move their rows to another core).
  // run_band(task) must wait until ready(task) before it reads, and run the band's pass;
  // finished() follows each band's end, to wake the threads that wait for it.
  template <class RunBand, class Finished>
  void run_group(int group, RunBand&& run_band, Finished&& finished) {
    const std::vector<int>& order = orders_[std::size_t(group)];
    const std::size_t own = std::size_t(own_bands_[std::size_t(group)]);
    std::array<HeartbeatWatch, kMaxBands> owners;  // a stalled owner is seen stalled at once
    for (int pass = 0; pass < passes_; ++pass)
      for (std::size_t i = 0; i < order.size(); ++i) {
        const BandTask task{pass, order[i]};
        if (i >= own && !owner_stalled(task, owners)) continue;  // claimed by its group
        if (!claim(task, group)) continue;
        run_band(task);
        finish(task);
        finished();
      }
  }

  // The order in which group `group` visits the bands of a pass.
  const std::vector<int>& order(int group) const { return orders_[std::size_t(group)]; }
  // Whether the thread of group `group` takes the task (no other has); that it has run.
  bool claim(BandTask task, int group);
  void finish(BandTask task);
  // Thread `thread`'s heartbeat, which it beats while it runs a band or waits for one; group g
  // belongs to thread g.
  std::atomic<long>& heartbeat(int thread) {
    return heartbeats_[std::size_t(thread) % kMaxBands].beats;
  }
  const std::atomic<long>& heartbeat(int thread) const {
    return heartbeats_[std::size_t(thread) % kMaxBands].beats;
  }

 private:
  // Waits until the task is claimed (false) or its group's thread has shown no heartbeat for
  // HeartbeatWatch::kStallGrace (true: it is stalled, the caller may take the band).
  bool owner_stalled(BandTask task, std::array<HeartbeatWatch, kMaxBands>& owners) const;
  int bands_ = 1;
  int height_ = 0;
  int passes_ = 0;
  int groups_ = 1;
  int reach_ = 0;  // bands on each side that a band's halo reads
  std::vector<std::vector<int>> orders_;
  std::vector<int> own_bands_;  // per group
  std::vector<int> group_of_;   // per band
  // Per band: passes claimed, and passes finished. Sequentially consistent: TaskPool::wait_until's
  // sleepers ask again when a task ends.
  std::array<std::atomic<int>, kMaxBands> passes_claimed_{};
  std::array<std::atomic<int>, kMaxBands> passes_done_{};
  std::array<std::atomic<int>, kMaxBands> holders_{};  // per band: the group of its latest claim
  struct alignas(64) Heartbeat {                       // a cache line each: threads beat often
    std::atomic<long> beats{0};
  };
  std::array<Heartbeat, kMaxBands> heartbeats_{};
};

}  // namespace gs::twin
