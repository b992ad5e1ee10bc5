// The fast loop's tasks: every band of every pass, in pass order, for the twin's TaskPool.
//
// A band's pass reads the rows of the pass before within its halo (as many rows as the pass has
// steps) beyond its edges, so it waits only for the bands that halo reaches, not for the whole
// pass: the other threads run ahead around a band whose thread was preempted. Its output
// overwrites the input of the pass before, which only those same bands read, so the same wait
// covers both. Bands are several per thread, so that a thread that stops mid-pass leaves bands
// the others can take.
#pragma once

#include <array>
#include <atomic>

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

class BandSchedule {
 public:
  // `passes` passes of at most `steps_per_pass` steps over `bands` bands of `height` rows.
  void start(int bands, int height, int steps_per_pass, int passes);
  long tasks() const { return long(passes_) * bands_; }
  // Each pass starts `reach` bands further round than the pass before, so that its first band
  // reads the bands that pass finished first, not the ones still running at its end: in a quiet
  // machine no thread waits at a pass boundary.
  BandTask task(long index) const {
    const int pass = int(index / bands_);
    return {pass, int((index % bands_ + long(pass) * reach_) % bands_)};
  }
  Band rows(BandTask task) const { return band_of(task.band, bands_, height_); }
  // Whether every band within the task's reach has finished the pass before.
  bool ready(BandTask task) const;
  void finish(BandTask task);

 private:
  int bands_ = 1;
  int height_ = 0;
  int passes_ = 0;
  int reach_ = 0;  // bands on each side that a band's halo reads
  // Sequentially consistent: TaskPool::wait_until's sleepers ask again when a task ends.
  std::array<std::atomic<int>, kMaxBands> passes_done_{};
};

}  // namespace gs::twin
